import { FLOWS_CHANNELS, FLOWS_ERRORS, FLOWS_PERMISSIONS } from '@atendo/contracts/flows';
import { flowRoutes } from '@atendo/api';
import { flowIdMigrations, flowSecretMigrations, ticketFlowRules } from '@atendo/core';
import { flowsMigrations, flowsProjection } from '@atendo/read';
import { FlowRunner, flowRunMigrations } from './flowRunner.js';
import { defineFeature } from '../featureModule.js';
import { flowTriggersInbound } from './flowTriggersInbound.js';

/** The body probe's flow graphs: a start block, and one block after it. */
const start = { id: '1', type: 'start', position: { x: 0, y: 0 }, data: {} };
const graphTo = (block: Record<string, unknown>) => [start, { id: 'b', position: { x: 0, y: 0 }, ...block }];

/**
 * Flows (issue 13): the flow builder's flows and their published versions, the phrase campaigns that start them,
 * and the runner (jobs role) that carries executions out between the conversation and the blocks' plugins.
 */
export const flows = defineFeature({
  name: 'flows',
  conversation: [ticketFlowRules],
  permissions: FLOWS_PERMISSIONS,
  errors: FLOWS_ERRORS,
  routes: ({ knex, store, ids, media, plugins, secrets, readYourWrites }) => flowRoutes({ knex, store, ids, storage: media.storage, registry: plugins, secrets, readYourWrites }),
  migrations: [...flowIdMigrations, ...flowSecretMigrations, ...flowsMigrations, ...flowRunMigrations],
  projections: [flowsProjection],
  channels: FLOWS_CHANNELS,
  inbound: flowTriggersInbound,
  processes: ({ knex, databaseUrl, store, conversations, plugins, secrets, media, log, clock, flowRandom, allowPrivateUrls, flowEffectConcurrency }) => [
    new FlowRunner({ knex, databaseUrl, store, conversations, plugins, secrets, blobs: media.blobs, log, clock, allowPrivateUrls, ...(flowRandom ? { random: flowRandom } : {}), ...(flowEffectConcurrency ? { effectConcurrency: flowEffectConcurrency } : {}) }),
  ],
  probe: {
    resources: { 'flowbuilder.id': 'flow', 'flowcampaign.id': 'flowCampaign' },
    async make(b) {
      const flow = await b.api<{ id: number }>('/flowbuilder', { body: { name: 'Fluxo da B' } });
      const flowCampaign = await b.api<{ id: number }>('/flowcampaign', { body: { name: 'Campanha da B', flowId: flow.id, whatsappId: Number(b.theirs.whatsapp), phrase: 'frase da B' } });
      const image = new FormData();
      image.append('medias', new Blob([Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')], { type: 'image/png' }), 'b.png');
      const file = (await b.api<{ url: string }>('/flowbuilder/img', { method: 'POST', form: image })).url;
      return { flow: String(flow.id), flowCampaign: String(flowCampaign.id), file };
    },
    observe: async (b) => [await b.api('/flowbuilder'), await b.api('/flowcampaign')],
    bodyIds: { flowId: 'flow', idFlow: 'flow', nodes: 'graph' },
    // A graph field takes B's queue in a ticket block, then B's file in an image block.
    shapes: {
      graph: (theirs) => [graphTo({ type: 'ticket', data: { queue: { id: Number(theirs.queue), name: 'Fila da B' } } }), graphTo({ type: 'img', data: { url: theirs.file } })],
    },
    async ours(a) {
      const flow = await a.api<{ id: number }>('/flowbuilder', { body: { name: 'Fluxo da A' } });
      const flowCampaign = await a.api<{ id: number }>('/flowcampaign', { body: { name: 'Campanha de fluxo da A', flowId: flow.id, whatsappId: Number(a.theirs.whatsapp), phrase: 'sonda da A' } });
      return { flow: String(flow.id), flowCampaign: String(flowCampaign.id) };
    },
    bodies(a) {
      const flowId = Number(a.flow);
      const whatsappId = Number(a.whatsapp);
      return {
        'PUT /flowbuilder': { body: { flowId, name: 'Fluxo da A' } },
        'POST /flowbuilder/duplicate': { body: { flowId } },
        'POST /flowbuilder/flow': { body: { idFlow: flowId, nodes: [start], connections: [] } },
        'POST /flowbuilder/dry-run': { body: { nodes: [start], connections: [], messages: [] } },
        'POST /flowcampaign': { body: { name: 'Sonda', flowId, whatsappId, phrase: 'frase sonda' } },
        'PUT /flowcampaign': { body: { id: Number(a.flowCampaign), name: 'Sonda', flowId, whatsappId, phrase: 'frase sonda' } },
      };
    },
  },
});
