import { defineBlock, handOver, yup } from '@atendo/flow-engine';
import { texts } from './texts.js';

export interface TicketConfig {
  queue: { id: number; name: string };
}

/** Moves the ticket to a queue, where a person takes it; the flow ends there. */
export default defineBlock<TicketConfig>({
  type: 'ticket',
  label: 'flows.blocks.ticket',
  icon: 'inbox',
  texts,
  // Its place in the add menu (spec §2).
  menuOrder: 6,
  input: true,
  outputs: [],
  waits: false,
  defaults: {},
  fields: [{ name: 'queue', kind: 'queue', label: 'flows.fields.queue' }],
  schema: yup.object({
    queue: yup
      .object({
        id: yup.number().integer().positive().required('validation.required'),
        name: yup.string().default(''),
      })
      .default(undefined)
      .required('validation.required'),
  }),
  run: ({ config }) => ({ next: handOver(config.queue.id) }),
});
