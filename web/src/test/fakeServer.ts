import type { FeedChannel } from '@atendo/contracts';
import { afterEach, beforeEach, vi } from 'vitest';
import { FakeWebSocket } from './fakeWebSocket';
import { me } from './fixtures';

/** For each test of the file (or of the describe it is called in): a fresh FakeWebSocket, and the stubbed globals (fetch, WebSocket) put back after it. */
export function fakeServerEachTest(): void {
  beforeEach(() => FakeWebSocket.install());
  afterEach(() => vi.unstubAllGlobals());
}

let lastSeq = 0;

/**
 * The server's realtime entry on a company's `channel` (`company-7-prompt`), received by the latest socket; `seq`: the
 * next one unless told.
 */
export function feedEntry(channel: FeedChannel, payload: object, { seq = ++lastSeq, companyId = me.companyId }: { seq?: number; companyId?: number } = {}): void {
  FakeWebSocket.latest().receive({ type: 'entry', seq, event: `company-${companyId}-${channel}`, payload: payload as Record<string, unknown> });
}
