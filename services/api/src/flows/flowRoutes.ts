import type { AnyObject, InferType } from 'yup';
import {
  changeFlowCampaignSchema,
  changeFlowSchema,
  createFlowSchema,
  dryRunSchema,
  duplicateFlowSchema,
  FLOW_NAME_MAX,
  flowCampaignSchema,
  idParamsSchema,
  listFlowsQuerySchema,
  saveFlowSchema,
  type Flow,
  type FlowCampaign,
  type FlowDocument,
  type FlowGraph,
  type FlowMedia,
  type Position,
  type Viewer,
} from '@atendo/contracts';
import { flowCampaignDecider, flowCampaignStream, flowDecider, flowStream, handleCommand, type FlowSecrets } from '@atendo/core';
import { AppError } from '@atendo/platform';
import { referencesOf, validateFlow, type PluginRegistry } from '@atendo/flow-engine';
import { FlowQueries } from '@atendo/read';
import type { AuthContext } from '../auth/middleware.js';
import { route, type RouteSpec } from '../http/routeTable.js';
import { recordRoutes, type RecordRouteDeps } from '../http/recordRoutes.js';
import { IMAGE_MIMES, largestAllowed, MESSAGE_MEDIA_MIMES, type MediaMime } from '../media/mediaTypes.js';
import type { StoredUpload } from '../media/uploads.js';
import { mediaKeysIn } from '../media/blobStore.js';
import type { MediaStorage } from '../media/storage.js';
import { dryRun } from './dryRun.js';
import { maskSecrets, sealSecrets } from './flowGraphSecrets.js';
import { notTheCompanys } from './references.js';

export interface FlowRouteDeps extends RecordRouteDeps {
  storage: MediaStorage;
  registry: PluginRegistry;
  secrets: FlowSecrets;
}

const AUDIO_MIMES = MESSAGE_MEDIA_MIMES.filter((m) => m.startsWith('audio/'));
const CONTENT_MIMES = MESSAGE_MEDIA_MIMES.filter((m) => /^(image|audio|video)\//.test(m)) as MediaMime[];
/** Files one content upload takes at most. */
const CONTENT_MAX_FILES = 10;

const mediaOf = (s: StoredUpload): FlowMedia => ({
  name: s.originalName,
  url: `/public/${s.key}`,
  mediaType: s.kind === 'application' ? 'document' : s.kind,
});

/**
 * Flows (spec: /flowbuilder, /flowcampaign; issue 13): the list and its names, the editor's graph (saving validates
 * it with the engine and publishes a new version), the block types for the editor, a dry run of a draft, files for
 * blocks, and the phrase campaigns that start flows. Admins only ('flows:manage').
 */
export function flowRoutes({ knex, store, ids, storage, registry, secrets, readYourWrites }: FlowRouteDeps): RouteSpec[] {
  const feature = 'flows';
  const permission = 'flows:manage' as const;
  const flows = new FlowQueries(knex);
  const by = (who: AuthContext) => ({ actor: { type: 'user' as const, userId: who.claims.userId } });
  const flowRecord = recordRoutes<Flow>({ feature, permission, path: '/flowbuilder/:id', notFound: 'ERR_FLOW_NOT_FOUND', noun: 'Flow', find: (companyId, id) => flows.find(companyId, id) });
  const found = (viewer: Viewer, id: number) => flowRecord.found(viewer.companyId, id);
  const campaignFound = async (viewer: Viewer, id: number): Promise<FlowCampaign> => {
    const campaign = await flows.campaign(viewer.companyId, id);
    if (!campaign) throw new AppError('ERR_FLOW_CAMPAIGN_NOT_FOUND', 404, `Flow campaign ${id} not found`);
    return campaign;
  };
  /** A campaign's flow and connection must be the caller's company's. */
  const campaignTargets = async (viewer: Viewer, flowId: number, whatsappId: number) => {
    await found(viewer, flowId);
    const connection = await knex('whatsapps').where({ company_id: viewer.companyId, id: whatsappId }).first('id');
    if (!connection) throw new AppError('ERR_VALIDATION', 400, `Connection ${whatsappId} not found`, [{ path: 'whatsappId', message: 'validation.invalid' }]);
  };
  /** Validated by the engine, then every queue, person and file a block names checked against the company. */
  const check = async (viewer: Viewer, graph: FlowGraph) => {
    const problems = validateFlow(graph, registry);
    if (problems.length === 0) {
      const foreign = await notTheCompanys({ knex, blobs: storage.blobs }, viewer.companyId, referencesOf(graph, registry));
      problems.push(...foreign.map((r) => ({ code: 'ERR_FLOW_FOREIGN_REFERENCE' as const, nodeId: r.nodeId, field: r.field, message: `${r.field}: no ${r.kind} ${JSON.stringify(r.value)} of this company` })));
    }
    if (problems.length > 0) throw new AppError('ERR_FLOW_INVALID', 400, problems.map((p) => (p.nodeId ? `block ${p.nodeId}: ${p.message}` : p.message)).join('; '), problems);
  };
  /** Checked (the block and the reason for each refusal), sealed, published; answers the version. */
  const publish = async (viewer: Viewer, id: number, graph: FlowGraph, who: AuthContext) => {
    await check(viewer, graph);
    const previous = await flows.graph(viewer.companyId, id);
    // The files its blocks name are kept from now on (uploaded pending: markUsed).
    await storage.markUsed(viewer.companyId, mediaKeysIn(JSON.stringify(graph)));
    const sealed = await sealSecrets(registry, secrets, viewer.companyId, graph, previous?.graph ?? null);
    const result = await handleCommand(store, flowDecider, flowStream(viewer.companyId, id), { type: 'publish', graph: sealed }, by(who));
    await readYourWrites(result.position);
    return result.state.version;
  };
  const create = async (viewer: Viewer, name: string, who: AuthContext) => {
    const id = await ids.next('flow');
    const result = await handleCommand(store, flowDecider, flowStream(viewer.companyId, id), { type: 'create', id, fields: { companyId: viewer.companyId, name, active: true } }, by(who));
    await readYourWrites(result.position);
    return id;
  };
  const mediaRoute = (path: string, kind: string, accept: readonly MediaMime[]) =>
    route({
      method: 'post',
      path,
      feature,
      summary: `Store ${kind} for a flow block (field \`medias\`); the block keeps the answer's \`url\``,
      permission,
      status: 201,
      upload: { field: 'medias', accept, maxBytes: largestAllowed(accept) },
      errors: ['ERR_STORAGE_QUOTA'],
      async handler({ req, res, auth: { viewer } }) {
        const upload = req.uploads?.[0];
        if (!upload) throw new AppError('ERR_VALIDATION', 400, 'No file in the field `medias`', [{ path: 'medias', message: 'validation.required' }]);
        const [stored] = await storage.keep(viewer.companyId, [upload], { pending: true });
        res.status(201).json(mediaOf(stored!));
      },
    });

  return [
    flowRecord.list({
      path: '/flowbuilder',
      summary: "A page of the company's flows by name (`searchParam` matches the name)",
      query: listFlowsQuerySchema,
      read: ({ query, auth: { viewer } }) => flows.page(viewer.companyId, query.searchParam, query.pageNumber),
    }),
    route<AnyObject, AnyObject, InferType<typeof createFlowSchema>>({
      method: 'post',
      path: '/flowbuilder',
      feature,
      summary: 'Add a flow (a name; its graph comes with the first save)',
      permission,
      body: createFlowSchema,
      status: 201,
      async handler({ res, body, auth }) {
        const id = await create(auth.viewer, body.name, auth);
        res.status(201).json(await found(auth.viewer, id));
      },
    }),
    route<AnyObject, AnyObject, InferType<typeof changeFlowSchema>>({
      method: 'put',
      path: '/flowbuilder',
      feature,
      summary: 'Rename a flow, or switch it on or off (an inactive flow is started by no campaign)',
      permission,
      body: changeFlowSchema,
      errors: ['ERR_FLOW_NOT_FOUND'],
      async handler({ res, body, auth }) {
        await found(auth.viewer, body.flowId);
        const changes = { name: body.name, ...(body.active === undefined ? {} : { active: body.active }) };
        const result = await handleCommand(store, flowDecider, flowStream(auth.viewer.companyId, body.flowId), { type: 'update', changes }, by(auth));
        await readYourWrites(result.position);
        res.json(await found(auth.viewer, body.flowId));
      },
    }),
    route<{ id: number }>({
      method: 'delete',
      path: '/flowbuilder/:id',
      feature,
      summary: 'Delete a flow and the campaigns that start it (running executions finish on their version)',
      permission,
      params: idParamsSchema(),
      status: 204,
      errors: ['ERR_FLOW_NOT_FOUND'],
      async handler({ res, params: { id }, auth }) {
        await found(auth.viewer, id);
        for (const campaign of await flows.campaignsOf(auth.viewer.companyId, id)) {
          await handleCommand(store, flowCampaignDecider, flowCampaignStream(auth.viewer.companyId, campaign.id), { type: 'delete' }, by(auth));
        }
        const result = await handleCommand(store, flowDecider, flowStream(auth.viewer.companyId, id), { type: 'delete' }, by(auth));
        await readYourWrites(result.position);
        res.status(204).end();
      },
    }),
    route<AnyObject, AnyObject, InferType<typeof duplicateFlowSchema>>({
      method: 'post',
      path: '/flowbuilder/duplicate',
      feature,
      summary: 'Copy a flow under a new name, with its latest version as the copy’s first',
      permission,
      body: duplicateFlowSchema,
      status: 201,
      errors: ['ERR_FLOW_NOT_FOUND'],
      async handler({ res, body, auth }) {
        const source = await found(auth.viewer, body.flowId);
        const latest = await flows.graph(auth.viewer.companyId, source.id);
        const suffix = ' (cópia)';
        const id = await create(auth.viewer, `${source.name.slice(0, FLOW_NAME_MAX - suffix.length)}${suffix}`, auth);
        if (latest) await publish(auth.viewer, id, latest.graph, auth);
        res.status(201).json(await found(auth.viewer, id));
      },
    }),
    route<{ id: number }>({
      method: 'get',
      path: '/flowbuilder/flow/:id',
      feature,
      summary: 'A flow with its latest published graph (`flow.flow`, null if never saved); secrets shown masked',
      permission,
      params: idParamsSchema(),
      errors: ['ERR_FLOW_NOT_FOUND'],
      async handler({ res, params: { id }, auth: { viewer } }) {
        const flow = await found(viewer, id);
        const latest = await flows.graph(viewer.companyId, id);
        const document: FlowDocument = { flow: { ...flow, flow: latest ? await maskSecrets(registry, secrets, viewer.companyId, latest.graph) : null } };
        res.json(document);
      },
    }),
    route<AnyObject, AnyObject, InferType<typeof saveFlowSchema>>({
      method: 'post',
      path: '/flowbuilder/flow',
      feature,
      summary: 'Save the editor’s graph: checked block by block (ERR_FLOW_INVALID lists each refusal) and published as a new version',
      permission,
      body: saveFlowSchema,
      errors: ['ERR_FLOW_NOT_FOUND', 'ERR_FLOW_INVALID'],
      async handler({ res, body, auth }) {
        await found(auth.viewer, body.idFlow);
        const version = await publish(auth.viewer, body.idFlow, { nodes: body.nodes as FlowGraph['nodes'], connections: body.connections as FlowGraph['connections'] }, auth);
        res.json({ flow: await found(auth.viewer, body.idFlow), version });
      },
    }),
    route({
      method: 'get',
      path: '/flowbuilder/blocks',
      feature,
      summary: 'Every block type this installation runs (built-in and installed plugins): the editor draws its menu and forms from these',
      permission,
      async handler({ res }) {
        res.json({ blocks: registry.descriptions() });
      },
    }),
    route<AnyObject, AnyObject, InferType<typeof dryRunSchema>>({
      method: 'post',
      path: '/flowbuilder/dry-run',
      feature,
      summary: 'Play messages through a draft graph without sending anything: the path each took and what would have been sent',
      permission,
      body: dryRunSchema,
      errors: ['ERR_FLOW_NOT_FOUND', 'ERR_FLOW_INVALID'],
      async handler({ res, body, auth: { viewer } }) {
        // The draft's flow, when named, is the company's like any id a body carries.
        if (body.idFlow !== undefined) await found(viewer, body.idFlow);
        const graph = { nodes: body.nodes as FlowGraph['nodes'], connections: body.connections as FlowGraph['connections'] };
        await check(viewer, graph);
        res.json(dryRun(registry, graph, body.messages as string[], body.variables as Record<string, string>));
      },
    }),
    mediaRoute('/flowbuilder/img', 'an image (png or jpg)', IMAGE_MIMES),
    mediaRoute('/flowbuilder/audio', 'an audio file', AUDIO_MIMES),
    route({
      method: 'post',
      path: '/flowbuilder/content',
      feature,
      summary: `Store the images, audio and videos of a content block (field \`medias\`, up to ${CONTENT_MAX_FILES})`,
      permission,
      status: 201,
      upload: { field: 'medias', accept: CONTENT_MIMES, maxBytes: largestAllowed(CONTENT_MIMES), maxFiles: CONTENT_MAX_FILES },
      errors: ['ERR_STORAGE_QUOTA'],
      async handler({ req, res, auth: { viewer } }) {
        const uploads = req.uploads ?? [];
        if (uploads.length === 0) throw new AppError('ERR_VALIDATION', 400, 'No file in the field `medias`', [{ path: 'medias', message: 'validation.required' }]);
        res.status(201).json({ files: (await storage.keep(viewer.companyId, uploads, { pending: true })).map(mediaOf) });
      },
    }),
    route({
      method: 'get',
      path: '/flowcampaign',
      feature,
      summary: "The company's flow campaigns (phrases that start a flow)",
      permission,
      async handler({ res, auth: { viewer } }) {
        res.json({ flows: await flows.campaigns(viewer.companyId) });
      },
    }),
    route<{ id: number }>({
      method: 'get',
      path: '/flowcampaign/:id',
      feature,
      summary: 'One flow campaign',
      permission,
      params: idParamsSchema(),
      errors: ['ERR_FLOW_CAMPAIGN_NOT_FOUND'],
      async handler({ res, params: { id }, auth: { viewer } }) {
        res.json(await campaignFound(viewer, id));
      },
    }),
    route<AnyObject, AnyObject, InferType<typeof flowCampaignSchema>>({
      method: 'post',
      path: '/flowcampaign',
      feature,
      summary: 'Add a flow campaign: when a contact’s whole message is the phrase (case and accents aside) on the connection, the flow starts',
      permission,
      body: flowCampaignSchema,
      status: 201,
      errors: ['ERR_FLOW_NOT_FOUND'],
      async handler({ res, body, auth }) {
        await campaignTargets(auth.viewer, body.flowId, body.whatsappId);
        const id = await ids.next('flowCampaign');
        const fields = { companyId: auth.viewer.companyId, name: body.name, flowId: body.flowId, whatsappId: body.whatsappId, phrase: body.phrase, status: body.status };
        const result = await handleCommand(store, flowCampaignDecider, flowCampaignStream(auth.viewer.companyId, id), { type: 'create', id, fields }, by(auth));
        await readYourWrites(result.position);
        res.status(201).json(await campaignFound(auth.viewer, id));
      },
    }),
    route<AnyObject, AnyObject, InferType<typeof changeFlowCampaignSchema>>({
      method: 'put',
      path: '/flowcampaign',
      feature,
      summary: 'Change a flow campaign (every field, with its id); `status` false: it never fires',
      permission,
      body: changeFlowCampaignSchema,
      errors: ['ERR_FLOW_CAMPAIGN_NOT_FOUND', 'ERR_FLOW_NOT_FOUND'],
      async handler({ res, body, auth }) {
        await campaignFound(auth.viewer, body.id);
        await campaignTargets(auth.viewer, body.flowId, body.whatsappId);
        const changes = { name: body.name, flowId: body.flowId, whatsappId: body.whatsappId, phrase: body.phrase, status: body.status };
        const result = await handleCommand(store, flowCampaignDecider, flowCampaignStream(auth.viewer.companyId, body.id), { type: 'update', changes }, by(auth));
        await readYourWrites(result.position);
        res.json(await campaignFound(auth.viewer, body.id));
      },
    }),
    route<{ id: number }>({
      method: 'delete',
      path: '/flowcampaign/:id',
      feature,
      summary: 'Delete a flow campaign',
      permission,
      params: idParamsSchema(),
      status: 204,
      errors: ['ERR_FLOW_CAMPAIGN_NOT_FOUND'],
      async handler({ res, params: { id }, auth }) {
        await campaignFound(auth.viewer, id);
        const result = await handleCommand(store, flowCampaignDecider, flowCampaignStream(auth.viewer.companyId, id), { type: 'delete' }, by(auth));
        await readYourWrites(result.position);
        res.status(204).end();
      },
    }),
  ];
}
