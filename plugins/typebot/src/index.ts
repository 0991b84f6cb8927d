import { defineBlock } from '@atendo/flow-engine';
import block, { TYPEBOT_CHAT_EFFECT } from './block.js';
import { performTypebotChat } from './perform.js';

/** The Typebot block, with the performer of its `typebot.chat` effect. */
export default defineBlock({ ...block, effects: { [TYPEBOT_CHAT_EFFECT]: performTypebotChat } });
export * from './block.js';
export * from './perform.js';
export * from './protocol.js';
