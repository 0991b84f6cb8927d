import { describe, it } from 'vitest';
import { deciderSpec } from '../testing/deciderSpec.js';
import { uniqueDecider, type UniqueCommand, type UniqueEvent } from './unique.js';

const at = '2026-11-23T10:00:00.000Z';
const claim = (owner: string, extra: Partial<UniqueCommand> = {}): UniqueCommand =>
  ({ type: 'claim', kind: 'userEmail', value: 'ana@x.test', owner, code: 'ERR_USER_EMAIL_ALREADY_EXISTS', claimedAt: at, ...extra }) as UniqueCommand;
const claimed = (owner: string): UniqueEvent => ({ type: 'UniqueValueClaimed', data: { kind: 'userEmail', value: 'ana@x.test', owner, claimedAt: at } });
const released = (owner: string): UniqueEvent => ({ type: 'UniqueValueReleased', data: { kind: 'userEmail', value: 'ana@x.test', owner } });

describe('unique values', () => {
  const spec = deciderSpec(uniqueDecider);
  it('gives a free value to the first claimant, and again to it alone', () => {
    spec.given([]).when(claim('user-1.7')).then([claimed('user-1.7')]);
    spec.given([claimed('user-1.7')]).when(claim('user-1.7')).then([]);
    spec.given([claimed('user-1.7')]).when(claim('user-2.9')).thenThrows('ERR_USER_EMAIL_ALREADY_EXISTS');
  });
  it('frees a value its owner releases, and only then', () => {
    spec.given([claimed('user-1.7')]).when({ type: 'release', kind: 'userEmail', value: 'ana@x.test', owner: 'user-2.9' }).then([]);
    spec.given([claimed('user-1.7')]).when({ type: 'release', kind: 'userEmail', value: 'ana@x.test', owner: 'user-1.7' }).then([released('user-1.7')]);
    spec.given([claimed('user-1.7'), released('user-1.7')]).when(claim('user-2.9')).then([claimed('user-2.9')]);
  });
  it('lets a claim whose owner never wrote its record be taken over', () => {
    spec.given([claimed('user-1.7')]).when(claim('user-2.9', { ownerGone: true })).then([claimed('user-2.9')]);
  });
});
