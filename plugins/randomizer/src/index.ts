import { defineBlock, follow, yup } from '@atendo/flow-engine';
import { texts } from './texts.js';

export interface RandomizerConfig {
  /** The chance, in percent, of leaving by `a`; the rest leaves by `b`. */
  percent: number;
}

export const PERCENT_STEP = 10;

/**
 * Splits contacts between two ways at random (an A/B test): `percent` of them leave by `a`, the others by `b`. The draw
 * is the engine's (`random()`), so the same decision always takes the same way.
 */
export default defineBlock<RandomizerConfig>({
  type: 'randomizer',
  label: 'flows.blocks.randomizer',
  icon: 'random',
  texts,
  // Its place in the add menu (spec §2).
  menuOrder: 4,
  input: true,
  outputs: [
    { name: 'a', label: 'flows.ports.a' },
    { name: 'b', label: 'flows.ports.b' },
  ],
  waits: false,
  defaults: { percent: 50 },
  fields: [{ name: 'percent', kind: 'number', label: 'flows.fields.percent', min: 0, max: 100, step: PERCENT_STEP }],
  schema: yup.object({
    percent: yup
      .number()
      .typeError('flows.validation.percent')
      .required('flows.validation.percent')
      .min(0, 'flows.validation.percent')
      .max(100, 'flows.validation.percent')
      .test('step', 'flows.validation.percent', (v) => v === undefined || v % PERCENT_STEP === 0),
  }),
  run: ({ config, random }) => ({ next: follow(random() * 100 < config.percent ? 'a' : 'b') }),
});
