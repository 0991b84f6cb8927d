import type OpenAI from 'openai';
import type { ConversationMessage, EffectContext, EffectPerformer } from '@atendo/flow-engine';
import type { OpenAiChatInput, OpenAiChatValue } from './block.js';
import { azureSpeech, type SpeechPort } from './speech.js';
import { readTransfer } from './transfer.js';

type ChatMessage = OpenAI.Chat.Completions.ChatCompletionMessageParam;

/**
 * The chat's messages: the prompt as the system message, then the conversation's last messages (the company's as the
 * assistant's, the contact's as the user's). The contact's message is usually the last of the history already; when
 * the history has not caught up with it yet, it is added.
 */
export function chatMessages(prompt: string, history: ConversationMessage[], contactText: string): ChatMessage[] {
  const said = history.filter((m) => m.body.trim() !== '').map((m): ChatMessage => ({ role: m.fromMe ? 'assistant' : 'user', content: m.body }));
  const last = said.at(-1);
  if (!(last?.role === 'user' && last.content === contactText)) said.push({ role: 'user', content: contactText });
  return [{ role: 'system', content: prompt }, ...said];
}

function inputOf(value: unknown): OpenAiChatInput {
  const v = value as OpenAiChatInput | null;
  const fine =
    !!v &&
    typeof v.model === 'string' &&
    typeof v.prompt === 'string' &&
    typeof v.apiKey === 'string' &&
    typeof v.text === 'string' &&
    (v.audioUrl === undefined || (typeof v.audioUrl === 'string' && v.audioUrl !== '')) &&
    Number.isFinite(v.temperature) &&
    Number.isInteger(v.maxTokens) &&
    Number.isInteger(v.maxMessages) &&
    (v.voice === null || (typeof v.voice?.name === 'string' && typeof v.voice.key === 'string' && typeof v.voice.region === 'string'));
  if (!fine) throw new Error('invalid input: not an openai.chat input');
  return v;
}

/** What an event may keep of a failure: the status and code, never the provider's text (it can echo the key). */
function failure(error: unknown, sdk: typeof import('openai')): Error {
  if (error instanceof sdk.APIConnectionError) return new Error('openai: network');
  if (error instanceof sdk.APIError) return new Error(`openai: HTTP ${error.status ?? '?'}${error.code ? ` ${error.code}` : ''}`);
  return error instanceof Error ? error : new Error(String(error));
}

/** The contact's voice note as text (Whisper). A failure is worded with its status only, as the chat's. */
async function transcribe(client: OpenAI, sdk: typeof import('openai'), audioUrl: string, context: EffectContext): Promise<string> {
  const audio = await context.fetchMedia(audioUrl);
  try {
    const transcript = await client.audio.transcriptions.create({ model: 'whisper-1', file: await sdk.toFile(audio, 'audio.ogg') }, { signal: context.signal });
    return transcript.text.trim();
  } catch (error) {
    if (error instanceof sdk.APIConnectionError) throw new Error('openai: network');
    if (error instanceof sdk.APIError) throw new Error(`openai: transcription HTTP ${error.status ?? '?'}`);
    throw error;
  }
}

/**
 * The performer of `openai.chat`: the model's answer to the contact's message (a voice note transcribed first), with
 * the conversation as context, and,
 * when a voice was chosen, the answer spoken and stored as a voice note. The `openai` SDK is loaded on the first call.
 */
export function chatPerformer(speech: SpeechPort = azureSpeech): EffectPerformer {
  return async (raw: unknown, context: EffectContext): Promise<OpenAiChatValue> => {
    const input = inputOf(raw);
    const sdk = await import('openai');
    const client = new sdk.default({
      apiKey: await context.resolveSecret(input.apiKey),
      baseURL: input.baseUrl ?? process.env.OPENAI_BASE_URL ?? undefined,
      // One retry for a 429 or a 5xx; the runtime's deadline bounds the whole call.
      maxRetries: 1,
    });
    const contactText = input.audioUrl ? await transcribe(client, sdk, input.audioUrl, context) : input.text;
    // A voice note with no words in it: nothing to answer.
    if (contactText === '') return { text: '', transfer: false, audioUrl: null };
    const history = await context.history(input.maxMessages);
    let answer: string;
    try {
      const completion = await client.chat.completions.create(
        {
          model: input.model,
          temperature: input.temperature,
          // max_tokens rather than max_completion_tokens: both models take it, and so do servers that only mimic OpenAI.
          max_tokens: input.maxTokens,
          messages: chatMessages(input.prompt, history, contactText),
        },
        { signal: context.signal },
      );
      answer = completion.choices[0]?.message?.content ?? '';
    } catch (error) {
      throw failure(error, sdk);
    }
    const { text, transfer } = readTransfer(answer);
    if (!input.voice || text === '') return { text, transfer, audioUrl: null };
    const voice = { name: input.voice.name, key: await context.resolveSecret(input.voice.key), region: input.voice.region };
    const audio = await speech.synthesize(text, voice, context.signal);
    return { text, transfer, audioUrl: await context.storeMedia(audio.data, audio.mimeType, `resposta.${audio.extension}`) };
  };
}
