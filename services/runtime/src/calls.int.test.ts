import { describe, expect, it } from 'vitest';
import type { ListMessagesResponse, ListTicketsResponse } from '@atendo/contracts';
import { eventually } from '@atendo/core/testing';
import { CALL_DECLINED_TEXT } from './gateway/gateway.js';
import { type Harness } from './testing/harness.js';
import { harnessSuite } from './testing/suite.js';

describe('calls: a customer who calls is written into the conversation; with calls off, declined and told to write', () => {
  let h: Harness;
  let token: string;
  let connectionId: number;

  harnessSuite({ link: 'Chamadas' }, (platform) => {
    ({ h, token, connectionId } = platform);
  });

  const messagesOf = (number: string) =>
    eventually(async () => {
      const t = (await h.api<ListTicketsResponse>(`/tickets?searchParam=${number}&showAll=true&status=pending`, { token })).body.tickets[0];
      if (!t) throw new Error('no ticket yet');
      return (await h.api<ListMessagesResponse>(`/messages/${t.id}`, { token })).body.messages;
    });

  it('with calls on (the default), a call is logged in the ticket and left to ring', async () => {
    const callId = h.whatsapp.customerCalls(connectionId, '5511911110001', { isVideo: true });
    await eventually(async () => expect((await messagesOf('5511911110001')).map((m) => [m.mediaType, m.body, m.fromMe])).toEqual([['call_log', 'Video call', false]]));
    expect(h.whatsapp.declinedCalls).not.toContain(callId);
  });

  it('with calls off, the call is declined, logged, and the caller gets one message asking them to write', async () => {
    expect((await h.api('/settings/call', { method: 'PUT', token, body: { value: 'disabled' } })).status).toBe(200);
    const callId = h.whatsapp.customerCalls(connectionId, '5511911110002');
    await eventually(() => expect(h.whatsapp.declinedCalls).toContain(callId));
    await eventually(() => expect(h.whatsapp.phones.get('5511911110002')).toEqual([expect.objectContaining({ text: CALL_DECLINED_TEXT })]));
    await eventually(async () => expect((await messagesOf('5511911110002')).map((m) => [m.mediaType, m.fromMe])).toEqual(expect.arrayContaining([['call_log', false], ['chat', true]])));
  });
});
