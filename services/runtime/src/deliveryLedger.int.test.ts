import { describe, expect, it } from 'vitest';
import type { ListMessagesResponse, ListTicketsResponse, Message, WhatsappDetails } from '@atendo/contracts';
import { eventually } from '@atendo/core/testing';
import { type Harness } from './testing/harness.js';
import { harnessSuite } from './testing/suite.js';

describe('delivery you can trust: every send is tracked until WhatsApp’s server acknowledges it', () => {
  let h: Harness;
  let token: string;
  let userId: number;
  let connectionId: number;

  harnessSuite({
    // Short bounds, so that silence turns into a failure within the test.
    harness: { env: { WHATSAPP_SEND_TIMEOUT_MS: '300', WHATSAPP_DELIVERY_BOUND_MS: '1500' } },
    link: 'Entrega',
  }, (platform) => {
    ({ h, token, userId, connectionId } = platform);
  });

  async function openTicket(number: string) {
    h.whatsapp.customerSays(connectionId, number, 'oi');
    const ticket = await eventually(async () => {
      const t = (await h.api<ListTicketsResponse>(`/tickets?searchParam=${number}&showAll=true&status=pending`, { token })).body.tickets[0];
      if (!t) throw new Error('no ticket yet');
      return t;
    });
    await h.api(`/tickets/${ticket.id}`, { method: 'PUT', token, body: { status: 'open', userId } });
    return ticket.id;
  }
  const reply = async (ticketId: number, body: string) => (await h.api<Message>(`/messages/${ticketId}`, { token, body: { body } })).body;
  const messageOf = async (ticketId: number, id: string) => (await h.api<ListMessagesResponse>(`/messages/${ticketId}`, { token })).body.messages.find((m) => m.id === id)!;
  const connection = async () => (await h.api<WhatsappDetails>(`/whatsapp/${connectionId}`, { token })).body;

  it('a send WhatsApp answers with an error ack is shown failed with its reason', async () => {
    h.whatsapp.errorFor.set('5511922220001', '463');
    const ticketId = await openTicket('5511922220001');
    const sent = await reply(ticketId, 'Olá!');
    await eventually(async () => expect(await messageOf(ticketId, sent.id)).toMatchObject({ failed: true, failureReason: 'WhatsApp refused the message (463)' }));
  });

  it('a send the server never acknowledges is failed after the bound, with the reason', async () => {
    h.whatsapp.silentFor.add('5511922220002');
    const ticketId = await openTicket('5511922220002');
    const sent = await reply(ticketId, 'Alô?');
    expect((await messageOf(ticketId, sent.id)).failed).toBe(false);
    await eventually(async () => expect(await messageOf(ticketId, sent.id)).toMatchObject({ failed: true, failureReason: 'WhatsApp did not acknowledge it within 2 s' }), 10_000);
  });

  it('a connection whose sends all fail is flagged degraded on the page and in /health, and one delivered message clears it', async () => {
    // Two failures so far (above); a third in a row flags it.
    expect((await connection()).degraded).toBe(false);
    h.whatsapp.errorFor.set('5511922220004', '463');
    await reply(await openTicket('5511922220004'), 'Oi?');
    await eventually(async () => expect((await connection()).degraded).toBe(true), 10_000);
    const health = (await (await fetch(`${h.url}/health`)).json()) as { degradedConnections: Array<{ id: number }> };
    expect(health.degradedConnections.map((c) => c.id)).toContain(connectionId);
    // WhatsApp says the socket is fine all along: the status does not tell.
    expect((await connection()).status).toBe('CONNECTED');
    const ticketId = await openTicket('5511922220003');
    await reply(ticketId, 'Agora vai');
    await eventually(async () => expect((await connection()).degraded).toBe(false));
  });
});
