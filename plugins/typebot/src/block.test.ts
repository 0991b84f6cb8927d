import { describe, expect, it } from 'vitest';
import { blockDataErrors, runBlockForTest, TEST_AT, type BlockTestCase } from '@atendo/flow-engine';
import typebot, { LAST_AT_VARIABLE, SESSION_VARIABLE, TYPEBOT_CHAT_EFFECT, type TypebotTurn } from './index.js';

const settings = (overrides: Record<string, unknown> = {}) => ({
  name: 'Pizzaria',
  url: 'https://bots.example.test/',
  typebotSlug: 'pedido-pizza-x1y2',
  keywordFinish: '#sair',
  keywordRestart: '#reiniciar',
  restartMessage: 'Vamos recomeçar!',
  unknownMessage: 'Não entendi, responda com texto.',
  ...overrides,
});
const data = (overrides: Record<string, unknown> = {}) => ({ typebotIntegration: settings(overrides) });
/** An execution in the middle of a chat: its session, last active `secondsAgo` before TEST_AT. */
const chatting = (secondsAgo = 10) => ({
  [SESSION_VARIABLE]: 'sess-1',
  [LAST_AT_VARIABLE]: new Date(Date.parse(TEST_AT) - secondsAgo * 1000).toISOString(),
  nome: 'Ana',
});
const run = (testCase: BlockTestCase) => runBlockForTest(typebot, { data: data(), ...testCase });
const turn = (value: TypebotTurn | unknown, testCase: BlockTestCase = {}) =>
  run({ effect: { name: TYPEBOT_CHAT_EFFECT, result: { ok: true, value } }, ...testCase });
const startAsked = (variables: Record<string, string> = {}) => ({
  type: 'effect',
  name: 'typebot.chat',
  input: { action: 'start', baseUrl: 'https://bots.example.test', publicId: 'pedido-pizza-x1y2', prefilledVariables: variables },
});

describe('typebot block: the chat', () => {
  it('on entering, starts a chat, with the flow’s variables as the bot’s prefilled ones', () => {
    expect(run({ variables: { nome: 'Ana' } }).next).toEqual(startAsked({ nome: 'Ana' }));
  });
  it('sends the bot’s messages with the block’s typing time, keeps the session and waits for the contact', () => {
    const answered = turn(
      {
        sessionId: 'sess-1',
        messages: [
          { kind: 'text', body: 'Olá! Qual pizza?' },
          { kind: 'media', mediaType: 'image', url: 'https://bots.example.test/menu.png', delayMs: 2000 },
        ],
        expectsReply: true,
      },
      { data: data({ delayMessage: 1500 }) },
    );
    expect(answered.messages).toEqual([
      { kind: 'text', body: 'Olá! Qual pizza?', typingMs: 1500 },
      { kind: 'media', mediaType: 'image', url: 'https://bots.example.test/menu.png', caption: '', voice: false, typingMs: 1500, delayMs: 2000 },
    ]);
    expect(answered.set).toEqual({ [SESSION_VARIABLE]: 'sess-1', [LAST_AT_VARIABLE]: TEST_AT });
    expect(answered.next).toEqual({ type: 'awaitReply', timeoutSeconds: 86_400, timeoutPort: 'timeout' });
  });
  it('goes on by default when the bot’s flow is over', () => {
    expect(turn({ sessionId: 'sess-1', messages: [{ kind: 'text', body: 'Pedido feito!' }], expectsReply: false }).next).toEqual({ type: 'follow', port: 'default' });
  });
  it('continues the chat with each reply', () => {
    expect(run({ reply: ' Calabresa ', variables: chatting() }).next).toEqual({
      type: 'effect', name: 'typebot.chat', input: { action: 'continue', baseUrl: 'https://bots.example.test', sessionId: 'sess-1', message: 'Calabresa' },
    });
  });
  it('the finish keyword leaves by default at once, case and accents aside', () => {
    const left = run({ reply: '#SAIR', variables: chatting() });
    expect(left.next).toEqual({ type: 'follow', port: 'default' });
    expect(left.messages).toEqual([]);
  });
  it('the restart keyword says so and starts the chat again', () => {
    const restarted = run({ reply: '#reiniciar', variables: chatting() });
    expect(restarted.messages).toEqual([{ kind: 'text', body: 'Vamos recomeçar!', typingMs: 1000 }]);
    expect(restarted.next).toEqual(startAsked({ nome: 'Ana' }));
  });
  it('a reply after `expires` minutes of silence starts the chat again; within them it continues', () => {
    expect(run({ reply: 'oi', variables: chatting(61) }).next).toEqual(startAsked({ nome: 'Ana' }));
    expect(run({ reply: 'oi', variables: chatting(60) }).next).toMatchObject({ input: { action: 'continue' } });
    expect(run({ reply: 'oi', variables: chatting(600), data: data({ expires: 15 }) }).next).toMatchObject({ input: { action: 'continue' } });
  });
  it('a reply with no text gets the unknown message and the block keeps waiting', () => {
    const sticker = run({ reply: { id: 'w9', body: '', mediaType: 'sticker' }, variables: chatting() });
    expect(sticker.messages).toEqual([{ kind: 'text', body: 'Não entendi, responda com texto.', typingMs: 1000 }]);
    expect(sticker.next).toMatchObject({ type: 'awaitReply' });
  });
  it('a failed call leaves by error when it leads somewhere, and ends the flow otherwise', () => {
    const failed = (connected?: string[]) => run({ effect: { name: TYPEBOT_CHAT_EFFECT, result: { ok: false, error: 'typebot: HTTP 404' } }, connected }).next;
    expect(failed()).toEqual({ type: 'follow', port: 'error' });
    expect(failed(['default'])).toEqual({ type: 'finish' });
    expect(turn({ nothing: true }, { connected: [] }).next).toEqual({ type: 'finish' });
  });
});

describe('typebot block: what a flow cannot be saved with', () => {
  const fields = (overrides: Record<string, unknown>) => blockDataErrors(typebot, data(overrides)).map((e) => e.field);
  it('accepts a bot’s address and public id, with the spec’s defaults (expires 1, delay 1000)', () => {
    expect(blockDataErrors(typebot, data())).toEqual([]);
    expect(typebot.defaults).toMatchObject({ typebotIntegration: { expires: 1, delayMessage: 1000 } });
  });
  it.each([
    ['no name', { name: '' }, 'typebotIntegration.name'],
    ['no address', { url: '' }, 'typebotIntegration.url'],
    ['an address that is not http(s)', { url: 'ftp://bots.example.test' }, 'typebotIntegration.url'],
    ['a public id with a slash', { typebotSlug: 'a/../b' }, 'typebotIntegration.typebotSlug'],
    ['an expiry of 0', { expires: 0 }, 'typebotIntegration.expires'],
    ['a negative delay', { delayMessage: -1 }, 'typebotIntegration.delayMessage'],
    ['a delay above 10 s', { delayMessage: 10_001 }, 'typebotIntegration.delayMessage'],
  ])('refuses %s', (_, overrides, field) => {
    expect(fields(overrides)).toEqual([field]);
  });
});

describe('typebot block: the bot’s `#{…}` instructions', () => {
  const said = (body: string) => ({ kind: 'text', body });
  const answeredWith = (...bodies: string[]) => turn({ sessionId: 'sess-1', messages: bodies.map(said), expectsReply: true }, { variables: chatting() });
  const bodies = (run: ReturnType<typeof answeredWith>) => run.messages.map((m) => (m.kind === 'text' ? m.body : m.url));

  it('a transfer to a queue sends what came before, never the instruction, then hands the ticket over', () => {
    const moved = answeredWith('Vou te passar para o financeiro.', ' #{"queueId":2} ', 'nunca enviado');
    expect(bodies(moved)).toEqual(['Vou te passar para o financeiro.']);
    expect(moved.next).toEqual({ type: 'handOver', queueId: 2, userId: null });
  });
  it('a transfer may name a person, with or without a queue, as numbers or as text', () => {
    expect(answeredWith('#{"queueId":2,"userId":5}').next).toEqual({ type: 'handOver', queueId: 2, userId: 5 });
    expect(answeredWith('#{"userId":"7"}').next).toEqual({ type: 'handOver', queueId: null, userId: 7 });
  });
  it('stopBot ends the flow after what came before', () => {
    const stopped = answeredWith('Obrigado!', '#{"stopBot":true}');
    expect(bodies(stopped)).toEqual(['Obrigado!']);
    expect(stopped.next).toEqual({ type: 'finish' });
  });
  it('malformed JSON after # is sent as text, and the chat goes on', () => {
    const plain = answeredWith('#{queueId:2}', '#hashtag', 'Qual sabor?');
    expect(bodies(plain)).toEqual(['#{queueId:2}', '#hashtag', 'Qual sabor?']);
    expect(plain.next).toMatchObject({ type: 'awaitReply' });
  });
  it('an object that asks for nothing usable is dropped, and the chat goes on', () => {
    const dropped = answeredWith('Oi', '#{"queueId":0,"stopBot":false}');
    expect(bodies(dropped)).toEqual(['Oi']);
    expect(dropped.next).toMatchObject({ type: 'awaitReply' });
  });
  it('a text that only mentions an instruction is a message', () => {
    expect(bodies(answeredWith('Digite #{"queueId":2} para falar conosco'))).toEqual(['Digite #{"queueId":2} para falar conosco']);
  });
});
