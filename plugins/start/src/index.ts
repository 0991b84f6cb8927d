import { defineBlock, follow, yup } from '@atendo/flow-engine';
import { texts } from './texts.js';

/** Where every flow begins: block "1", the only block with no input. It goes straight on. */
export default defineBlock<{ label: string }>({
  type: 'start',
  label: 'flows.blocks.start',
  icon: 'play',
  texts,
  // Its place in the add menu (spec §2).
  menuOrder: 1,
  input: false,
  outputs: [{ name: 'default', label: 'flows.ports.next' }],
  waits: false,
  defaults: { label: 'Inicio do fluxo' },
  fields: [],
  schema: yup.object({ label: yup.string().default('Inicio do fluxo') }),
  run: () => ({ next: follow('default') }),
});
