import { idSchema } from '../schemas.js';
import { isStorableText } from '../text.js';
import { yup } from '../validation.js';
import type { BotHealth } from './health.js';

/**
 * A queue integration (spec "Queue integrations"): what answers a queue's or a connection's customers before a person
 * does — a Dialogflow agent, an n8n workflow or any webhook, a Typebot, or one of the company's flows.
 */
export const INTEGRATION_TYPES = ['dialogflow', 'n8n', 'webhook', 'typebot', 'flowbuilder'] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];

export const DIALOGFLOW_LANGUAGES = ['pt-BR', 'en', 'es'] as const;
export type DialogflowLanguage = (typeof DIALOGFLOW_LANGUAGES)[number];

export const INTEGRATION_DEFAULTS = { language: 'pt-BR', typebotDelayMessage: 1000, typebotExpires: 1 } as const;

export const INTEGRATION_NAME_MIN = 2;
export const INTEGRATION_NAME_MAX = 50;
export const TYPEBOT_DELAY_MAX_MS = 10_000;
export const TYPEBOT_EXPIRES_MAX_MINUTES = 10_080;
export const WEBHOOK_SECRET_MIN = 16;

/** What an integration keeps (its events and read model); secrets as `secret:<id>` references. */
export interface QueueIntegrationFields {
  type: IntegrationType;
  name: string;
  /** The Dialogflow project id; for the other types, the name (spec). */
  projectName: string;
  /** Dialogflow: the service account's JSON key, a secret reference; '' for the others. */
  jsonContent: string;
  language: DialogflowLanguage;
  /** n8n and webhook: where each message is posted; typebot: the Typebot server's address. */
  urlN8N: string;
  /** n8n and webhook: the HMAC key the posts are signed with, a secret reference; '' for the others. */
  webhookSecret: string;
  typebotSlug: string;
  typebotDelayMessage: number;
  typebotExpires: number;
  typebotKeywordFinish: string;
  typebotKeywordRestart: string;
  typebotRestartMessage: string;
  typebotUnknownMessage: string;
  /** flowbuilder: the flow it runs; null for the others. */
  flowId: number | null;
}

/** An integration as the API answers it: secrets masked (`••••` and the last four characters), and its health. */
export interface QueueIntegration extends QueueIntegrationFields {
  id: number;
  health: BotHealth;
  createdAt: string;
  updatedAt: string;
}

/** `GET /queueIntegration/` (spec: queueIntegrations, hasMore). */
export interface QueueIntegrationPage {
  queueIntegrations: QueueIntegration[];
  count: number;
  hasMore: boolean;
}

const storable = (v: string | undefined) => v === undefined || isStorableText(v);
const text = () => yup.string().test('storable', 'validation.unstorableText', storable);
const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
};
const isOneOf = (type: unknown, types: readonly IntegrationType[]) => types.includes(type as IntegrationType);

/**
 * `POST /queueIntegration` and `PUT /queueIntegration/{id}`: the fields every type needs, then each type's own. A
 * secret sent back as its mask (`••••` and four characters) keeps the stored one, so the mask passes the length rule.
 */
export const queueIntegrationSchema = yup.object({
  type: yup.string().required('validation.required').oneOf(INTEGRATION_TYPES, 'validation.invalid'),
  name: text().trim().required('validation.required').min(INTEGRATION_NAME_MIN, 'validation.tooShort').max(INTEGRATION_NAME_MAX, 'validation.tooLong'),
  projectName: text().trim().default('').max(100, 'validation.tooLong').when('type', ([type], s) => (isOneOf(type, ['dialogflow']) ? s.required('validation.required') : s)),
  jsonContent: text().trim().default('').max(20_000, 'validation.tooLong').when('type', ([type], s) => (isOneOf(type, ['dialogflow']) ? s.required('validation.required') : s)),
  language: yup.string().default(INTEGRATION_DEFAULTS.language).oneOf(DIALOGFLOW_LANGUAGES, 'validation.invalid'),
  urlN8N: text()
    .trim()
    .default('')
    .max(2048, 'validation.tooLong')
    .test('httpUrl', 'integrations.validation.httpUrl', (v) => !v || isHttpUrl(v))
    .when('type', ([type], s) => (isOneOf(type, ['n8n', 'webhook', 'typebot']) ? s.required('validation.required') : s)),
  webhookSecret: text()
    .trim()
    .default('')
    .max(4096, 'validation.tooLong')
    .when('type', ([type], s) => (isOneOf(type, ['n8n', 'webhook']) ? s.required('validation.required').test('secretTooShort', 'integrations.validation.secretTooShort', (v) => !v || v.startsWith('••••') || v.length >= WEBHOOK_SECRET_MIN) : s)),
  typebotSlug: text()
    .trim()
    .default('')
    .matches(/^[\w-]{1,100}$/, { message: 'integrations.validation.typebotSlug', excludeEmptyString: true })
    .when('type', ([type], s) => (isOneOf(type, ['typebot']) ? s.required('validation.required') : s)),
  typebotDelayMessage: yup.number().typeError('validation.type').integer('validation.integer').min(0, 'validation.min').max(TYPEBOT_DELAY_MAX_MS, 'validation.max').default(INTEGRATION_DEFAULTS.typebotDelayMessage),
  typebotExpires: yup.number().typeError('validation.type').integer('validation.integer').min(1, 'validation.min').max(TYPEBOT_EXPIRES_MAX_MINUTES, 'validation.max').default(INTEGRATION_DEFAULTS.typebotExpires),
  typebotKeywordFinish: text().trim().default('').max(100, 'validation.tooLong'),
  typebotKeywordRestart: text().trim().default('').max(100, 'validation.tooLong'),
  typebotRestartMessage: text().trim().default('').max(4096, 'validation.tooLong'),
  typebotUnknownMessage: text().trim().default('').max(4096, 'validation.tooLong'),
  flowId: idSchema()
    .nullable()
    .default(null)
    .when('type', ([type], s) => (type === 'flowbuilder' ? s.required('validation.required') : s)),
});
export type QueueIntegrationInput = yup.InferType<typeof queueIntegrationSchema>;

/** `POST /queueIntegration/testSession`: ask the Dialogflow agent once with these credentials. */
export const integrationTestSessionSchema = yup.object({
  projectName: text().trim().required('validation.required').max(100, 'validation.tooLong'),
  jsonContent: text().trim().required('validation.required').max(20_000, 'validation.tooLong'),
  language: yup.string().default(INTEGRATION_DEFAULTS.language).oneOf(DIALOGFLOW_LANGUAGES, 'validation.invalid'),
  /** What to ask (default "Olá"). */
  text: text().trim().default('Olá').max(256, 'validation.tooLong'),
  /** The id of a saved integration whose stored key a masked `jsonContent` stands for. */
  integrationId: idSchema().nullable().default(null),
});

/** The test's answer: what the agent said and which intent it matched. */
export interface IntegrationTestResult {
  intent: string | null;
  fulfillmentText: string;
  endInteraction: boolean;
}

/** `searchParam`/`pageNumber` of the list. */
export const listIntegrationsQuerySchema = yup.object({
  searchParam: yup.string().max(200, 'validation.tooLong').default(''),
  pageNumber: yup.number().integer('validation.integer').min(1, 'validation.positive').default(1),
});

export type QueueIntegrationEvent =
  | { type: 'QueueIntegrationCreated'; data: { id: number; version: number } & QueueIntegrationFields }
  | { type: 'QueueIntegrationUpdated'; data: { id: number; version: number; changes: Partial<QueueIntegrationFields> } }
  | { type: 'QueueIntegrationDeleted'; data: { id: number } }
  | { type: 'QueueIntegrationFailing'; data: { id: number; error: string; ticketId: number | null; at: string } }
  | { type: 'QueueIntegrationRecovered'; data: { id: number; at: string } };

export const QUEUE_INTEGRATION_EVENT_TYPES = [
  'QueueIntegrationCreated',
  'QueueIntegrationUpdated',
  'QueueIntegrationDeleted',
  'QueueIntegrationFailing',
  'QueueIntegrationRecovered',
] as const satisfies ReadonlyArray<QueueIntegrationEvent['type']>;
