import { describe, it } from 'vitest';
import type { WhatsappRosterEvent } from '@atendo/contracts';
import { deciderSpec } from '../testing/deciderSpec.js';
import { whatsappRosterDecider } from './roster.js';

const started = (whatsappIds: number[], defaultId: number | null): WhatsappRosterEvent => ({ type: 'WhatsappRosterStarted', data: { whatsappIds, defaultId } });
const enrolled = (whatsappId: number): WhatsappRosterEvent => ({ type: 'WhatsappEnrolled', data: { whatsappId } });
const unenrolled = (whatsappId: number): WhatsappRosterEvent => ({ type: 'WhatsappUnenrolled', data: { whatsappId } });
const chosen = (whatsappId: number, previousId: number | null): WhatsappRosterEvent => ({ type: 'DefaultWhatsappChosen', data: { whatsappId, previousId } });

describe("a company's roster of connections", () => {
  const s = deciderSpec(whatsappRosterDecider);
  const enroll = (whatsappId: number, makeDefault = false, limit: number | null = null) => ({ type: 'enroll' as const, whatsappId, makeDefault, limit });

  it("makes the company's first connection its default, even when not asked to", () => {
    s.given([]).when(enroll(1)).then([started([], null), enrolled(1), chosen(1, null)]);
    s.given([started([], null), enrolled(1), chosen(1, null)]).when(enroll(2)).then([enrolled(2)]);
  });

  it('marking another default names the previous one, so both streams can say so', () => {
    const two = [started([], null), enrolled(1), chosen(1, null), enrolled(2)];
    s.given(two).when({ type: 'makeDefault', whatsappId: 2 }).then([chosen(2, 1)]);
    s.given(two).when(enroll(3, true)).then([enrolled(3), chosen(3, 1)]);
    s.given(two).when({ type: 'makeDefault', whatsappId: 1 }).then([]);
    s.given(two).when({ type: 'makeDefault', whatsappId: 9 }).thenThrows('ERR_NO_WAPP_FOUND');
  });

  it('refuses to unmark the default directly, and to delete it while other connections exist', () => {
    const two = [started([], null), enrolled(1), chosen(1, null), enrolled(2)];
    s.given(two).when({ type: 'unmakeDefault', whatsappId: 1 }).thenThrows('ERR_NO_OTHER_WHATSAPP');
    s.given(two).when({ type: 'unmakeDefault', whatsappId: 2 }).then([]);
    s.given(two).when({ type: 'unenroll', whatsappId: 1 }).thenThrows('ERR_NO_OTHER_WHATSAPP');
    s.given(two).when({ type: 'unenroll', whatsappId: 2 }).then([unenrolled(2)]);
    // The last one goes, default or not; the next one becomes the default.
    s.given([...two, unenrolled(2)]).when({ type: 'unenroll', whatsappId: 1 }).then([unenrolled(1)]);
    s.given([...two, unenrolled(2), unenrolled(1)]).when(enroll(3)).then([enrolled(3), chosen(3, null)]);
  });

  it("holds the company to its plan's connection limit", () => {
    const two = [started([], null), enrolled(1), chosen(1, null), enrolled(2)];
    s.given(two).when(enroll(3, false, 2)).thenThrows('ERR_PLAN_LIMIT_REACHED');
    s.given([...two, unenrolled(2)]).when(enroll(3, false, 2)).then([enrolled(3)]);
    // Enrolling again the same connection (a repeated request) is no new seat.
    s.given(two).when(enroll(2, false, 2)).then([]);
  });

  it('adopts the connections written before the roster existed, once', () => {
    s.given([]).when({ ...enroll(7, false, 2), adopt: { whatsappIds: [5], defaultId: 5 } }).then([started([5], 5), enrolled(7)]);
    s.given([]).when({ ...enroll(7, false, 1), adopt: { whatsappIds: [5], defaultId: 5 } }).thenThrows('ERR_PLAN_LIMIT_REACHED');
    s.given([]).when({ type: 'unenroll', whatsappId: 5, adopt: { whatsappIds: [5, 6], defaultId: 5 } }).thenThrows('ERR_NO_OTHER_WHATSAPP');
    s.given([started([5], 5)]).when({ ...enroll(7), adopt: { whatsappIds: [1, 2, 3], defaultId: 1 } }).then([enrolled(7)]);
  });
});
