import type { InboundEnricher } from '../../gateway/inboundContexts.js';

/** The connection's `timeToTransfer` when it has a transfer queue: a new ticket with no queue moves then. */
export const autoTransferInbound: InboundEnricher = {
  name: 'autoTransfer',
  async read(knex, { connectionId }) {
    const row = await knex('whatsapps').where({ id: connectionId }).first('transfer_queue_id', 'time_to_transfer');
    const minutes = !row || row.transfer_queue_id === null ? 0 : Number(row.time_to_transfer) || 0;
    return minutes > 0 ? { autoTransferMinutes: minutes } : {};
  },
};
