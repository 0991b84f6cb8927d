import { awaitReply, defineBlock, effect, fillIn, finish, follow, handOver, media, text, yup, type BlockOutcome } from '@atendo/flow-engine';
import { texts } from './texts.js';

/**
 * The OpenAI block: a conversation with a model until it hands the contact over or the contact stops answering. On
 * entering it waits for the contact; each reply becomes an `openai.chat` effect (the performer, chat.ts, asks the
 * model with the conversation's last messages); the answer is sent, as text or as a voice note, and the block waits
 * again. An answer with the transfer line (transfer.ts) hands the ticket over instead. A voice note from the contact
 * is transcribed first (Whisper, by the same performer), and the transcript is what the model answers. `run` stays pure: the API key
 * and the speech key travel as the references the graph keeps, and only the performer opens them.
 */

export const OPENAI_CHAT_EFFECT = 'openai.chat';

export const OPENAI_MODELS = ['gpt-4o-mini', 'gpt-3.5-turbo-1106'] as const;
export type OpenAiModel = (typeof OPENAI_MODELS)[number];

/** Text only, or one of Azure's Brazilian Portuguese neural voices (`pt-BR-FranciscaNeural` …). */
export const TEXT_ONLY = 'texto';
export const VOICE_NAMES = ['Francisca', 'Antonio', 'Brenda', 'Donato', 'Elza', 'Fabio', 'Giovanna', 'Humberto', 'Julio', 'Leila', 'Leticia', 'Manuela', 'Nicolau', 'Valerio', 'Yara'] as const;
export const VOICES = [TEXT_ONLY, ...VOICE_NAMES.map((name) => `pt-BR-${name}Neural`)] as const;

export const TEMPERATURE_MAX = 2;
export const MAX_TOKENS_MAX = 4096;
export const MAX_MESSAGES_MAX = 100;
export const PROMPT_MAX = 10_000;

export interface OpenAiSettings {
  name: string;
  /** A secret: in a published graph, the reference `secret:<id>`. */
  apiKey: string;
  /** The system message; `{{variables}}` are filled in. */
  prompt: string;
  model: OpenAiModel;
  temperature: number;
  maxTokens: number;
  /** How many of the conversation's last messages the model reads. */
  maxMessages: number;
  voice: (typeof VOICES)[number];
  /** A secret, needed with a voice. */
  voiceKey: string;
  voiceRegion: string;
}

export interface OpenAiConfig {
  /** The spec keeps the block's fields under `typebotIntegration`. */
  typebotIntegration: OpenAiSettings;
  /** Where a transfer sends the ticket; none: back to the waiting list, for any queue's people. */
  queue: { id: number; name: string } | null;
  /** How long the block waits for each reply before leaving by `timeout`. */
  timeoutMinutes: number;
}

/** The effect's input: the references of the secrets, never their values. */
export interface OpenAiChatInput {
  model: string;
  temperature: number;
  maxTokens: number;
  prompt: string;
  apiKey: string;
  maxMessages: number;
  /** The contact's message that this answer is for ('' when it is a voice note: see `audioUrl`). */
  text: string;
  /** The contact's voice note: the performer transcribes it and answers the transcript. */
  audioUrl?: string;
  voice: { name: string; key: string; region: string } | null;
  /** Another server speaking OpenAI's protocol; none: OPENAI_BASE_URL, else OpenAI's. The block never sets it. */
  baseUrl?: string;
}

/** The effect's value: the answer without its transfer line, and its voice note when a voice was chosen. */
export interface OpenAiChatValue {
  text: string;
  transfer: boolean;
  audioUrl: string | null;
}

export function chatInputOf(config: OpenAiConfig, variables: Readonly<Record<string, string>>, contactText: string): OpenAiChatInput {
  const s = config.typebotIntegration;
  return {
    model: s.model,
    temperature: s.temperature,
    maxTokens: s.maxTokens,
    prompt: fillIn(s.prompt, variables),
    apiKey: s.apiKey,
    maxMessages: s.maxMessages,
    text: contactText,
    voice: s.voice === TEXT_ONLY ? null : { name: s.voice, key: s.voiceKey, region: s.voiceRegion },
  };
}

const isChatValue = (value: unknown): value is OpenAiChatValue => {
  const v = value as OpenAiChatValue | null;
  return !!v && typeof v.text === 'string' && typeof v.transfer === 'boolean' && (v.audioUrl === null || typeof v.audioUrl === 'string');
};

/** The speech service's key and region are needed only with a voice. */
const withVoice = <S extends yup.StringSchema<string | undefined, yup.AnyObject, any, any>>(s: S) =>
  s.when('voice', ([voice], field) => (voice === TEXT_ONLY ? field : field.required('flows.validation.voiceSettings')));

export default defineBlock<OpenAiConfig>({
  type: 'openai',
  label: 'flows.blocks.openai',
  icon: 'predictive-analysis',
  texts,
  // Its place in the add menu (spec §2).
  menuOrder: 8,
  input: true,
  outputs: [
    { name: 'timeout', label: 'flows.ports.timeout' },
    { name: 'error', label: 'flows.ports.error' },
  ],
  waits: true,
  defaults: {
    typebotIntegration: {
      name: '', apiKey: '', prompt: '', model: 'gpt-4o-mini', temperature: 1, maxTokens: 100, maxMessages: 10, voice: TEXT_ONLY, voiceKey: '', voiceRegion: '',
    },
    queue: null,
    timeoutMinutes: 1440,
  },
  fields: [
    { name: 'typebotIntegration.name', kind: 'text', label: 'flows.fields.name' },
    { name: 'typebotIntegration.apiKey', kind: 'secret', label: 'flows.fields.apiKey' },
    { name: 'typebotIntegration.prompt', kind: 'textarea', label: 'flows.fields.prompt', rows: 10 },
    { name: 'typebotIntegration.model', kind: 'select', label: 'flows.fields.model', choices: OPENAI_MODELS.map((value) => ({ value, label: value })) },
    {
      name: 'typebotIntegration.voice',
      kind: 'select',
      label: 'flows.fields.voice',
      choices: [{ value: TEXT_ONLY, label: 'flows.voices.text' }, ...VOICE_NAMES.map((name) => ({ value: `pt-BR-${name}Neural`, label: name }))],
    },
    { name: 'typebotIntegration.voiceKey', kind: 'secret', label: 'flows.fields.voiceKey' },
    { name: 'typebotIntegration.voiceRegion', kind: 'text', label: 'flows.fields.voiceRegion' },
    { name: 'typebotIntegration.temperature', kind: 'number', label: 'flows.fields.temperature', min: 0, max: TEMPERATURE_MAX, step: 0.1 },
    { name: 'typebotIntegration.maxTokens', kind: 'number', label: 'flows.fields.maxTokens', min: 1, max: MAX_TOKENS_MAX },
    { name: 'typebotIntegration.maxMessages', kind: 'number', label: 'flows.fields.maxMessages', min: 1, max: MAX_MESSAGES_MAX },
    { name: 'queue', kind: 'queue', label: 'flows.fields.transferQueue' },
    { name: 'timeoutMinutes', kind: 'number', label: 'flows.fields.timeoutMinutes', min: 1, max: 10_080 },
  ],
  schema: yup.object({
    typebotIntegration: yup
      .object({
        name: yup.string().trim().required('validation.required').max(100, 'validation.tooLong'),
        apiKey: yup.string().trim().required('validation.required').max(4096, 'validation.tooLong'),
        prompt: yup.string().trim().required('validation.required').max(PROMPT_MAX, 'validation.tooLong'),
        model: yup.string().oneOf(OPENAI_MODELS, 'validation.invalid').default('gpt-4o-mini'),
        temperature: yup.number().typeError('validation.type').min(0, 'validation.min').max(TEMPERATURE_MAX, 'validation.max').default(1),
        maxTokens: yup.number().typeError('validation.type').integer('validation.integer').min(1, 'validation.min').max(MAX_TOKENS_MAX, 'validation.max').default(100),
        maxMessages: yup.number().typeError('validation.type').integer('validation.integer').min(1, 'validation.min').max(MAX_MESSAGES_MAX, 'validation.max').default(10),
        voice: yup.string().oneOf(VOICES, 'validation.invalid').default(TEXT_ONLY),
        voiceKey: withVoice(yup.string().trim().default('').max(4096, 'validation.tooLong')),
        voiceRegion: withVoice(yup.string().trim().default('').matches(/^[a-z0-9]{2,40}$/, { message: 'flows.validation.voiceRegion', excludeEmptyString: true })),
      })
      .required(),
    queue: yup
      .object({ id: yup.number().integer().positive().required('validation.required'), name: yup.string().default('') })
      .nullable()
      .default(null),
    timeoutMinutes: yup.number().typeError('validation.type').integer('validation.integer').min(1, 'validation.min').max(10_080, 'validation.max').default(1440),
  }),
  run({ config, variables, input, isConnected }): BlockOutcome {
    const listen = awaitReply(config.timeoutMinutes * 60, 'timeout');
    switch (input.type) {
      case 'enter':
        return { next: listen };
      case 'reply': {
        const { body, mediaType, mediaUrl } = input.message;
        const contactText = body.trim();
        if (contactText) return { next: effect(OPENAI_CHAT_EFFECT, chatInputOf(config, variables, contactText)) };
        // A voice note is heard (the performer transcribes it); a sticker, or a file with no caption, is not asked about.
        if (mediaType === 'audio' && mediaUrl) return { next: effect(OPENAI_CHAT_EFFECT, { ...chatInputOf(config, variables, ''), audioUrl: mediaUrl }) };
        return { next: listen };
      }
      case 'effect': {
        const value = input.result.ok && isChatValue(input.result.value) ? input.result.value : null;
        if (!value) return { next: isConnected('error') ? follow('error') : finish() };
        const send = value.audioUrl ? [media('audio', value.audioUrl, { voice: true })] : value.text ? [text(value.text)] : [];
        return { send, next: value.transfer ? handOver(config.queue?.id ?? null) : listen };
      }
      default: {
        const unknown: never = input;
        return unknown;
      }
    }
  },
});
