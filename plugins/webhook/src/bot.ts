import type { BotBlock, QueueIntegrationFields } from '@atendo/flow-engine';

/** The retries a bot's webhook block makes of a failed post (its `retries` field; the designer's block chooses its own). */
export const BOT_RETRIES = 4;

/**
 * The queue integrations of type n8n and webhook run on this block (decision 0033): the record's address and signing
 * key, and the `retry` port led back into the block, so a failed post is tried again after its back-off.
 */
export const bot: BotBlock = {
  serves: ['n8n', 'webhook'],
  data: (record, { replyTimeoutMinutes }) => {
    const i = record as QueueIntegrationFields;
    return { url: i.urlN8N, secret: i.webhookSecret, retries: BOT_RETRIES, timeoutMinutes: replyTimeoutMinutes };
  },
  loops: ['retry'],
};
