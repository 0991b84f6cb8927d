import { awaitReply, defineBlock, follow, text, yup } from '@atendo/flow-engine';
import { texts } from './texts.js';

export interface QuestionConfig {
  /** The spec keeps a question's fields under `typebotIntegration`. */
  typebotIntegration: { message: string; answerKey: string };
  timeoutMinutes: number;
}

/** Asks, waits for the answer and keeps it in the variable `answerKey`; without an answer it leaves by `timeout`. */
export default defineBlock<QuestionConfig>({
  type: 'question',
  label: 'flows.blocks.question',
  icon: 'help',
  texts,
  // Its place in the add menu (spec §2).
  menuOrder: 9,
  input: true,
  outputs: [
    { name: 'default', label: 'flows.ports.answered' },
    { name: 'timeout', label: 'flows.ports.timeout' },
  ],
  waits: true,
  defaults: { typebotIntegration: { message: '', answerKey: '' }, timeoutMinutes: 1440 },
  fields: [
    { name: 'typebotIntegration.message', kind: 'textarea', label: 'flows.fields.message', rows: 7 },
    { name: 'typebotIntegration.answerKey', kind: 'variable', label: 'flows.fields.answerKey' },
    { name: 'timeoutMinutes', kind: 'number', label: 'flows.fields.timeoutMinutes', min: 1, max: 10_080 },
  ],
  schema: yup.object({
    typebotIntegration: yup
      .object({
        message: yup.string().trim().required('validation.required').max(4096, 'validation.tooLong'),
        answerKey: yup.string().trim().required('validation.required').matches(/^[\w.-]+$/, { message: 'flows.validation.variableName', excludeEmptyString: true }),
      })
      .required(),
    timeoutMinutes: yup.number().integer().min(1).max(10_080).default(1440),
  }),
  run({ config, input }) {
    const { message, answerKey } = config.typebotIntegration;
    if (input.type === 'reply') return { set: { [answerKey]: input.message.body.trim() }, next: follow('default') };
    return { send: [text(message)], next: awaitReply(config.timeoutMinutes * 60, 'timeout') };
  },
});
