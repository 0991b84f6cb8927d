import { defineBlock } from '@atendo/flow-engine';
import block, { OPENAI_CHAT_EFFECT } from './block.js';
import { chatPerformer } from './chat.js';

/** The OpenAI block, with the performer of its `openai.chat` effect (Azure's voices for spoken answers). */
export default defineBlock({ ...block, effects: { [OPENAI_CHAT_EFFECT]: chatPerformer() } });
export * from './block.js';
export * from './chat.js';
export * from './speech.js';
export * from './transfer.js';
