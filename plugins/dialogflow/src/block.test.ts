import { describe, expect, it } from 'vitest';
import { blockDataErrors, runBlockForTest, type BlockTestCase } from '@atendo/flow-engine';
import dialogflow from './index.js';

const data = { credentials: 'secret:sa', projectId: 'pizzaria-123', language: 'en' };
const run = (testCase: BlockTestCase) => runBlockForTest(dialogflow, { data, ...testCase });
const answered = (value: unknown, testCase: BlockTestCase = {}) => run({ effect: { name: 'dialogflow.detectIntent', result: { ok: true, value } }, ...testCase });
const listening = { type: 'awaitReply', timeoutSeconds: 86_400, timeoutPort: 'timeout' };

describe('dialogflow block', () => {
  it('on entering, waits for the contact', () => {
    expect(run({}).next).toEqual(listening);
  });
  it('asks the agent each reply with text, with the key’s reference (never the key) and the language', () => {
    expect(run({ reply: '  Quero pizza ' }).next).toEqual({
      type: 'effect',
      name: 'dialogflow.detectIntent',
      input: { credentials: 'secret:sa', projectId: 'pizzaria-123', language: 'en', text: 'Quero pizza' },
    });
  });
  it('a reply with no text (a sticker, a file) is not asked about: the block keeps waiting', () => {
    const sticker = run({ reply: { id: 'w2', body: '', mediaType: 'image', mediaUrl: 'https://cdn.example.test/s.webp' } });
    expect(sticker.next).toEqual(listening);
    expect(sticker.messages).toEqual([]);
  });
  it('sends each of the agent’s texts, then waits again', () => {
    const turn = answered({ intent: 'Boas-vindas', texts: ['Olá!', 'Qual sabor?'], endInteraction: false });
    expect(turn.messages).toEqual([
      { kind: 'text', body: 'Olá!', typingMs: 1000 },
      { kind: 'text', body: 'Qual sabor?', typingMs: 1000 },
    ]);
    expect(turn.next).toEqual(listening);
  });
  it('an intent that ends the interaction hands the ticket to its own queue after the texts', () => {
    const end = answered({ intent: 'Despedida', texts: ['Até logo!'], endInteraction: true });
    expect(end.messages.map((m) => m.kind === 'text' && m.body)).toEqual(['Até logo!']);
    expect(end.next).toEqual({ type: 'handOver', queueId: null, userId: null });
  });
  it('a failed call leaves by error, or keeps waiting when error leads nowhere', () => {
    const failed = { effect: { name: 'dialogflow.detectIntent', result: { ok: false as const, error: 'dialogflow: HTTP 403 PERMISSION_DENIED' } } };
    expect(run(failed).next).toEqual({ type: 'follow', port: 'error' });
    expect(run({ ...failed, connected: ['timeout'] }).next).toEqual(listening);
  });
  it('needs the key, a project id and one of the three languages; the key is a secret field', () => {
    expect(blockDataErrors(dialogflow, data)).toEqual([]);
    expect(blockDataErrors(dialogflow, { credentials: '', projectId: 'a/b', language: 'fr' }).map((e) => e.field)).toEqual(['credentials', 'projectId', 'language']);
    expect(dialogflow.fields.find((f) => f.name === 'credentials')?.kind).toBe('secret');
    expect(dialogflow.defaults).toEqual({ credentials: '', projectId: '', language: 'pt-BR', timeoutMinutes: 1440 });
  });
});
