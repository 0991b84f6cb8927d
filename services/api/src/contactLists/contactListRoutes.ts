import type { AnyObject, InferType } from 'yup';
import {
  CONTACT_LIST_IMPORT_MAX_BYTES,
  CONTACT_LIST_IMPORT_MAX_ROWS,
  CONTACT_LIST_ITEM_NUMBER_MIN,
  contactListChangesSchema,
  contactListItemChangesSchema,
  contactListItemNumber,
  contactListItemSchema,
  contactListSchema,
  idParamsSchema,
  listContactListItemsQuerySchema,
  listContactListsQuerySchema,
  type ContactList,
  type ContactListItem,
  type ContactListItemFields,
  type Position,
} from '@atendo/contracts';
import {
  changeContactListItem,
  contactListDecider,
  contactListStream,
  createContactListItem,
  deleteContactList,
  deleteContactListItem,
  handleCommand,
  type CommandContext,
} from '@atendo/core';
import { AppError } from '@atendo/platform';
import { ContactListQueries } from '@atendo/read';
import type { AuthContext } from '../auth/middleware.js';
import { route, type RouteSpec } from '../http/routeTable.js';
import { oneRecordRoute, type RecordRouteDeps } from '../http/recordRoutes.js';
import { readSpreadsheet, SPREADSHEET_MIMES } from '../contacts/spreadsheet.js';
import { classifyItemRows, exampleSpreadsheet, importItems } from './contactListImport.js';

export type ContactListRouteDeps = RecordRouteDeps;

type ItemChanges = InferType<typeof contactListItemChangesSchema>;

/**
 * Contact lists and their items (spec: /contact-lists, /contact-list-items): the people a campaign is sent to, kept
 * by the company's admins when the plan has campaigns. An item's number is kept as its digits, one per list.
 */
export function contactListRoutes({ knex, store, ids, readYourWrites }: ContactListRouteDeps): RouteSpec[] {
  const feature = 'contactLists';
  const gate = { feature, permission: 'campaigns:manage', planFlag: 'useCampaigns' } as const;
  const lists = new ContactListQueries(knex);
  const by = (who: AuthContext): CommandContext => ({ actor: { type: 'user', userId: who.claims.userId } });

  const foundList = async (companyId: number, id: number): Promise<ContactList> => {
    const list = await lists.find(companyId, id);
    if (!list) throw new AppError('ERR_CONTACT_LIST_NOT_FOUND', 404, `Contact list ${id} not found`);
    return list;
  };
  const foundItem = async (companyId: number, id: number): Promise<ContactListItem> => {
    const item = await lists.findItem(companyId, id);
    if (!item) throw new AppError('ERR_CONTACT_LIST_ITEM_NOT_FOUND', 404, `Contact list item ${id} not found`);
    return item;
  };
  const listInCompany = async ({ params: { id }, auth }: { params: { id: number }; auth: AuthContext }) => void (await foundList(auth.viewer.companyId, id));
  const itemInCompany = async ({ params: { id }, auth }: { params: { id: number }; auth: AuthContext }) => void (await foundItem(auth.viewer.companyId, id));

  /** The number as it is kept (its digits), which must still have as many characters as the spec asks of a number. */
  const keptNumber = (raw: string): string => {
    const digits = contactListItemNumber(raw);
    if (digits.length < CONTACT_LIST_ITEM_NUMBER_MIN) {
      throw new AppError('ERR_VALIDATION', 400, `number: needs at least ${CONTACT_LIST_ITEM_NUMBER_MIN} digits`, [
        { path: 'number', message: 'validation.tooShort', params: { min: CONTACT_LIST_ITEM_NUMBER_MIN } },
      ]);
    }
    return digits;
  };

  return [
    route<AnyObject, InferType<typeof listContactListsQuerySchema>>({
      ...gate,
      method: 'get',
      path: '/contact-lists',
      summary: "A page of the company's contact lists by name (searchParam, pageNumber), each with its count of contacts (`{records, hasMore}`)",
      query: listContactListsQuerySchema,
      async handler({ res, query, auth: { viewer } }) {
        res.json(await lists.page(viewer.companyId, query.searchParam, query.pageNumber));
      },
    }),
    route({
      ...gate,
      method: 'get',
      path: '/contact-lists/list',
      summary: "Every contact list of the company by name, with its count of contacts (the campaign form's select)",
      async handler({ res, auth: { viewer } }) {
        res.json(await lists.all(viewer.companyId));
      },
    }),
    route({
      ...gate,
      method: 'get',
      path: '/contact-lists/example-spreadsheet',
      summary: 'An example spreadsheet to fill in for an import (xlsx: the header name, number, email and one example row)',
      async handler({ res }) {
        const file = await exampleSpreadsheet();
        res.status(200);
        res.setHeader('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
        res.setHeader('content-disposition', 'attachment; filename="contact-list-example.xlsx"');
        res.end(file);
      },
    }),
    route<{ id: number }>({
      ...gate,
      method: 'post',
      path: '/contact-lists/:id/upload',
      summary: `Import contacts into a list from a spreadsheet (\`file\`: xlsx, or csv; an old binary .xls is refused; at most ${CONTACT_LIST_IMPORT_MAX_ROWS} rows). The first row names the columns name, number and email (nome/numero, nombre/numero, telefone … too). Answers each row's outcome (added, duplicate, invalid with the code and the refused fields) and the counts`,
      params: idParamsSchema(),
      authorize: listInCompany,
      upload: { field: 'file', accept: SPREADSHEET_MIMES, maxBytes: CONTACT_LIST_IMPORT_MAX_BYTES },
      examples: { sheet: { summary: 'A spreadsheet in the field file', value: { file: '(contacts.xlsx)' }, kind: 'multipart' } },
      errors: [
        'ERR_CONTACT_LIST_NOT_FOUND',
        'ERR_INVALID_SPREADSHEET',
        'ERR_SPREADSHEET_XLS',
        'ERR_SPREADSHEET_TOO_MANY_ROWS', 'ERR_SPREADSHEET_TOO_LARGE',
        'ERR_CONTACT_LIST_SPREADSHEET_COLUMNS',
        'ERR_CONTACT_LIST_SPREADSHEET_EMPTY',
      ],
      async handler({ req, res, params: { id }, auth }) {
        const { companyId } = auth.viewer;
        const file = req.uploads?.[0];
        if (!file) throw new AppError('ERR_VALIDATION', 400, 'Send the spreadsheet in the field file', [{ path: 'file', message: 'validation.required' }]);
        // The whole file is read and checked before anything is written: a file that cannot be read adds nothing.
        const classified = classifyItemRows(await readSpreadsheet(file, CONTACT_LIST_IMPORT_MAX_ROWS), id);
        const { report, position } = await importItems(classified, { companyId, contactListId: id }, { store, ids, context: by(auth) });
        await readYourWrites(position);
        res.json(report);
      },
    }),
    oneRecordRoute({
      ...gate,
      path: '/contact-lists/:id',
      summary: 'One contact list, with its count of contacts',
      notFound: 'ERR_CONTACT_LIST_NOT_FOUND',
      show: foundList,
    }),
    route<AnyObject, AnyObject, InferType<typeof contactListSchema>>({
      ...gate,
      method: 'post',
      path: '/contact-lists',
      summary: 'Add a contact list (name, 2 to 50 characters)',
      body: contactListSchema,
      status: 201,
      async handler({ res, body, auth }) {
        const { companyId } = auth.viewer;
        const id = await ids.next('contactList');
        const result = await handleCommand(store, contactListDecider, contactListStream(companyId, id), { type: 'create', id, fields: { companyId, name: body.name } }, by(auth));
        await readYourWrites(result.position);
        res.status(201).json(await foundList(companyId, id));
      },
    }),
    route<{ id: number }, AnyObject, InferType<typeof contactListChangesSchema>>({
      ...gate,
      method: 'put',
      path: '/contact-lists/:id',
      summary: 'Rename a contact list',
      params: idParamsSchema(),
      body: contactListChangesSchema,
      errors: ['ERR_CONTACT_LIST_NOT_FOUND'],
      authorize: listInCompany,
      async handler({ res, params: { id }, body, auth }) {
        const { companyId } = auth.viewer;
        const changes = body.name === undefined ? {} : { name: body.name };
        const result = await handleCommand(store, contactListDecider, contactListStream(companyId, id), { type: 'update', changes }, by(auth));
        await readYourWrites(result.position);
        res.json(await foundList(companyId, id));
      },
    }),
    route<{ id: number }>({
      ...gate,
      method: 'delete',
      path: '/contact-lists/:id',
      summary: 'Delete a contact list with its contacts',
      params: idParamsSchema(),
      errors: ['ERR_CONTACT_LIST_NOT_FOUND'],
      authorize: listInCompany,
      async handler({ res, params: { id }, auth }) {
        const { companyId } = auth.viewer;
        const result = await deleteContactList(store, companyId, id, await lists.itemKeys(companyId, id), by(auth));
        await readYourWrites(result.position);
        res.json({ message: 'Contact list deleted' });
      },
    }),
    route<AnyObject, InferType<typeof listContactListItemsQuerySchema>>({
      ...gate,
      method: 'get',
      path: '/contact-list-items',
      summary: "A page of one list's contacts by name (contactListId; searchParam matches the name or the number; `{contacts, hasMore}`)",
      query: listContactListItemsQuerySchema,
      errors: ['ERR_CONTACT_LIST_NOT_FOUND'],
      async handler({ res, query, auth: { viewer } }) {
        await foundList(viewer.companyId, query.contactListId);
        res.json(await lists.itemPage(viewer.companyId, query.contactListId, query.searchParam, query.pageNumber));
      },
    }),
    oneRecordRoute({
      ...gate,
      path: '/contact-list-items/:id',
      summary: 'One contact of a list',
      notFound: 'ERR_CONTACT_LIST_ITEM_NOT_FOUND',
      show: foundItem,
    }),
    route<AnyObject, AnyObject, InferType<typeof contactListItemSchema>>({
      ...gate,
      method: 'post',
      path: '/contact-list-items',
      summary: 'Add a contact to a list (name 2 to 50; number 8 to 50 characters, kept as its digits, one per list; e-mail optional)',
      body: contactListItemSchema,
      status: 201,
      errors: ['ERR_CONTACT_LIST_NOT_FOUND', 'ERR_CONTACT_LIST_ITEM_NUMBER_ALREADY_EXISTS'],
      async handler({ res, body, auth }) {
        const { companyId } = auth.viewer;
        await foundList(companyId, body.contactListId);
        const fields: ContactListItemFields = { companyId, contactListId: body.contactListId, name: body.name, number: keptNumber(body.number), email: body.email, isWhatsappValid: null };
        const id = await ids.next('contactListItem');
        const result = await createContactListItem(store, id, fields, by(auth));
        await readYourWrites(result.position);
        res.status(201).json(await foundItem(companyId, id));
      },
    }),
    route<{ id: number }, AnyObject, ItemChanges>({
      ...gate,
      method: 'put',
      path: '/contact-list-items/:id',
      summary: "Change a list contact's name, number or e-mail (a new number is checked by WhatsApp again)",
      params: idParamsSchema(),
      body: contactListItemChangesSchema,
      errors: ['ERR_CONTACT_LIST_ITEM_NOT_FOUND', 'ERR_CONTACT_LIST_ITEM_NUMBER_ALREADY_EXISTS'],
      authorize: itemInCompany,
      async handler({ res, params: { id }, body, auth }) {
        const { companyId } = auth.viewer;
        const current = await foundItem(companyId, id);
        const changes: Partial<ContactListItemFields> = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
        if (body.number !== undefined) {
          changes.number = keptNumber(body.number);
          // WhatsApp's verdict was on the old number.
          if (changes.number !== current.number) changes.isWhatsappValid = null;
        }
        const result = await changeContactListItem(store, companyId, id, changes, current, by(auth));
        await readYourWrites(result.position);
        res.json(await foundItem(companyId, id));
      },
    }),
    route<{ id: number }>({
      ...gate,
      method: 'delete',
      path: '/contact-list-items/:id',
      summary: 'Delete a contact of a list',
      params: idParamsSchema(),
      errors: ['ERR_CONTACT_LIST_ITEM_NOT_FOUND'],
      authorize: itemInCompany,
      async handler({ res, params: { id }, auth }) {
        const { companyId } = auth.viewer;
        const result = await deleteContactListItem(store, companyId, id, await foundItem(companyId, id), by(auth));
        await readYourWrites(result.position);
        res.json({ message: 'Contact deleted' });
      },
    }),
  ];
}
