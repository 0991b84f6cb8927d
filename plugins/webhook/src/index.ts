import { WEBHOOK_POST_EFFECT } from '@atendo/contracts';
import { defineBlock } from '@atendo/flow-engine';
import block from './block.js';
import { performWebhookPost } from './perform.js';

/** The webhook block, with the performer of its `webhook.post` effect. */
export default defineBlock({ ...block, effects: { [WEBHOOK_POST_EFFECT]: performWebhookPost } });
export * from './block.js';
export * from './perform.js';
