import { describe, expect, it } from 'vitest';
import type { QueueIntegrationFields } from '@atendo/contracts';
import { blockDataErrors } from '@atendo/flow-engine';
import webhook, { BOT_RETRIES } from './index.js';

describe('the n8n and webhook integrations this block runs', () => {
  it('serves both types, posting to the record’s address with its key, its retries led back into the block', () => {
    expect(webhook.bot?.serves).toEqual(['n8n', 'webhook']);
    const record = { type: 'n8n', name: 'CRM', urlN8N: 'https://hooks.example.com/crm', webhookSecret: 'secret:9' } as QueueIntegrationFields;
    const data = webhook.bot!.data(record, { replyTimeoutMinutes: 60 });
    expect(data).toEqual({ url: 'https://hooks.example.com/crm', secret: 'secret:9', retries: BOT_RETRIES, timeoutMinutes: 60 });
    expect(blockDataErrors(webhook, data)).toEqual([]);
    expect(webhook.bot?.loops).toEqual(['retry']);
  });
});
