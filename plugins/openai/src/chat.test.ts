import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effectContextForTest, performEffect, type ConversationMessage } from '@atendo/flow-engine';
import openai, { OPENAI_CHAT_EFFECT, TRANSFER_ACTION, chatPerformer, type OpenAiChatInput, type SpeechPort } from './index.js';

/**
 * A server on 127.0.0.1 speaking OpenAI's chat completions protocol, with the real `openai` client pointed at it. It
 * answers by the contact's last message, and keeps each request it was sent.
 */
const requests: Array<{ auth: string | undefined; body: any }> = [];

async function handle(req: IncomingMessage, res: ServerResponse) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: 'not found', type: 'invalid_request_error', code: null } }));
    return;
  }
  const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  requests.push({ auth: req.headers.authorization, body });
  if (req.headers.authorization !== 'Bearer sk-local-test') {
    res.writeHead(401, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: `Incorrect API key provided: ${req.headers.authorization}`, type: 'invalid_request_error', code: 'invalid_api_key' } }));
    return;
  }
  const said: string = body.messages.at(-1).content;
  if (said === 'demora') return; // never answers: the deadline must end the call
  const content = said === 'quero um humano' ? `Claro, vou te transferir.\n${TRANSFER_ACTION}` : `Você disse: ${said}`;
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      id: 'chatcmpl-local',
      object: 'chat.completion',
      created: 1_790_000_000,
      model: body.model,
      choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop', logprobs: null }],
      usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
    }),
  );
}

let server: Server;
let baseUrl: string;
beforeAll(async () => {
  server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
});

const input = (overrides: Partial<OpenAiChatInput> = {}): OpenAiChatInput => ({
  model: 'gpt-4o-mini',
  temperature: 0.5,
  maxTokens: 80,
  prompt: 'Você atende a pizzaria.',
  apiKey: 'secret:openai',
  maxMessages: 3,
  text: 'Tem calabresa?',
  voice: null,
  baseUrl,
  ...overrides,
});
const history: ConversationMessage[] = [
  { fromMe: false, body: 'Oi' },
  { fromMe: true, body: 'Olá! Em que posso ajudar?' },
  { fromMe: false, body: '', mediaType: 'sticker', mediaUrl: '/public/1/s.webp' },
  { fromMe: false, body: 'Tem calabresa?' },
];
const secrets = { 'secret:openai': 'sk-local-test', 'secret:voz': 'azure-key' };

/** A speech port that says what it was asked, as bytes. */
const spoken: Array<{ text: string; voice: unknown }> = [];
const fakeSpeech: SpeechPort = {
  async synthesize(text, voice) {
    spoken.push({ text, voice });
    return { data: new TextEncoder().encode(`ogg:${text}`), mimeType: 'audio/ogg; codecs=opus', extension: 'ogg' };
  },
};

describe('openai.chat performed against a server speaking OpenAI’s protocol', () => {
  it('is the plugin’s performer for openai.chat', () => {
    expect(Object.keys(openai.effects ?? {})).toEqual([OPENAI_CHAT_EFFECT]);
  });
  it('sends the prompt as the system message and the last messages as the chat, with the key opened only for the call', async () => {
    requests.length = 0;
    const { context } = effectContextForTest({ secrets, history });
    const value = await chatPerformer(fakeSpeech)(input(), context);
    expect(value).toEqual({ text: 'Você disse: Tem calabresa?', transfer: false, audioUrl: null });
    expect(requests).toHaveLength(1);
    expect(requests[0]!.auth).toBe('Bearer sk-local-test');
    expect(requests[0]!.body).toMatchObject({ model: 'gpt-4o-mini', temperature: 0.5, max_tokens: 80 });
    // maxMessages 3: the last three, the sticker with no text left out; the contact's message is already the last one.
    expect(requests[0]!.body.messages).toEqual([
      { role: 'system', content: 'Você atende a pizzaria.' },
      { role: 'assistant', content: 'Olá! Em que posso ajudar?' },
      { role: 'user', content: 'Tem calabresa?' },
    ]);
  });
  it('adds the contact’s message when the history has not caught up with it', async () => {
    requests.length = 0;
    const { context } = effectContextForTest({ secrets, history: history.slice(0, 2) });
    await chatPerformer(fakeSpeech)(input({ text: 'E de frango?' }), context);
    expect(requests[0]!.body.messages.at(-1)).toEqual({ role: 'user', content: 'E de frango?' });
    expect(requests[0]!.body.messages).toHaveLength(4);
  });
  it('reads the transfer line out of the answer', async () => {
    const { context } = effectContextForTest({ secrets, history });
    expect(await chatPerformer(fakeSpeech)(input({ text: 'quero um humano' }), context)).toEqual({ text: 'Claro, vou te transferir.', transfer: true, audioUrl: null });
  });
  it('with a voice, speaks the answer through the speech port and stores it as a voice note', async () => {
    spoken.length = 0;
    const { context, stored } = effectContextForTest({ secrets, history });
    const value = await chatPerformer(fakeSpeech)(input({ voice: { name: 'pt-BR-FranciscaNeural', key: 'secret:voz', region: 'brazilsouth' } }), context);
    expect(spoken).toEqual([{ text: 'Você disse: Tem calabresa?', voice: { name: 'pt-BR-FranciscaNeural', key: 'azure-key', region: 'brazilsouth' } }]);
    expect(value).toMatchObject({ text: 'Você disse: Tem calabresa?', transfer: false, audioUrl: expect.stringMatching(/resposta\.ogg$/) });
    const file = stored.get((value as { audioUrl: string }).audioUrl)!;
    expect(file.mimeType).toBe('audio/ogg; codecs=opus');
    expect(new TextDecoder().decode(file.data)).toBe('ogg:Você disse: Tem calabresa?');
  });
  it('a refused key fails with the status and code only, never the provider’s text', async () => {
    const { context } = effectContextForTest({ secrets: { 'secret:openai': 'sk-wrong-key' }, history });
    const result = await performEffect(chatPerformer(fakeSpeech), OPENAI_CHAT_EFFECT, input(), context);
    expect(result).toEqual({ ok: false, error: 'openai: HTTP 401 invalid_api_key' });
  });
  it('fails at the runtime’s deadline when the server does not answer, and when nothing listens', async () => {
    const slow = effectContextForTest({ secrets, history, signal: AbortSignal.timeout(300) }).context;
    const started = Date.now();
    expect(await performEffect(chatPerformer(fakeSpeech), OPENAI_CHAT_EFFECT, input({ text: 'demora' }), slow)).toEqual({ ok: false, error: expect.stringMatching(/^timeout/) });
    expect(Date.now() - started).toBeLessThan(3000);
    const { context } = effectContextForTest({ secrets, history });
    const nowhere = await performEffect(chatPerformer(fakeSpeech), OPENAI_CHAT_EFFECT, input({ baseUrl: 'http://127.0.0.1:9/v1' }), context);
    expect(nowhere).toEqual({ ok: false, error: 'openai: network' });
  });
  it('refuses, without a call, an input the block would never ask with', async () => {
    const { context } = effectContextForTest({ secrets });
    await expect(chatPerformer(fakeSpeech)({ model: 'gpt-4o-mini' }, context)).rejects.toThrow(/^invalid input/);
  });
});
