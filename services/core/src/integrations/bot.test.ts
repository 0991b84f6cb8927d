import { describe, expect, it } from 'vitest';
import type { PromptEvent, PromptFields, QueueIntegrationEvent, QueueIntegrationFields } from '@atendo/contracts';
import { deciderSpec } from '../testing/deciderSpec.js';
import { promptDecider, queueIntegrationDecider } from './bot.js';

const fields: PromptFields = {
  name: 'Atendente virtual',
  prompt: 'Você é o atendente da loja. Responda com educação e passe para uma pessoa quando pedirem.',
  model: 'gpt-3.5-turbo-1106',
  maxTokens: 100,
  temperature: 1,
  apiKey: 'secret:0b7c5d1e-0000-4000-8000-000000000001',
  queueId: 3,
  maxMessages: 10,
  voice: 'texto',
  voiceKey: '',
  voiceRegion: '',
};
const at = '2026-11-29T01:00:00.000Z';

describe('prompts', () => {
  const spec = deciderSpec(promptDecider);
  const created: PromptEvent = { type: 'PromptCreated', data: { id: 7, version: 1, ...fields } };
  const failing: PromptEvent = { type: 'PromptFailing', data: { id: 7, error: 'OpenAI answered 401', ticketId: 12, at } };

  it('are created at version 1, once', () => {
    spec.given([]).when({ type: 'create', id: 7, fields }).then([created]);
    spec.given([created]).when({ type: 'create', id: 7, fields }).thenThrows('ERR_VALIDATION');
  });

  it('record only what changed, each change one version more; nothing when nothing changed', () => {
    spec.given([created]).when({ type: 'update', changes: { name: 'Atendente virtual', maxTokens: 200 } }).then([{ type: 'PromptUpdated', data: { id: 7, version: 2, changes: { maxTokens: 200 } } }]);
    spec.given([created, { type: 'PromptUpdated', data: { id: 7, version: 2, changes: { maxTokens: 200 } } }]).when({ type: 'update', changes: { temperature: 0.5 } }).then([
      { type: 'PromptUpdated', data: { id: 7, version: 3, changes: { temperature: 0.5 } } },
    ]);
    spec.given([created]).when({ type: 'update', changes: { ...fields } }).then([]);
  });

  it('are refused any command once deleted, or before they exist, with their not-found code', () => {
    const deleted: PromptEvent = { type: 'PromptDeleted', data: { id: 7 } };
    spec.given([created]).when({ type: 'delete' }).then([deleted]);
    for (const command of [{ type: 'delete' }, { type: 'update', changes: { name: 'Outro nome' } }, { type: 'markFailing', error: 'x', ticketId: null, at }, { type: 'markRecovered', at }] as const) {
      spec.given([created, deleted]).when(command).thenThrows('ERR_PROMPT_NOT_FOUND');
      spec.given([]).when(command).thenThrows('ERR_PROMPT_NOT_FOUND');
    }
  });

  it('record an outage once: failing only when it was working, recovered only when it was failing', () => {
    spec.given([created]).when({ type: 'markFailing', error: 'OpenAI answered 401', ticketId: 12, at }).then([failing]);
    spec.given([created, failing]).when({ type: 'markFailing', error: 'OpenAI answered 500', ticketId: 13, at }).then([]);
    spec.given([created]).when({ type: 'markRecovered', at }).then([]);
    spec.given([created, failing]).when({ type: 'markRecovered', at }).then([{ type: 'PromptRecovered', data: { id: 7, at } }]);
    spec
      .given([created, failing, { type: 'PromptRecovered', data: { id: 7, at } }])
      .when({ type: 'markFailing', error: 'again', ticketId: null, at })
      .then([{ type: 'PromptFailing', data: { id: 7, error: 'again', ticketId: null, at } }]);
  });

  it('keep the version through health changes', () => {
    spec.given([created, failing]).when({ type: 'update', changes: { maxMessages: 20 } }).thenState((s) => expect(s).toMatchObject({ status: 'live', version: 2, health: 'failing' }));
  });
});

describe('queue integrations', () => {
  const spec = deciderSpec(queueIntegrationDecider);
  const integration: QueueIntegrationFields = {
    type: 'webhook',
    name: 'Pedidos',
    projectName: 'Pedidos',
    jsonContent: '',
    language: 'pt-BR',
    urlN8N: 'https://hooks.example.com/pedidos',
    webhookSecret: 'secret:0b7c5d1e-0000-4000-8000-000000000002',
    typebotSlug: '',
    typebotDelayMessage: 1000,
    typebotExpires: 1,
    typebotKeywordFinish: '',
    typebotKeywordRestart: '',
    typebotRestartMessage: '',
    typebotUnknownMessage: '',
    flowId: null,
  };
  const created: QueueIntegrationEvent = { type: 'QueueIntegrationCreated', data: { id: 4, version: 1, ...integration } };

  it('are created, changed and deleted like prompts, with their own events and not-found code', () => {
    spec.given([]).when({ type: 'create', id: 4, fields: integration }).then([created]);
    spec.given([created]).when({ type: 'update', changes: { type: 'flowbuilder', flowId: 9, urlN8N: '', webhookSecret: '' } }).then([
      { type: 'QueueIntegrationUpdated', data: { id: 4, version: 2, changes: { type: 'flowbuilder', flowId: 9, urlN8N: '', webhookSecret: '' } } },
    ]);
    spec.given([created]).when({ type: 'update', changes: { flowId: null } }).then([]);
    spec.given([created, { type: 'QueueIntegrationDeleted', data: { id: 4 } }]).when({ type: 'markFailing', error: 'x', ticketId: null, at }).thenThrows('ERR_QUEUE_INTEGRATION_NOT_FOUND');
  });

  it('record an outage once', () => {
    const failing: QueueIntegrationEvent = { type: 'QueueIntegrationFailing', data: { id: 4, error: 'webhook answered 502', ticketId: 3, at } };
    spec.given([created]).when({ type: 'markFailing', error: 'webhook answered 502', ticketId: 3, at }).then([failing]);
    spec.given([created, failing]).when({ type: 'markFailing', error: 'webhook answered 503', ticketId: 4, at }).then([]);
    spec.given([created, failing]).when({ type: 'markRecovered', at }).then([{ type: 'QueueIntegrationRecovered', data: { id: 4, at } }]);
  });
});
