import { FLOWS_CHANNELS, FLOWS_ERRORS, FLOWS_PERMISSIONS } from '@atendo/contracts/flows';
import { flowRoutes } from '@atendo/api';
import { flowIdMigrations, flowSecretMigrations } from '@atendo/core';
import { flowsMigrations, flowsProjection } from '@atendo/read';
import { FlowRunner, flowRunMigrations } from './flowRunner.js';
import { defineFeature } from '../featureModule.js';
import { flowTriggersInbound } from './flowTriggersInbound.js';

/**
 * Flows (issue 13): the flow builder's flows and their published versions, the phrase campaigns that start them,
 * and the runner (jobs role) that carries executions out between the conversation and the blocks' plugins.
 */
export const flows = defineFeature({
  name: 'flows',
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
  },
});
