import { INTEGRATION_DEFAULTS, type DialogflowLanguage, type IntegrationType, type QueueIntegration, type QueueIntegrationInput } from '@atendo/contracts';

/** The form's values: numbers and the flow as typed (text), turned into the body by `bodyOf`. */
export interface IntegrationFormValues {
  type: IntegrationType | '';
  name: string;
  projectName: string;
  jsonContent: string;
  language: string;
  urlN8N: string;
  webhookSecret: string;
  typebotSlug: string;
  typebotDelayMessage: string;
  typebotExpires: string;
  typebotKeywordFinish: string;
  typebotKeywordRestart: string;
  typebotRestartMessage: string;
  typebotUnknownMessage: string;
  flowId: string;
}

/** A new integration starts with no type and the spec's defaults; an edited one from the server (secrets masked). */
export const formValuesOf = (i: QueueIntegration | undefined): IntegrationFormValues => ({
  type: i?.type ?? '',
  name: i?.name ?? '',
  projectName: i?.type === 'dialogflow' ? i.projectName : '',
  jsonContent: i?.jsonContent ?? '',
  language: i?.language ?? INTEGRATION_DEFAULTS.language,
  urlN8N: i?.urlN8N ?? '',
  webhookSecret: i?.webhookSecret ?? '',
  typebotSlug: i?.typebotSlug ?? '',
  typebotDelayMessage: String(i?.typebotDelayMessage ?? INTEGRATION_DEFAULTS.typebotDelayMessage),
  typebotExpires: String(i?.typebotExpires ?? INTEGRATION_DEFAULTS.typebotExpires),
  typebotKeywordFinish: i?.typebotKeywordFinish ?? '',
  typebotKeywordRestart: i?.typebotKeywordRestart ?? '',
  typebotRestartMessage: i?.typebotRestartMessage ?? '',
  typebotUnknownMessage: i?.typebotUnknownMessage ?? '',
  flowId: i?.flowId ? String(i.flowId) : '',
});

const numberOf = (value: string | number): number | undefined => (String(value).trim() === '' ? undefined : Number(value));
const when = (keep: boolean, text: string) => (keep ? text.trim() : '');

/**
 * What the form sends: each type's own fields, the others empty. The project is the name for all but Dialogflow (the
 * spec; the server does it too); a mask left as it is keeps the stored secret.
 */
export function bodyOf(values: IntegrationFormValues): QueueIntegrationInput {
  const { type } = values;
  const dialogflow = type === 'dialogflow';
  const posts = type === 'n8n' || type === 'webhook';
  const typebot = type === 'typebot';
  return {
    type: (type || undefined) as IntegrationType,
    name: values.name.trim(),
    projectName: dialogflow ? values.projectName.trim() : values.name.trim(),
    jsonContent: when(dialogflow, values.jsonContent),
    language: dialogflow ? (values.language as DialogflowLanguage) : INTEGRATION_DEFAULTS.language,
    urlN8N: when(posts || typebot, values.urlN8N),
    webhookSecret: when(posts, values.webhookSecret),
    typebotSlug: when(typebot, values.typebotSlug),
    typebotDelayMessage: typebot ? (numberOf(values.typebotDelayMessage) as number) : INTEGRATION_DEFAULTS.typebotDelayMessage,
    typebotExpires: typebot ? (numberOf(values.typebotExpires) as number) : INTEGRATION_DEFAULTS.typebotExpires,
    typebotKeywordFinish: when(typebot, values.typebotKeywordFinish),
    typebotKeywordRestart: when(typebot, values.typebotKeywordRestart),
    typebotRestartMessage: when(typebot, values.typebotRestartMessage),
    typebotUnknownMessage: when(typebot, values.typebotUnknownMessage),
    flowId: type === 'flowbuilder' ? (numberOf(values.flowId) ?? null) : null,
  };
}

const SECRET_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random signing secret of 32 letters and digits (62 is not a divisor of 256: bytes past 248 are drawn again). */
export function randomSecret(length = 32): string {
  let secret = '';
  while (secret.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length))) {
      if (byte < 248 && secret.length < length) secret += SECRET_ALPHABET[byte % SECRET_ALPHABET.length];
    }
  }
  return secret;
}

/** The Typebot the preview shows: `<url>/<slug>`, or nothing until both are there and the URL is an http(s) address. */
export function typebotUrl(url: string, slug: string): string | undefined {
  const base = url.trim().replace(/\/+$/, '');
  const bot = slug.trim();
  if (!base || !/^[\w-]{1,100}$/.test(bot)) return undefined;
  try {
    const parsed = new URL(base);
    if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || !parsed.hostname) return undefined;
  } catch {
    return undefined;
  }
  return `${base}/${bot}`;
}
