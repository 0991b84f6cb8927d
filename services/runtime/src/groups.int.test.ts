import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@atendo/core/testing';
import { startHarness, type Harness } from './testing/harness.js';

/** Rule 1: messages in WhatsApp groups open tickets only when the company turns CheckMsgIsGroup off. */
describe('group messages', () => {
  let h: Harness;
  let token: string;
  let connectionId: number;
  const recorded = async (body: string) => Number(((await h.atendo.knex.raw(`SELECT count(*) AS n FROM events WHERE event_type = 'MessageReceived' AND data->>'body' = ?`, [body])) as { rows: Array<{ n: string }> }).rows[0]!.n);

  beforeAll(async () => {
    h = await startHarness();
    token = (await h.login()).token;
    connectionId = await h.linkNumber(token, { name: 'Grupos', queueIds: [h.queueIds[0]] });
  });
  afterAll(async () => h?.stop());

  it('are ignored by default, while the same person writing directly opens a ticket', async () => {
    h.whatsapp.customerSays(connectionId, '5511922220001', 'oi pessoal do grupo', { group: '120363000000000001' });
    h.whatsapp.customerSays(connectionId, '5511922220001', 'oi, só para vocês');
    await eventually(async () => expect(await recorded('oi, só para vocês')).toBe(1));
    // The group's message came first and was handled first: by now it would be there.
    expect(await recorded('oi pessoal do grupo')).toBe(0);
  });

  it('open a group ticket once the company turns CheckMsgIsGroup off', async () => {
    expect((await h.api('/settings/CheckMsgIsGroup', { method: 'PUT', token, body: { value: 'disabled' } })).status).toBe(200);
    // The gateway reads the company's settings at most a second old.
    await new Promise((r) => setTimeout(r, 1_100));
    h.whatsapp.customerSays(connectionId, '5511922220002', 'mensagem no grupo', { group: '120363000000000002' });
    await eventually(async () => expect(await recorded('mensagem no grupo')).toBe(1));
    const ticket = await eventually(async () => {
      const row = await h.atendo.knex('tickets as t').join('messages as m', 'm.ticket_id', 't.id').where('m.body', 'mensagem no grupo').first('t.is_group');
      expect(row).toBeDefined();
      return row as { is_group: boolean };
    });
    expect(ticket.is_group).toBe(true);
  });
});
