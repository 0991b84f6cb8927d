import { describe, expect, it } from 'vitest';
import { connectionList } from './connectionList';
import { aConnection } from './fixtures';

const ids = (list: Array<{ id: number }>) => list.map((c) => c.id);

describe('the connections list', () => {
  const loaded = connectionList([], { type: 'load', connections: [aConnection(1), aConnection(2)] });

  it('replaces an updated connection where it is, and puts a new one first', () => {
    const renamed = connectionList(loaded, { type: 'update', connection: aConnection(2, { name: 'Sales' }) });
    expect(renamed.map((c) => c.name)).toEqual(['Line 1', 'Sales']);
    expect(ids(connectionList(loaded, { type: 'update', connection: aConnection(3) }))).toEqual([3, 1, 2]);
  });

  it("changes only the session's fields on a session update", () => {
    const withSettings = connectionList([], { type: 'load', connections: [aConnection(1, { greetingMessage: 'Hi', queueIds: [4] })] });
    const { queueIds: _q, ...session } = aConnection(1, { status: 'qrcode', qrcode: 'QR', name: 'ignored', greetingMessage: 'other', statusReason: '', degraded: true });
    const [after] = connectionList(withSettings, { type: 'session', session });
    expect(after).toMatchObject({ status: 'qrcode', qrcode: 'QR', degraded: true, name: 'Line 1', greetingMessage: 'Hi', queueIds: [4] });
    // A session of a connection the list does not hold adds nothing.
    expect(ids(connectionList(withSettings, { type: 'session', session: { ...session, id: 9 } }))).toEqual([1]);
  });

  it('removes a deleted connection and empties on reset', () => {
    expect(ids(connectionList(loaded, { type: 'delete', id: 1 }))).toEqual([2]);
    expect(connectionList(loaded, { type: 'reset' })).toEqual([]);
  });
});
