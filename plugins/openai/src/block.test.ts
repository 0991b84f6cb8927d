import { describe, expect, it } from 'vitest';
import { blockDataErrors, runBlockForTest } from '@atendo/flow-engine';
import openai, { OPENAI_CHAT_EFFECT, readTransfer, TRANSFER_ACTION, type OpenAiChatValue } from './index.js';

const settings = (overrides: Record<string, unknown> = {}) => ({
  name: 'Atendente',
  apiKey: 'secret:0b6f9a52-8d3e-4c1a-9f7e-2a5b6c7d8e9f',
  prompt: 'Você atende a pizzaria do {{loja}}. Seja breve.',
  ...overrides,
});
const data = (overrides: Record<string, unknown> = {}, top: Record<string, unknown> = {}) => ({ typebotIntegration: settings(overrides), ...top });
const answered = (value: OpenAiChatValue | unknown, top: Record<string, unknown> = {}, connected?: string[]) =>
  runBlockForTest(openai, { data: data({}, top), effect: { name: OPENAI_CHAT_EFFECT, result: { ok: true, value } }, connected });

describe('openai block: the conversation', () => {
  it('on entering, says nothing and waits for the contact (a day unless told)', () => {
    const run = runBlockForTest(openai, { data: data() });
    expect(run.messages).toEqual([]);
    expect(run.next).toEqual({ type: 'awaitReply', timeoutSeconds: 86_400, timeoutPort: 'timeout' });
  });
  it('asks the model about each reply, with the secrets as references and the prompt’s variables filled in', () => {
    const run = runBlockForTest(openai, { data: data({ temperature: 0.3 }), reply: '  Tem pizza de calabresa? ', variables: { loja: 'Centro' } });
    expect(run.next).toEqual({
      type: 'effect',
      name: 'openai.chat',
      input: {
        model: 'gpt-4o-mini',
        temperature: 0.3,
        maxTokens: 100,
        prompt: 'Você atende a pizzaria do Centro. Seja breve.',
        apiKey: 'secret:0b6f9a52-8d3e-4c1a-9f7e-2a5b6c7d8e9f',
        maxMessages: 10,
        text: 'Tem pizza de calabresa?',
        voice: null,
      },
    });
  });
  it('with a voice, passes the voice and its key’s reference', () => {
    const run = runBlockForTest(openai, { data: data({ voice: 'pt-BR-FranciscaNeural', voiceKey: 'secret:voz', voiceRegion: 'brazilsouth' }), reply: 'Oi' });
    expect(run.next).toMatchObject({ input: { voice: { name: 'pt-BR-FranciscaNeural', key: 'secret:voz', region: 'brazilsouth' } } });
  });
  it('a reply with no text (a sticker) asks nothing and keeps waiting', () => {
    expect(runBlockForTest(openai, { data: data(), reply: { id: 'w1', body: '', mediaType: 'sticker' } }).next).toMatchObject({ type: 'awaitReply' });
  });
  it('sends the answer and waits for the next reply', () => {
    const run = answered({ text: 'Temos sim!', transfer: false, audioUrl: null });
    expect(run.messages).toEqual([{ kind: 'text', body: 'Temos sim!', typingMs: 1000 }]);
    expect(run.next).toEqual({ type: 'awaitReply', timeoutSeconds: 86_400, timeoutPort: 'timeout' });
  });
  it('sends a spoken answer as a voice note', () => {
    const run = answered({ text: 'Temos sim!', transfer: false, audioUrl: '/public/1/resposta.ogg' });
    expect(run.messages).toEqual([{ kind: 'media', mediaType: 'audio', url: '/public/1/resposta.ogg', caption: '', voice: true, typingMs: 1000 }]);
  });
  it('hands the ticket over when the model asks for it, to the block’s queue or to no queue in particular', () => {
    const run = answered({ text: 'Vou chamar um atendente.', transfer: true, audioUrl: null }, { queue: { id: 4, name: 'Vendas' } });
    expect(run.messages).toEqual([{ kind: 'text', body: 'Vou chamar um atendente.', typingMs: 1000 }]);
    expect(run.next).toEqual({ type: 'handOver', queueId: 4, userId: null });
    expect(answered({ text: '', transfer: true, audioUrl: null }).next).toEqual({ type: 'handOver', queueId: null, userId: null });
    expect(answered({ text: '', transfer: true, audioUrl: null }).messages).toEqual([]);
  });
  it('a failed call leaves by error when it leads somewhere, and ends the flow otherwise', () => {
    const failed = (connected?: string[]) =>
      runBlockForTest(openai, { data: data(), effect: { name: OPENAI_CHAT_EFFECT, result: { ok: false, error: 'openai: HTTP 401 invalid_api_key' } }, connected }).next;
    expect(failed()).toEqual({ type: 'follow', port: 'error' });
    expect(failed(['timeout'])).toEqual({ type: 'finish' });
    expect(answered('not an answer', {}, []).next).toEqual({ type: 'finish' });
  });
});

describe('openai block: the transfer line', () => {
  it('is found on a line of its own, case, accents, bold marks and a full stop aside, and never sent', () => {
    expect(readTransfer(`Um momento, por favor.\n${TRANSFER_ACTION}`)).toEqual({ text: 'Um momento, por favor.', transfer: true });
    expect(readTransfer('*acao: transferir para o SETOR de atendimento.*')).toEqual({ text: '', transfer: true });
    expect(readTransfer('Posso te transferir para o setor de atendimento se quiser.')).toEqual({ text: 'Posso te transferir para o setor de atendimento se quiser.', transfer: false });
  });
});

describe('openai block: what a flow cannot be saved with', () => {
  const fields = (overrides: Record<string, unknown>, top: Record<string, unknown> = {}) => blockDataErrors(openai, data(overrides, top)).map((e) => e.field);
  it('accepts a new block once named, keyed and prompted, with the spec’s defaults', () => {
    expect(blockDataErrors(openai, data())).toEqual([]);
    expect(openai.defaults).toMatchObject({ typebotIntegration: { model: 'gpt-4o-mini', temperature: 1, maxTokens: 100, maxMessages: 10, voice: 'texto' } });
  });
  it.each([
    ['no name', { name: '' }, 'typebotIntegration.name'],
    ['no API key', { apiKey: ' ' }, 'typebotIntegration.apiKey'],
    ['no prompt', { prompt: '' }, 'typebotIntegration.prompt'],
    ['another model', { model: 'gpt-5' }, 'typebotIntegration.model'],
    ['a temperature above 2', { temperature: 2.1 }, 'typebotIntegration.temperature'],
    ['a negative temperature', { temperature: -0.1 }, 'typebotIntegration.temperature'],
    ['0 tokens', { maxTokens: 0 }, 'typebotIntegration.maxTokens'],
    ['more tokens than allowed', { maxTokens: 4097 }, 'typebotIntegration.maxTokens'],
    ['no history', { maxMessages: 0 }, 'typebotIntegration.maxMessages'],
    ['a history too long', { maxMessages: 101 }, 'typebotIntegration.maxMessages'],
    ['a voice that is not one of the list', { voice: 'en-US-JennyNeural', voiceKey: 'k', voiceRegion: 'eastus' }, 'typebotIntegration.voice'],
    ['a voice without its key', { voice: 'pt-BR-YaraNeural', voiceRegion: 'brazilsouth' }, 'typebotIntegration.voiceKey'],
    ['a voice without its region', { voice: 'pt-BR-YaraNeural', voiceKey: 'k' }, 'typebotIntegration.voiceRegion'],
    ['a region that is not one', { voice: 'pt-BR-YaraNeural', voiceKey: 'k', voiceRegion: 'brazil south' }, 'typebotIntegration.voiceRegion'],
  ])('refuses %s', (_, overrides, field) => {
    expect(fields(overrides)).toEqual([field]);
  });
  it('refuses a wait shorter than a minute and a transfer queue without an id', () => {
    expect(fields({}, { timeoutMinutes: 0 })).toEqual(['timeoutMinutes']);
    expect(fields({}, { queue: { name: 'Vendas' } })).toEqual(['queue.id']);
  });
});
