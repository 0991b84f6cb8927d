import { defineBlock, follow, yup } from '@atendo/flow-engine';

/** Where every flow begins: block "1", the only block with no input. It goes straight on. */
export default defineBlock<{ label: string }>({
  type: 'start',
  label: 'flows.blocks.start',
  icon: 'play',
  input: false,
  outputs: [{ name: 'default', label: 'flows.ports.next' }],
  waits: false,
  defaults: { label: 'Inicio do fluxo' },
  fields: [],
  schema: yup.object({ label: yup.string().default('Inicio do fluxo') }),
  run: () => ({ next: follow('default') }),
});
