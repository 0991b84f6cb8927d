import { defineBlock, follow, text, yup } from '@atendo/flow-engine';
import { texts } from './texts.js';

export interface MessageConfig {
  /** The text (the spec keeps it in `label`); `{{variables}}` are filled in. */
  label: string;
  typingMs: number;
}

/** Sends one text, then goes on. */
export default defineBlock<MessageConfig>({
  type: 'message',
  label: 'flows.blocks.message',
  icon: 'chat',
  texts,
  input: true,
  outputs: [{ name: 'default', label: 'flows.ports.next' }],
  waits: false,
  defaults: { label: '', typingMs: 1000 },
  fields: [
    { name: 'label', kind: 'textarea', label: 'flows.fields.message', rows: 7 },
    { name: 'typingMs', kind: 'number', label: 'flows.fields.typingMs', min: 0, max: 10_000, step: 500 },
  ],
  schema: yup.object({
    label: yup.string().trim().required('validation.required').max(4096, 'validation.tooLong'),
    typingMs: yup.number().integer().min(0).max(10_000).default(1000),
  }),
  run: ({ config }) => ({ send: [text(config.label, config.typingMs)], next: follow('default') }),
});
