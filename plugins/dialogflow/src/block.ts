import { DIALOGFLOW_DETECT_EFFECT, DIALOGFLOW_LANGUAGES, type DialogflowDetectInput, type DialogflowDetectValue, type DialogflowLanguage } from '@atendo/contracts';
import { awaitReply, defineBlock, effect, follow, handOver, text, yup, type BlockOutcome } from '@atendo/flow-engine';
import { texts } from './texts.js';

/**
 * The Dialogflow block: a conversation with a Dialogflow ES agent. It waits for the contact; each reply with text is
 * asked of the agent (the `dialogflow.detectIntent` effect, perform.ts), whose fulfilment texts are sent before the
 * block waits again. An intent that ends the interaction hands the ticket to its own queue's people. A reply with no
 * text (a sticker, a file) is not asked about. A failed call leaves by `error`, or, when that leads nowhere, the block
 * keeps waiting: the next message tries again.
 */

export const TIMEOUT_MAX_MINUTES = 10_080;

export interface DialogflowConfig {
  /** The service account's JSON key: in a published graph, the reference `secret:<id>`. */
  credentials: string;
  projectId: string;
  language: DialogflowLanguage;
  /** How long each reply is waited for before leaving by `timeout`. */
  timeoutMinutes: number;
}

const isDetectValue = (value: unknown): value is DialogflowDetectValue => {
  const v = value as DialogflowDetectValue | null;
  return !!v && Array.isArray(v.texts) && v.texts.every((t) => typeof t === 'string') && typeof v.endInteraction === 'boolean';
};

export default defineBlock<DialogflowConfig>({
  type: 'dialogflow',
  label: 'flows.blocks.dialogflow',
  icon: 'comment',
  texts,
  input: true,
  outputs: [
    { name: 'timeout', label: 'flows.ports.timeout' },
    { name: 'error', label: 'flows.ports.error' },
  ],
  waits: true,
  defaults: { credentials: '', projectId: '', language: 'pt-BR', timeoutMinutes: 1440 },
  fields: [
    { name: 'credentials', kind: 'secret', label: 'flows.fields.dialogflowCredentials' },
    { name: 'projectId', kind: 'text', label: 'flows.fields.dialogflowProject' },
    { name: 'language', kind: 'select', label: 'flows.fields.language', choices: DIALOGFLOW_LANGUAGES.map((value) => ({ value, label: `flows.languages.${value}` })) },
    { name: 'timeoutMinutes', kind: 'number', label: 'flows.fields.timeoutMinutes', min: 1, max: TIMEOUT_MAX_MINUTES },
  ],
  schema: yup.object({
    credentials: yup.string().trim().required('validation.required').max(20_000, 'validation.tooLong'),
    // Google's project ids, the older domain-scoped ones (`example.com:project`) included.
    projectId: yup.string().trim().required('validation.required').matches(/^[\w.:-]{1,100}$/, 'flows.validation.dialogflowProject'),
    language: yup.string().oneOf(DIALOGFLOW_LANGUAGES, 'validation.invalid').default('pt-BR'),
    timeoutMinutes: yup.number().typeError('validation.type').integer('validation.integer').min(1, 'validation.min').max(TIMEOUT_MAX_MINUTES, 'validation.max').default(1440),
  }),
  run({ config, input, isConnected }): BlockOutcome {
    const listen = awaitReply(config.timeoutMinutes * 60, 'timeout');
    switch (input.type) {
      case 'enter':
        return { next: listen };
      case 'reply': {
        const said = input.message.body.trim();
        if (!said) return { next: listen };
        const ask: DialogflowDetectInput = { credentials: config.credentials, projectId: config.projectId, language: config.language, text: said };
        return { next: effect(DIALOGFLOW_DETECT_EFFECT, ask) };
      }
      case 'effect': {
        const value = input.result.ok && isDetectValue(input.result.value) ? input.result.value : null;
        if (!value) return { next: isConnected('error') ? follow('error') : listen };
        // handOver(null): the ticket keeps its queue and waits for its people.
        return { send: value.texts.map((t) => text(t)), next: value.endInteraction ? handOver(null) : listen };
      }
      default: {
        const unknown: never = input;
        return unknown;
      }
    }
  },
});
