import { PROMPT_DEFAULTS, PROMPT_TEXT_ONLY, type Prompt, type PromptInput, type PromptModel } from '@atendo/contracts';

/** The models offered, with the names the spec shows ("GPT 4.0" is gpt-4o-mini). */
export const MODEL_LABELS: Record<PromptModel, string> = { 'gpt-3.5-turbo-1106': 'GPT 3.5 Turbo', 'gpt-4o-mini': 'GPT 4.0' };

/** Azure's Brazilian Portuguese neural voices (as the flow's OpenAI block offers them). */
export const VOICES = ['Francisca', 'Antonio', 'Brenda', 'Donato', 'Elza', 'Fabio', 'Giovanna', 'Humberto', 'Julio', 'Leila', 'Leticia', 'Manuela', 'Nicolau', 'Valerio', 'Yara'].map((name) => ({ value: `pt-BR-${name}Neural`, name }));

/** The form's values: numbers and the queue as typed (text), turned into the body by `bodyOf`. */
export interface PromptFormValues {
  name: string;
  prompt: string;
  model: string;
  apiKey: string;
  queueId: string;
  maxTokens: string;
  temperature: string;
  maxMessages: string;
  voice: string;
  voiceKey: string;
  voiceRegion: string;
}

/** A new prompt starts from the spec's defaults; an edited one from what the server answered (its secrets masked). */
export const formValuesOf = (prompt: Prompt | undefined): PromptFormValues => ({
  name: prompt?.name ?? '',
  prompt: prompt?.prompt ?? '',
  model: prompt?.model ?? PROMPT_DEFAULTS.model,
  apiKey: prompt?.apiKey ?? '',
  queueId: prompt?.queueId ? String(prompt.queueId) : '',
  maxTokens: String(prompt?.maxTokens ?? PROMPT_DEFAULTS.maxTokens),
  temperature: String(prompt?.temperature ?? PROMPT_DEFAULTS.temperature),
  maxMessages: String(prompt?.maxMessages ?? PROMPT_DEFAULTS.maxMessages),
  voice: prompt?.voice || PROMPT_DEFAULTS.voice,
  voiceKey: prompt?.voiceKey ?? '',
  voiceRegion: prompt?.voiceRegion ?? '',
});

/** An empty number field is missing (the schema says "required"), not zero; formik gives number inputs as numbers. */
const numberOf = (value: string | number): number | undefined => (String(value).trim() === '' ? undefined : Number(value));

/** What the form sends: a mask left as it is keeps the stored secret; the voice's settings only with a voice. */
export function bodyOf(values: PromptFormValues): PromptInput {
  const textOnly = values.voice === PROMPT_TEXT_ONLY;
  return {
    name: values.name.trim(),
    prompt: values.prompt.trim(),
    model: values.model as PromptModel,
    apiKey: values.apiKey.trim(),
    queueId: numberOf(values.queueId) as number,
    maxTokens: numberOf(values.maxTokens) as number,
    temperature: numberOf(values.temperature) as number,
    maxMessages: numberOf(values.maxMessages) as number,
    voice: values.voice,
    voiceKey: textOnly ? '' : values.voiceKey.trim(),
    voiceRegion: textOnly ? '' : values.voiceRegion.trim(),
  };
}
