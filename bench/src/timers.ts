import { randomUUID } from 'node:crypto';
import type { NewEvent } from '@atendo/contracts';
import { contactStream } from '@atendo/core';
import { createLogger, loadConfig, startAtendo } from '@atendo/runtime';
import { percentile } from './machine.js';

export interface TimerResult {
  timers: number;
  spreadSeconds: number;
  /** How long arming them took: their events appended and the timers read model caught up. */
  armSeconds: number;
  fired: number;
  /** From the first due time to the last timer fired. */
  seconds: number;
  perSecond: number;
  lateness: { p50: number; p99: number; max: number };
  /** Timers that fired within one second of their due time. */
  withinOneSecond: number;
}

/**
 * `timers` armed timers fire through the jobs role (issue 11): each is a customer's pending ticket with no queue whose
 * auto-transfer falls due, spread evenly over `spreadSeconds` (0: all at the same instant). Their events are appended
 * straight to the log (a contact, a ticket, a `TimerArmed` per customer) and the read models catch up before the
 * first one falls due. The jobs role's clock is moved so that the first is due a second after arming ends; lateness
 * is the `TimerFired` event's time minus its due time, both on that clock. Each firing is the real path: the
 * conversation loaded, the decider's checks, `TimerFired` and `TicketTransferred` appended, the read models updated.
 */
export async function timerFiring(url: string, options: { timers: number; spreadSeconds: number }): Promise<TimerResult> {
  let offsetMs = 0;
  const clock = () => new Date(Date.now() + offsetMs);
  const env = { ADMIN_PASSWORD: 'Bench-pass-123', SUPER_ADMIN_PASSWORD: 'Bench-pass-123' };
  const config = loadConfig({ DATABASE_URL: url, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'error', WEB_DIST: '/nonexistent', ...env });
  const app = await startAtendo(config, { roles: ['read', 'jobs'], log: createLogger('error'), env, clock });
  try {
    const { companyId, whatsappId, queueIds } = app.seeded!;
    // The connection's transfer queue, written to its row for the bench (the console's form would do it by command).
    await app.knex('whatsapps').where({ id: whatsappId }).update({ transfer_queue_id: queueIds[0], time_to_transfer: 1 });

    // Due times far ahead on the real clock; the jobs role's clock is moved to them once everything is armed.
    const base = Date.now() + 24 * 3_600_000;
    const dueOf = (i: number) => new Date(base + Math.floor((options.spreadSeconds * 1000 * i) / options.timers)).toISOString();
    const meta = () => ({ companyId, actor: { type: 'system' as const, name: 'bench' }, correlationId: randomUUID(), causationId: randomUUID(), occurredAt: new Date().toISOString() });
    const started = Date.now();
    let next = 0;
    let position: Awaited<ReturnType<typeof app.store.append>>['position'] | undefined;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        for (let i = next++; i < options.timers; i = next++) {
          const number = `55317${String(i).padStart(8, '0')}`;
          const contactId = 10_000_000 + i;
          const ticketId = 10_000_000 + i;
          const events: NewEvent[] = [
            { type: 'ContactCreated', data: { contactId, number, name: number, isGroup: false }, metadata: meta() },
            { type: 'TicketOpened', data: { ticketId, uuid: randomUUID(), contactId, whatsappId, queueId: null, isGroup: false }, metadata: meta() },
            { type: 'TimerArmed', data: { ticketId, kind: 'autoTransfer', dueAt: dueOf(i) }, metadata: meta() },
          ];
          const result = await app.store.append(contactStream(companyId, number), events);
          if (!position || result.position.commit > position.commit) position = result.position;
        }
      }),
    );
    await app.readYourWrites(position);
    const armSeconds = (Date.now() - started) / 1000;
    const armed = Number((await app.knex('timers').count<{ n: string }[]>('* as n'))[0]!.n);
    if (armed !== options.timers) throw new Error(`expected ${options.timers} armed timers, found ${armed}`);

    // The first timer falls due one second from now.
    offsetMs = base - Date.now() - 1_000;
    const firstDue = Date.now() + 1_000;
    const deadline = firstDue + options.spreadSeconds * 1000 + 600_000;
    let fired = 0;
    while (Date.now() < deadline) {
      fired = Number((await app.knex('events').where({ event_type: 'TimerFired' }).count<{ n: string }[]>('* as n'))[0]!.n);
      if (fired >= options.timers) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const lastFired = await app.knex('events').where({ event_type: 'TimerFired' }).max<{ at: string }[]>({ at: app.knex.raw("(metadata->>'occurredAt')::timestamptz") });
    const seconds = (new Date(lastFired[0]!.at).getTime() - offsetMs - firstDue) / 1000;
    const rows = (await app.knex.raw(
      `SELECT extract(epoch FROM ((metadata->>'occurredAt')::timestamptz - (data->>'dueAt')::timestamptz)) * 1000 AS late FROM events WHERE event_type = 'TimerFired'`,
    )) as { rows: Array<{ late: string }> };
    const lateness = rows.rows.map((r) => Number(r.late)).sort((a, b) => a - b);
    const transferred = Number((await app.knex('events').where({ event_type: 'TicketTransferred' }).count<{ n: string }[]>('* as n'))[0]!.n);
    if (transferred !== fired) throw new Error(`${fired} timers fired but ${transferred} tickets moved`);
    return {
      timers: options.timers,
      spreadSeconds: options.spreadSeconds,
      armSeconds,
      fired,
      seconds,
      perSecond: Math.round(fired / Math.max(seconds, 0.001)),
      lateness: { p50: percentile(lateness, 50), p99: percentile(lateness, 99), max: lateness.at(-1) ?? 0 },
      withinOneSecond: lateness.filter((l) => l <= 1000).length,
    };
  } finally {
    await app.stop();
  }
}
