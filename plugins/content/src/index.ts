import { defineBlock, delay, follow, isMediaUrl, media, text, yup, type BlockOutcome, type FlowPlugin, type OutgoingMessage } from '@atendo/flow-engine';
import { texts } from './texts.js';

/**
 * The content block and the single block: cards in order (texts, pauses, images, audio, video) sent as one go. They
 * share the element model and the behaviour and differ in their type and label only (the single block's data comes
 * from its own dialog), so both are built here by `sequenceBlock` and exported as a list.
 */

export const ELEMENT_TYPES = ['message', 'interval', 'img', 'audio', 'video'] as const;
export type ElementType = (typeof ELEMENT_TYPES)[number];

export interface ContentElement {
  type: ElementType;
  /** The card's id, as `seq` names it (`message1`, `interval2` …). */
  number: string;
  /** A text (`{{variables}}` filled in), an interval's seconds, or a file's URL. */
  value: string;
  /** A file's name as it was uploaded. */
  original: string;
  /** An audio card: sent as a voice note. */
  record: boolean;
}

export interface ContentConfig {
  /** The cards' ids in the order they are sent. */
  seq: string[];
  elements: ContentElement[];
}

export const CONTENT_MAX_CARDS = 30;
export const INTERVAL_MAX_SECONDS = 120;
const TEXT_MAX = 4096;

const mediaTypes = { img: 'image', audio: 'audio', video: 'video' } as const;

/** One card's message, or null for an interval. */
function messageOf(element: ContentElement): OutgoingMessage | null {
  switch (element.type) {
    case 'message':
      return text(element.value);
    case 'interval':
      return null;
    case 'img':
    case 'video':
      return media(mediaTypes[element.type], element.value);
    case 'audio':
      return media('audio', element.value, { voice: element.record });
    default: {
      const unknown: never = element.type;
      return unknown;
    }
  }
}

/**
 * The cards in `seq` order. An interval delays the message after it (`delayMs`, added up when several follow each
 * other); intervals at the end are a pause before the path goes on, so what follows the block waits for them too.
 */
export function sendSequence(config: ContentConfig): BlockOutcome {
  const byId = new Map(config.elements.map((e) => [e.number, e]));
  const send: OutgoingMessage[] = [];
  let pauseSeconds = 0;
  for (const id of config.seq) {
    const element = byId.get(id)!;
    const message = messageOf(element);
    if (!message) {
      pauseSeconds += Number(element.value);
      continue;
    }
    send.push(pauseSeconds > 0 ? { ...message, delayMs: pauseSeconds * 1000 } : message);
    pauseSeconds = 0;
  }
  return { send, next: pauseSeconds > 0 ? delay(pauseSeconds, 'default') : follow('default') };
}

const isSeconds = (v: string) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= INTERVAL_MAX_SECONDS;

/** A card's value by its type. The messages are the spec's: an empty text, an interval out of range, an empty file card. */
function valueFits(this: yup.TestContext, value: string | undefined) {
  const type = (this.parent as { type?: ElementType }).type;
  const v = (value ?? '').trim();
  if (type === 'message') return (v !== '' && v.length <= TEXT_MAX) || this.createError({ message: v === '' ? 'flows.validation.contentEmptyMessage' : 'validation.tooLong' });
  if (type === 'interval') return isSeconds(v) || this.createError({ message: 'flows.validation.contentInterval' });
  // A card of an unknown type is refused for its type alone.
  if (!(type && type in mediaTypes)) return true;
  return isMediaUrl(v) || this.createError({ message: v === '' ? 'flows.validation.contentEmptyMedia' : 'flows.validation.mediaUrl' });
}

const schema = yup.object({
  seq: yup
    .array(yup.string().trim().required('validation.required'))
    .required('flows.validation.contentEmpty')
    .min(1, 'flows.validation.contentEmpty')
    .max(CONTENT_MAX_CARDS, 'validation.tooMany')
    .test('unique', 'flows.validation.contentCardTwice', (seq) => new Set(seq).size === (seq?.length ?? 0))
    .test('known', 'flows.validation.contentUnknownCard', function (seq) {
      const ids = new Set(((this.parent as { elements?: Array<{ number?: string }> }).elements ?? []).map((e) => e?.number));
      return (seq ?? []).every((id) => ids.has(id));
    }),
  elements: yup
    .array(
      yup.object({
        type: yup.string().oneOf(ELEMENT_TYPES, 'validation.invalid').required('validation.required'),
        number: yup.string().trim().required('validation.required').max(64, 'validation.tooLong'),
        value: yup.string().default('').test('fits', 'validation.invalid', valueFits),
        original: yup.string().default('').max(255, 'validation.tooLong'),
        record: yup.boolean().typeError('validation.boolean').default(false),
      }),
    )
    .required('flows.validation.contentEmpty')
    .max(CONTENT_MAX_CARDS * 2, 'validation.tooMany')
    .test('unique', 'flows.validation.contentCardTwice', (elements) => new Set(elements?.map((e) => e.number)).size === (elements?.length ?? 0)),
});

function sequenceBlock(type: string, label: string, icon: string, menuOrder?: number): FlowPlugin<ContentConfig> {
  return defineBlock<ContentConfig>({
    type,
    label,
    icon,
    texts,
    ...(menuOrder === undefined ? {} : { menuOrder }),
    input: true,
    outputs: [{ name: 'default', label: 'flows.ports.next' }],
    // A trailing interval pauses, but a block made only of texts does not: a loop through it alone must be refused.
    waits: false,
    defaults: { seq: [], elements: [] },
    fields: [{ name: 'elements', kind: 'sequence', label: 'flows.fields.content' }],
    schema,
    run: ({ config }) => sendSequence(config),
  });
}

export const content = sequenceBlock('content', 'flows.blocks.content', 'layers', 2);
export const singleBlock = sequenceBlock('singleBlock', 'flows.blocks.singleBlock', 'square');

const plugins: FlowPlugin[] = [content, singleBlock];
export default plugins;
