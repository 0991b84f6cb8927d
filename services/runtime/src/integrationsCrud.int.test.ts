import { describe, expect, it } from 'vitest';
import {
  DIALOGFLOW_DETECT_EFFECT,
  PROMPT_DEFAULTS,
  type DialogflowDetectInput,
  type Prompt,
  type PromptPage,
  type QueueIntegration,
  type QueueIntegrationPage,
} from '@atendo/contracts';
import type { PlanFields } from '@atendo/contracts';
import { handleCommand, planDecider, planStream, recordBotHealth } from '@atendo/core';
import { eventually } from '@atendo/core/testing';
import type { EffectPerformer } from '@atendo/flow-engine';
import { BotQueries, integrationsProjection, rebuildProjection } from '@atendo/read';
import { addCompany, addUser, type TestUser } from './testing/accounts.js';
import { type Harness } from './testing/harness.js';
import { harnessSuite } from './testing/suite.js';
import { userEventCount } from './testing/log.js';

type Answer<T> = T & { error?: string; message?: string; details?: unknown };
type Problems = { details: Array<{ path: string; rule?: string; message: string }> };

const API_KEY = 'sk-proj-RAWOPENAIKEY-0123456789abcd';
const VOICE_KEY = 'azure-RAWSPEECHKEY-9876';
const PRIVATE_KEY = '-----BEGIN PRIVATE KEY-----\nMIIRAWPRIVATEKEYMATERIAL\n-----END PRIVATE KEY-----\n';
const SERVICE_ACCOUNT = JSON.stringify({ type: 'service_account', client_email: 'bot@atendo-test.iam.gserviceaccount.com', private_key: PRIVATE_KEY, private_key_id: 'kid-RAWKEYID-5555' });
const WEBHOOK_SECRET = 'whsec-RAWHMACSECRET-4242';
const RAW = [API_KEY, VOICE_KEY, 'MIIRAWPRIVATEKEYMATERIAL', WEBHOOK_SECRET, 'RAWKEYID'];

describe('prompts and queue integrations', () => {
  let h: Harness;
  let admin: string;
  let agent: string;
  let b: TestUser & { whatsappId: number };
  let tokenB: string;
  let bots: BotQueries;
  /** Every answer the test got, to look for a raw secret in at the end. */
  const answers: unknown[] = [];

  const call = async <T>(path: string, init: { method?: string; token?: string; body?: unknown } = {}) => {
    const res = await h.api<Answer<T>>(path, { token: admin, ...init });
    answers.push(res.body);
    return res;
  };
  const eventCount = () => userEventCount(h);
  const promptBody = (changes: Record<string, unknown> = {}) => ({
    name: 'Assistente de vendas',
    prompt: 'Você é o assistente de vendas da loja. Responda com educação e passe para uma pessoa quando pedirem.',
    ...PROMPT_DEFAULTS,
    apiKey: API_KEY,
    queueId: h.queueIds[0],
    ...changes,
  });
  const problems = async (path: string, body: unknown, method = 'POST') => {
    const res = await call<Problems>(path, { method, body });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    // A feature's own rule (`prompts.validation.queueRequired`) comes as its key; the common ones by their name.
    return res.body.details.map((d) => `${d.path}:${d.rule ?? d.message.replace(/^validation\./, '')}`);
  };
  const setPlan = async (changes: Partial<PlanFields>) => {
    const r = await handleCommand(h.atendo.store, planDecider, planStream(1), { type: 'update', changes }, { actor: { type: 'system' } });
    await h.atendo.readYourWrites(r.position);
  };

  harnessSuite({ other: 'Empresa B' }, async (platform) => {
    ({ h, token: admin, b, bToken: tokenB } = platform);
    const user = await addUser(h, 'agent@integrations.test', { queueIds: h.queueIds });
    agent = (await h.login(user.email, user.password)).token;
    bots = new BotQueries(h.atendo.knex);
  });

  it("a prompt: the spec's rules per field, each refused without writing anything", async () => {
    const theirQueue = (await h.api<{ id: number }>('/queue', { token: tokenB, body: { name: 'Fila da B', color: '#0c0c0c' } })).body.id;
    const before = await eventCount();
    expect(await problems('/prompt', {})).toEqual(
      expect.arrayContaining(['name:required', 'prompt:required', 'model:required', 'maxTokens:required', 'temperature:required', 'apiKey:required', 'queueId:queueRequired', 'maxMessages:required']),
    );
    expect(await problems('/prompt', promptBody({ name: 'Abcd' }))).toEqual(['name:tooShort']);
    expect(await problems('/prompt', promptBody({ name: 'x'.repeat(101) }))).toEqual(['name:tooLong']);
    expect(await problems('/prompt', promptBody({ prompt: 'x'.repeat(49) }))).toEqual(['prompt:tooShort']);
    expect(await problems('/prompt', promptBody({ model: 'gpt-5' }))).toEqual(['model:invalid']);
    expect(await problems('/prompt', promptBody({ temperature: 1.1 }))).toEqual(['temperature:max']);
    expect(await problems('/prompt', promptBody({ temperature: 0.15 }))).toEqual(['temperature:step']);
    expect(await problems('/prompt', promptBody({ maxTokens: 0 }))).toEqual(['maxTokens:min']);
    expect(await problems('/prompt', promptBody({ maxMessages: 101 }))).toEqual(['maxMessages:max']);
    expect(await problems('/prompt', promptBody({ queueId: undefined }))).toEqual(['queueId:queueRequired']);
    expect((await problems('/prompt', promptBody({ voice: 'pt-BR-FranciscaNeural' }))).sort()).toEqual(['voiceKey:voiceSettings', 'voiceRegion:voiceSettings']);
    // The queue must be the company's.
    expect(await problems('/prompt', promptBody({ queueId: theirQueue }))).toEqual(['queueId:queueRequired']);
    // A mask that stands for no stored key is no key.
    expect(await problems('/prompt', promptBody({ apiKey: '••••abcd' }))).toEqual(['apiKey:invalid']);
    expect(await eventCount()).toBe(before);
    // The console's defaults are the spec's; the server takes them as any other value (and 0.5 is a step of 0.1).
    expect(PROMPT_DEFAULTS).toMatchObject({ model: 'gpt-3.5-turbo-1106', maxTokens: 100, temperature: 1, maxMessages: 10 });
    const created = await call<Prompt>('/prompt', { body: promptBody({ name: 'Temperatura média', temperature: 0.5 }) });
    expect(created).toMatchObject({ status: 201, body: { name: 'Temperatura média', model: 'gpt-3.5-turbo-1106', maxTokens: 100, temperature: 0.5, maxMessages: 10, voice: 'texto', queue: { id: h.queueIds[0] } } });
  });

  it('keeps the keys sealed: answers show the mask, a mask sent back keeps the key, a new key replaces it', async () => {
    const created = await call<Prompt>('/prompt', { body: promptBody({ voice: 'pt-BR-FranciscaNeural', voiceKey: VOICE_KEY, voiceRegion: 'brazilsouth' }) });
    expect(created).toMatchObject({ status: 201, body: { apiKey: '••••abcd', voiceKey: '••••9876', voiceRegion: 'brazilsouth', health: { status: 'ok', lastError: null } } });
    const id = created.body.id;
    const first = (await bots.latest(h.companyId, 'prompt', id))!;
    expect(first).toMatchObject({ version: 1, fields: { apiKey: expect.stringMatching(/^secret:/), voiceKey: expect.stringMatching(/^secret:/) } });
    const refs = first.fields as { apiKey: string; voiceKey: string };

    // The mask sent back unchanged: the same reference, a new version for the name only.
    const renamed = await call<Prompt>(`/prompt/${id}`, { method: 'PUT', body: promptBody({ name: 'Assistente renomeado', apiKey: '••••abcd', voice: 'pt-BR-FranciscaNeural', voiceKey: '••••9876', voiceRegion: 'brazilsouth' }) });
    expect(renamed).toMatchObject({ status: 200, body: { name: 'Assistente renomeado', apiKey: '••••abcd', voiceKey: '••••9876' } });
    expect(await bots.latest(h.companyId, 'prompt', id)).toMatchObject({ version: 2, fields: { name: 'Assistente renomeado', apiKey: refs.apiKey, voiceKey: refs.voiceKey } });
    // Another key's mask keeps nothing.
    expect(await problems(`/prompt/${id}`, promptBody({ apiKey: '••••zzzz' }), 'PUT')).toEqual(['apiKey:invalid']);

    // A new key, and text only: the speech settings go.
    const rekeyed = await call<Prompt>(`/prompt/${id}`, { method: 'PUT', body: promptBody({ name: 'Assistente renomeado', apiKey: 'sk-new-key-wxyz' }) });
    expect(rekeyed).toMatchObject({ status: 200, body: { apiKey: '••••wxyz', voice: 'texto', voiceKey: '', voiceRegion: '' } });
    const third = (await bots.latest(h.companyId, 'prompt', id))!;
    expect(third.version).toBe(3);
    expect((third.fields as { apiKey: string }).apiKey).not.toBe(refs.apiKey);
    // Nothing changed: no event, no version.
    const same = await call<Prompt>(`/prompt/${id}`, { method: 'PUT', body: promptBody({ name: 'Assistente renomeado', apiKey: '••••wxyz' }) });
    expect(same.status).toBe(200);
    expect((await bots.latest(h.companyId, 'prompt', id))!.version).toBe(3);
    // Each version holds the whole record as it was after that change.
    expect(await bots.version(h.companyId, 'prompt', id, 1)).toMatchObject({ version: 1, fields: { name: 'Assistente de vendas', voice: 'pt-BR-FranciscaNeural', voiceRegion: 'brazilsouth', queueId: h.queueIds[0] } });
    expect(await bots.version(h.companyId, 'prompt', id, 2)).toMatchObject({ fields: { name: 'Assistente renomeado', voice: 'pt-BR-FranciscaNeural', maxTokens: 100 } });
    expect(await bots.version(h.companyId, 'prompt', id, 3)).toMatchObject({ fields: { name: 'Assistente renomeado', voice: 'texto', voiceKey: '' } });
    expect(await bots.version(h.companyId, 'prompt', id, 4)).toBeNull();

    const listed = await call<PromptPage>('/prompt');
    expect(listed.body.hasMore).toBe(false);
    expect(listed.body.count).toBe(listed.body.prompts.length);
    expect(listed.body.prompts.find((p) => p.id === id)).toMatchObject({ apiKey: '••••wxyz', queue: { id: h.queueIds[0], name: expect.any(String) } });
    expect(await call(`/prompt/${id}`)).toMatchObject({ status: 200, body: { id, apiKey: '••••wxyz' } });
  });

  it('a key under 12 characters is shown as the mask alone, never its end; sent back, the mask keeps it', async () => {
    const created = await call<Prompt>('/prompt', { body: promptBody({ name: 'Chave curta', apiKey: 'sk-12345' }) });
    expect(created).toMatchObject({ status: 201, body: { apiKey: '••••' } });
    const ref = ((await bots.latest(h.companyId, 'prompt', created.body.id))!.fields as { apiKey: string }).apiKey;
    const renamed = await call<Prompt>(`/prompt/${created.body.id}`, { method: 'PUT', body: promptBody({ name: 'Chave curta renomeada', apiKey: '••••' }) });
    expect(renamed).toMatchObject({ status: 200, body: { apiKey: '••••' } });
    expect(await bots.latest(h.companyId, 'prompt', created.body.id)).toMatchObject({ fields: { name: 'Chave curta renomeada', apiKey: ref } });
    // Twelve characters and more: the last four as a hint.
    const long = await call<Prompt>('/prompt', { body: promptBody({ name: 'Chave de doze', apiKey: 'sk-123456789' }) });
    expect(long).toMatchObject({ status: 201, body: { apiKey: '••••6789' } });
  });

  it('an integration: each type keeps its own fields; the project is the name but for Dialogflow; keys sealed', async () => {
    const before = await eventCount();
    expect(await problems('/queueIntegration', {})).toEqual(expect.arrayContaining(['type:required', 'name:required']));
    expect(await problems('/queueIntegration', { type: 'webhook', name: 'W' })).toEqual(expect.arrayContaining(['name:tooShort', 'urlN8N:required', 'webhookSecret:required']));
    expect(await problems('/queueIntegration', { type: 'webhook', name: 'x'.repeat(51), urlN8N: 'https://a.example.com', webhookSecret: WEBHOOK_SECRET })).toEqual(['name:tooLong']);
    expect(await problems('/queueIntegration', { type: 'webhook', name: 'Curto', urlN8N: 'https://a.example.com', webhookSecret: 'short' })).toEqual(['webhookSecret:secretTooShort']);
    expect(await problems('/queueIntegration', { type: 'dialogflow', name: 'Agente', projectName: 'agente-123', jsonContent: '{"client_email": "a@b.c"}' })).toEqual(['jsonContent:serviceAccount']);
    expect(await problems('/queueIntegration', { type: 'dialogflow', name: 'Agente', projectName: 'agente-123', jsonContent: 'not json' })).toEqual(['jsonContent:serviceAccount']);
    expect(await problems('/queueIntegration', { type: 'flowbuilder', name: 'Fluxo', flowId: 999999 })).toEqual(['flowId:invalid']);
    expect(await eventCount()).toBe(before);
    const theirFlow = (await h.api<{ id: number }>('/flowbuilder', { token: tokenB, body: { name: 'Fluxo da B' } })).body.id;
    const beforeTheirs = await eventCount();
    expect(await problems('/queueIntegration', { type: 'flowbuilder', name: 'Fluxo', flowId: theirFlow })).toEqual(['flowId:invalid']);
    expect(await eventCount()).toBe(beforeTheirs);

    const dialogflow = await call<QueueIntegration>('/queueIntegration', {
      body: { type: 'dialogflow', name: 'Agente', projectName: 'agente-123', jsonContent: SERVICE_ACCOUNT, language: 'es', urlN8N: 'https://ignored.example.com', webhookSecret: WEBHOOK_SECRET },
    });
    expect(dialogflow).toMatchObject({ status: 201, body: { type: 'dialogflow', projectName: 'agente-123', language: 'es', jsonContent: expect.stringMatching(/^••••/), urlN8N: '', webhookSecret: '' } });
    const webhook = await call<QueueIntegration>('/queueIntegration', { body: { type: 'webhook', name: 'Pedidos', projectName: 'outro', urlN8N: 'https://hooks.example.com/pedidos', webhookSecret: WEBHOOK_SECRET, language: 'en' } });
    expect(webhook).toMatchObject({ status: 201, body: { projectName: 'Pedidos', webhookSecret: '••••4242', jsonContent: '', language: 'pt-BR', typebotDelayMessage: 1000, typebotExpires: 1, flowId: null } });
    // A typebot keeps no HMAC key.
    const typebot = await call<QueueIntegration>('/queueIntegration', {
      body: { type: 'typebot', name: 'Typebot', urlN8N: 'https://typebot.example.com', typebotSlug: 'meu-bot', typebotDelayMessage: 500, webhookSecret: WEBHOOK_SECRET, typebotKeywordFinish: 'sair' },
    });
    expect(typebot).toMatchObject({ status: 201, body: { projectName: 'Typebot', webhookSecret: '', typebotSlug: 'meu-bot', typebotDelayMessage: 500, typebotKeywordFinish: 'sair' } });
    const flow = (await call<{ id: number }>('/flowbuilder', { body: { name: 'Fluxo de boas-vindas' } })).body.id;
    const flowbuilder = await call<QueueIntegration>('/queueIntegration', { body: { type: 'flowbuilder', name: 'Boas-vindas', flowId: flow } });
    expect(flowbuilder).toMatchObject({ status: 201, body: { type: 'flowbuilder', projectName: 'Boas-vindas', flowId: flow, urlN8N: '' } });

    // The mask sent back keeps the service account; turning the integration into a webhook drops it.
    const id = dialogflow.body.id;
    const ref = ((await bots.latest(h.companyId, 'integration', id))!.fields as { jsonContent: string }).jsonContent;
    expect(ref).toMatch(/^secret:/);
    const kept = await call<QueueIntegration>(`/queueIntegration/${id}`, { method: 'PUT', body: { type: 'dialogflow', name: 'Agente 2', projectName: 'agente-123', jsonContent: dialogflow.body.jsonContent, language: 'es' } });
    expect(kept).toMatchObject({ status: 200, body: { name: 'Agente 2', jsonContent: dialogflow.body.jsonContent } });
    expect(await bots.latest(h.companyId, 'integration', id)).toMatchObject({ version: 2, fields: { name: 'Agente 2', jsonContent: ref } });
    const turned = await call<QueueIntegration>(`/queueIntegration/${id}`, { method: 'PUT', body: { type: 'n8n', name: 'Agente 2', urlN8N: 'https://n8n.example.com/hook', webhookSecret: WEBHOOK_SECRET } });
    expect(turned).toMatchObject({ status: 200, body: { type: 'n8n', projectName: 'Agente 2', jsonContent: '', webhookSecret: '••••4242', language: 'pt-BR' } });
    expect(await bots.latest(h.companyId, 'integration', id)).toMatchObject({ version: 3, fields: { type: 'n8n', jsonContent: '' } });

    // With no page asked, every integration at once; with one, 20 a page by name, searched whatever the case.
    const all = await call<QueueIntegrationPage>('/queueIntegration');
    expect(all.body).toMatchObject({ count: 4, hasMore: false });
    expect(all.body.queueIntegrations.map((i) => i.name)).toEqual(['Agente 2', 'Boas-vindas', 'Pedidos', 'Typebot']);
    for (let i = 1; i <= 20; i++) await call('/queueIntegration', { body: { type: 'flowbuilder', name: `Página ${String(i).padStart(2, '0')}`, flowId: flow } });
    const first = await call<QueueIntegrationPage>('/queueIntegration?searchParam=PÁGINA&pageNumber=1');
    expect(first.body).toMatchObject({ count: 20, hasMore: false });
    const page1 = await call<QueueIntegrationPage>('/queueIntegration?pageNumber=1');
    expect(page1.body).toMatchObject({ count: 24, hasMore: true });
    expect(page1.body.queueIntegrations).toHaveLength(20);
    const page2 = await call<QueueIntegrationPage>('/queueIntegration?pageNumber=2');
    expect(page2.body.queueIntegrations.map((i) => i.name)).toEqual(['Página 18', 'Página 19', 'Página 20', 'Typebot']);
    expect((await call<QueueIntegrationPage>('/queueIntegration?searchParam=%25&pageNumber=1')).body).toMatchObject({ queueIntegrations: [], count: 0 });
    expect((await call<QueueIntegrationPage>('/queueIntegration?searchParam=TYPE')).body).toMatchObject({ queueIntegrations: [{ name: 'Typebot' }], count: 1, hasMore: false });
    expect(await call(`/queueIntegration/${webhook.body.id}`)).toMatchObject({ status: 200, body: { webhookSecret: '••••4242' } });
  });

  it('holds no raw key in the log, the read models or any answer', async () => {
    const { rows } = (await h.atendo.knex.raw(`SELECT data::text AS data FROM events`)) as { rows: Array<{ data: string }> };
    const readModels = JSON.stringify([await h.atendo.knex('prompts').select(), await h.atendo.knex('queue_integrations').select(), await h.atendo.knex('bot_versions').select()]);
    for (const raw of RAW) {
      expect(rows.filter((r) => r.data.includes(raw)), raw).toEqual([]);
      expect(readModels.includes(raw), raw).toBe(false);
      expect(JSON.stringify(answers).includes(raw), raw).toBe(false);
    }
  });

  it('answers 403 to companies whose plan lacks AI (prompts) or integrations', async () => {
    const prompt = (await call<PromptPage>('/prompt')).body.prompts[0]!;
    await setPlan({ useOpenAi: false });
    try {
      expect(await call('/prompt')).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
      expect(await call(`/prompt/${prompt.id}`)).toMatchObject({ status: 403 });
      expect(await call('/prompt', { body: promptBody() })).toMatchObject({ status: 403 });
      expect(await call('/queueIntegration')).toMatchObject({ status: 200 });
    } finally {
      await setPlan({ useOpenAi: true });
    }
    await setPlan({ useIntegrations: false });
    try {
      expect(await call('/queueIntegration')).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
      expect(await call('/queueIntegration/testSession', { body: { projectName: 'p', jsonContent: SERVICE_ACCOUNT } })).toMatchObject({ status: 403 });
      expect(await call('/prompt')).toMatchObject({ status: 200 });
    } finally {
      await setPlan({ useIntegrations: true });
    }
    // Admins only.
    expect(await call('/prompt', { token: agent })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(await call('/queueIntegration', { token: agent })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
  });

  it("another company's prompts and integrations are not there: 404, nothing written", async () => {
    const theirQueue = (await h.api<{ id: number }>('/queue', { token: tokenB, body: { name: 'Fila B2', color: '#0d0d0d' } })).body.id;
    const theirPrompt = (await h.api<Prompt>('/prompt', { token: tokenB, body: promptBody({ queueId: theirQueue, name: 'Assistente da B' }) })).body.id;
    const theirs = (await h.api<QueueIntegration>('/queueIntegration', { token: tokenB, body: { type: 'webhook', name: 'Webhook B', urlN8N: 'https://b.example.com', webhookSecret: WEBHOOK_SECRET } })).body.id;
    const before = await eventCount();
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const body = method === 'PUT' ? promptBody() : undefined;
      expect(await call(`/prompt/${theirPrompt}`, { method, body })).toMatchObject({ status: 404, body: { error: 'ERR_PROMPT_NOT_FOUND' } });
      expect(await call(`/queueIntegration/${theirs}`, { method, body: method === 'PUT' ? { type: 'webhook', name: 'x' } : undefined })).toMatchObject({ status: 404, body: { error: 'ERR_QUEUE_INTEGRATION_NOT_FOUND' } });
    }
    expect((await call<PromptPage>('/prompt')).body.prompts.map((p) => p.id)).not.toContain(theirPrompt);
    expect(await eventCount()).toBe(before);
  });

  it('a queue or a connection names only its company’s prompt or integration, and what is used cannot be deleted', async () => {
    const prompt = (await call<Prompt>('/prompt', { body: promptBody({ name: 'Em uso' }) })).body.id;
    const integration = (await call<QueueIntegration>('/queueIntegration', { body: { type: 'webhook', name: 'Em uso', urlN8N: 'https://a.example.com', webhookSecret: WEBHOOK_SECRET } })).body.id;
    const theirQueue = (await h.api<{ id: number }>('/queue', { token: tokenB, body: { name: 'Fila B3', color: '#0e0e0e' } })).body.id;
    const theirPrompt = (await h.api<Prompt>('/prompt', { token: tokenB, body: promptBody({ queueId: theirQueue, name: 'Outro da B' }) })).body.id;
    const theirIntegration = (await h.api<QueueIntegration>('/queueIntegration', { token: tokenB, body: { type: 'webhook', name: 'Outro B', urlN8N: 'https://b.example.com', webhookSecret: WEBHOOK_SECRET } })).body.id;
    const queue = h.queueIds[1]!;

    expect(await problems(`/queue/${queue}`, { promptId: theirPrompt }, 'PUT')).toEqual(['promptId:invalid']);
    expect(await problems(`/queue/${queue}`, { integrationId: theirIntegration }, 'PUT')).toEqual(['integrationId:invalid']);
    expect(await problems(`/whatsapp/${h.whatsappId}`, { integrationId: theirIntegration }, 'PUT')).toEqual(['integrationId:invalid']);
    expect(await problems(`/whatsapp/${h.whatsappId}`, { promptId: 999999 }, 'PUT')).toEqual(['promptId:invalid']);
    expect(await call(`/queue/${queue}`, { method: 'PUT', body: { promptId: prompt, integrationId: integration } })).toMatchObject({ status: 200, body: { promptId: prompt, integrationId: integration } });
    expect(await call(`/whatsapp/${h.whatsappId}`, { method: 'PUT', body: { integrationId: integration } })).toMatchObject({ status: 200, body: { integrationId: integration } });

    const before = await eventCount();
    const promptInUse = await call<{ reason: string }>(`/prompt/${prompt}`, { method: 'DELETE' });
    expect(promptInUse).toMatchObject({ status: 409, body: { error: 'ERR_INTEGRATION_IN_USE', details: { queueIds: [queue], whatsappIds: [] } } });
    expect(promptInUse.body.reason).toContain(`queue ${queue}`);
    const integrationInUse = await call<{ reason: string }>(`/queueIntegration/${integration}`, { method: 'DELETE' });
    expect(integrationInUse).toMatchObject({ status: 409, body: { error: 'ERR_INTEGRATION_IN_USE', details: { queueIds: [queue], whatsappIds: [h.whatsappId] } } });
    expect(integrationInUse.body.reason).toContain(`connection ${h.whatsappId}`);
    expect(await eventCount()).toBe(before);

    await call(`/queue/${queue}`, { method: 'PUT', body: { promptId: null, integrationId: null } });
    await call(`/whatsapp/${h.whatsappId}`, { method: 'PUT', body: { integrationId: null } });
    expect(await call(`/prompt/${prompt}`, { method: 'DELETE' })).toMatchObject({ status: 200, body: { message: expect.any(String) } });
    expect(await call(`/queueIntegration/${integration}`, { method: 'DELETE' })).toMatchObject({ status: 200 });
    expect(await call(`/prompt/${prompt}`)).toMatchObject({ status: 404, body: { error: 'ERR_PROMPT_NOT_FOUND' } });
    expect(await call(`/prompt/${prompt}`, { method: 'DELETE' })).toMatchObject({ status: 404 });
    // A deleted one can no longer be named.
    expect(await problems(`/queue/${queue}`, { promptId: prompt }, 'PUT')).toEqual(['promptId:invalid']);
    // Its versions stay for the runs that started on them, but it is no longer the latest of anything.
    expect(await bots.latest(h.companyId, 'prompt', prompt)).toBeNull();
    expect(await bots.version(h.companyId, 'prompt', prompt, 1)).toMatchObject({ version: 1 });
  });

  it("the flow runner's reports: an outage is one event, the record shows it, and it recovers", async () => {
    const prompt = (await call<Prompt>('/prompt', { body: promptBody({ name: 'Saúde' }) })).body.id;
    const feed = await h.socket(admin);
    try {
      const failingEvents = async () => Number(((await h.atendo.knex('events').where({ event_type: 'PromptFailing' }).whereRaw(`(data->>'id')::bigint = ?`, [prompt]).count({ n: '*' })) as Array<{ n: unknown }>)[0]!.n);
      const key = { kind: 'prompt', companyId: h.companyId, id: prompt } as const;
      const system = { actor: { type: 'system' } } as const;
      await recordBotHealth(h.atendo.store, key, { ok: false, error: 'OpenAI answered 401', ticketId: 7, at: '2026-11-29T01:00:00.000Z' }, system);
      await recordBotHealth(h.atendo.store, key, { ok: false, error: 'OpenAI answered 401', ticketId: 8, at: '2026-11-29T01:01:00.000Z' }, system);
      expect(await failingEvents()).toBe(1);
      await eventually(async () =>
        expect((await call<Prompt>(`/prompt/${prompt}`)).body.health).toEqual({ status: 'failing', lastError: 'OpenAI answered 401', lastErrorAt: '2026-11-29T01:00:00.000Z' }),
      );
      await eventually(() => expect(feed.entries(`company-${h.companyId}-prompt`)).toContainEqual({ action: 'update', prompt: expect.objectContaining({ id: prompt, health: expect.objectContaining({ status: 'failing' }) }) }));
      await recordBotHealth(h.atendo.store, key, { ok: true, at: '2026-11-29T01:02:00.000Z' }, system);
      await eventually(async () => expect((await call<Prompt>(`/prompt/${prompt}`)).body.health.status).toBe('ok'));
      // A deleted prompt's late report is dropped.
      await call(`/prompt/${prompt}`, { method: 'DELETE' });
      await expect(recordBotHealth(h.atendo.store, key, { ok: false, error: 'late', ticketId: null, at: '2026-11-29T01:03:00.000Z' }, system)).resolves.toBeUndefined();
      await expect(recordBotHealth(h.atendo.store, { kind: 'integration', companyId: h.companyId, id: 999999 }, { ok: true, at: '2026-11-29T01:03:00.000Z' }, system)).resolves.toBeUndefined();
    } finally {
      feed.close();
    }
  });

  it("tells the company's admins in realtime, keys masked; agents hear nothing", async () => {
    const feed = await h.socket(admin);
    const agentFeed = await h.socket(agent);
    const prompts = `company-${h.companyId}-prompt`;
    const integrations = `company-${h.companyId}-queueIntegration`;
    try {
      const prompt = (await call<Prompt>('/prompt', { body: promptBody({ name: 'Ao vivo' }) })).body;
      await eventually(() => expect(feed.entries(prompts)).toContainEqual({ action: 'create', prompt: expect.objectContaining({ id: prompt.id, name: 'Ao vivo', apiKey: '••••', voiceKey: '' }) }));
      await call(`/prompt/${prompt.id}`, { method: 'PUT', body: promptBody({ name: 'Ao vivo!', apiKey: prompt.apiKey }) });
      await eventually(() => expect(feed.entries(prompts)).toContainEqual({ action: 'update', prompt: expect.objectContaining({ id: prompt.id, name: 'Ao vivo!', apiKey: '••••' }) }));
      await call(`/prompt/${prompt.id}`, { method: 'DELETE' });
      await eventually(() => expect(feed.entries(prompts)).toContainEqual({ action: 'delete', promptId: prompt.id }));

      const integration = (await call<QueueIntegration>('/queueIntegration', { body: { type: 'webhook', name: 'Ao vivo', urlN8N: 'https://a.example.com', webhookSecret: WEBHOOK_SECRET } })).body;
      await eventually(() => expect(feed.entries(integrations)).toContainEqual({ action: 'create', queueIntegration: expect.objectContaining({ id: integration.id, webhookSecret: '••••' }) }));
      expect(await call(`/queueIntegration/${integration.id}`, { method: 'PUT', body: { type: 'webhook', name: 'Ao vivo!', urlN8N: 'https://a.example.com', webhookSecret: integration.webhookSecret } })).toMatchObject({ status: 200 });
      await eventually(() => expect(feed.entries(integrations)).toContainEqual({ action: 'update', queueIntegration: expect.objectContaining({ id: integration.id, name: 'Ao vivo!' }) }));
      await call(`/queueIntegration/${integration.id}`, { method: 'DELETE' });
      await eventually(() => expect(feed.entries(integrations)).toContainEqual({ action: 'delete', integrationId: integration.id }));

      expect(JSON.stringify(feed.all())).not.toMatch(/RAW|secret:/);
      expect([...agentFeed.entries(prompts), ...agentFeed.entries(integrations)]).toEqual([]);
    } finally {
      feed.close();
      agentFeed.close();
    }
  });

  it("the test session asks Dialogflow with the typed key or the saved one its mask stands for, and words a failure without the key", async () => {
    // Dialogflow stands in here: the performer of its effect, as the dialogflow plugin registers it.
    const asked: Array<{ input: DialogflowDetectInput; key: string }> = [];
    let answer: () => unknown = () => ({ intent: 'Default Welcome Intent', texts: ['Olá!', 'Como posso ajudar?'], endInteraction: false });
    const fake: EffectPerformer = async (input, context) => {
      const detect = input as DialogflowDetectInput;
      asked.push({ input: detect, key: await context.resolveSecret(detect.credentials) });
      return answer();
    };
    const registry = h.atendo.plugins;
    const performer = registry.performer.bind(registry);
    registry.performer = (name) => (name === DIALOGFLOW_DETECT_EFFECT ? fake : performer(name));
    try {
      const typed = await call('/queueIntegration/testSession', { body: { projectName: 'agente-123', jsonContent: SERVICE_ACCOUNT, language: 'en', text: 'Hi' } });
      expect(typed).toEqual({ status: 200, body: { intent: 'Default Welcome Intent', fulfillmentText: 'Olá!\nComo posso ajudar?', endInteraction: false } });
      expect(asked[0]).toMatchObject({ input: { projectId: 'agente-123', language: 'en', text: 'Hi' }, key: SERVICE_ACCOUNT });
      expect(asked[0]!.input.credentials).not.toContain(PRIVATE_KEY);

      const saved = (await call<QueueIntegration>('/queueIntegration', { body: { type: 'dialogflow', name: 'Agente salvo', projectName: 'agente-123', jsonContent: SERVICE_ACCOUNT } })).body;
      expect(await call('/queueIntegration/testSession', { body: { projectName: 'agente-123', jsonContent: saved.jsonContent, integrationId: saved.id } })).toMatchObject({ status: 200 });
      expect(asked[1]).toMatchObject({ input: { text: 'Olá', language: 'pt-BR' }, key: SERVICE_ACCOUNT });
      // A mask without the integration it stands for, or another integration's, opens nothing.
      expect(await problems('/queueIntegration/testSession', { projectName: 'agente-123', jsonContent: saved.jsonContent })).toEqual(['jsonContent:invalid']);
      expect(await problems('/queueIntegration/testSession', { projectName: 'agente-123', jsonContent: saved.jsonContent, integrationId: 999999 })).toEqual(['jsonContent:invalid']);
      expect(await problems('/queueIntegration/testSession', { projectName: 'agente-123', jsonContent: '{}' })).toEqual(['jsonContent:serviceAccount']);
      expect(asked).toHaveLength(2);

      answer = () => {
        throw new Error(`invalid_grant: bad key ${PRIVATE_KEY}`);
      };
      const failed = await call<{ reason: string }>('/queueIntegration/testSession', { body: { projectName: 'agente-123', jsonContent: SERVICE_ACCOUNT } });
      expect(failed).toMatchObject({ status: 400, body: { error: 'ERR_INTEGRATION_TEST_FAILED', reason: expect.stringContaining('invalid_grant') } });
      expect(JSON.stringify(failed.body)).not.toContain('MIIRAWPRIVATEKEYMATERIAL');
    } finally {
      registry.performer = performer;
    }
  });

  it('a rebuild from the log gives the same rows', async () => {
    const knex = h.atendo.knex;
    const rows = async () => [
      await knex('prompts').orderBy('id').select(),
      await knex('queue_integrations').orderBy('id').select(),
      await knex('bot_versions').orderBy(['company_id', 'kind', 'bot_id', 'version']).select(),
    ];
    const before = await rows();
    expect(before[0]!.length).toBeGreaterThan(0);
    expect(before[2]!.length).toBeGreaterThan(before[0]!.length + before[1]!.length);
    await rebuildProjection({ store: h.atendo.store, knex, projection: integrationsProjection, batchSize: 7 });
    expect(await rows()).toEqual(before);
  }, 90_000);
});
