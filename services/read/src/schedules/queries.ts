import type { Knex } from 'knex';
import { SCHEDULE_RANGE_MAX, SCHEDULES_PAGE_SIZE, type Schedule, type SchedulePage, type ScheduleStatus } from '@atendo/contracts';

interface ScheduleRow {
  id: string | number;
  company_id: string | number;
  user_id: string | number;
  contact_id: string | number;
  body: string;
  send_at: Date;
  sent_at: Date | null;
  status: ScheduleStatus;
  whatsapp_id: string | number | null;
  ticket_id: string | number | null;
  media_path: string | null;
  media_name: string | null;
  message_id: string | null;
  error: string | null;
  created_at: Date;
  updated_at: Date;
  contact_name: string | null;
  contact_number: string | null;
  whatsapp_name: string | null;
}

const id = (v: string | number | null) => (v === null ? null : Number(v));

const toSchedule = (r: ScheduleRow): Schedule => ({
  id: Number(r.id),
  body: r.body,
  sendAt: r.send_at.toISOString(),
  sentAt: r.sent_at?.toISOString() ?? null,
  status: r.status,
  contactId: Number(r.contact_id),
  contact: r.contact_name === null ? null : { id: Number(r.contact_id), name: r.contact_name, number: r.contact_number ?? '' },
  whatsappId: id(r.whatsapp_id),
  whatsapp: r.whatsapp_id === null || r.whatsapp_name === null ? null : { id: Number(r.whatsapp_id), name: r.whatsapp_name },
  ticketId: id(r.ticket_id),
  userId: Number(r.user_id),
  mediaPath: r.media_path,
  mediaName: r.media_name,
  messageId: r.message_id,
  error: r.error,
  companyId: Number(r.company_id),
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

/** `%`, `_` and `\` typed in a search are looked for as themselves. */
const likeTerm = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A schedule the jobs role is to send, with what sending it needs to know. */
export interface DueSchedule {
  schedule: Schedule;
  /** The connection it goes through, as far as it can be told now (chosen, else the ticket's, else the default). */
  whatsappId: number | null;
  connection: { status: string; queueIds: number[] } | null;
  /** The contact's conversation: its number, and whether the company still has it. */
  contact: { name: string; number: string } | null;
  timeZone: string | null;
  /** The language of whoever scheduled it (the greeting's). */
  language: string | null;
  /** Whether the company's plan still has schedules. */
  planAllows: boolean;
}

export class ScheduleQueries {
  constructor(private readonly knex: Knex) {}

  private rows() {
    return this.knex('schedules as s')
      .leftJoin('contacts as c', function () {
        this.on('c.id', '=', 's.contact_id').andOn('c.company_id', '=', 's.company_id');
      })
      .leftJoin('whatsapps as w', function () {
        this.on('w.id', '=', 's.whatsapp_id').andOn('w.company_id', '=', 's.company_id');
      })
      .select('s.*', 'c.name as contact_name', 'c.number as contact_number', 'w.name as whatsapp_name');
  }

  async find(companyId: number, scheduleId: number): Promise<Schedule | undefined> {
    const row = (await this.rows().where({ 's.company_id': companyId, 's.id': scheduleId }).first()) as ScheduleRow | undefined;
    return row ? toSchedule(row) : undefined;
  }

  /**
   * A page of the company's schedules, latest send time first; `searchParam` matches the contact's name or the text
   * (any case); `contactId` keeps one contact's.
   */
  async page(companyId: number, searchParam: string, pageNumber: number, contactId?: number): Promise<SchedulePage> {
    const query = this.rows().where('s.company_id', companyId);
    if (contactId !== undefined) query.where('s.contact_id', contactId);
    if (searchParam) {
      const term = likeTerm(searchParam.toLowerCase());
      query.where((w) => w.whereRaw('lower(c.name) LIKE ?', [term]).orWhereRaw('lower(s.body) LIKE ?', [term]));
    }
    const rows = (await query.orderBy([{ column: 's.send_at', order: 'desc' }, { column: 's.id', order: 'desc' }]).offset((pageNumber - 1) * SCHEDULES_PAGE_SIZE).limit(SCHEDULES_PAGE_SIZE + 1)) as ScheduleRow[];
    return { schedules: rows.slice(0, SCHEDULES_PAGE_SIZE).map(toSchedule), hasMore: rows.length > SCHEDULES_PAGE_SIZE };
  }

  /** The company's schedules sent (or due) from `start` up to `end`, for the calendar's visible span; `hasMore` past the cap. */
  async range(companyId: number, start: string, end: string, contactId?: number): Promise<SchedulePage> {
    const query = this.rows().where('s.company_id', companyId).where('s.send_at', '>=', start).where('s.send_at', '<', end);
    if (contactId !== undefined) query.where('s.contact_id', contactId);
    const rows = (await query.orderBy([{ column: 's.send_at', order: 'asc' }, { column: 's.id', order: 'asc' }]).limit(SCHEDULE_RANGE_MAX + 1)) as ScheduleRow[];
    return { schedules: rows.slice(0, SCHEDULE_RANGE_MAX).map(toSchedule), hasMore: rows.length > SCHEDULE_RANGE_MAX };
  }

  /** Pending schedules whose time has come, of every company, oldest first (the jobs role's work). */
  async due(now: Date, limit: number): Promise<Schedule[]> {
    const rows = (await this.rows().where('s.status', 'PENDENTE').where('s.send_at', '<=', now).orderBy([{ column: 's.send_at' }, { column: 's.id' }]).limit(limit)) as ScheduleRow[];
    return rows.map(toSchedule);
  }

  /** Whether `ticketId` is a ticket of the company's contact `contactId`. */
  async contactHasTicket(companyId: number, contactId: number, ticketId: number): Promise<boolean> {
    return Boolean(await this.knex('tickets').where({ company_id: companyId, contact_id: contactId, id: ticketId }).first('id'));
  }

  /** The next pending send time, if any. */
  async next(): Promise<Date | null> {
    const row = (await this.knex('schedules').where('status', 'PENDENTE').min('send_at as at').first()) as { at: Date | null } | undefined;
    return row?.at ?? null;
  }

  /**
   * What sending a due schedule needs: the connection (the chosen one, else its ticket's, else the contact's latest
   * ticket's, else the company's default, else its first), the contact, the company's time zone and plan.
   */
  async sending(schedule: Schedule): Promise<DueSchedule> {
    const { companyId } = schedule;
    const contact = (await this.knex('contacts').where({ company_id: companyId, id: schedule.contactId }).first('name', 'number')) as { name: string; number: string } | undefined;
    const ticketConnection = async (): Promise<number | null> => {
      const query = this.knex('tickets').where({ company_id: companyId, contact_id: schedule.contactId });
      if (schedule.ticketId !== null) {
        const own = (await query.clone().where({ id: schedule.ticketId }).first('whatsapp_id')) as { whatsapp_id: string } | undefined;
        if (own) return Number(own.whatsapp_id);
      }
      const latest = (await query.orderBy([{ column: 'updated_at', order: 'desc' }, { column: 'id', order: 'desc' }]).first('whatsapp_id')) as { whatsapp_id: string } | undefined;
      return latest ? Number(latest.whatsapp_id) : null;
    };
    const companyDefault = async (): Promise<number | null> => {
      const row = (await this.knex('whatsapps').where({ company_id: companyId }).orderBy([{ column: 'is_default', order: 'desc' }, { column: 'id' }]).first('id')) as { id: string } | undefined;
      return row ? Number(row.id) : null;
    };
    let whatsappId = schedule.whatsappId ?? (await ticketConnection());
    // The ticket's connection may have been deleted since: the default then.
    const connectionOf = async (wid: number | null) =>
      wid === null ? undefined : ((await this.knex('whatsapps').where({ company_id: companyId, id: wid }).first('status', 'queue_ids')) as { status: string; queue_ids: number[] } | undefined);
    let row = await connectionOf(whatsappId);
    if (!row && schedule.whatsappId === null) {
      whatsappId = await companyDefault();
      row = await connectionOf(whatsappId);
    }
    const company = (await this.knex('companies').where({ id: companyId }).first('settings')) as { settings: Record<string, string> | null } | undefined;
    const user = (await this.knex('users').where({ id: schedule.userId }).first('language')) as { language: string | null } | undefined;
    const plan = (await this.knex('companies as co').join('plans as p', 'p.id', 'co.plan_id').where('co.id', companyId).first(this.knex.raw("(p.flags ->> 'useSchedules')::boolean as use_schedules"))) as { use_schedules: boolean | null } | undefined;
    return {
      schedule,
      whatsappId: row ? whatsappId : null,
      connection: row ? { status: row.status, queueIds: (row.queue_ids ?? []).map(Number) } : null,
      contact: contact ?? null,
      timeZone: company?.settings?.timeZone ?? null,
      language: user?.language ?? null,
      planAllows: plan?.use_schedules === true,
    };
  }
}
