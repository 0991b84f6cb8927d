import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BufferJSON, proto, type MessageUserReceiptUpdate, type WACallEvent, type WAMessage, type WAMessageUpdate } from '@whiskeysockets/baileys';
import { describe, expect, it } from 'vitest';
import type { Identity } from './ids.js';
import { mapCall, mapMessage, mapReceipt, mapUpdate, type BaileysFact, type MessageFact } from './mapping.js';

const recordedDir = join(dirname(fileURLToPath(import.meta.url)), 'recorded');

function recorded<T>(name: string): T {
  return JSON.parse(readFileSync(join(recordedDir, `${name}.json`), 'utf8'), BufferJSON.reviver) as T;
}

/**
 * A recorded message as the socket hands it over: the key stays plain JSON (the protobuf round trip would drop its
 * LID fields), the content becomes a decoded protobuf object again (enums as numbers, int64 as Long, bytes as Buffers).
 */
function message(name: string): WAMessage {
  const raw = recorded<WAMessage>(name);
  return raw.message ? { ...raw, message: proto.Message.fromObject(raw.message) } : raw;
}

const MARIA = { pn: '5511999990001', lid: '201234567890123' };
const JOAO = { pn: '5521988887777', lid: '118765432109876' };
const ME = { id: '5511955550000:7@s.whatsapp.net', lid: '99887766554433:7@lid' };
const pnOnly = (who: { pn: string }): Identity => ({ pn: who.pn, lid: null });
const lidOnly = (who: { lid: string }): Identity => ({ pn: null, lid: who.lid });
const pair = (who: { pn: string; lid: string }): BaileysFact => ({ kind: 'identity', lid: who.lid, pn: who.pn });
const T = (seconds: number) => seconds * 1000;
const THUMBNAIL =
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==';

/** A customer's 1:1 message, with what every such fact shares. */
function fromCustomer(chatJid: string, who: Identity, pushName: string, fields: Partial<MessageFact> & Pick<MessageFact, 'providerMessageId' | 'timestamp' | 'body'>): MessageFact {
  return { kind: 'message', chatJid, chat: who, from: who, pushName, mediaType: 'chat', isGroup: false, fromMe: false, ...fields };
}

const MARIA_LID_CHAT = '201234567890123@lid';
const MARIA_PN_CHAT = '5511999990001@s.whatsapp.net';
const JOAO_LID_CHAT = '118765432109876@lid';
const JOAO_PN_CHAT = '5521988887777@s.whatsapp.net';
const GROUP = '120363041234567890@g.us';

const expected: Record<string, BaileysFact[]> = {
  'text-pn': [
    fromCustomer(MARIA_PN_CHAT, pnOnly(MARIA), 'Maria', { providerMessageId: '3A5F0C2B9E1D4A7B8C6E', timestamp: T(1795608000), body: 'Olá, preciso de ajuda com meu pedido' }),
  ],
  'text-lid-alt': [
    pair(MARIA),
    fromCustomer(MARIA_LID_CHAT, MARIA, 'Maria', { providerMessageId: 'AC3F8E1B27D94C5A0F6B2E8D71C4A903', timestamp: T(1795608060), body: 'Alguém aí?' }),
  ],
  'text-lid-only': [fromCustomer(MARIA_LID_CHAT, lidOnly(MARIA), 'Maria', { providerMessageId: '3AB71C09D2E4F6A8B0C1', timestamp: T(1795608120), body: 'Meu número mudou' })],
  'extended-quote': [
    pair(JOAO),
    fromCustomer(JOAO_LID_CHAT, JOAO, 'João', {
      providerMessageId: '3A0D6E2F9B7C1A5E4D88',
      timestamp: T(1795608180),
      body: 'Sim, esse mesmo: https://loja.example/pedido/4411',
      quotedProviderMessageId: '3EB0A1B2C3D4E5F6A7B8C9',
    }),
  ],
  image: [
    pair(MARIA),
    fromCustomer(MARIA_PN_CHAT, MARIA, 'Maria', {
      providerMessageId: '3A9C4E7B1D0F2A6C8E35',
      timestamp: T(1795608240),
      body: 'A caixa chegou assim',
      mediaType: 'image',
      media: { kind: 'image', mimetype: 'image/jpeg', fileLength: 184320 },
    }),
  ],
  video: [
    pair(JOAO),
    fromCustomer(JOAO_LID_CHAT, JOAO, 'João', {
      providerMessageId: 'A4D29F0E3C7B16852E9A0C4F7B1D3E68',
      timestamp: T(1795608300),
      body: 'O barulho que faz',
      mediaType: 'video',
      media: { kind: 'video', mimetype: 'video/mp4', seconds: 14, fileLength: 2457600 },
    }),
  ],
  'video-note': [
    fromCustomer(MARIA_PN_CHAT, pnOnly(MARIA), 'Maria', {
      providerMessageId: '3AF0C4E8A2D61B5F9C37',
      timestamp: T(1795609920),
      body: '',
      mediaType: 'video',
      media: { kind: 'video', mimetype: 'video/mp4', seconds: 6, fileLength: 412876 },
    }),
  ],
  'audio-file': [
    fromCustomer(JOAO_PN_CHAT, pnOnly(JOAO), 'João', {
      providerMessageId: '3A71E0C95B2D48F6A13C',
      timestamp: T(1795608360),
      body: '',
      mediaType: 'audio',
      media: { kind: 'audio', mimetype: 'audio/mpeg', ptt: false, seconds: 57, fileLength: 912384 },
    }),
  ],
  'voice-note': [
    pair(MARIA),
    fromCustomer(MARIA_LID_CHAT, MARIA, 'Maria', {
      providerMessageId: '3AF4B82C0D6E19A7C35E',
      timestamp: T(1795608420),
      body: '',
      mediaType: 'audio',
      media: { kind: 'audio', mimetype: 'audio/ogg; codecs=opus', ptt: true, seconds: 9, fileLength: 23118 },
    }),
  ],
  'document-caption': [
    fromCustomer(MARIA_PN_CHAT, pnOnly(MARIA), 'Maria', {
      providerMessageId: '3A2B9D5F0E8C4A61B7D3',
      timestamp: T(1795608480),
      body: 'Segue a nota',
      mediaType: 'application',
      media: { kind: 'document', mimetype: 'application/pdf', fileName: 'nota-fiscal-4411.pdf', fileLength: 73456 },
    }),
  ],
  document: [
    fromCustomer(MARIA_LID_CHAT, lidOnly(MARIA), 'Maria', {
      providerMessageId: '3A6E0B4D8F2C71A5E9B0',
      timestamp: T(1795608540),
      body: 'orcamento.xlsx',
      mediaType: 'application',
      media: { kind: 'document', mimetype: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', fileName: 'orcamento.xlsx', fileLength: 10240 },
    }),
  ],
  sticker: [
    fromCustomer(JOAO_PN_CHAT, pnOnly(JOAO), 'João', {
      providerMessageId: '3AC05E9A2F4B71D8630E',
      timestamp: T(1795608600),
      body: '',
      mediaType: 'image',
      media: { kind: 'sticker', mimetype: 'image/webp', fileLength: 18206 },
    }),
  ],
  location: [
    pair(MARIA),
    fromCustomer(MARIA_LID_CHAT, MARIA, 'Maria', {
      providerMessageId: '3A8D1F5B0C9E27A4D6F2',
      timestamp: T(1795608660),
      body: `data:image/png;base64,${THUMBNAIL}|https://maps.google.com/maps?q=-23.5613%2C-46.6565&z=17&hl=pt-BR|Loja Paulista - Av. Paulista, 1000 - Bela Vista, São Paulo`,
      mediaType: 'locationMessage',
    }),
  ],
  'location-bare': [
    fromCustomer(JOAO_PN_CHAT, pnOnly(JOAO), 'João', {
      providerMessageId: '3A4C7E0A9B2D58F1C63B',
      timestamp: T(1795608720),
      body: 'data:image/png;base64,|https://maps.google.com/maps?q=-22.9519%2C-43.2105&z=17&hl=pt-BR|-22.9519, -43.2105',
      mediaType: 'locationMessage',
    }),
  ],
  contact: [
    fromCustomer(MARIA_PN_CHAT, pnOnly(MARIA), 'Maria', {
      providerMessageId: '3AE29B6D0F4A81C5B7E0',
      timestamp: T(1795608780),
      body: 'BEGIN:VCARD\nVERSION:3.0\nN:;Carlos Entregas;;;\nFN:Carlos Entregas\nTEL;type=CELL;type=VOICE;waid=5511977776666:+55 11 97777-6666\nEND:VCARD',
      mediaType: 'vcard',
    }),
  ],
  'contacts-array': [
    pair(JOAO),
    fromCustomer(JOAO_LID_CHAT, JOAO, 'João', {
      providerMessageId: '3A1F6C8E4B0D92A7E5C3',
      timestamp: T(1795608840),
      body:
        'BEGIN:VCARD\nVERSION:3.0\nN:;Ana Suporte;;;\nFN:Ana Suporte\nTEL;type=CELL;type=VOICE;waid=5511966665555:+55 11 96666-5555\nEND:VCARD\n' +
        'BEGIN:VCARD\nVERSION:3.0\nN:;Bruno Vendas;;;\nFN:Bruno Vendas\nTEL;type=CELL;type=VOICE;waid=5531955554444:+55 31 95555-4444\nEND:VCARD',
      mediaType: 'vcard',
    }),
  ],
  reaction: [
    pair(MARIA),
    {
      kind: 'reaction',
      providerMessageId: '3A7B0E3C9D5F16A8B2E4',
      targetProviderMessageId: '3EB0A1B2C3D4E5F6A7B8C9',
      chatJid: MARIA_LID_CHAT,
      from: MARIA,
      emoji: '👍',
      fromMe: false,
      timestamp: 1795608899512,
    },
  ],
  'reaction-removed': [
    {
      kind: 'reaction',
      providerMessageId: '3A0C5D9E2B7F41A6C8D1',
      targetProviderMessageId: '3EB0A1B2C3D4E5F6A7B8C9',
      chatJid: MARIA_PN_CHAT,
      from: pnOnly(MARIA),
      emoji: '',
      fromMe: false,
      timestamp: 1795608958004,
    },
  ],
  edit: [
    pair(MARIA),
    {
      kind: 'edit',
      providerMessageId: '3A5E8B1D4F0C27A9E6B3',
      targetProviderMessageId: 'AC3F8E1B27D94C5A0F6B2E8D71C4A903',
      chatJid: MARIA_LID_CHAT,
      from: MARIA,
      body: 'Alguém aí? É urgente',
      fromMe: false,
      timestamp: 1795609019870,
    },
  ],
  revoke: [
    {
      kind: 'revoke',
      providerMessageId: '3A9E2C6F0B4D83A1E7C5',
      targetProviderMessageId: '3AC05E9A2F4B71D8630E',
      chatJid: JOAO_PN_CHAT,
      from: pnOnly(JOAO),
      fromMe: false,
      timestamp: T(1795609080),
    },
  ],
  'view-once': [
    pair(JOAO),
    fromCustomer(JOAO_LID_CHAT, JOAO, 'João', {
      providerMessageId: '3A3D7F1B5E9C02A6D8F4',
      timestamp: T(1795609140),
      body: 'Senha do wi-fi',
      mediaType: 'image',
      media: { kind: 'image', mimetype: 'image/jpeg', fileLength: 65210 },
      viewOnce: true,
    }),
  ],
  ephemeral: [
    pair(MARIA),
    fromCustomer(MARIA_LID_CHAT, MARIA, 'Maria', { providerMessageId: '3AB4E8C2F6A01D5B9E73', timestamp: T(1795609200), body: 'Pode me ligar amanhã?', ephemeral: true }),
  ],
  'buttons-reply': [
    fromCustomer(MARIA_PN_CHAT, pnOnly(MARIA), 'Maria', {
      providerMessageId: '3A6F9C3E7B1D05A8F2C4',
      timestamp: T(1795609260),
      body: 'Financeiro',
      selectedId: 'queue-2',
      quotedProviderMessageId: '3EB0F00DCAFE0011223344',
    }),
  ],
  'list-reply': [
    pair(JOAO),
    fromCustomer(JOAO_LID_CHAT, JOAO, 'João', {
      providerMessageId: '3AD1A5E9C3F72B6D0E84',
      timestamp: T(1795609320),
      body: 'Segunda via de boleto',
      selectedId: 'option-3',
      quotedProviderMessageId: '3EB0F00DCAFE0011225566',
    }),
  ],
  'template-reply': [
    fromCustomer(MARIA_LID_CHAT, lidOnly(MARIA), 'Maria', {
      providerMessageId: '3A2E6B0F4C8D17A3E9B5',
      timestamp: T(1795609380),
      body: 'Excelente',
      selectedId: 'rate-5',
      quotedProviderMessageId: '3EB0F00DCAFE0011227788',
    }),
  ],
  'interactive-reply': [
    pair(JOAO),
    fromCustomer(JOAO_PN_CHAT, JOAO, 'João', {
      providerMessageId: '3A8F2D6B0E4C91A5F7D3',
      timestamp: T(1795609440),
      body: 'Falar com atendente',
      selectedId: 'human',
      quotedProviderMessageId: '3EB0F00DCAFE0011229900',
    }),
  ],
  'group-lid-participant': [
    pair(MARIA),
    { kind: 'message', providerMessageId: '3A0B4F8D2C6E15A9B3F7', chatJid: GROUP, chat: null, from: MARIA, pushName: 'Maria', timestamp: T(1795609500), body: 'Bom dia, grupo!', mediaType: 'chat', isGroup: true, fromMe: false },
  ],
  'group-pn-participant': [
    pair(JOAO),
    {
      kind: 'message',
      providerMessageId: 'A7E1C5B9D3F04A8E2C6B0D4F9A3E7C1B',
      chatJid: GROUP,
      chat: null,
      from: JOAO,
      pushName: 'João',
      timestamp: T(1795609560),
      body: '',
      mediaType: 'image',
      media: { kind: 'image', mimetype: 'image/jpeg', fileLength: 98304 },
      isGroup: true,
      fromMe: false,
    },
  ],
  'from-me': [
    pair(MARIA),
    {
      kind: 'message',
      providerMessageId: '3EB0A1B2C3D4E5F6A7B8C9',
      chatJid: MARIA_LID_CHAT,
      chat: MARIA,
      from: { pn: '5511955550000', lid: '99887766554433' },
      timestamp: T(1795609860),
      body: 'Seu pedido saiu para entrega 🚚',
      mediaType: 'chat',
      quotedProviderMessageId: 'AC3F8E1B27D94C5A0F6B2E8D71C4A903',
      isGroup: false,
      fromMe: true,
    },
  ],
  // Nothing a person would see: a status post, a message that could not be decrypted yet (WhatsApp resends it),
  // a chat setting change, and the stub Baileys adds for a missed call (the `call` event records the call).
  'status-broadcast': [],
  'stub-ciphertext': [],
  'protocol-ephemeral-setting': [pair(MARIA)],
  'missed-call-stub': [],
};

const MESSAGE_FIXTURES = readdirSync(recordedDir)
  .filter((f) => f.endsWith('.json') && !['updates.json', 'receipts.json', 'calls.json'].includes(f))
  .map((f) => f.replace(/\.json$/, ''));

describe('mapMessage on recorded messages', () => {
  it('has an expectation for every recorded message', () => {
    expect(Object.keys(expected).sort()).toEqual([...MESSAGE_FIXTURES].sort());
  });

  for (const [name, facts] of Object.entries(expected)) {
    it(name, () => {
      expect(mapMessage(message(name), ME)).toEqual(facts);
    });
  }

  it('names the author of our own messages only when told who we are', () => {
    const [, fact] = mapMessage(message('from-me'));
    expect(fact).toMatchObject({ kind: 'message', fromMe: true, chat: MARIA, from: { pn: null, lid: null } });
  });

  it('reads content that was never through protobuf (plain objects, as built by hand or by tests)', () => {
    const plain = recorded<WAMessage>('voice-note');
    expect(mapMessage(plain, ME)).toEqual(expected['voice-note']);
  });
});

describe('both identity forms give the same content', () => {
  type Form = 'pn' | 'lidWithPn' | 'pnWithLid' | 'lidOnly';
  const forms: Record<Form, { jid: string; alt?: string; identity: Identity }> = {
    pn: { jid: MARIA_PN_CHAT, identity: pnOnly(MARIA) },
    lidWithPn: { jid: MARIA_LID_CHAT, alt: MARIA_PN_CHAT, identity: MARIA },
    pnWithLid: { jid: MARIA_PN_CHAT, alt: MARIA_LID_CHAT, identity: MARIA },
    lidOnly: { jid: MARIA_LID_CHAT, identity: lidOnly(MARIA) },
  };
  const oneToOne = Object.entries(expected).filter(([, facts]) => facts.some((f) => 'fromMe' in f && !f.fromMe && !f.chatJid.endsWith('@g.us')));

  function as(msg: WAMessage, form: Form): WAMessage {
    const { jid, alt } = forms[form];
    const key = { ...msg.key, remoteJid: jid, addressingMode: jid.endsWith('@lid') ? 'lid' : 'pn' };
    if (alt) key.remoteJidAlt = alt;
    else delete key.remoteJidAlt;
    return { ...msg, key };
  }

  for (const [name, facts] of oneToOne) {
    it(name, () => {
      const content = facts.find((f) => f.kind !== 'identity')!;
      for (const form of Object.keys(forms) as Form[]) {
        const { identity, jid } = forms[form];
        const mapped = mapMessage(as(message(name), form), ME);
        const [pairFact, fact] = identity.lid && identity.pn ? mapped : [undefined, ...mapped];
        if (identity.lid && identity.pn) expect(pairFact, form).toEqual(pair(MARIA));
        expect(mapped.length, form).toBe(identity.lid && identity.pn ? 2 : 1);
        const shaped = { ...content, chatJid: jid, from: identity, ...(content.kind === 'message' ? { chat: identity } : {}) };
        expect(fact, form).toEqual(shaped);
      }
    });
  }
});

describe('mapUpdate', () => {
  const updates = recorded<WAMessageUpdate[]>('updates');

  it('turns receipts of our sends into the platform ack scale, and an error ack into a failure with its code', () => {
    expect(updates.flatMap(mapUpdate)).toEqual([
      { kind: 'ack', providerMessageId: '3EB0A1B2C3D4E5F6A7B8C9', ack: 1, status: 2 },
      { kind: 'ack', providerMessageId: '3EB0A1B2C3D4E5F6A7B8C9', ack: 2, status: 3 },
      { kind: 'ack', providerMessageId: '3EB0A1B2C3D4E5F6A7B8C9', ack: 3, status: 4 },
      { kind: 'ack', providerMessageId: '3EB0F1E2D3C4B5A6978877', ack: 4, status: 5 },
      { kind: 'ack', providerMessageId: '3EB0C0FFEE000000000463', ack: 0, status: 0, errorCode: '463' },
      { kind: 'ack', providerMessageId: '3EB0C0FFEE000000000479', ack: 0, status: 0, errorCode: '479' },
      { kind: 'ack', providerMessageId: '3EB0BADBADBADBAD000499', ack: 0, status: 0, errorCode: '499' },
      // our phone reading a customer's message, a resend request and a revoke (taken from the upsert) move nothing
    ]);
  });

  it('ignores PENDING (a send just made: nothing happened yet)', () => {
    expect(mapUpdate({ key: { id: '3EB0X', fromMe: true, remoteJid: MARIA_PN_CHAT }, update: { status: 1 } })).toEqual([]);
  });
});

describe('mapReceipt (groups)', () => {
  it('maps delivery and read receipts of our sends; receipts of others’ messages move nothing', () => {
    expect(recorded<MessageUserReceiptUpdate[]>('receipts').flatMap(mapReceipt)).toEqual([
      { kind: 'ack', providerMessageId: '3EB0D00D1E2F3A4B5C6D7E', ack: 2, status: 3 },
      { kind: 'ack', providerMessageId: '3EB0D00D1E2F3A4B5C6D7E', ack: 3, status: 4 },
    ]);
  });
});

describe('mapCall', () => {
  it('records each call with its caller, and the caller’s LID ↔ phone pair when WhatsApp sends both', () => {
    const calls = recorded<Array<Omit<WACallEvent, 'date'> & { date: string }>>('calls').map((c) => ({ ...c, date: new Date(c.date) }));
    expect(calls.flatMap(mapCall)).toEqual([
      pair(MARIA),
      { kind: 'call', callId: '8A4E2C6B0D9F13A7E5C1B3D7F9A2E4C6', chatJid: MARIA_LID_CHAT, from: MARIA, status: 'offer', offline: false, isVideo: false, isGroup: false, timestamp: Date.parse('2026-11-25T12:40:00.000Z') },
      { kind: 'call', callId: '7C2E9A4F1B6D3085E0A7C9F2B4D6E813', chatJid: JOAO_PN_CHAT, from: pnOnly(JOAO), status: 'timeout', offline: true, isVideo: true, isGroup: false, timestamp: Date.parse('2026-11-25T12:50:00.000Z') },
      { kind: 'call', callId: '5D1B7F3A9E0C24B6D8F0A2C4E6B8D0F2', chatJid: JOAO_LID_CHAT, from: lidOnly(JOAO), status: 'terminate', offline: false, isVideo: false, isGroup: false, timestamp: Date.parse('2026-11-25T12:55:00.000Z') },
    ]);
  });
});
