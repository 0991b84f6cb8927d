import { FlowQueries } from '@atendo/read';
import type { InboundEnricher } from '../../gateway/inboundContexts.js';

/** The connection's flow campaigns' phrases (active campaigns of active, published flows). */
export const flowTriggersInbound: InboundEnricher = {
  name: 'flowTriggers',
  async read(knex, { connectionId }) {
    const triggers = await new FlowQueries(knex).triggers(connectionId);
    return triggers.campaigns.length ? { flows: triggers } : {};
  },
};
