import type { Knex } from 'knex';
import type { AnyObject, InferType } from 'yup';
import { idParamsSchema, PROMPT_TEXT_ONLY, promptSchema, type Prompt, type PromptFields, type PromptModel, type PromptPage } from '@atendo/contracts';
import { handleCommand, promptDecider, promptStream, type CommandContext, type FlowSecrets } from '@atendo/core';
import { AppError, type EventStore, type IdAllocator } from '@atendo/platform';
import { BotQueries, PromptQueries } from '@atendo/read';
import type { AuthContext } from '../auth/middleware.js';
import type { ApiContext } from '../http/context.js';
import { route, type RouteSpec } from '../http/routeTable.js';
import { recordRoutes } from '../http/recordRoutes.js';
import { maskRecords, planSecrets, sealPlanned } from './botSecrets.js';
import { inUse } from './inUse.js';

export interface PromptRouteDeps {
  api: ApiContext;
  knex: Knex;
  store: EventStore;
  ids: IdAllocator;
  secrets: FlowSecrets;
}

type PromptInput = InferType<typeof promptSchema>;
const SECRET_FIELDS = ['apiKey', 'voiceKey'] as const;

/**
 * Prompts (spec: /prompts): OpenAI assistants that answer a queue's or a connection's customers, kept by the company's
 * admins when the plan has AI (useOpenAi). The keys are sealed before anything is written and shown masked.
 */
export function promptRoutes({ api: ctx, knex, store, ids, secrets }: PromptRouteDeps): RouteSpec[] {
  const gate = { feature: 'integrations', permission: 'prompts:manage', planFlag: 'useOpenAi' } as const;
  const prompts = new PromptQueries(knex);
  const bots = new BotQueries(knex);
  const by = (who: AuthContext): CommandContext => ({ actor: { type: 'user', userId: who.claims.userId } });

  const promptRecord = recordRoutes<Prompt>({ ...gate, path: '/prompt/:id', notFound: 'ERR_PROMPT_NOT_FOUND', noun: 'Prompt', find: (companyId, id) => prompts.find(companyId, id) });
  const { found } = promptRecord;
  const shown = async (companyId: number, list: Prompt[]) => maskRecords(secrets, companyId, list, SECRET_FIELDS);

  /**
   * The fields to store from the form, every check done before any key is sealed: the queue is the company's, a mask
   * stands for the stored key. A text-only prompt keeps no speech settings.
   */
  async function fieldsOf(companyId: number, body: PromptInput, before: Prompt | undefined): Promise<PromptFields> {
    if (!(await ctx.queues.queue(companyId, body.queueId))) {
      throw new AppError('ERR_VALIDATION', 400, `queueId: the company has no queue ${body.queueId}`, [{ path: 'queueId', message: 'prompts.validation.queueRequired' }]);
    }
    const speaks = body.voice !== PROMPT_TEXT_ONLY;
    const plans = await planSecrets(secrets, companyId, { apiKey: body.apiKey, voiceKey: speaks ? body.voiceKey : '' }, before && { apiKey: before.apiKey, voiceKey: before.voiceKey });
    const refs = await sealPlanned(secrets, companyId, plans);
    return {
      name: body.name,
      prompt: body.prompt,
      model: body.model as PromptModel,
      maxTokens: body.maxTokens,
      temperature: body.temperature,
      apiKey: refs.apiKey!,
      queueId: body.queueId,
      maxMessages: body.maxMessages,
      voice: body.voice,
      voiceKey: refs.voiceKey!,
      voiceRegion: speaks ? body.voiceRegion : '',
    };
  }

  return [
    route({
      ...gate,
      method: 'get',
      path: '/prompt',
      summary: "Every prompt of the company by name, keys masked, with its queue and how its outside calls fare",
      async handler({ res, auth: { viewer } }) {
        const list = await shown(viewer.companyId, await prompts.all(viewer.companyId));
        res.json({ prompts: list, count: list.length, hasMore: false } satisfies PromptPage);
      },
    }),
    route<{ id: number }>({
      ...gate,
      method: 'get',
      path: '/prompt/:id',
      summary: 'One prompt, keys masked',
      params: idParamsSchema(),
      errors: ['ERR_PROMPT_NOT_FOUND'],
      async handler({ res, params: { id }, auth: { viewer } }) {
        const [prompt] = await shown(viewer.companyId, [await found(viewer.companyId, id)]);
        res.json(prompt);
      },
    }),
    route<AnyObject, AnyObject, PromptInput>({
      ...gate,
      method: 'post',
      path: '/prompt',
      summary: 'Add a prompt (name, prompt, model, maxTokens, temperature, apiKey, queueId, maxMessages; voice, voiceKey and voiceRegion to answer with voice notes)',
      body: promptSchema,
      status: 201,
      async handler({ res, body, auth }) {
        const { companyId } = auth.viewer;
        const fields = await fieldsOf(companyId, body, undefined);
        const id = await ids.next('prompt');
        const result = await handleCommand(store, promptDecider, promptStream(companyId, id), { type: 'create', id, fields }, by(auth));
        await ctx.readYourWrites(result.position);
        const [prompt] = await shown(companyId, [await found(companyId, id)]);
        res.status(201).json(prompt);
      },
    }),
    promptRecord.update<PromptInput>({
      summary: 'Change a prompt (the same fields as adding one); a key sent back as its mask keeps the stored key',
      body: promptSchema,
      async handler({ res, params: { id }, body, auth }) {
        const { companyId } = auth.viewer;
        const fields = await fieldsOf(companyId, body, await found(companyId, id));
        const result = await handleCommand(store, promptDecider, promptStream(companyId, id), { type: 'update', changes: fields }, by(auth));
        await ctx.readYourWrites(result.position);
        const [prompt] = await shown(companyId, [await found(companyId, id)]);
        res.json(prompt);
      },
    }),
    promptRecord.remove({
      summary: 'Delete a prompt that no queue or connection uses',
      errors: ['ERR_INTEGRATION_IN_USE'],
      async handler({ res, params: { id }, auth }) {
        const { companyId } = auth.viewer;
        await inUse(bots, companyId, 'prompt', id);
        const result = await handleCommand(store, promptDecider, promptStream(companyId, id), { type: 'delete' }, by(auth));
        await ctx.readYourWrites(result.position);
        res.json({ message: 'Prompt deleted' });
      },
    }),
  ];
}
