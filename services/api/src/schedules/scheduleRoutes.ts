import type { AnyObject, InferType } from 'yup';
import {
  idParamsSchema,
  listSchedulesQuerySchema,
  SCHEDULE_MEDIA_MAX_BYTES,
  scheduleChangesSchema,
  createScheduleSchema,
  type Position,
  type Schedule,
  type ScheduleFields,
} from '@atendo/contracts';
import { handleCommand, scheduleDecider, scheduleStream, type CommandContext, type ScheduleCommand } from '@atendo/core';
import { AppError } from '@atendo/platform';
import { ContactQueries, ConnectionQueries, ScheduleQueries } from '@atendo/read';
import type { AuthContext } from '../auth/middleware.js';
import { route, type RouteSpec } from '../http/routeTable.js';
import { recordRoutes, type RecordRouteDeps } from '../http/recordRoutes.js';
import type { MediaMime } from '../media/mediaTypes.js';
import type { MediaStorage } from '../media/storage.js';
import { theUpload } from '../media/uploads.js';

export interface ScheduleRouteDeps extends RecordRouteDeps {
  storage: MediaStorage;
  /** What time it is (a schedule's time must lie ahead of it). */
  clock?: () => Date;
}

/** Spec §5: a schedule's media is a .png, .jpg or .jpeg image (by its content). */
const SCHEDULE_MEDIA_MIMES: readonly MediaMime[] = ['image/png', 'image/jpeg'];

type Changes = InferType<typeof scheduleChangesSchema>;

/**
 * Scheduled messages (spec: /schedules): any user of the company schedules a message to one of its contacts, sent by
 * the jobs role at its time through the chosen connection (else the ticket's, else the default). Gated by the plan's
 * `useSchedules`. A schedule of another company, or naming another company's contact, connection or ticket, is 404.
 */
export function scheduleRoutes({ knex, store, ids, storage, readYourWrites, clock = () => new Date() }: ScheduleRouteDeps): RouteSpec[] {
  const gate = { feature: 'schedules', permission: 'signedIn', planFlag: 'useSchedules' } as const;
  const schedules = new ScheduleQueries(knex);
  const contacts = new ContactQueries(knex);
  const connections = new ConnectionQueries(knex);
  const by = (who: AuthContext): CommandContext => ({ actor: { type: 'user', userId: who.claims.userId } });

  const scheduleRecord = recordRoutes<Schedule>({ ...gate, path: '/schedules/:id', notFound: 'ERR_SCHEDULE_NOT_FOUND', noun: 'Schedule', find: (companyId, id) => schedules.find(companyId, id) });
  const { found } = scheduleRecord;

  /** The contact, connection and ticket a schedule names must be the company's (and the ticket the contact's). */
  const checkReferences = async (companyId: number, refs: { contactId: number; whatsappId: number | null; ticketId: number | null }) => {
    if (!(await contacts.contact(companyId, refs.contactId))) throw new AppError('ERR_NO_CONTACT_FOUND', 404, `Contact ${refs.contactId} not found`);
    if (refs.whatsappId !== null && !(await connections.whatsapp(companyId, refs.whatsappId))) throw new AppError('ERR_NO_WAPP_FOUND', 404, `Connection ${refs.whatsappId} not found`);
    if (refs.ticketId !== null && !(await schedules.contactHasTicket(companyId, refs.contactId, refs.ticketId))) {
      throw new AppError('ERR_NO_TICKET_FOUND', 404, `Ticket ${refs.ticketId} is not a ticket of contact ${refs.contactId}`);
    }
  };
  const run = async (companyId: number, id: number, command: ScheduleCommand, auth: AuthContext) => {
    const result = await handleCommand(store, scheduleDecider, scheduleStream(companyId, id), command, by(auth));
    await readYourWrites(result.position);
  };
  const references = ['ERR_NO_CONTACT_FOUND', 'ERR_NO_WAPP_FOUND', 'ERR_NO_TICKET_FOUND'] as const;

  return [
    route<AnyObject, InferType<typeof listSchedulesQuerySchema>>({
      ...gate,
      method: 'get',
      path: '/schedules',
      summary:
        "The company's schedules: a page by contact name or text (searchParam, pageNumber; latest first), or with startDate and endDate every one of that span (the calendar); contactId keeps one contact's (`{schedules, hasMore}`)",
      query: listSchedulesQuerySchema,
      async handler({ res, query, auth: { viewer } }) {
        const { startDate, endDate, contactId } = query;
        if ((startDate === undefined) !== (endDate === undefined)) {
          const path = startDate === undefined ? 'startDate' : 'endDate';
          throw new AppError('ERR_VALIDATION', 400, 'startDate and endDate go together', [{ path, message: 'validation.required' }]);
        }
        if (startDate !== undefined && endDate !== undefined) {
          if (Date.parse(endDate) <= Date.parse(startDate)) throw new AppError('ERR_VALIDATION', 400, 'endDate must be after startDate', [{ path: 'endDate', message: 'validation.invalid' }]);
          res.json(await schedules.range(viewer.companyId, startDate, endDate, contactId));
          return;
        }
        res.json(await schedules.page(viewer.companyId, query.searchParam, query.pageNumber, contactId));
      },
    }),
    scheduleRecord.one({ summary: 'One schedule, with its contact, connection, status and the reason it failed' }),
    route<AnyObject, AnyObject, InferType<typeof createScheduleSchema>>({
      ...gate,
      method: 'post',
      path: '/schedules',
      summary:
        'Schedule a message to a contact (body 5+ characters with {{firstName}} {{name}} {{greeting}} {{protocol}} {{hour}}; sendAt ahead; whatsappId optional: else the ticket’s connection, else the default)',
      body: createScheduleSchema,
      status: 201,
      errors: ['ERR_SCHEDULE_IN_PAST', ...references],
      examples: { text: { summary: 'A reminder tomorrow', value: { body: '{{greeting}}, {{firstName}}! Lembrete da sua consulta.', contactId: 1, sendAt: '2030-01-01T12:00:00Z' } } },
      async handler({ res, body, auth }) {
        const { companyId, userId } = auth.viewer;
        await checkReferences(companyId, body);
        const fields: ScheduleFields = { companyId, userId, contactId: body.contactId, body: body.body, sendAt: body.sendAt, whatsappId: body.whatsappId, ticketId: body.ticketId, mediaPath: null, mediaName: null };
        const id = await ids.next('schedule');
        await run(companyId, id, { type: 'CreateSchedule', id, fields, at: clock().toISOString() }, auth);
        res.status(201).json(await found(companyId, id));
      },
    }),
    scheduleRecord.update<Changes>({
      summary: 'Change a schedule not yet sent (a failed one changed is tried again at its time, which must lie ahead)',
      body: scheduleChangesSchema,
      errors: ['ERR_SCHEDULE_IN_PAST', 'ERR_SCHEDULE_ALREADY_SENT', ...references],
      async handler({ res, params: { id }, body, auth }) {
        const { companyId } = auth.viewer;
        const current = await found(companyId, id);
        const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as Partial<ScheduleFields>;
        if (current.status !== 'ENVIADA') {
          await checkReferences(companyId, {
            contactId: changes.contactId ?? current.contactId,
            whatsappId: changes.whatsappId === undefined ? current.whatsappId : changes.whatsappId,
            ticketId: changes.ticketId === undefined ? (changes.contactId === undefined ? current.ticketId : null) : changes.ticketId,
          });
          // Another contact: the old contact's ticket is not this one's.
          if (changes.contactId !== undefined && changes.contactId !== current.contactId && changes.ticketId === undefined) changes.ticketId = null;
        }
        await run(companyId, id, { type: 'UpdateSchedule', changes, at: clock().toISOString() }, auth);
        res.json(await found(companyId, id));
      },
    }),
    scheduleRecord.remove({
      summary: 'Delete a schedule (a sent one leaves the calendar; its message stays in the ticket)',
      async handler({ res, params: { id }, auth }) {
        const { companyId } = auth.viewer;
        const before = await found(companyId, id);
        await run(companyId, id, { type: 'DeleteSchedule' }, auth);
        // A sent message still shows its image.
        if (before.status !== 'ENVIADA') await storage.removeNamed(before.mediaPath);
        res.json({ message: 'Schedule deleted' });
      },
    }),
    route<{ id: number }>({
      ...gate,
      method: 'post',
      path: '/schedules/:id/media-upload',
      summary: 'Attach an image (field `file`: png or jpeg by content, 2 MB at most) to a schedule not yet sent, replacing any before',
      params: idParamsSchema(),
      upload: { field: 'file', maxBytes: SCHEDULE_MEDIA_MAX_BYTES, accept: SCHEDULE_MEDIA_MIMES },
      errors: ['ERR_STORAGE_QUOTA', 'ERR_SCHEDULE_NOT_FOUND', 'ERR_SCHEDULE_ALREADY_SENT'],
      async authorize({ params: { id }, auth }) {
        const schedule = await found(auth.viewer.companyId, id);
        if (schedule.status === 'ENVIADA') throw new AppError('ERR_SCHEDULE_ALREADY_SENT', 409, `Schedule ${id} was sent at ${schedule.sentAt}`);
      },
      async handler({ req, res, params: { id }, auth }) {
        const { companyId } = auth.viewer;
        const upload = theUpload(req);
        const before = await found(companyId, id);
        await storage.keepFor(companyId, upload, (stored) =>
          run(companyId, id, { type: 'UpdateSchedule', changes: { mediaPath: `/public/${stored.key}`, mediaName: stored.originalName }, at: clock().toISOString() }, auth),
        );
        await storage.removeNamed(before.mediaPath);
        res.json(await found(companyId, id));
      },
    }),
    scheduleRecord.byId('delete', {
      path: '/schedules/:id/media-upload',
      summary: "Remove a schedule's image (not once sent)",
      errors: ['ERR_SCHEDULE_ALREADY_SENT'],
      async handler({ res, params: { id }, auth }) {
        const { companyId } = auth.viewer;
        const before = await found(companyId, id);
        await run(companyId, id, { type: 'UpdateSchedule', changes: { mediaPath: null, mediaName: null }, at: clock().toISOString() }, auth);
        await storage.removeNamed(before.mediaPath);
        res.json(await found(companyId, id));
      },
    }),
  ];
}
