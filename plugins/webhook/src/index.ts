import { WEBHOOK_POST_EFFECT } from '@atendo/contracts';
import { defineBlock } from '@atendo/flow-engine';
import block from './block.js';
import { bot } from './bot.js';
import { performWebhookPost } from './perform.js';

/**
 * The webhook block, with the performer of its `webhook.post` effect and the bots it runs. The block tries a failed
 * post again itself, durably and spaced out (`retries`, the `retry` port): the runtime tries each post once.
 */
export default defineBlock({ ...block, effects: { [WEBHOOK_POST_EFFECT]: { perform: performWebhookPost, retry: { tries: 1 } } }, bot });
export * from './block.js';
export * from './bot.js';
export * from './perform.js';
