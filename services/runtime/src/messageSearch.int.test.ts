import { describe, expect, it } from 'vitest';
import type { ListMessagesResponse, ListTicketsResponse, Message } from '@atendo/contracts';
import { eventually } from '@atendo/core/testing';
import { addUser } from './testing/accounts.js';
import { type Harness } from './testing/harness.js';
import { harnessSuite } from './testing/suite.js';

/** Search within a ticket (issue 12): its messages holding the text, case and accents aside, newest first. */
describe('search within a ticket', () => {
  let h: Harness;
  let token: string;
  let ticketId: number;

  harnessSuite({}, async (platform) => {
    ({ h, token } = platform);
    const who = '5511988880001';
    for (const text of ['Quero a segunda via do boleto', 'O código é 50%_OFF', 'Obrigado!']) await h.customerSays(who, text, 'Lia');
    ticketId = await eventually(async () => {
      const [t] = (await h.api<ListTicketsResponse>(`/tickets?searchParam=${who}&showAll=true`, { token })).body.tickets;
      expect(t?.lastMessage).toBe('Obrigado!');
      return t!.id;
    });
    await h.api(`/tickets/${ticketId}`, { method: 'PUT', token, body: { status: 'open' } });
    expect((await h.api(`/messages/${ticketId}`, { token, body: { body: 'Segue a 2ª via do BOLETO, Lia. Até já!' } })).status).toBe(201);
  });

  const search = (q: string, as = token) => h.api<{ messages: Message[]; error?: string }>(`/messages/${ticketId}/search?searchParam=${encodeURIComponent(q)}`, { token: as });

  it('finds both sides of the conversation, newest first, whatever the case or accents', async () => {
    expect((await search('boleto')).body.messages.map((m) => m.body)).toEqual(['Segue a 2ª via do BOLETO, Lia. Até já!', 'Quero a segunda via do boleto']);
    expect((await search('ATE JA')).body.messages.map((m) => m.fromMe)).toEqual([true]);
    expect((await search('50%_')).body.messages.map((m) => m.body)).toEqual(['O código é 50%_OFF']);
    // % and _ are themselves, not wildcards.
    expect((await search('0%O')).body.messages).toEqual([]);
  });

  it('finds nothing under two characters, and refuses a ticket outside the caller’s queues', async () => {
    expect(await search('a')).toMatchObject({ status: 200, body: { messages: [] } });
    expect((await search('x'.repeat(201))).status).toBe(400);
    const outsider = await addUser(h, 'fora@search.test', { queueIds: [] });
    const outsiderToken = (await h.login(outsider.email, outsider.password)).token;
    expect((await search('boleto', outsiderToken)).status).toBe(403);
  });

  it('pages older messages by cursor: what arrives meanwhile shifts nothing, and a bad cursor is refused', async () => {
    const who = '5511988880002';
    for (let i = 1; i <= 22; i++) await h.customerSays(who, `m${i}`, 'Rui');
    const id = await eventually(async () => {
      const [t] = (await h.api<ListTicketsResponse>(`/tickets?searchParam=${who}&showAll=true`, { token })).body.tickets;
      expect(t?.lastMessage).toBe('m22');
      return t!.id;
    });
    const first = (await h.api<ListMessagesResponse>(`/messages/${id}`, { token })).body;
    expect(first.messages.map((m) => m.body)).toEqual(Array.from({ length: 20 }, (_, i) => `m${i + 3}`));
    expect(first).toMatchObject({ count: 22, hasMore: true, next: expect.stringMatching(/^\d+$/) });
    // Two more arrive before the agent scrolls up: the page before the cursor is still m1 and m2.
    await h.customerSays(who, 'm23', 'Rui');
    await h.customerSays(who, 'm24', 'Rui');
    await eventually(async () => expect((await h.api<ListMessagesResponse>(`/messages/${id}`, { token })).body.count).toBe(24));
    const older = (await h.api<ListMessagesResponse>(`/messages/${id}?cursor=${first.next}`, { token })).body;
    expect(older.messages.map((m) => m.body)).toEqual(['m1', 'm2']);
    expect(older.hasMore).toBe(false);
    expect(older.next).toBeUndefined();
    const bad = await h.api<{ error: string }>(`/messages/${id}?cursor=abc`, { token });
    expect(bad).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
  });
});
