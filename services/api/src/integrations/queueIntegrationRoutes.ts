import type { Knex } from 'knex';
import * as yup from 'yup';
import type { AnyObject, InferType } from 'yup';
import {
  DIALOGFLOW_DETECT_EFFECT,
  INTEGRATION_DEFAULTS,
  integrationTestSessionSchema,
  listIntegrationsQuerySchema,
  queueIntegrationSchema,
  type DialogflowDetectInput,
  type DialogflowDetectValue,
  type DialogflowLanguage,
  type IntegrationTestResult,
  type IntegrationType,
  type QueueIntegration,
  type QueueIntegrationFields,
  type QueueIntegrationPage,
} from '@atendo/contracts';
import { handleCommand, queueIntegrationDecider, queueIntegrationStream, type CommandContext, type FlowSecrets } from '@atendo/core';
import { AppError, type EventStore, type IdAllocator } from '@atendo/platform';
import { performEffect, type PluginRegistry } from '@atendo/flow-engine';
import { BotQueries, FlowQueries, QueueIntegrationQueries } from '@atendo/read';
import type { AuthContext } from '../auth/middleware.js';
import type { ApiContext } from '../http/context.js';
import { route, type RouteSpec } from '../http/routeTable.js';
import { recordRoutes } from '../http/recordRoutes.js';
import { isMask, maskRecords, planSecrets, sealPlanned } from './botSecrets.js';
import { inUse } from './inUse.js';

export interface QueueIntegrationRouteDeps {
  api: ApiContext;
  knex: Knex;
  store: EventStore;
  ids: IdAllocator;
  secrets: FlowSecrets;
  /** The flow blocks' plugins: the test session asks Dialogflow through the dialogflow plugin's performer. */
  registry: PluginRegistry;
  /** The fetch for outside calls (the runtime's refuses addresses inside the installation's network). */
  fetch: typeof fetch;
}

type IntegrationInput = InferType<typeof queueIntegrationSchema>;
const SECRET_FIELDS = ['jsonContent', 'webhookSecret'] as const;
/** How long the test session waits for Dialogflow. */
const TEST_TIMEOUT_MS = 30_000;

/** Without `pageNumber` (nor a search), every integration at once (the queue's and the connection's forms); with it, that page. */
const listQuerySchema = listIntegrationsQuerySchema.shape({ pageNumber: yup.number().typeError('validation.integer').integer('validation.integer').min(1, 'validation.positive') });

/**
 * The spec's test session tries a Dialogflow agent: its body is that type's fields, and it asks through the effect the
 * Dialogflow plugin performs. The one place the routes name an integration type for what a block does (decision 0044).
 */
const TEST_SESSION_TYPE: IntegrationType = 'dialogflow';

/** Why the plugin that runs this type of integration refuses its fields (a key still masked is the stored one: not checked). */
function refusal(registry: PluginRegistry, type: IntegrationType, fields: Partial<QueueIntegrationFields>): AppError | null {
  const unmasked = Object.fromEntries(Object.entries(fields).filter(([name, value]) => !(isSecretField(name) && typeof value === 'string' && isMask(value))));
  const problems = registry.botBlock(type)?.bot?.check?.(unmasked) ?? [];
  if (problems.length === 0) return null;
  return new AppError('ERR_VALIDATION', 400, problems.map((p) => p.detail).join('; '), problems.map(({ path, message }) => ({ path, message })));
}
const isSecretField = (name: string) => SECRET_FIELDS.some((field) => field === name);

/** The fields of its type as sent; the others empty or their defaults, so nothing of a former type lingers. */
function ownFields(body: IntegrationInput): Omit<QueueIntegrationFields, 'jsonContent' | 'webhookSecret'> & { jsonContent: string; webhookSecret: string } {
  const type = body.type as IntegrationType;
  const is = (...types: IntegrationType[]) => types.includes(type);
  const typebot = is('typebot');
  return {
    type,
    name: body.name,
    // The spec: for every type but Dialogflow the project is the integration's name.
    projectName: is('dialogflow') ? body.projectName : body.name,
    jsonContent: is('dialogflow') ? body.jsonContent : '',
    language: (is('dialogflow') ? body.language : INTEGRATION_DEFAULTS.language) as DialogflowLanguage,
    urlN8N: is('n8n', 'webhook', 'typebot') ? body.urlN8N : '',
    webhookSecret: is('n8n', 'webhook') ? body.webhookSecret : '',
    typebotSlug: typebot ? body.typebotSlug : '',
    typebotDelayMessage: typebot ? body.typebotDelayMessage : INTEGRATION_DEFAULTS.typebotDelayMessage,
    typebotExpires: typebot ? body.typebotExpires : INTEGRATION_DEFAULTS.typebotExpires,
    typebotKeywordFinish: typebot ? body.typebotKeywordFinish : '',
    typebotKeywordRestart: typebot ? body.typebotKeywordRestart : '',
    typebotRestartMessage: typebot ? body.typebotRestartMessage : '',
    typebotUnknownMessage: typebot ? body.typebotUnknownMessage : '',
    flowId: is('flowbuilder') ? (body.flowId ?? null) : null,
  };
}

/**
 * Queue integrations (spec: /queue-integration): a Dialogflow agent, an n8n workflow or any webhook, a Typebot, or one
 * of the company's flows, answering a queue's or a connection's customers before a person does. Kept by the company's
 * admins when the plan has integrations (useIntegrations); the service account and HMAC keys are sealed and masked.
 */
export function queueIntegrationRoutes({ api: ctx, knex, store, ids, secrets, registry, fetch }: QueueIntegrationRouteDeps): RouteSpec[] {
  const gate = { feature: 'integrations', permission: 'integrations:manage', planFlag: 'useIntegrations' } as const;
  const integrations = new QueueIntegrationQueries(knex);
  const flows = new FlowQueries(knex);
  const bots = new BotQueries(knex);
  const by = (who: AuthContext): CommandContext => ({ actor: { type: 'user', userId: who.claims.userId } });

  const integrationRecord = recordRoutes<QueueIntegration>({ ...gate, path: '/queueIntegration/:id', notFound: 'ERR_QUEUE_INTEGRATION_NOT_FOUND', noun: 'Queue integration', find: (companyId, id) => integrations.find(companyId, id) });
  const { found } = integrationRecord;
  const shown = async (companyId: number, list: QueueIntegration[]) => maskRecords(secrets, companyId, list, SECRET_FIELDS);
  const shownOne = async (companyId: number, id: number) => (await shown(companyId, [await found(companyId, id)]))[0];

  /** The fields to store, every check done before any key is sealed. */
  async function fieldsOf(companyId: number, body: IntegrationInput, before: QueueIntegration | undefined): Promise<QueueIntegrationFields> {
    const fields = ownFields(body);
    if (fields.type === 'flowbuilder' && !(await flows.find(companyId, fields.flowId!))) {
      throw new AppError('ERR_VALIDATION', 400, `flowId: the company has no flow ${fields.flowId}`, [{ path: 'flowId', message: 'validation.invalid' }]);
    }
    const refused = refusal(registry, fields.type, fields);
    if (refused) throw refused;
    const plans = await planSecrets(
      secrets,
      companyId,
      { jsonContent: fields.jsonContent, webhookSecret: fields.webhookSecret },
      before && { jsonContent: before.jsonContent, webhookSecret: before.webhookSecret },
    );
    return { ...fields, ...(await sealPlanned(secrets, companyId, plans)) };
  }

  /** The service account a test session asks with: the one typed, or the saved integration's that its mask stands for. */
  async function testCredentials(companyId: number, jsonContent: string, integrationId: number | null): Promise<string> {
    if (!isMask(jsonContent)) {
      const refused = refusal(registry, TEST_SESSION_TYPE, { jsonContent });
      if (refused) throw refused;
      return jsonContent;
    }
    const saved = integrationId === null ? undefined : await integrations.find(companyId, integrationId);
    const plans = saved?.type === TEST_SESSION_TYPE ? await planSecrets(secrets, companyId, { jsonContent }, { jsonContent: saved.jsonContent }) : undefined;
    const plan = plans?.jsonContent;
    const stored = plan && 'keep' in plan ? await secrets.reveal(companyId, plan.keep) : null;
    if (!stored) throw new AppError('ERR_VALIDATION', 400, 'jsonContent: the masked key stands for no saved Dialogflow integration; paste the key again', [{ path: 'jsonContent', message: 'validation.invalid' }]);
    return stored;
  }

  return [
    integrationRecord.list({
      path: '/queueIntegration',
      summary: "The company's integrations by name, keys masked: a page of 20 with `pageNumber` or `searchParam` (matching the name, whatever the case), all of them with neither",
      query: listQuerySchema,
      async read({ query, auth: { viewer } }): Promise<QueueIntegrationPage> {
        const { companyId } = viewer;
        if (query.pageNumber === undefined && !query.searchParam) {
          const all = await shown(companyId, await integrations.all(companyId));
          return { queueIntegrations: all, count: all.length, hasMore: false };
        }
        const page = await integrations.page(companyId, query.searchParam, query.pageNumber ?? 1);
        return { ...page, queueIntegrations: await shown(companyId, page.queueIntegrations) };
      },
    }),
    route<AnyObject, AnyObject, InferType<typeof integrationTestSessionSchema>>({
      ...gate,
      method: 'post',
      path: '/queueIntegration/testSession',
      summary:
        'Ask a Dialogflow agent once (projectName, jsonContent, language, text; a masked jsonContent with integrationId uses that saved integration\'s key) and answer its intent and texts',
      body: integrationTestSessionSchema,
      errors: ['ERR_INTEGRATION_TEST_FAILED'],
      async handler({ res, body, auth }) {
        const { companyId } = auth.viewer;
        const json = await testCredentials(companyId, body.jsonContent, body.integrationId ?? null);
        const handle = 'secret:test-session';
        const input: DialogflowDetectInput = { credentials: handle, projectId: body.projectName, language: body.language, text: body.text, sessionId: `test-${companyId}-${auth.claims.userId}` };
        const result = await performEffect(registry.performer(DIALOGFLOW_DETECT_EFFECT), DIALOGFLOW_DETECT_EFFECT, input, {
          signal: AbortSignal.timeout(TEST_TIMEOUT_MS),
          fetch,
          companyId,
          ticketId: 0,
          executionId: 'test-session',
          resolveSecret: async (value) => {
            if (value !== handle) throw new Error('unknown secret');
            return json;
          },
          history: async () => [],
          storeMedia: async () => {
            throw new Error('a test session stores no media');
          },
          fetchMedia: async () => {
            throw new Error('a test session reads no media');
          },
          importMedia: async () => {
            throw new Error('a test session stores no media');
          },
        });
        if (!result.ok) throw new AppError('ERR_INTEGRATION_TEST_FAILED', 400, `Dialogflow did not answer: ${withoutSecret(result.error, json)}`);
        const value = result.value as DialogflowDetectValue;
        res.json({ intent: value.intent, fulfillmentText: value.texts.join('\n'), endInteraction: value.endInteraction } satisfies IntegrationTestResult);
      },
    }),
    integrationRecord.one({ summary: 'One integration, keys masked', show: shownOne }),
    route<AnyObject, AnyObject, IntegrationInput>({
      ...gate,
      method: 'post',
      path: '/queueIntegration',
      summary:
        "Add an integration: type, name, and the type's fields (dialogflow: projectName, jsonContent, language; n8n and webhook: urlN8N, webhookSecret; typebot: urlN8N, typebotSlug and its options; flowbuilder: flowId)",
      body: queueIntegrationSchema,
      status: 201,
      async handler({ res, body, auth }) {
        const { companyId } = auth.viewer;
        const fields = await fieldsOf(companyId, body, undefined);
        const id = await ids.next('queueIntegration');
        const result = await handleCommand(store, queueIntegrationDecider, queueIntegrationStream(companyId, id), { type: 'create', id, fields }, by(auth));
        await ctx.readYourWrites(result.position);
        res.status(201).json(await shownOne(companyId, id));
      },
    }),
    integrationRecord.update<IntegrationInput>({
      summary: 'Change an integration (the same fields as adding one); a key sent back as its mask keeps the stored key',
      body: queueIntegrationSchema,
      async handler({ res, params: { id }, body, auth }) {
        const { companyId } = auth.viewer;
        const fields = await fieldsOf(companyId, body, await found(companyId, id));
        const result = await handleCommand(store, queueIntegrationDecider, queueIntegrationStream(companyId, id), { type: 'update', changes: fields }, by(auth));
        await ctx.readYourWrites(result.position);
        res.json(await shownOne(companyId, id));
      },
    }),
    integrationRecord.remove({
      summary: 'Delete an integration that no queue or connection uses',
      errors: ['ERR_INTEGRATION_IN_USE'],
      async handler({ res, params: { id }, auth }) {
        const { companyId } = auth.viewer;
        await inUse(bots, companyId, 'integration', id);
        const result = await handleCommand(store, queueIntegrationDecider, queueIntegrationStream(companyId, id), { type: 'delete' }, by(auth));
        await ctx.readYourWrites(result.position);
        res.json({ message: 'Queue integration deleted' });
      },
    }),
  ];
}

/** A performer's error with any part of the key it was given blotted out (an outside service may echo it). */
function withoutSecret(message: string, json: string): string {
  let key: Record<string, unknown> = {};
  try {
    key = JSON.parse(json) as Record<string, unknown>;
  } catch {
    // The key was checked before; nothing to blot out.
  }
  const parts = [json, key.private_key, key.private_key_id].filter((p): p is string => typeof p === 'string' && p.length >= 8);
  return parts.reduce((text, part) => text.split(part).join('[secret]'), message);
}
