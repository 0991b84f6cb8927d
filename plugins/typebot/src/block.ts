import { awaitReply, defineBlock, effect, finish, follow, handOver, media, text, yup, type BlockOutcome, type OutgoingMessage } from '@atendo/flow-engine';
import type { TypebotMessage, TypebotTurn } from './protocol.js';
import { texts } from './texts.js';

/**
 * The Typebot block: hands the conversation to a bot built in Typebot. On entering it starts a chat (the `typebot.chat`
 * effect, perform.ts); it sends the bot's messages and waits for the contact, whose reply continues the chat, until
 * the bot's flow is over (the path goes on by `default`). The finish keyword leaves at once; the restart keyword, or a
 * reply after `expires` minutes of silence, starts the chat again. The chat's session is kept in the execution's
 * variables (`typebot.sessionId`, `typebot.lastAt`), the only state a pure block has.
 *
 * The bot can ask for a person: a text bubble that is, whole, `#` followed by a JSON object is an instruction, never
 * sent (`readInstruction`). `#{"queueId":2}`, `#{"userId":5}` or both: the bot's messages before it are sent, then the
 * ticket is handed over (without a queue it keeps its own). `#{"stopBot":true}`: the messages before it are sent and
 * the flow ends, the ticket waiting for its queue's people. What follows an instruction in the same turn is dropped;
 * an object with neither is dropped and the chat goes on. Text after `#` that is not a JSON object is sent as it is.
 */

export const TYPEBOT_CHAT_EFFECT = 'typebot.chat';
export const SESSION_VARIABLE = 'typebot.sessionId';
export const LAST_AT_VARIABLE = 'typebot.lastAt';

export const EXPIRES_MAX_MINUTES = 10_080;
export const DELAY_MAX_MS = 10_000;

export interface TypebotSettings {
  name: string;
  /** The Typebot server's address (`https://typebot.example.com`). */
  url: string;
  /** The bot's public id. */
  typebotSlug: string;
  /** Minutes without a reply after which the next reply starts the chat again. */
  expires: number;
  /** Typing time before each of the bot's messages. */
  delayMessage: number;
  keywordFinish: string;
  keywordRestart: string;
  /** Sent when the restart keyword starts the chat again ('' sends nothing). */
  restartMessage: string;
  /** Sent when the contact's reply has no text the bot could read (a sticker, a file) ('' sends nothing). */
  unknownMessage: string;
}

export interface TypebotConfig {
  typebotIntegration: TypebotSettings;
  /** How long each reply is waited for before leaving by `timeout`. */
  timeoutMinutes: number;
}

/** What a bot's `#{…}` bubble asks for. */
export type TypebotInstruction = { kind: 'transfer'; queueId: number | null; userId: number | null } | { kind: 'stop' } | { kind: 'none' };

/** A queue's or a person's id as a bot may write it (a Typebot variable is text): 2 or "2". */
function idOf(value: unknown): number | null {
  const n = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  return Number.isInteger(n) && (n as number) > 0 ? (n as number) : null;
}

/** The instruction a text bubble is, or null when it is a message for the contact. */
export function readInstruction(body: string): TypebotInstruction | null {
  const trimmed = body.trim();
  if (!trimmed.startsWith('#')) return null;
  let order: unknown;
  try {
    order = JSON.parse(trimmed.slice(1));
  } catch {
    return null;
  }
  if (order === null || typeof order !== 'object' || Array.isArray(order)) return null;
  const { queueId, userId, stopBot } = order as Record<string, unknown>;
  const [queue, user] = [idOf(queueId), idOf(userId)];
  if (queue !== null || user !== null) return { kind: 'transfer', queueId: queue, userId: user };
  return stopBot === true ? { kind: 'stop' } : { kind: 'none' };
}

/** The bot's messages up to its first instruction, and that instruction. */
function splitAtInstruction(messages: TypebotMessage[]): { said: TypebotMessage[]; instruction: TypebotInstruction | null } {
  const said: TypebotMessage[] = [];
  for (const message of messages) {
    const instruction = message.kind === 'text' ? readInstruction(message.body) : null;
    if (instruction?.kind === 'transfer' || instruction?.kind === 'stop') return { said, instruction };
    if (!instruction) said.push(message);
  }
  return { said, instruction: null };
}

export type TypebotChatInput =
  | { action: 'start'; baseUrl: string; publicId: string; prefilledVariables: Record<string, string> }
  | { action: 'continue'; baseUrl: string; sessionId: string; message: string };

/** Keywords match the whole reply, case, accents and spaces aside. */
const fold = (value: string) => value.normalize('NFD').replace(/\p{M}+/gu, '').replace(/\s+/g, ' ').trim().toLowerCase();
const says = (reply: string, keyword: string) => keyword.trim() !== '' && fold(reply) === fold(keyword);

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
};

/** The flow's variables, without the block's own, are the bot's prefilled variables. */
const prefilled = (variables: Readonly<Record<string, string>>) =>
  Object.fromEntries(Object.entries(variables).filter(([name]) => name !== SESSION_VARIABLE && name !== LAST_AT_VARIABLE));

const start = (s: TypebotSettings, variables: Readonly<Record<string, string>>): TypebotChatInput => ({
  action: 'start', baseUrl: s.url.replace(/\/+$/, ''), publicId: s.typebotSlug, prefilledVariables: prefilled(variables),
});

function isTurn(value: unknown): value is TypebotTurn {
  const v = value as TypebotTurn | null;
  return !!v && typeof v.sessionId === 'string' && typeof v.expectsReply === 'boolean' && Array.isArray(v.messages);
}

function outgoing(message: TypebotMessage, typingMs: number): OutgoingMessage {
  const sent = message.kind === 'text' ? text(message.body, typingMs) : media(message.mediaType, message.url, { typingMs });
  return message.delayMs ? { ...sent, delayMs: message.delayMs } : sent;
}

export default defineBlock<TypebotConfig>({
  type: 'typebot',
  label: 'flows.blocks.typebot',
  icon: 'chat',
  texts,
  // Its place in the add menu (spec §2).
  menuOrder: 7,
  input: true,
  outputs: [
    { name: 'default', label: 'flows.ports.next' },
    { name: 'timeout', label: 'flows.ports.timeout' },
    { name: 'error', label: 'flows.ports.error' },
  ],
  waits: true,
  defaults: {
    typebotIntegration: {
      name: '', url: '', typebotSlug: '', expires: 1, delayMessage: 1000, keywordFinish: '', keywordRestart: '', restartMessage: '', unknownMessage: '',
    },
    timeoutMinutes: 1440,
  },
  fields: [
    { name: 'typebotIntegration.name', kind: 'text', label: 'flows.fields.name' },
    { name: 'typebotIntegration.url', kind: 'text', label: 'flows.fields.typebotUrl' },
    { name: 'typebotIntegration.typebotSlug', kind: 'text', label: 'flows.fields.typebotSlug' },
    { name: 'typebotIntegration.expires', kind: 'number', label: 'flows.fields.typebotExpires', min: 1, max: EXPIRES_MAX_MINUTES },
    { name: 'typebotIntegration.delayMessage', kind: 'number', label: 'flows.fields.typebotDelay', min: 0, max: DELAY_MAX_MS, step: 500 },
    { name: 'typebotIntegration.keywordFinish', kind: 'text', label: 'flows.fields.keywordFinish' },
    { name: 'typebotIntegration.keywordRestart', kind: 'text', label: 'flows.fields.keywordRestart' },
    { name: 'typebotIntegration.restartMessage', kind: 'textarea', label: 'flows.fields.restartMessage', rows: 3 },
    { name: 'typebotIntegration.unknownMessage', kind: 'textarea', label: 'flows.fields.unknownMessage', rows: 3 },
    { name: 'timeoutMinutes', kind: 'number', label: 'flows.fields.timeoutMinutes', min: 1, max: 10_080 },
  ],
  schema: yup.object({
    typebotIntegration: yup
      .object({
        name: yup.string().trim().required('validation.required').max(100, 'validation.tooLong'),
        url: yup
          .string()
          .trim()
          .required('validation.required')
          .max(2048, 'validation.tooLong')
          .test('httpUrl', 'flows.validation.typebotUrl', (v) => !v || isHttpUrl(v)),
        typebotSlug: yup.string().trim().required('validation.required').matches(/^[\w-]{1,100}$/, 'flows.validation.typebotSlug'),
        expires: yup.number().typeError('validation.type').integer('validation.integer').min(1, 'validation.min').max(EXPIRES_MAX_MINUTES, 'validation.max').default(1),
        delayMessage: yup.number().typeError('validation.type').integer('validation.integer').min(0, 'validation.min').max(DELAY_MAX_MS, 'validation.max').default(1000),
        keywordFinish: yup.string().trim().default('').max(100, 'validation.tooLong'),
        keywordRestart: yup.string().trim().default('').max(100, 'validation.tooLong'),
        restartMessage: yup.string().trim().default('').max(4096, 'validation.tooLong'),
        unknownMessage: yup.string().trim().default('').max(4096, 'validation.tooLong'),
      })
      .required(),
    timeoutMinutes: yup.number().typeError('validation.type').integer('validation.integer').min(1, 'validation.min').max(10_080, 'validation.max').default(1440),
  }),
  run({ config, variables, input, isConnected, at }): BlockOutcome {
    const s = config.typebotIntegration;
    const listen = awaitReply(config.timeoutMinutes * 60, 'timeout');
    switch (input.type) {
      case 'enter':
        return { next: effect(TYPEBOT_CHAT_EFFECT, start(s, variables)) };
      case 'reply': {
        const reply = input.message.body.trim();
        if (says(reply, s.keywordFinish)) return { next: follow('default') };
        if (says(reply, s.keywordRestart)) return { send: s.restartMessage ? [text(s.restartMessage, s.delayMessage)] : [], next: effect(TYPEBOT_CHAT_EFFECT, start(s, variables)) };
        const lastAt = Date.parse(variables[LAST_AT_VARIABLE] ?? '');
        const sessionId = variables[SESSION_VARIABLE] ?? '';
        // A session gone quiet for longer than `expires` is over: the bot starts again from its beginning.
        if (!sessionId || !(Date.parse(at) - lastAt <= s.expires * 60_000)) return { next: effect(TYPEBOT_CHAT_EFFECT, start(s, variables)) };
        if (!reply) return { send: s.unknownMessage ? [text(s.unknownMessage, s.delayMessage)] : [], next: listen };
        return { next: effect(TYPEBOT_CHAT_EFFECT, { action: 'continue', baseUrl: s.url.replace(/\/+$/, ''), sessionId, message: reply } satisfies TypebotChatInput) };
      }
      case 'effect': {
        const turn = input.result.ok && isTurn(input.result.value) ? input.result.value : null;
        if (!turn) return { next: isConnected('error') ? follow('error') : finish() };
        const { said, instruction } = splitAtInstruction(turn.messages);
        const next =
          instruction?.kind === 'transfer' ? handOver(instruction.queueId, instruction.userId) : instruction?.kind === 'stop' ? finish() : turn.expectsReply ? listen : follow('default');
        return { set: { [SESSION_VARIABLE]: turn.sessionId, [LAST_AT_VARIABLE]: at }, send: said.map((m) => outgoing(m, s.delayMessage)), next };
      }
      default: {
        const unknown: never = input;
        return unknown;
      }
    }
  },
});
