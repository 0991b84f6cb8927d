import { SETTINGS, type CompanyEvent, type CompanySchedule, type ContactStreamEvent, type QueueEvent, type RecordedEvent } from '@atendo/contracts';
import type { Projection, ProjectionContext } from '../projections/projection.js';
import { RowCache } from '../projections/rowCache.js';

/** The business-minutes arithmetic (services/core/src/dashboard): given by the runtime, the read side imports no core. */
export interface BusinessClock {
  businessMinutes(from: Date, to: Date, schedules: readonly CompanySchedule[], timeZone: string): number;
  hasOpeningHours(schedules: readonly CompanySchedule[] | null | undefined): boolean;
}

type Stamp = Date | string;

/** A ticket's times (bigint columns come back from PostgreSQL as strings, timestamps as dates). */
export interface TicketTimesRow {
  ticket_id: number | string;
  company_id: number | string;
  contact_id: number | string;
  queue_id: number | string | null;
  user_id: number | string | null;
  whatsapp_id: number | string;
  status: 'pending' | 'open' | 'closed';
  opened_at: Stamp;
  first_customer_at: Stamp | null;
  first_response_at: Stamp | null;
  first_response_user_id: number | string | null;
  accepted_at: Stamp | null;
  last_accepted_at: Stamp | null;
  resolved_at: Stamp | null;
  rating: number | null;
  first_response_minutes: number | null;
  first_response_business_minutes: number | null;
  resolution_minutes: number | null;
  resolution_business_minutes: number | null;
  wait_minutes: number | null;
  wait_business_minutes: number | null;
}

/** A company's (`company:<id>`: its time zone and hours) or a queue's (`queue:<id>`: its hours) hours, as last told. */
interface HoursRow {
  key: string;
  company_id: number | string;
  time_zone: string | null;
  schedules: CompanySchedule[];
}

const TICKET_TYPES = [
  'TicketOpened',
  'TicketAccepted',
  'TicketReopened',
  'TicketResolved',
  'TicketReturnedToQueue',
  'TicketTransferred',
  'TicketQueueChosen',
  'TicketDeleted',
  'TicketRated',
  'MessageReceived',
  'MessageQueued',
  'MessageTypedOnPhone',
  'ContactMerged',
] as const satisfies readonly ContactStreamEvent['type'][];

const HOURS_TYPES = ['CompanyCreated', 'CompanyUpdated', 'CompanyDeleted', 'QueueCreated', 'QueueUpdated', 'QueueDeleted'] as const satisfies readonly (CompanyEvent | QueueEvent)['type'][];

type Data<T extends string> = Extract<ContactStreamEvent | CompanyEvent | QueueEvent, { type: T }>['data'];

const time = (stamp: Stamp): number => (typeof stamp === 'string' ? Date.parse(stamp) : stamp.getTime());
const minutesBetween = (from: Stamp, to: Stamp) => Math.max(0, (time(to) - time(from)) / 60_000);
const companyKey = (companyId: number | string) => `company:${companyId}`;
const queueKey = (queueId: number | string) => `queue:${queueId}`;

/**
 * `ticket_times`: one row per ticket with the moments the dashboard reports on and the minutes between them, in
 * wall-clock and business time (decision 0052):
 * - **first customer message**: the first `MessageReceived` of the ticket.
 * - **first response**: the first message a person sent after it — an agent's reply through the console
 *   (`MessageQueued` with a user) or one typed on the connected phone (`MessageTypedOnPhone`). Not the bot's, a flow's
 *   or the system's messages (`MessageQueued` with user 0), and not the greeting that accepting sends in the agent's
 *   name (the `MessageQueued` of the same command as `TicketAccepted`: the same instant as that acceptance).
 * - **wait**: from opening to the first time an agent had it (accepted, or transferred to an agent); a ticket closed
 *   without one never waited to the end and has none, nor has one an agent started (accepted at its opening instant).
 *   Events of one command share their instant: that is how the fold knows what came with what.
 * - **resolution**: from opening to the last close. A reopen clears it (and the status is open again); the next close
 *   sets it, still counted from the opening, so a reopened ticket's resolution covers all its life until it stays closed.
 *   A ticket closed at its opening instant (a campaign's send, resolved as it is sent) has none.
 * - **rating**: the customer's last answer (1–3) to the rating question.
 * Business minutes use the ticket's queue's hours when it has any, else the company's, read in the company's time zone
 * (setting `timeZone`), as the log said they were when the time was settled: a rebuild gives the same rows.
 */
export function ticketTimesProjection(clock: BusinessClock): Projection {
  return {
    name: 'ticket_times',
    tables: ['ticket_times', 'ticket_times_hours'],
    eventTypes: [...TICKET_TYPES, ...HOURS_TYPES],
    placementOnly: true,
    apply: (events, context) => applyTimes(clock, events, context),
  };
}

async function applyTimes(clock: BusinessClock, events: RecordedEvent[], { trx, rebuilding }: ProjectionContext): Promise<void> {
  const tickets = new RowCache<TicketTimesRow>(trx, 'ticket_times', 'ticket_id', { inPlace: rebuilding });
  const companies = new Set<number>();
  const ticketIds = new Set<number>();
  const created = new Set<number>();
  for (const e of events) {
    const d = e.data as Record<string, unknown>;
    companies.add(e.metadata.companyId);
    if (e.type.startsWith('Company') && typeof d.id === 'number') companies.add(d.id);
    if (typeof d.ticketId === 'number' && !created.has(d.ticketId)) {
      if (e.type === 'TicketOpened') created.add(d.ticketId);
      else ticketIds.add(d.ticketId);
    }
    if (e.type === 'ContactMerged') for (const t of (d as Data<'ContactMerged'>).tickets) if (!created.has(t.id)) ticketIds.add(t.id);
  }
  await tickets.load(ticketIds);
  const hours = new Map<string, HoursRow>();
  const { rows: hoursRows } = (await trx.raw('SELECT * FROM ticket_times_hours WHERE company_id = ANY(?)', [[...companies]])) as { rows: HoursRow[] };
  for (const row of hoursRows) hours.set(row.key, row);
  const changedHours = new Set<string>();
  const removedHours = new Set<string>();
  const setHours = (row: HoursRow) => {
    hours.set(row.key, row);
    changedHours.add(row.key);
    removedHours.delete(row.key);
  };
  const removeHours = (key: string) => {
    hours.delete(key);
    changedHours.delete(key);
    removedHours.add(key);
  };

  /** The minutes from `from` to `to` within the hours of the ticket's queue (or its company's), in the company's zone. */
  const business = (t: TicketTimesRow, from: Stamp, to: Stamp): number => {
    const company = hours.get(companyKey(t.company_id));
    const queue = t.queue_id === null ? undefined : hours.get(queueKey(t.queue_id));
    const schedules = queue && clock.hasOpeningHours(queue.schedules) ? queue.schedules : (company?.schedules ?? []);
    return clock.businessMinutes(new Date(time(from)), new Date(time(to)), schedules, company?.time_zone || SETTINGS.timeZone.default);
  };
  const change = (ticketId: number, f: (t: TicketTimesRow) => Partial<TicketTimesRow>) => tickets.update(ticketId, f);
  /** Whether `at` is the ticket's opening instant: the event came with the opening, in one command. */
  const atOpening = (t: TicketTimesRow, at: string) => time(t.opened_at) === time(at);
  /** The first time an agent has the ticket ends its wait; a ticket an agent started (accepted as it opened) never waited. */
  const agentHasIt = (t: TicketTimesRow, at: string): Partial<TicketTimesRow> => {
    if (t.accepted_at !== null) return {};
    if (atOpening(t, at)) return { accepted_at: at };
    return { accepted_at: at, wait_minutes: minutesBetween(t.opened_at, at), wait_business_minutes: business(t, t.opened_at, at) };
  };
  const personReplied = (ticketId: number, at: string, userId: number | null) =>
    change(ticketId, (t) =>
      t.first_customer_at === null || t.first_response_at !== null
        ? {}
        : { first_response_at: at, first_response_user_id: userId, first_response_minutes: minutesBetween(t.first_customer_at, at), first_response_business_minutes: business(t, t.first_customer_at, at) },
    );

  for (const e of events) {
    const at = e.metadata.occurredAt;
    const companyId = e.metadata.companyId;
    switch (e.type) {
      case 'CompanyCreated': {
        const d = e.data as Data<'CompanyCreated'>;
        setHours({ key: companyKey(d.id), company_id: d.id, time_zone: d.settings?.timeZone ?? null, schedules: d.schedules ?? [] });
        break;
      }
      case 'CompanyUpdated': {
        const d = e.data as Data<'CompanyUpdated'>;
        const before = hours.get(companyKey(d.id)) ?? { key: companyKey(d.id), company_id: d.id, time_zone: null, schedules: [] };
        setHours({
          ...before,
          ...(d.changes.settings ? { time_zone: d.changes.settings.timeZone ?? null } : {}),
          ...(d.changes.schedules ? { schedules: d.changes.schedules } : {}),
        });
        break;
      }
      case 'CompanyDeleted':
        removeHours(companyKey((e.data as Data<'CompanyDeleted'>).id));
        break;
      case 'QueueCreated': {
        const d = e.data as Data<'QueueCreated'>;
        setHours({ key: queueKey(d.id), company_id: d.companyId ?? companyId, time_zone: null, schedules: d.schedules ?? [] });
        break;
      }
      case 'QueueUpdated': {
        const d = e.data as Data<'QueueUpdated'>;
        if (!d.changes.schedules) break;
        const before = hours.get(queueKey(d.id)) ?? { key: queueKey(d.id), company_id: companyId, time_zone: null, schedules: [] };
        setHours({ ...before, schedules: d.changes.schedules });
        break;
      }
      case 'QueueDeleted':
        removeHours(queueKey((e.data as Data<'QueueDeleted'>).id));
        break;
      case 'TicketOpened': {
        const d = e.data as Data<'TicketOpened'>;
        tickets.set({
          ticket_id: d.ticketId, company_id: companyId, contact_id: d.contactId, queue_id: d.queueId, user_id: null, whatsapp_id: d.whatsappId, status: 'pending',
          opened_at: at, first_customer_at: null, first_response_at: null, first_response_user_id: null, accepted_at: null, last_accepted_at: null, resolved_at: null,
          rating: null, first_response_minutes: null, first_response_business_minutes: null, resolution_minutes: null, resolution_business_minutes: null,
          wait_minutes: null, wait_business_minutes: null,
        });
        break;
      }
      case 'TicketAccepted': {
        const d = e.data as Data<'TicketAccepted'>;
        change(d.ticketId, (t) => ({ status: 'open', user_id: d.userId, last_accepted_at: at, ...agentHasIt(t, at) }));
        break;
      }
      case 'TicketReopened': {
        const d = e.data as Data<'TicketReopened'>;
        change(d.ticketId, () => ({ status: 'open', user_id: d.userId, resolved_at: null, resolution_minutes: null, resolution_business_minutes: null }));
        break;
      }
      case 'TicketResolved': {
        const d = e.data as Data<'TicketResolved'>;
        // A ticket closed as it opened (a campaign's send) was never a conversation to resolve: it has no resolution time.
        change(d.ticketId, (t) =>
          atOpening(t, at)
            ? { status: 'closed', resolved_at: at }
            : { status: 'closed', resolved_at: at, resolution_minutes: minutesBetween(t.opened_at, at), resolution_business_minutes: business(t, t.opened_at, at) },
        );
        break;
      }
      case 'TicketReturnedToQueue':
        change((e.data as Data<'TicketReturnedToQueue'>).ticketId, () => ({ status: 'pending', user_id: null }));
        break;
      case 'TicketTransferred': {
        const d = e.data as Data<'TicketTransferred'>;
        change(d.ticketId, (t) => {
          const moved = { queue_id: d.queueId, user_id: d.userId, whatsapp_id: d.whatsappId, status: d.status };
          return d.status === 'open' && d.userId !== null ? { ...moved, ...agentHasIt({ ...t, ...moved }, at) } : moved;
        });
        break;
      }
      case 'TicketQueueChosen': {
        const d = e.data as Data<'TicketQueueChosen'>;
        change(d.ticketId, () => ({ queue_id: d.queueId }));
        break;
      }
      case 'TicketRated': {
        const d = e.data as Data<'TicketRated'>;
        change(d.ticketId, () => ({ rating: d.rate }));
        break;
      }
      case 'TicketDeleted':
        tickets.delete((e.data as Data<'TicketDeleted'>).ticketId);
        break;
      case 'MessageReceived': {
        const d = e.data as Data<'MessageReceived'>;
        change(d.ticketId, (t) => (t.first_customer_at === null ? { first_customer_at: at } : {}));
        break;
      }
      case 'MessageQueued': {
        const d = e.data as Data<'MessageQueued'>;
        if (d.userId > 0) {
          const t = tickets.get(d.ticketId);
          // The greeting accepting sends in the agent's name comes in the acceptance's command, at its instant.
          if (t && !(t.last_accepted_at !== null && time(t.last_accepted_at) === time(at))) personReplied(d.ticketId, at, d.userId);
        }
        break;
      }
      case 'MessageTypedOnPhone':
        personReplied((e.data as Data<'MessageTypedOnPhone'>).ticketId, at, null);
        break;
      case 'ContactMerged': {
        const d = e.data as Data<'ContactMerged'>;
        for (const t of d.tickets) change(t.id, () => ({ contact_id: d.contactId }));
        break;
      }
    }
  }
  await tickets.flush();
  if (removedHours.size > 0) await trx.raw('DELETE FROM ticket_times_hours WHERE key = ANY(?)', [[...removedHours]]);
  const rows = [...changedHours].map((key) => hours.get(key)!).map((h) => ({ ...h, schedules: JSON.stringify(h.schedules) }));
  if (rows.length > 0) await trx('ticket_times_hours').insert(rows).onConflict('key').merge();
}
