import type { Knex } from 'knex';

/** A connection's timer settings (minutes; 0 or null: off). */
export interface ConnectionTimerSettings {
  /** `expiresTicket`: an open ticket quiet this long after the agent's message closes. */
  expiresTicket: number;
  /** `expiresInactiveMessage`: what the customer is told then. */
  inactivityMessage: string;
  /** `transferQueueId` and `timeToTransfer`: a pending ticket with no queue moves there after that long. */
  transferQueueId: number | null;
  timeToTransfer: number;
}

/**
 * The timer settings of connections, kept for a second: a burst of replies reads each connection once, and an
 * admin's change applies from the next second on. Used where timers are armed (replies, inbound) and fired (jobs).
 */
export class ConnectionTimers {
  private readonly cache = new Map<number, { at: number; settings: Promise<ConnectionTimerSettings | null> }>();

  constructor(
    private readonly knex: Knex,
    private readonly ttlMs = 1_000,
  ) {}

  of(whatsappId: number): Promise<ConnectionTimerSettings | null> {
    const now = Date.now();
    const known = this.cache.get(whatsappId);
    if (known && now - known.at < this.ttlMs) return known.settings;
    const settings = this.read(whatsappId);
    this.cache.set(whatsappId, { at: now, settings });
    settings.catch(() => this.cache.delete(whatsappId));
    if (this.cache.size > 10_000) this.cache.delete(this.cache.keys().next().value!);
    return settings;
  }

  private async read(whatsappId: number): Promise<ConnectionTimerSettings | null> {
    const row = await this.knex('whatsapps').where({ id: whatsappId }).first('expires_ticket', 'expires_inactive_message', 'transfer_queue_id', 'time_to_transfer');
    if (!row) return null;
    return {
      expiresTicket: Number(row.expires_ticket) || 0,
      inactivityMessage: row.expires_inactive_message ?? '',
      transferQueueId: row.transfer_queue_id === null ? null : Number(row.transfer_queue_id),
      timeToTransfer: Number(row.time_to_transfer) || 0,
    };
  }
}
