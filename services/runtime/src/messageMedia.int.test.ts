import http from 'node:http';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ListMessagesResponse, ListTicketsResponse, Message, Plan, Ticket } from '@atendo/contracts';
import { eventually } from '@atendo/core/testing';
import { type Harness } from './testing/harness.js';
import { harnessSuite } from './testing/suite.js';

/** A tiny MP3 (four silent frames), as a recording from the console would be. */
const MP3 = (() => {
  const frame = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(413)]);
  return Buffer.concat(Array.from({ length: 30 }, () => frame));
})();

describe('media in conversations: files customers send are stored and shown; agents send images, documents and voice notes', () => {
  let h: Harness;
  let token: string;
  let userId: number;
  let png: Buffer;
  let connectionId: number;

  harnessSuite({ link: 'Loja' }, async (platform) => {
    ({ h, token, userId, connectionId } = platform);
    png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 20, g: 139, b: 234 } } }).png().toBuffer();
  });

  const ticketOf = (number: string) =>
    eventually(async () => {
      const t = (await h.api<ListTicketsResponse>(`/tickets?searchParam=${number}&showAll=true&status=pending`, { token })).body.tickets[0];
      if (!t) throw new Error('no ticket yet');
      return t;
    });
  const messagesOf = async (ticketId: number) => (await h.api<ListMessagesResponse>(`/messages/${ticketId}`, { token })).body.messages;
  const upload = (ticketId: number, files: Array<{ bytes: Buffer; name: string; type: string }>, fields: Record<string, string> = {}) => {
    const form = new FormData();
    for (const f of files) form.append('medias', new Blob([f.bytes], { type: f.type }), f.name);
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    return fetch(`${h.url}/messages/${ticketId}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  };

  it('an image a customer sends through WhatsApp is decrypted, stored, and served to the company only', async () => {
    await h.whatsapp.customerSendsMedia(connectionId, '5511977770001', { kind: 'image', bytes: png, mimetype: 'image/png', caption: 'meu pedido' });
    const ticket = await ticketOf('5511977770001');
    const [message] = await eventually(async () => {
      const m = await messagesOf(ticket.id);
      expect(m).toHaveLength(1);
      return m;
    });
    expect(message).toMatchObject({ mediaType: 'image', body: 'meu pedido', fromMe: false, mediaUrl: expect.stringMatching(/^\/public\/company-\d+\/\d{4}\/\d{2}\/.+\.png$/) });
    const served = await fetch(`${h.url}${message!.mediaUrl}`, { headers: { authorization: `Bearer ${token}` } });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    expect((await fetch(`${h.url}${message!.mediaUrl}`)).status).toBe(401);
  });

  it('an agent sends an image with a caption, a document and a voice note: each reaches the phone as that kind of message', async () => {
    await h.whatsapp.customerSays(connectionId, '5511977770002', 'oi');
    const ticket: Ticket = await ticketOf('5511977770002');
    expect((await h.api(`/tickets/${ticket.id}`, { method: 'PUT', token, body: { status: 'open', userId } })).status).toBe(200);

    const image = await upload(ticket.id, [{ bytes: png, name: 'foto produto.png', type: 'image/png' }], { body: 'Segue a foto' });
    expect(image.status).toBe(201);
    expect(await image.json()).toMatchObject({ mediaType: 'image', body: 'Segue a foto', fromMe: true, mediaUrl: expect.stringMatching(/^\/public\//) });
    const voice = await upload(ticket.id, [{ bytes: MP3, name: 'audio-record.mp3', type: 'audio/mpeg' }], { voice: 'true' });
    expect(voice.status).toBe(201);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const doc = await upload(ticket.id, [{ bytes: pdf, name: 'orçamento.pdf', type: 'application/pdf' }]);
    expect(doc.status).toBe(201);
    expect(await doc.json()).toMatchObject({ mediaType: 'application', body: 'orçamento.pdf' });

    await eventually(() => expect(h.whatsapp.phones.get('5511977770002')).toHaveLength(3), 10_000);
    const phone = h.whatsapp.phones.get('5511977770002')!;
    expect(phone[0]).toMatchObject({ text: 'Segue a foto', media: { kind: 'image', mimetype: 'image/png', size: png.length } });
    expect(phone[1]).toMatchObject({ media: { kind: 'audio', mimetype: 'audio/mpeg', size: MP3.length, ptt: true } });
    expect(phone[2]).toMatchObject({ media: { kind: 'document', mimetype: 'application/pdf', fileName: 'orçamento.pdf' } });
    // WhatsApp's server acknowledged each: sent, delivered, then read by the customer.
    await eventually(async () => expect((await messagesOf(ticket.id)).filter((m: Message) => m.fromMe).map((m) => m.ack)).toEqual([3, 3, 3]));
  });

  it('a disguised file (an executable named .png) is refused with a catalogue code and nothing is queued or stored', async () => {
    await h.whatsapp.customerSays(connectionId, '5511977770003', 'olá');
    const ticket = await ticketOf('5511977770003');
    await h.api(`/tickets/${ticket.id}`, { method: 'PUT', token, body: { status: 'open', userId } });
    const before = await h.atendo.store.readStream(`contact-${h.companyId}.5511977770003`);
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(200, 1)]);
    const res = await upload(ticket.id, [{ bytes: elf, name: 'foto.png', type: 'image/png' }], { body: 'veja' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'ERR_VALIDATION' });
    expect((await h.atendo.store.readStream(`contact-${h.companyId}.5511977770003`)).length).toBe(before.length);
    // Text alone still has to say something.
    expect(await h.api(`/messages/${ticket.id}`, { token, body: { body: '   ' } })).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
  });

  it('on the simulated connection a file reaches the simulated phone as what it is', async () => {
    await h.customerSays('5511977770004', 'oi, simulador');
    const ticket = await ticketOf('5511977770004');
    await h.api(`/tickets/${ticket.id}`, { method: 'PUT', token, body: { status: 'open', userId } });
    expect((await upload(ticket.id, [{ bytes: png, name: 'catalogo.png', type: 'image/png' }])).status).toBe(201);
    await eventually(async () => {
      const view = (await (await fetch(`${h.simulator.url}/simulator/sessions/${h.whatsappId}/customers/5511977770004/messages`)).json()) as { messages: Array<{ sender: string; body: string; media: unknown }> };
      expect(view.messages.filter((m) => m.sender === 'platform')).toEqual([expect.objectContaining({ body: 'catalogo.png', media: expect.objectContaining({ mediaType: 'image', mimetype: 'image/png', size: png.length }) })]);
    }, 10_000);
  });
  /**
   * Starts a multipart upload and sends only the first part of its file: the answer the server gives while the rest is
   * still to come (it had no reason to read further), or an error when it waits for the rest instead.
   */
  const answerBeforeTheBodyEnds = (ticketId: number, bearer: string) =>
    new Promise<{ status: number; body: { error?: string } }>((resolve, reject) => {
      const boundary = 'atendo-boundary';
      const request = http.request(`${h.url}/messages/${ticketId}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(50 * 1024 * 1024) },
      });
      const waiting = setTimeout(() => {
        request.destroy();
        reject(new Error('no answer while the upload was still coming: the server was reading the file'));
      }, 10_000);
      request.on('error', () => undefined);
      request.on('response', (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += String(chunk)));
        res.on('end', () => {
          clearTimeout(waiting);
          request.destroy();
          resolve({ status: res.statusCode!, body: JSON.parse(text) as { error?: string } });
        });
      });
      request.write(`--${boundary}\r\ncontent-disposition: form-data; name="medias"; filename="big.png"\r\ncontent-type: image/png\r\n\r\n`);
      request.write(png);
      request.write(Buffer.alloc(256 * 1024, 7));
    });

  it("an upload to another company's ticket, or to another agent's, is refused before its file is read", async () => {
    await h.whatsapp.customerSays(connectionId, '5511977770005', 'oi');
    const ticket = await ticketOf('5511977770005');
    await h.api(`/tickets/${ticket.id}`, { method: 'PUT', token, body: { status: 'open', userId } });
    const before = (await h.atendo.store.readStream(`contact-${h.companyId}.5511977770005`)).length;

    const planId = (await h.api<Plan[]>('/plans/list')).body[0]!.id;
    const signedUp = await h.api('/companies/cadastro', { body: { name: 'Vizinha de upload', email: 'upload-vizinha@x.test', password: 'Senha-forte-1', planId } });
    expect(signedUp.status).toBe(201);
    const stranger = (await h.login('upload-vizinha@x.test', 'Senha-forte-1')).token;
    expect(await answerBeforeTheBodyEnds(ticket.id, stranger)).toMatchObject({ status: 404, body: { error: 'ERR_NO_TICKET_FOUND' } });

    // A colleague who is no admin, on a ticket another agent holds.
    const colleague = await h.api<{ id: number }>('/users', { token, body: { name: 'Colega', email: 'colega-upload@demo.test', password: 'Colega-pass-1', profile: 'user', queueIds: h.queueIds } });
    expect(colleague.status).toBe(201);
    const colleagueToken = (await h.login('colega-upload@demo.test', 'Colega-pass-1')).token;
    expect(await answerBeforeTheBodyEnds(ticket.id, colleagueToken)).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });

    expect((await h.atendo.store.readStream(`contact-${h.companyId}.5511977770005`)).length).toBe(before);
  });
});
