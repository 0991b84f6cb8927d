import { describe, expect, it } from 'vitest';
import type { QueueIntegrationFields } from '@atendo/contracts';
import { blockDataErrors } from '@atendo/flow-engine';
import dialogflow from './index.js';

const record = { type: 'dialogflow', name: 'FAQ', projectName: 'faq-123', jsonContent: 'secret:7', language: 'es' } as QueueIntegrationFields;

describe('the Dialogflow integrations this block runs', () => {
  it('serves the dialogflow type, its block data made from the record', () => {
    expect(dialogflow.bot?.serves).toEqual(['dialogflow']);
    const data = dialogflow.bot!.data(record, { replyTimeoutMinutes: 1440 });
    expect(data).toEqual({ credentials: 'secret:7', projectId: 'faq-123', language: 'es', timeoutMinutes: 1440 });
    expect(blockDataErrors(dialogflow, data)).toEqual([]);
  });

  it('refuses a key that is not a service account’s, and says nothing of a key it was not given (a masked one)', () => {
    const check = dialogflow.bot!.check!;
    expect(check({ jsonContent: '{"client_email": "a@b.c"}' })).toEqual([expect.objectContaining({ path: 'jsonContent', message: 'integrations.validation.serviceAccount' })]);
    expect(check({ jsonContent: 'not json' })).toHaveLength(1);
    expect(check({ jsonContent: JSON.stringify({ client_email: 'a@b.c', private_key: '-----BEGIN PRIVATE KEY-----' }) })).toEqual([]);
    expect(check({})).toEqual([]);
  });
});
