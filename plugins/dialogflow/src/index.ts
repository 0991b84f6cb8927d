import { DIALOGFLOW_DETECT_EFFECT } from '@atendo/contracts';
import { defineBlock } from '@atendo/flow-engine';
import block from './block.js';
import { performDialogflowDetect } from './perform.js';

/** The Dialogflow block, with the performer of its `dialogflow.detectIntent` effect. */
export default defineBlock({ ...block, effects: { [DIALOGFLOW_DETECT_EFFECT]: performDialogflowDetect } });
export * from './block.js';
export * from './perform.js';
