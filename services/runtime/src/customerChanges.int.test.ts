import { describe, expect, it } from 'vitest';
import type { ListMessagesResponse, ListTicketsResponse } from '@atendo/contracts';
import { eventually } from '@atendo/core/testing';
import { type Harness } from './testing/harness.js';
import { harnessSuite } from './testing/suite.js';

describe('a customer edits or deletes a message on WhatsApp: the console shows it edited or deleted, once', () => {
  let h: Harness;
  let token: string;
  let connectionId: number;

  harnessSuite({ link: 'Edições' }, (platform) => {
    ({ h, token, connectionId } = platform);
  });

  const messagesOf = async (number: string) => {
    const t = (await h.api<ListTicketsResponse>(`/tickets?searchParam=${number}&showAll=true&status=pending`, { token })).body.tickets[0];
    return t ? (await h.api<ListMessagesResponse>(`/messages/${t.id}`, { token })).body.messages : [];
  };

  it('an edit changes the text and marks it edited; a delete for everyone marks it deleted; a redelivered change is one event', async () => {
    const number = '5511900000001';
    const typo = h.whatsapp.customerSays(connectionId, number, 'quero dois pãoes');
    const oops = h.whatsapp.customerSays(connectionId, number, 'mensagem errada');
    await eventually(async () => expect(await messagesOf(number)).toHaveLength(2));
    const jid = `${number}@s.whatsapp.net`;
    const edit = { protocolMessage: { type: 14, key: { remoteJid: jid, fromMe: false, id: typo.key.id }, editedMessage: { conversation: 'quero dois pães' } } };
    h.whatsapp.customerSays(connectionId, number, '', { message: edit, id: 'EDIT-1' });
    h.whatsapp.customerSays(connectionId, number, '', { message: edit, id: 'EDIT-1' });
    h.whatsapp.customerSays(connectionId, number, '', { message: { protocolMessage: { type: 0, key: { remoteJid: jid, fromMe: false, id: oops.key.id } } }, id: 'REVOKE-1' });
    await eventually(async () => {
      const byId = new Map((await messagesOf(number)).map((m) => [m.id, m]));
      expect(byId.get(typo.key.id!)).toMatchObject({ body: 'quero dois pães', isEdited: true, isDeleted: false });
      expect(byId.get(oops.key.id!)).toMatchObject({ isDeleted: true });
      expect(byId.size).toBe(2);
    });
    const stream = await h.atendo.store.readStream(`contact-${h.companyId}.${number}`);
    expect(stream.filter((e) => e.type === 'MessageEdited')).toHaveLength(1);
    expect(stream.filter((e) => e.type === 'MessageRevoked')).toHaveLength(1);
  });
});
