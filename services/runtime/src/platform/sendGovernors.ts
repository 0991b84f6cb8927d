import type { Knex } from 'knex';
import type { SendDecision } from '@atendo/contracts';
import {
  governSend,
  newSendGovernor,
  recordSend,
  recordSignal,
  SEND_GOVERNOR_DEFAULTS,
  type SendGovernorConfig,
  type SendGovernorSignal,
  type SendGovernorState,
} from '@atendo/core';

/** A governor's state is written at most this often while it sends (and on a signal, and at stop). */
const SAVE_EVERY_MS = 1_000;

/**
 * The send governors of the jobs role, one per connection (issue 14, decision 0028): every send that is not an agent's
 * reply — campaign messages, scheduled messages — asks its connection's governor first, so they share one budget.
 * The states live in memory while the role sends and in `send_governors` across restarts (a day's counts survive);
 * the connections page reads them there.
 */
export class SendGovernors {
  readonly config: SendGovernorConfig;
  private readonly states = new Map<number, { companyId: number; state: SendGovernorState; dirty: boolean; savedAt: number }>();
  /** Each connection's status as last seen, to tell its governor when it drops or comes back. */
  private readonly statuses = new Map<number, string>();

  constructor(
    private readonly knex: Knex,
    config: Partial<SendGovernorConfig> = {},
  ) {
    this.config = { ...SEND_GOVERNOR_DEFAULTS, ...config };
  }

  /**
   * Loads the governors of these connections (once each) and tells them whether each is connected now. A number first
   * linked here is taken as new: it warms up.
   */
  async follow(whatsappIds: readonly number[], at: Date): Promise<void> {
    const ids = [...new Set(whatsappIds)];
    if (ids.length === 0) return;
    const unknown = ids.filter((id) => !this.states.has(id));
    if (unknown.length) {
      const rows = (await this.knex('whatsapps as w')
        .leftJoin('send_governors as g', 'g.whatsapp_id', 'w.id')
        .whereIn('w.id', unknown)
        .select('w.id', 'w.company_id', 'w.created_at', 'g.state')) as Array<{ id: string; company_id: string; created_at: Date; state: SendGovernorState | null }>;
      for (const row of rows) {
        const state = row.state ?? newSendGovernor({ numberSince: row.created_at.toISOString() });
        this.states.set(Number(row.id), { companyId: Number(row.company_id), state, dirty: row.state === null, savedAt: 0 });
      }
    }
    const statuses = (await this.knex('whatsapps').whereIn('id', ids).select('id', 'status')) as Array<{ id: string; status: string }>;
    for (const { id, status } of statuses) {
      const whatsappId = Number(id);
      const before = this.statuses.get(whatsappId);
      this.statuses.set(whatsappId, status);
      const governor = this.states.get(whatsappId);
      if (!governor || before === status) continue;
      const connected = status === 'CONNECTED';
      if (before === undefined) {
        // A process that starts cannot tell whether the number dropped while it was away: it takes the connection as
        // it finds it (no strike, no cool-down), and `decide` holds sends while it is not connected.
        if (connected && !governor.state.connected) {
          governor.state = { ...governor.state, connected: true };
          governor.dirty = true;
        }
        continue;
      }
      if (connected !== governor.state.connected) this.signal(whatsappId, connected ? 'connected' : 'disconnected', at);
    }
  }

  /** May a message go now through this connection (`follow` it first)? An unknown connection is not held back. */
  decide(whatsappId: number, at: Date, newRecipient: boolean): SendDecision {
    const status = this.statuses.get(whatsappId);
    // Not connected: nothing goes (it would wait in the outbox and leave in a burst when the number is back).
    if (status !== undefined && status !== 'CONNECTED') return { send: 'later', notBefore: new Date(at.getTime() + this.config.disconnectedRecheckMs).toISOString(), reason: 'disconnected' };
    const governor = this.states.get(whatsappId);
    return governor ? governSend(governor.state, { at: at.toISOString(), newRecipient }, this.config) : { send: 'now' };
  }

  /** A message went through this connection. */
  sent(whatsappId: number, at: Date, newRecipient: boolean): void {
    const governor = this.states.get(whatsappId);
    if (!governor) return;
    governor.state = recordSend(governor.state, { at: at.toISOString(), newRecipient }, Math.random, this.config);
    governor.dirty = true;
  }

  /** WhatsApp said "too many", or the connection dropped or came back. */
  signal(whatsappId: number, signal: SendGovernorSignal, at: Date): void {
    const governor = this.states.get(whatsappId);
    if (!governor) return;
    governor.state = recordSignal(governor.state, { at: at.toISOString(), signal }, this.config);
    governor.dirty = true;
    governor.savedAt = 0;
  }

  /** Writes the states that changed (at most once a second each, unless `force`). */
  async save(force = false): Promise<void> {
    const t = Date.now();
    for (const [whatsappId, governor] of this.states) {
      if (!governor.dirty || (!force && t - governor.savedAt < SAVE_EVERY_MS)) continue;
      governor.dirty = false;
      governor.savedAt = t;
      await this.knex.raw(
        `INSERT INTO send_governors (whatsapp_id, company_id, state, updated_at) VALUES (?, ?, ?::jsonb, now())
         ON CONFLICT (whatsapp_id) DO UPDATE SET state = EXCLUDED.state, updated_at = now()`,
        [whatsappId, governor.companyId, JSON.stringify(governor.state)],
      );
    }
  }
}
