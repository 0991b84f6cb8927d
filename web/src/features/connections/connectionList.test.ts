import { describe, expect, it } from 'vitest';
import { connectionList } from './connectionList';
import { aConnection } from '../../test/fixtures';

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

  it('a save answered before the QR code the feed has brought since changes the settings, not the session back', () => {
    const qr = connectionList(loaded, { type: 'session', session: aConnection(2, { status: 'qrcode', qrcode: 'QR', updatedAt: '2026-11-28T10:00:02.000Z' }) });
    const saved = aConnection(2, { name: 'Balcão', status: 'OPENING', qrcode: '', updatedAt: '2026-11-28T10:00:01.000Z' });
    expect(connectionList(qr, { type: 'update', connection: saved })[1]).toMatchObject({ name: 'Balcão', status: 'qrcode', qrcode: 'QR', updatedAt: '2026-11-28T10:00:02.000Z' });
    // A newer record takes everything it carries.
    const later = { ...saved, status: 'DISCONNECTED' as const, updatedAt: '2026-11-28T10:00:03.000Z' };
    expect(connectionList(qr, { type: 'update', connection: later })[1]).toMatchObject({ name: 'Balcão', status: 'DISCONNECTED' });
  });

  it('removes a deleted connection and empties on reset', () => {
    expect(ids(connectionList(loaded, { type: 'delete', id: 1 }))).toEqual([2]);
    expect(connectionList(loaded, { type: 'reset' })).toEqual([]);
  });
});
