import { describe, expect, it } from 'vitest';
import { blockDataErrors, runBlockForTest } from '@atendo/flow-engine';
import interval from './index.js';

describe('interval block', () => {
  it('pauses for its seconds, sends nothing, then goes on', () => {
    const run = runBlockForTest(interval, { data: { sec: 45 } });
    expect(run.messages).toEqual([]);
    expect(run.next).toEqual({ type: 'delay', seconds: 45, port: 'default' });
  });
  it('takes 1 to 120 seconds, with the spec’s two messages', () => {
    const messageOf = (sec: unknown) => blockDataErrors(interval, { sec }).map((e) => e.message.split(': ').at(-1));
    expect(messageOf(0)).toEqual(['flows.validation.intervalRequired']);
    expect(messageOf('')).toEqual(['flows.validation.intervalRequired']);
    expect(messageOf(121)).toEqual(['flows.validation.intervalTooLong']);
    expect(messageOf(1)).toEqual([]);
    expect(messageOf(120)).toEqual([]);
  });
  it('is a waiting block, so a loop through it is allowed', () => {
    expect(interval.waits).toBe(true);
  });
});
