import type { Language } from '../texts.js';

/**
 * What the console needs to draw a block it has never heard of: the serialisable part of a plugin's descriptor
 * (flow-engine/src/plugin.ts adds the schema and the behaviour). Labels are i18n keys.
 */
export interface PortSpec {
  name: string;
  label: string;
  /** A flow cannot be saved while this port leads nowhere. Optional ports that lead nowhere end the flow. */
  required?: boolean;
}

/** One output port per item of a list in the configuration, e.g. one per menu option. */
export interface PortsPerItem {
  /** The list's field in the block's data (`arrayOption`). */
  list: string;
  /** The item's field that names the port (`number` gives ports `option:1`, `option:2` …). */
  key: string;
  prefix: string;
  required?: boolean;
}

/**
 * `secret`: a value shown masked and stored apart (the graph keeps `secret:<id>`); `media`: a file uploaded for the
 * block, the data keeping its URL; `boolean`: a switch; `sequence`: a content block's ordered cards (`seq` and
 * `elements`: texts, intervals and files).
 */
export type EditorFieldKind = 'text' | 'textarea' | 'number' | 'select' | 'variable' | 'queue' | 'user' | 'secret' | 'list' | 'media' | 'boolean' | 'sequence';

/** A form field of the block's edit dialog. `name` is a path into the data (`typebotIntegration.message`). */
export interface EditorField {
  name: string;
  kind: EditorFieldKind;
  label: string;
  rows?: number;
  min?: number;
  max?: number;
  step?: number;
  /** For `select`: the values and their label keys. */
  choices?: Array<{ value: string; label: string }>;
  /** For `list`: the fields of one item. */
  item?: EditorField[];
  /** For `media`: the kind of file it takes (the upload route and its limits follow from it). */
  media?: 'image' | 'audio' | 'video';
  /** A key of a line of help shown under the field. */
  help?: string;
}

/**
 * A block's own words, by language and key: every key its descriptor names (label, description, ports, fields and their
 * help, choices) and its schema's messages. The keys are the block's; `validation.*`, the forms' shared messages, need
 * none here. A block installed from outside brings its words the same way, so the console shows it in every language.
 */
export type BlockTexts = Record<Language, Record<string, string>>;

export interface BlockDescription {
  type: string;
  label: string;
  /** Blueprint icon name. */
  icon: string;
  /** The start block has no input. */
  input: boolean;
  outputs: PortSpec[];
  outputsPerItem?: PortsPerItem;
  /** The block can stop and wait (for a reply or a delay): a cycle through it does not spin. */
  waits: boolean;
  defaults: Record<string, unknown>;
  fields: EditorField[];
  /** A key of a sentence saying what the block does. */
  description?: string;
  /** Its place in the editor's add menu (lowest first); blocks without one follow in the order the server lists them. */
  menuOrder?: number;
  /** Its words in each language the console speaks (decision 0044). */
  texts?: BlockTexts;
}

/** The output ports a block has with this configuration. */
export function outputPortsOf(block: Pick<BlockDescription, 'outputs' | 'outputsPerItem'>, data: Record<string, unknown>): PortSpec[] {
  const perItem = block.outputsPerItem;
  if (!perItem) return block.outputs;
  const items = Array.isArray(data[perItem.list]) ? (data[perItem.list] as Array<Record<string, unknown>>) : [];
  const itemPorts = items.map((item) => ({
    name: `${perItem.prefix}${String(item?.[perItem.key])}`,
    label: String(item?.[perItem.key]),
    required: perItem.required,
  }));
  return [...itemPorts, ...block.outputs];
}
