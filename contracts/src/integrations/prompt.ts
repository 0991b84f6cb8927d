import { idSchema } from '../schemas.js';
import { isStorableText } from '../text.js';
import { yup } from '../validation.js';
import type { BotHealth } from './health.js';

/**
 * A prompt (spec "Prompts"): an OpenAI assistant that answers a queue's or a connection's customers until it hands the
 * ticket over to its queue. The API key (and the speech key) are secrets: stored sealed, kept in the log and the read
 * models as `secret:<id>` references, and shown to the console as `••••` and their last four characters.
 */
export const PROMPT_MODELS = ['gpt-3.5-turbo-1106', 'gpt-4o-mini'] as const;
export type PromptModel = (typeof PROMPT_MODELS)[number];

/** Text only, or one of Azure's Brazilian Portuguese neural voices (as the flow's OpenAI block offers). */
export const PROMPT_TEXT_ONLY = 'texto';

export const PROMPT_DEFAULTS = { model: 'gpt-3.5-turbo-1106', maxTokens: 100, temperature: 1, maxMessages: 10, voice: PROMPT_TEXT_ONLY } as const;

export const PROMPT_NAME_MIN = 5;
export const PROMPT_NAME_MAX = 100;
export const PROMPT_TEXT_MIN = 50;
export const PROMPT_TEXT_MAX = 10_000;
export const PROMPT_MAX_TOKENS_MAX = 4096;
export const PROMPT_MAX_MESSAGES_MAX = 100;

/** What a prompt keeps (in its events and read model): secrets as `secret:<id>` references. */
export interface PromptFields {
  name: string;
  prompt: string;
  model: PromptModel;
  maxTokens: number;
  /** 0 to 1, step 0.1 (spec). */
  temperature: number;
  /** A secret reference (`secret:<id>`). */
  apiKey: string;
  /** The queue the assistant hands the ticket to when the model asks for a person (spec: required). */
  queueId: number;
  /** How many of the conversation's last messages the model reads. */
  maxMessages: number;
  /** `texto`, or an Azure voice name (`pt-BR-FranciscaNeural` …): answers as voice notes. */
  voice: string;
  /** A secret reference, or '' (needed with a voice). */
  voiceKey: string;
  voiceRegion: string;
}

/** A prompt as the API answers it: secrets masked, its queue named, and how its outside calls fare. */
export interface Prompt extends Omit<PromptFields, 'apiKey' | 'voiceKey'> {
  id: number;
  /** `••••` and the key's last four characters; sent back unchanged, it keeps the stored key. */
  apiKey: string;
  voiceKey: string;
  queue: { id: number; name: string } | null;
  health: BotHealth;
  createdAt: string;
  updatedAt: string;
}

const storable = (v: string | undefined) => v === undefined || isStorableText(v);
const text = () => yup.string().test('storable', 'validation.unstorableText', storable);

/** `POST /prompt` and `PUT /prompt/{id}` (the same fields): the console's form and the server check with this schema. */
export const promptSchema = yup.object({
  name: text().trim().required('validation.required').min(PROMPT_NAME_MIN, 'validation.tooShort').max(PROMPT_NAME_MAX, 'validation.tooLong'),
  prompt: text().trim().required('validation.required').min(PROMPT_TEXT_MIN, 'validation.tooShort').max(PROMPT_TEXT_MAX, 'validation.tooLong'),
  model: yup.string().required('validation.required').oneOf(PROMPT_MODELS, 'validation.invalid'),
  maxTokens: yup.number().typeError('validation.type').required('validation.required').integer('validation.integer').min(1, 'validation.min').max(PROMPT_MAX_TOKENS_MAX, 'validation.max'),
  temperature: yup
    .number()
    .typeError('validation.type')
    .required('validation.required')
    .min(0, 'validation.min')
    .max(1, 'validation.max')
    .test('step', 'validation.step', (v) => v === undefined || Math.abs(Math.round(v * 10) - v * 10) < 1e-9),
  apiKey: text().trim().required('validation.required').max(4096, 'validation.tooLong'),
  queueId: idSchema().required('prompts.validation.queueRequired'),
  maxMessages: yup.number().typeError('validation.type').required('validation.required').integer('validation.integer').min(1, 'validation.min').max(PROMPT_MAX_MESSAGES_MAX, 'validation.max'),
  voice: text().trim().default(PROMPT_TEXT_ONLY).matches(/^(texto|[a-z]{2}-[A-Z]{2}-[A-Za-z]+Neural)$/, 'validation.invalid'),
  voiceKey: text().trim().default('').max(4096, 'validation.tooLong').when('voice', ([voice], s) => (voice && voice !== PROMPT_TEXT_ONLY ? s.required('prompts.validation.voiceSettings') : s)),
  voiceRegion: text()
    .trim()
    .default('')
    .matches(/^[a-z0-9]{2,40}$/, { message: 'validation.invalid', excludeEmptyString: true })
    .when('voice', ([voice], s) => (voice && voice !== PROMPT_TEXT_ONLY ? s.required('prompts.validation.voiceSettings') : s)),
});
export type PromptInput = yup.InferType<typeof promptSchema>;

export type PromptEvent =
  | { type: 'PromptCreated'; data: { id: number; version: number } & PromptFields }
  | { type: 'PromptUpdated'; data: { id: number; version: number; changes: Partial<PromptFields> } }
  | { type: 'PromptDeleted'; data: { id: number } }
  /** Its outside calls started failing (`error` worded without secrets), or work again: only changes are recorded. */
  | { type: 'PromptFailing'; data: { id: number; error: string; ticketId: number | null; at: string } }
  | { type: 'PromptRecovered'; data: { id: number; at: string } };

export const PROMPT_EVENT_TYPES = ['PromptCreated', 'PromptUpdated', 'PromptDeleted', 'PromptFailing', 'PromptRecovered'] as const satisfies ReadonlyArray<PromptEvent['type']>;
