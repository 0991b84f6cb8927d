import { defineBlock, delay, yup } from '@atendo/flow-engine';
import { texts } from './texts.js';

export const INTERVAL_MAX_SECONDS = 120;

/** Pauses the flow `sec` seconds (1 to 120), taking no reply, then goes on. */
export default defineBlock<{ sec: number }>({
  type: 'interval',
  label: 'flows.blocks.interval',
  icon: 'time',
  texts,
  // Its place in the add menu (spec §2).
  menuOrder: 5,
  input: true,
  outputs: [{ name: 'default', label: 'flows.ports.next' }],
  waits: true,
  defaults: { sec: 1 },
  fields: [{ name: 'sec', kind: 'number', label: 'flows.fields.seconds', min: 1, max: INTERVAL_MAX_SECONDS }],
  schema: yup.object({
    sec: yup
      .number()
      .typeError('flows.validation.intervalRequired')
      .required('flows.validation.intervalRequired')
      .integer()
      .moreThan(0, 'flows.validation.intervalRequired')
      .max(INTERVAL_MAX_SECONDS, 'flows.validation.intervalTooLong'),
  }),
  run: ({ config }) => ({ next: delay(config.sec, 'default') }),
});
