import { idSchema } from '../schemas.js';
import { isStorableText } from '../text.js';
import { yup } from '../validation.js';
import type { BlockDescription } from './blocks.js';
import type { FlowValidationError } from './errors.js';
import type { OutgoingMessage } from './events.js';
import type { FlowGraph } from './graph.js';

/**
 * The flows' API (spec: /flowbuilder, /flowcampaign; issue 13). A flow is a name and its published versions: saving
 * the editor's graph validates it and publishes a new version; a running execution finishes on the version it started
 * with. A flow campaign starts a flow when a contact's whole message is its phrase.
 */

/** A flow as the list shows it. `version` 0: never saved. */
export interface Flow {
  id: number;
  name: string;
  active: boolean;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface FlowPage {
  flows: Flow[];
  hasMore: boolean;
}

/** `GET /flowbuilder/flow/{id}` (spec: `flow.flow`, null if never saved). */
export interface FlowDocument {
  flow: Flow & { flow: FlowGraph | null };
}

/** `POST /flowbuilder/flow` answers the version it published. */
export interface FlowSaved {
  flow: Flow;
  version: number;
}

/** A flow campaign (spec: /phrase-lists): a phrase that starts a flow on one connection. `status`: active. */
export interface FlowCampaign {
  id: number;
  name: string;
  flowId: number;
  whatsappId: number;
  phrase: string;
  status: boolean;
  createdAt: string;
  updatedAt: string;
}

/** `GET /flowcampaign` (spec: "flow list"). */
export interface FlowCampaignList {
  flows: FlowCampaign[];
}

/** A file stored for a block (`/flowbuilder/img`, `/audio`, `/content`): `url` is what the block's data keeps. */
export interface FlowMedia {
  name: string;
  url: string;
  mediaType: 'image' | 'audio' | 'video' | 'document';
}

/** What one inbound message of a dry run did: the blocks it went through and what would have been sent. */
export interface DryRunStep {
  /** The contact's message (null for the start, before any message). */
  message: string | null;
  path: Array<{ nodeId: string; blockType: string }>;
  sent: OutgoingMessage[];
  variables: Record<string, string>;
  /** What the flow waits for afterwards; null once it ended. */
  waiting: 'reply' | 'delay' | 'effect' | null;
  finished: 'end' | 'handedOver' | 'stopped' | null;
  failed: { code: string; nodeId: string | null; message: string } | null;
  /** A hand-over the flow asked for (not carried out in a dry run). */
  handOver: { queueId: number | null; userId: number | null } | null;
}

export interface DryRunResult {
  steps: DryRunStep[];
}

/** `GET /flowbuilder/blocks`: every block type the engine knows, for the editor's menu and forms. */
export interface FlowBlocks {
  blocks: BlockDescription[];
}

/** What the console hears on `flow` and `flowcampaign`. */
export type FlowFeedPayload = { action: 'create' | 'update'; record: Flow } | { action: 'delete'; id: number };
export type FlowCampaignFeedPayload = { action: 'create' | 'update'; record: FlowCampaign } | { action: 'delete'; id: number };

/** A refused save answers ERR_FLOW_INVALID with these in `details`. */
export type FlowSaveRefusal = FlowValidationError[];

/** Limits of a graph the server takes (larger ones are refused before any block is looked at). */
export const FLOW_MAX_BLOCKS = 500;
export const FLOW_MAX_CONNECTIONS = 2_000;
/** The most inbound messages one dry run plays. */
export const DRY_RUN_MAX_MESSAGES = 50;
export const FLOW_NAME_MIN = 2;
export const FLOW_NAME_MAX = 50;
export const FLOW_PHRASE_MAX = 200;

const storable = (v: string | undefined) => v === undefined || isStorableText(v);

/** Spec: required ('Digite um nome!'), min 2 ('Muito curto!'), max 50 ('Muito longo!'). */
export const flowNameSchema = () =>
  yup
    .string()
    .trim()
    .required('validation.nameRequired')
    .min(FLOW_NAME_MIN, 'validation.nameTooShort')
    .max(FLOW_NAME_MAX, 'validation.nameTooLong')
    .test('storable', 'validation.unstorableText', storable);

/** `POST /flowbuilder`. */
export const createFlowSchema = yup.object({ name: flowNameSchema() });

/** `PUT /flowbuilder`: rename, and switch on or off. */
export const changeFlowSchema = yup.object({
  flowId: idSchema().required('validation.required'),
  name: flowNameSchema(),
  active: yup.boolean().typeError('validation.boolean'),
});

/** `POST /flowbuilder/duplicate`. */
export const duplicateFlowSchema = yup.object({ flowId: idSchema().required('validation.required') });

/** `GET /flowbuilder`. */
export const listFlowsQuerySchema = yup.object({
  searchParam: yup.string().trim().max(200, 'validation.tooLong').default(''),
  pageNumber: yup.number().typeError('validation.integer').integer('validation.integer').min(1, 'validation.positive').max(100_000, 'validation.max').default(1),
});

const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
/** A block's data, or a style: any JSON object, passed through whole (its plugin's schema checks a block's data). */
const jsonObject = () =>
  yup
    .mixed<Record<string, unknown>>()
    .test('object', 'validation.type', (v) => v === undefined || isPlainObject(v))
    .test('size', 'validation.tooLong', (v) => v === undefined || JSON.stringify(v).length <= 100_000);

const blockId = () => yup.string().trim().required('validation.required').max(64, 'validation.tooLong').matches(/^[\w-]+$/, 'validation.invalid');

/** A graph as the editor sends it. Each block's `data` is checked against its plugin's schema by the engine. */
export const flowGraphSchema = yup.object({
  nodes: yup
    .array(
      yup.object({
        id: blockId(),
        type: yup.string().trim().required('validation.required').max(64, 'validation.tooLong'),
        position: yup.object({ x: yup.number().typeError('validation.type').required('validation.required'), y: yup.number().typeError('validation.type').required('validation.required') }).required('validation.required'),
        data: jsonObject().default(() => ({})),
        style: jsonObject().optional(),
      }),
    )
    .required('validation.required')
    .max(FLOW_MAX_BLOCKS, 'validation.tooMany'),
  connections: yup
    .array(
      yup.object({
        source: blockId(),
        sourceHandle: yup.string().trim().max(100, 'validation.tooLong').default('out'),
        target: blockId(),
      }),
    )
    .default([])
    .max(FLOW_MAX_CONNECTIONS, 'validation.tooMany'),
});

/** `POST /flowbuilder/flow`: validate and publish. */
export const saveFlowSchema = flowGraphSchema.shape({ idFlow: idSchema().required('validation.required') });

/** `POST /flowbuilder/dry-run`: play messages through a graph (the editor's draft) without sending anything. */
export const dryRunSchema = flowGraphSchema.shape({
  idFlow: idSchema(),
  messages: yup
    .array(yup.string().max(4096, 'validation.tooLong').test('storable', 'validation.unstorableText', storable).defined())
    .default([])
    .max(DRY_RUN_MAX_MESSAGES, 'validation.tooMany'),
  variables: yup
    .mixed<Record<string, string>>()
    .test('variables', 'validation.type', (v) => v === undefined || (isPlainObject(v) && Object.values(v).every((x) => typeof x === 'string')))
    .default(() => ({})),
});

const phrase = () =>
  yup.string().trim().required('validation.required').max(FLOW_PHRASE_MAX, 'validation.tooLong').test('storable', 'validation.unstorableText', storable);

/** Spec: name, flow, phrase required; connection also needed. A new one is active. */
export const flowCampaignSchema = yup.object({
  name: yup.string().trim().required('validation.required').max(FLOW_NAME_MAX, 'validation.tooLong').test('storable', 'validation.unstorableText', storable),
  flowId: idSchema().required('validation.required'),
  whatsappId: idSchema().required('validation.required'),
  phrase: phrase(),
  status: yup.boolean().typeError('validation.boolean').default(true),
});

/** `PUT /flowcampaign`: every field, with the id. */
export const changeFlowCampaignSchema = flowCampaignSchema.shape({ id: idSchema().required('validation.required') });

/**
 * A phrase as campaigns compare it: the whole message, case and accents aside, spaces at the ends and repeated
 * inside ignored. "Olá, quero PROMOÇÃO" matches the phrase "ola, quero promocao".
 */
export function foldPhrase(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}
