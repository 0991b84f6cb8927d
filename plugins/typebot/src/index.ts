import { defineBlock } from '@atendo/flow-engine';
import block, { TYPEBOT_CHAT_EFFECT } from './block.js';
import { bot } from './bot.js';
import { performTypebotChat } from './perform.js';

/** The Typebot block, with the performer of its `typebot.chat` effect and the bots it runs. */
export default defineBlock({ ...block, effects: { [TYPEBOT_CHAT_EFFECT]: performTypebotChat }, bot });
export * from './block.js';
export * from './bot.js';
export * from './perform.js';
export * from './protocol.js';
