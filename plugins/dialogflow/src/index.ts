import { DIALOGFLOW_DETECT_EFFECT } from '@atendo/contracts';
import { defineBlock } from '@atendo/flow-engine';
import block from './block.js';
import { bot } from './bot.js';
import { performDialogflowDetect } from './perform.js';

/** The Dialogflow block, with the performer of its `dialogflow.detectIntent` effect and the bots it runs. */
export default defineBlock({ ...block, effects: { [DIALOGFLOW_DETECT_EFFECT]: performDialogflowDetect }, bot });
export * from './block.js';
export * from './bot.js';
export * from './perform.js';
