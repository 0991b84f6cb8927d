/**
 * Typebot's chat API (v1, the one its self-hosted servers and typebot.io both answer), as this plugin uses it:
 *
 *   POST {baseUrl}/api/v1/typebots/{publicId}/startChat        { prefilledVariables? }
 *   POST {baseUrl}/api/v1/sessions/{sessionId}/continueChat    { message }   (a plain string: every version takes it)
 *
 * Each answers `messages` (bubbles: text as rich text or markdown, image, video, audio, embed), `input` (what the bot
 * waits for; none when its flow is over), `clientSideActions` (here only `wait` is carried out) and, for startChat,
 * `sessionId`. This file turns an answer into what the block sends; it does no I/O.
 */

/** A bubble as WhatsApp gets it; `delayMs` is a `wait` action of the bot before it. */
export type TypebotMessage =
  | { kind: 'text'; body: string; delayMs?: number }
  | { kind: 'media'; mediaType: 'image' | 'video' | 'audio'; url: string; delayMs?: number };

/** The `typebot.chat` effect's value. */
export interface TypebotTurn {
  sessionId: string;
  messages: TypebotMessage[];
  /** The bot waits for an answer; false when its flow is over. */
  expectsReply: boolean;
}

/** A pause the bot asks for is kept within the engine's interval limit. */
export const WAIT_MAX_SECONDS = 120;

type RichNode = { text?: unknown; bold?: unknown; italic?: unknown; strikethrough?: unknown; type?: unknown; url?: unknown; children?: unknown };

/** WhatsApp's marks around a run of text, spaces kept outside them (`* bold*` is not bold there). */
function marked(node: RichNode): string {
  const text = String(node.text);
  const core = text.trim();
  if (!core) return text;
  let inner = core;
  if (node.bold) inner = `*${inner}*`;
  if (node.italic) inner = `_${inner}_`;
  if (node.strikethrough) inner = `~${inner}~`;
  const start = text.indexOf(core);
  return text.slice(0, start) + inner + text.slice(start + core.length);
}

function inline(node: RichNode): string {
  if (typeof node.text === 'string') return marked(node);
  const inner = Array.isArray(node.children) ? (node.children as RichNode[]).map(inline).join('') : '';
  if (node.type === 'a' && typeof node.url === 'string') return inner && inner !== node.url ? `${inner} (${node.url})` : node.url;
  return inner;
}

/** Rich text (a list of paragraphs of runs, Slate's shape) as WhatsApp text: one line a paragraph. */
export const richTextToWhatsApp = (richText: unknown): string => (Array.isArray(richText) ? (richText as RichNode[]).map(inline).join('\n') : '').trim();

const isObject = (v: unknown): v is Record<string, any> => v !== null && typeof v === 'object';

function textOf(content: Record<string, any>): string {
  if (content.type === 'markdown' && typeof content.markdown === 'string') return content.markdown.trim();
  if (Array.isArray(content.richText)) return richTextToWhatsApp(content.richText);
  return typeof content.plainText === 'string' ? content.plainText.trim() : '';
}

/** One bubble, or null for what WhatsApp cannot show (a custom embed with a script). */
function bubbleOf(bubble: Record<string, any>): TypebotMessage | null {
  const content = isObject(bubble.content) ? bubble.content : {};
  const url = typeof content.url === 'string' ? content.url : '';
  switch (bubble.type) {
    case 'text': {
      const body = textOf(content);
      return body ? { kind: 'text', body } : null;
    }
    case 'image':
      return url ? { kind: 'media', mediaType: 'image', url } : null;
    case 'audio':
      return url ? { kind: 'media', mediaType: 'audio', url } : null;
    case 'video':
      // A YouTube or Vimeo video is a page, not a file: its link is sent.
      if (!url) return null;
      return !content.type || content.type === 'url' ? { kind: 'media', mediaType: 'video', url } : { kind: 'text', body: url };
    case 'embed':
      return url ? { kind: 'text', body: url } : null;
    default:
      return null;
  }
}

/** The choices of a buttons input, one a line, since WhatsApp has no buttons here: the contact answers with the text. */
function choicesOf(input: Record<string, any>): TypebotMessage | null {
  if (input.type !== 'choice input' || !Array.isArray(input.items)) return null;
  const lines = input.items.map((item: unknown) => (isObject(item) && typeof item.content === 'string' ? item.content.trim() : '')).filter(Boolean);
  return lines.length > 0 ? { kind: 'text', body: lines.map((line: string) => `▶️ ${line}`).join('\n') } : null;
}

/** Seconds of each `wait` action, by the bubble it comes after ('' for one before the first). */
function waitsOf(actions: unknown): Map<string, number> {
  const waits = new Map<string, number>();
  for (const action of Array.isArray(actions) ? actions : []) {
    if (!isObject(action) || action.type !== 'wait' || !isObject(action.wait)) continue;
    const seconds = Number(action.wait.secondsToWaitFor);
    if (!Number.isFinite(seconds) || seconds <= 0) continue;
    const after = typeof action.lastBubbleBlockId === 'string' ? action.lastBubbleBlockId : '';
    waits.set(after, Math.min(WAIT_MAX_SECONDS, (waits.get(after) ?? 0) + seconds));
  }
  return waits;
}

/** An answer of startChat or continueChat as one turn of the block; `sessionId` for continueChat, which has none. */
export function turnOf(answer: unknown, sessionId?: string): TypebotTurn {
  if (!isObject(answer) || !Array.isArray(answer.messages)) throw new Error('typebot: not a chat answer');
  const id = typeof answer.sessionId === 'string' ? answer.sessionId : sessionId;
  if (!id) throw new Error('typebot: the answer has no session');
  const waits = waitsOf(answer.clientSideActions);
  const messages: TypebotMessage[] = [];
  let pendingMs = (waits.get('') ?? 0) * 1000;
  for (const bubble of answer.messages as unknown[]) {
    if (!isObject(bubble)) continue;
    const message = bubbleOf(bubble);
    if (message) {
      messages.push(pendingMs > 0 ? { ...message, delayMs: pendingMs } : message);
      pendingMs = 0;
    }
    pendingMs += (typeof bubble.id === 'string' ? (waits.get(bubble.id) ?? 0) : 0) * 1000;
  }
  const choices = isObject(answer.input) ? choicesOf(answer.input) : null;
  if (choices) messages.push(pendingMs > 0 ? { ...choices, delayMs: pendingMs } : choices);
  return { sessionId: id, messages, expectsReply: isObject(answer.input) };
}
