import { defineBlock } from '@atendo/flow-engine';
import block, { OPENAI_CHAT_EFFECT } from './block.js';
import { bot } from './bot.js';
import { chatPerformer } from './chat.js';

/** The OpenAI block, with the performer of its `openai.chat` effect (Azure's voices for spoken answers) and the bots it runs. */
export default defineBlock({ ...block, effects: { [OPENAI_CHAT_EFFECT]: chatPerformer() }, bot });
export * from './block.js';
export * from './bot.js';
export * from './chat.js';
export * from './speech.js';
export * from './transfer.js';
