import { awaitReply, defineBlock, follow, text, yup } from '@atendo/flow-engine';
import { texts } from './texts.js';

export interface MenuConfig {
  message: string;
  arrayOption: Array<{ number: number; value: string }>;
  timeoutMinutes: number;
}

/** The menu as the contact reads it: the message, then one line an option (`*1* - Vendas`), as the chatbot writes it. */
export const menuText = (config: MenuConfig) =>
  [config.message.trim(), config.arrayOption.map((o) => `*${o.number}* - ${o.value}`).join('\n')].filter(Boolean).join('\n\n');

/** The option a reply picks: its number, or its text (case and surrounding spaces aside). */
export function chosenOption(config: MenuConfig, reply: string) {
  const answer = reply.trim().toLowerCase();
  return config.arrayOption.find((o) => String(o.number) === answer || o.value.trim().toLowerCase() === answer);
}

/**
 * Numbered options, one output each (`option:1` …). A reply that picks none leaves by `invalid` when that leads
 * somewhere; otherwise the menu is sent again and waits again.
 */
export default defineBlock<MenuConfig>({
  type: 'menu',
  label: 'flows.blocks.menu',
  icon: 'numbered-list',
  texts,
  // Its place in the add menu (spec §2).
  menuOrder: 3,
  input: true,
  outputs: [
    { name: 'invalid', label: 'flows.ports.invalid' },
    { name: 'timeout', label: 'flows.ports.timeout' },
  ],
  outputsPerItem: { list: 'arrayOption', key: 'number', prefix: 'option:', required: true },
  waits: true,
  defaults: { message: '', arrayOption: [], timeoutMinutes: 1440 },
  fields: [
    { name: 'message', kind: 'textarea', label: 'flows.fields.message', rows: 4 },
    {
      name: 'arrayOption',
      kind: 'list',
      label: 'flows.fields.options',
      item: [
        { name: 'number', kind: 'number', label: 'flows.fields.optionNumber', min: 1 },
        { name: 'value', kind: 'text', label: 'flows.fields.optionValue' },
      ],
    },
    { name: 'timeoutMinutes', kind: 'number', label: 'flows.fields.timeoutMinutes', min: 1, max: 10_080 },
  ],
  schema: yup.object({
    message: yup.string().trim().required('validation.required').max(4096, 'validation.tooLong'),
    arrayOption: yup
      .array(
        yup.object({
          number: yup.number().integer().min(1).required(),
          value: yup.string().trim().required('validation.required').max(100, 'validation.tooLong'),
        }),
      )
      .min(1)
      .max(50)
      .required()
      .test('unique', 'flows.validation.optionNumberTwice', (list) => new Set(list?.map((o) => o.number)).size === (list?.length ?? 0)),
    timeoutMinutes: yup.number().integer().min(1).max(10_080).default(1440),
  }),
  run({ config, input, isConnected }) {
    const ask = { send: [text(menuText(config))], next: awaitReply(config.timeoutMinutes * 60, 'timeout') };
    if (input.type !== 'reply') return ask;
    const option = chosenOption(config, input.message.body);
    if (option) return { next: follow(`option:${option.number}`) };
    return isConnected('invalid') ? { next: follow('invalid') } : ask;
  },
});
