import { readCapped, type EffectContext } from '@atendo/flow-engine';
import type { TypebotChatInput } from './block.js';
import { turnOf, type TypebotTurn } from './protocol.js';

/** How much of an answer is read: a chat answer is a few kilobytes; more is not a chat answer. */
export const ANSWER_LIMIT = 1024 * 1024;

function inputOf(value: unknown): TypebotChatInput {
  const v = value as TypebotChatInput | null;
  const fine =
    !!v &&
    typeof v.baseUrl === 'string' &&
    /^https?:\/\//.test(v.baseUrl) &&
    ((v.action === 'start' && typeof v.publicId === 'string' && !!v.prefilledVariables && typeof v.prefilledVariables === 'object') ||
      (v.action === 'continue' && typeof v.sessionId === 'string' && typeof v.message === 'string'));
  if (!fine) throw new Error('invalid input: not a typebot.chat input');
  return v;
}

/**
 * The performer of `typebot.chat`: starts or continues a chat with `fetch`, within the runtime's deadline, and
 * answers the turn the block sends (protocol.ts). A status other than 2xx fails as `typebot: HTTP <status>` (a 404 on
 * continue: the bot's server forgot the session); no answer fails as `typebot: network`; a bubble's file that cannot be
 * brought into the company's store fails as `media: <reason>`.
 */
export async function performTypebotChat(raw: unknown, context: EffectContext): Promise<TypebotTurn> {
  const input = inputOf(raw);
  const [path, body] =
    input.action === 'start'
      ? [`/api/v1/typebots/${encodeURIComponent(input.publicId)}/startChat`, { prefilledVariables: input.prefilledVariables }]
      : [`/api/v1/sessions/${encodeURIComponent(input.sessionId)}/continueChat`, { message: input.message }];
  let response: Response;
  try {
    response = await context.fetch(`${input.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: context.signal,
    });
  } catch (error) {
    if (context.signal.aborted) throw error;
    throw new Error('typebot: network');
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`typebot: HTTP ${response.status}`);
  }
  let answer: unknown;
  try {
    answer = JSON.parse(await readCapped(response, ANSWER_LIMIT, 'typebot'));
  } catch (error) {
    if (error instanceof SyntaxError) throw new Error('typebot: not a chat answer');
    throw error;
  }
  const turn = turnOf(answer, input.action === 'continue' ? input.sessionId : undefined);
  // A bubble's file is an address on the bot's side: it is brought into the company's store (or the turn fails with why).
  const messages = [];
  for (const m of turn.messages) messages.push(m.kind === 'media' ? { ...m, url: await context.importMedia(m.url, m.mediaType) } : m);
  return { ...turn, messages };
}

