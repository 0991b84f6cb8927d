import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effectContextForTest, performEffect, runBlockForTest, type ConversationMessage } from '@atendo/flow-engine';
import openai, { OPENAI_CHAT_EFFECT, chatPerformer, type OpenAiChatInput, type SpeechPort } from './index.js';

/**
 * A server on 127.0.0.1 speaking OpenAI's protocol for a chat and for a transcription (`/v1/audio/transcriptions`,
 * multipart: `model` and `file`). The "audio" it is sent is text in bytes: it transcribes it by reading it, and an
 * audio reading `ruído` is refused as a provider refuses a file it cannot decode. It keeps what it was sent.
 */
const transcriptions: Array<{ auth: string | undefined; model: unknown; fileName: string; audio: string }> = [];
const chats: any[] = [];

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

async function handle(req: IncomingMessage, res: ServerResponse) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  if (req.headers.authorization !== 'Bearer sk-local-test') return json(res, 401, { error: { message: 'bad key', type: 'invalid_request_error', code: 'invalid_api_key' } });
  if (req.method === 'POST' && req.url === '/v1/audio/transcriptions') {
    // The multipart body read by the platform's own parser, as a server framework would.
    const form = await new Response(raw, { headers: { 'content-type': String(req.headers['content-type']) } }).formData();
    const file = form.get('file') as File;
    const audio = new TextDecoder().decode(await file.arrayBuffer());
    transcriptions.push({ auth: req.headers.authorization, model: form.get('model'), fileName: file.name, audio });
    if (audio === 'ruído') return json(res, 400, { error: { message: 'Audio file might be corrupted or unsupported', type: 'invalid_request_error', code: null } });
    return json(res, 200, { text: ` ${audio.replace(/^voz:/, '')} ` });
  }
  if (req.method === 'POST' && req.url === '/v1/chat/completions') {
    const body = JSON.parse(raw.toString('utf8'));
    chats.push(body);
    return json(res, 200, {
      id: 'chatcmpl-local',
      object: 'chat.completion',
      created: 1_790_000_000,
      model: body.model,
      choices: [{ index: 0, message: { role: 'assistant', content: `Você disse: ${body.messages.at(-1).content}`, refusal: null }, finish_reason: 'stop', logprobs: null }],
    });
  }
  return json(res, 404, { error: { message: 'not found', type: 'invalid_request_error', code: null } });
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

const noSpeech: SpeechPort = {
  synthesize: async () => {
    throw new Error('no voice in these tests');
  },
};
const input = (audioUrl: string): OpenAiChatInput => ({
  model: 'gpt-4o-mini', temperature: 1, maxTokens: 50, prompt: 'Você atende a pizzaria.', apiKey: 'secret:openai', maxMessages: 5, text: '', voice: null, baseUrl, audioUrl,
});

/** A context whose stored voice note reads `said`, with that note the last message of the history. */
async function withVoiceNote(said: string) {
  const test = effectContextForTest({ secrets: { 'secret:openai': 'sk-local-test' } });
  const url = await test.context.storeMedia(new TextEncoder().encode(said), 'audio/ogg', 'nota.ogg');
  const history: ConversationMessage[] = [
    { fromMe: true, body: 'Olá! Em que posso ajudar?' },
    { fromMe: false, body: '', mediaType: 'audio', mediaUrl: url },
  ];
  return { context: { ...test.context, history: async () => history }, url };
}

describe('openai block: a voice note from the contact', () => {
  const data = { typebotIntegration: { name: 'Pizzaria', apiKey: 'secret:openai', prompt: 'Você atende a pizzaria.' } };
  it('asks for an answer with the note’s address and no text', () => {
    const asked = runBlockForTest(openai, { data, reply: { id: 'w1', body: '', mediaType: 'audio', mediaUrl: 'https://cdn.example.test/n.ogg' } });
    expect(asked.next).toMatchObject({ type: 'effect', name: OPENAI_CHAT_EFFECT, input: { text: '', audioUrl: 'https://cdn.example.test/n.ogg' } });
  });
  it('a sticker, or an audio without its file, is still not asked about', () => {
    expect(runBlockForTest(openai, { data, reply: { id: 'w2', body: '', mediaType: 'sticker', mediaUrl: 'https://cdn.example.test/s.webp' } }).next).toMatchObject({ type: 'awaitReply' });
    expect(runBlockForTest(openai, { data, reply: { id: 'w3', body: '', mediaType: 'audio' } }).next).toMatchObject({ type: 'awaitReply' });
  });
});

describe('openai.chat with a voice note, against a server speaking OpenAI’s protocol', () => {
  it('transcribes the note with whisper-1 and answers the transcript as the contact’s message', async () => {
    transcriptions.length = 0;
    chats.length = 0;
    const { context, url } = await withVoiceNote('voz:Tem pizza de calabresa?');
    const value = await chatPerformer(noSpeech)(input(url), context);
    expect(transcriptions).toEqual([{ auth: 'Bearer sk-local-test', model: 'whisper-1', fileName: 'audio.ogg', audio: 'voz:Tem pizza de calabresa?' }]);
    expect(chats[0].messages).toEqual([
      { role: 'system', content: 'Você atende a pizzaria.' },
      { role: 'assistant', content: 'Olá! Em que posso ajudar?' },
      { role: 'user', content: 'Tem pizza de calabresa?' },
    ]);
    expect(value).toEqual({ text: 'Você disse: Tem pizza de calabresa?', transfer: false, audioUrl: null });
  });
  it('a note with no words gets no answer, and the model is not asked', async () => {
    chats.length = 0;
    const { context, url } = await withVoiceNote('voz:');
    expect(await chatPerformer(noSpeech)(input(url), context)).toEqual({ text: '', transfer: false, audioUrl: null });
    expect(chats).toEqual([]);
  });
  it('a refused transcription fails the effect with its status only', async () => {
    const { context, url } = await withVoiceNote('ruído');
    expect(await performEffect(chatPerformer(noSpeech), OPENAI_CHAT_EFFECT, input(url), context)).toEqual({ ok: false, error: 'openai: transcription HTTP 400' });
  });
  it('refuses, without a call, an empty audio address', async () => {
    const { context } = await withVoiceNote('voz:oi');
    await expect(chatPerformer(noSpeech)({ ...input(''), audioUrl: '' }, context)).rejects.toThrow(/^invalid input/);
  });
});
