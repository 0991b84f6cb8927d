import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import type { Knex } from 'knex';
import type { AnyObject, InferType } from 'yup';
import { contactChangesSchema, contactNumber, contactSchema, CONTACT_IMPORT_MAX_ROWS, listContactsQuerySchema, type ContactImport } from '@atendo/contracts';
import * as yup from 'yup';
import { contactStream, type CommandContext } from '@atendo/core';
import { AppError, type IdAllocator } from '@atendo/platform';
import { ContactImports, ContactQueries } from '@atendo/read';
import type { AuthContext } from '../auth/middleware.js';
import type { ApiContext } from '../http/context.js';
import { route, type RouteSpec } from '../http/routeTable.js';
import { recordRoutes } from '../http/recordRoutes.js';
import { classifyRows, runImport } from './contactImport.js';
import { readSpreadsheet, SPREADSHEET_MIMES } from './spreadsheet.js';

export interface ContactRouteDeps {
  api: ApiContext;
  knex: Knex;
  ids: IdAllocator;
}

type NewContact = InferType<typeof contactSchema>;
type ContactChanges = InferType<typeof contactChangesSchema>;

/** The largest spreadsheet an import takes. */
const IMPORT_MAX_BYTES = 20 * 1024 * 1024;

/** A CSV field: quoted when it holds the separator, a quote or a line break; a leading = + - @ cannot start a formula. */
function csvField(value: string): string {
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const importParamsSchema = yup.object({
  jobId: yup.string().required('validation.required').matches(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'validation.uuid'),
});

/**
 * The company's contacts (spec: catalogue §Contacts): searched by pickers and the contacts page, added, edited and
 * deleted there, exported as CSV and imported from a spreadsheet. A contact lives in its number's stream (one number,
 * one contact), so adding one whose number has a contact is refused there, under any concurrency.
 */
export function contactRoutes({ api: ctx, knex, ids }: ContactRouteDeps): RouteSpec[] {
  const feature = 'contacts';
  const contacts = new ContactQueries(knex);
  const imports = new ContactImports(knex);
  const by = (who: AuthContext): CommandContext => ({ actor: { type: 'user', userId: who.claims.userId } });
  const contactRecord = recordRoutes({ feature, permission: 'signedIn', path: '/contacts/:id', notFound: 'ERR_NO_CONTACT_FOUND', noun: 'Contact', find: (companyId, id) => contacts.contact(companyId, id) });
  const { found } = contactRecord;
  const answer = async (companyId: number, id: number) => {
    const { streamId: _stream, ...contact } = await found(companyId, id);
    return contact;
  };
  return [
    contactRecord.list({
      path: '/contacts',
      summary: "A page of the company's contacts (20), by name; searchParam matches the name (any case or accents) or the number",
      query: listContactsQuerySchema,
      read: ({ query: { searchParam, pageNumber, cursor }, auth }) => contacts.page(auth.viewer.companyId, searchParam, pageNumber, cursor),
    }),
    route({
      method: 'get',
      path: '/contacts/export',
      feature,
      summary: "Every contact of the company as CSV (UTF-8, `;`, columns name;number;email), streamed",
      permission: 'signedIn',
      async handler({ res, auth }) {
        res.status(200);
        res.setHeader('content-type', 'text/csv; charset=utf-8');
        res.setHeader('content-disposition', 'attachment; filename="contacts.csv"');
        // The byte-order mark makes spreadsheet programs read the accents as UTF-8.
        let chunk = '\uFEFFname;number;email\r\n';
        let lines = 0;
        for await (const c of contacts.all(auth.viewer.companyId)) {
          chunk += `${csvField(c.name)};${csvField(c.number)};${csvField(c.email)}\r\n`;
          if (++lines % 500 === 0) {
            // A client that went away stops the export; one that reads slowly holds it (back-pressure).
            if (!res.write(chunk)) await Promise.race([once(res, 'drain'), once(res, 'close')]);
            if (res.destroyed) return;
            chunk = '';
          }
        }
        res.end(chunk);
      },
    }),
    route({
      method: 'post',
      path: '/contacts/import',
      feature,
      summary:
        'Import contacts from a spreadsheet (`file`: xlsx or csv; the first row names the columns: a number column, and name, email, any other column as extra information). Answers 202 with the import; follow it at GET /contacts/import/{jobId}',
      permission: 'signedIn',
      upload: { field: 'file', accept: SPREADSHEET_MIMES, maxBytes: IMPORT_MAX_BYTES },
      status: 202,
      errors: ['ERR_INVALID_SPREADSHEET', 'ERR_SPREADSHEET_XLS', 'ERR_SPREADSHEET_NO_NUMBER', 'ERR_SPREADSHEET_TOO_MANY_ROWS', 'ERR_SPREADSHEET_TOO_LARGE'],
      async handler({ req, res, auth: { viewer } }) {
        const file = req.uploads?.[0];
        if (!file) throw new AppError('ERR_VALIDATION', 400, 'Send the spreadsheet in the field file', [{ path: 'file', message: 'validation.required' }]);
        // Read and checked whole before answering: a file that is no spreadsheet is refused here, and nothing is written.
        const rows = classifyRows(await readSpreadsheet(file, CONTACT_IMPORT_MAX_ROWS));
        const job = { id: randomUUID(), companyId: viewer.companyId, userId: viewer.userId };
        const total = rows.candidates.length + rows.rejected.length;
        await imports.start({ ...job, total });
        void runImport(job, rows, {
          conversations: ctx.conversationService,
          ids,
          imports,
          readYourWrites: (p) => ctx.readYourWrites(p),
          onError: (error) => console.error(`contact import ${job.id}:`, error),
        });
        res.status(202).json({ id: job.id, status: 'running', total, done: 0, imported: 0, rejected: [] } satisfies ContactImport);
      },
    }),
    route<{ jobId: string }>({
      method: 'get',
      path: '/contacts/import/:jobId',
      feature,
      summary: 'How far an import got: rows done of the total, contacts imported, and each rejected row with its reason',
      permission: 'signedIn',
      params: importParamsSchema,
      errors: ['ERR_CONTACT_IMPORT_NOT_FOUND'],
      async handler({ res, params: { jobId }, auth: { viewer } }) {
        const job = await contacts.import(viewer.companyId, jobId);
        if (!job) throw new AppError('ERR_CONTACT_IMPORT_NOT_FOUND', 404, `Import ${jobId} not found`);
        res.json(job);
      },
    }),
    route<AnyObject, AnyObject, NewContact>({
      method: 'post',
      path: '/contacts',
      feature,
      summary: 'Add a contact: name, number (digits with the country code; separators are dropped), email, extraInfo [{name, value}]',
      permission: 'signedIn',
      body: contactSchema,
      status: 201,
      errors: ['ERR_DUPLICATED_CONTACT'],
      async handler({ res, body, auth }) {
        const companyId = auth.viewer.companyId;
        const number = contactNumber(body.number)!;
        const contactId = await ids.next('contact');
        const command = { type: 'CreateContact' as const, contactId, number, name: body.name, email: body.email, extraInfo: body.extraInfo as Array<{ name: string; value: string }> };
        const result = await ctx.conversationService.execute(contactStream(companyId, number), command, by(auth));
        await ctx.readYourWrites(result.position);
        res.status(201).json(await answer(companyId, contactId));
      },
    }),
    contactRecord.one({ summary: 'One contact, with its extra information', show: answer }),
    contactRecord.update<ContactChanges>({
      summary: "Change a contact's name, email or extra information (the list given replaces it); its number stays",
      body: contactChangesSchema,
      errors: ['ERR_CONTACT_NUMBER_FIXED'],
      async handler({ res, params: { id }, body, auth }) {
        const companyId = auth.viewer.companyId;
        const current = await found(companyId, id);
        if (body.number !== undefined && body.number !== '' && contactNumber(body.number) !== current.number) {
          throw new AppError('ERR_CONTACT_NUMBER_FIXED', 400, `Contact ${id} is ${current.number}; a number is one contact: add another contact for ${body.number}`);
        }
        const command = {
          type: 'UpdateContact' as const,
          contactId: id,
          name: body.name ?? current.name,
          email: body.email ?? current.email,
          extraInfo: (body.extraInfo as Array<{ name: string; value: string }> | undefined) ?? current.extraInfo,
        };
        const result = await ctx.conversationService.execute(current.streamId, command, by(auth));
        await ctx.readYourWrites(result.position);
        res.json(await answer(companyId, id));
      },
    }),
    contactRecord.remove({
      summary: 'Delete a contact with its tickets and their messages (a new message from the number makes a new contact)',
      permission: 'contacts-page:deleteContact',
      async handler({ res, params: { id }, auth }) {
        const current = await found(auth.viewer.companyId, id);
        const result = await ctx.conversationService.execute(current.streamId, { type: 'DeleteContact', contactId: id, userId: auth.viewer.userId }, by(auth));
        await ctx.readYourWrites(result.position);
        res.json({ message: 'Contact deleted' });
      },
    }),
  ];
}
