import type { AnyObject, InferType } from 'yup';
import * as yup from 'yup';
import {
  campaignChangesSchema,
  campaignSchema,
  campaignSettingsSchema,
  idParamsSchema,
  listCampaignsQuerySchema,
  type CampaignFields,
  type CampaignView,
  type Position,
  type SendGovernorStatus,
} from '@atendo/contracts';
import {
  campaignDecider,
  campaignSettingsDecider,
  campaignSettingsStream,
  campaignStream,
  governSend,
  handleCommand,
  PostgresSnapshotStore,
  slowDownLevel,
  type CampaignChanges,
  type CampaignCommand,
  type CommandContext,
  type SendGovernorState,
} from '@atendo/core';
import { AppError } from '@atendo/platform';
import { CampaignQueries, ContactListQueries, FileListQueries } from '@atendo/read';
import type { AuthContext } from '../auth/middleware.js';
import { route, type RouteSpec } from '../http/routeTable.js';
import { recordRoutes, type RecordRouteDeps } from '../http/recordRoutes.js';
import { largestAllowed, MESSAGE_MEDIA_MIMES } from '../media/mediaTypes.js';
import type { MediaStorage } from '../media/storage.js';
import { theUpload } from '../media/uploads.js';

export interface CampaignRouteDeps extends RecordRouteDeps {
  storage: MediaStorage;
  /** What time it is (the edit cutoff and schedules are decided on it). */
  clock?: () => Date;
}

const shippingQuerySchema = yup.object({
  pageNumber: yup.number().typeError('validation.integer').integer('validation.integer').min(1, 'validation.positive').max(100_000, 'validation.max').default(1),
});

/**
 * Campaigns (spec: /campaigns, /campaign-settings; issue 14, decision 0028): admins' when the plan has campaigns. The
 * decider rules on statuses and editability; the routes check that what a campaign names (connection, contact list,
 * tag, file list) is the company's own, so a campaign never sends to another company's people.
 */
export function campaignRoutes({ knex, store, ids, storage, readYourWrites, clock = () => new Date() }: CampaignRouteDeps): RouteSpec[] {
  const gate = { feature: 'campaigns', permission: 'campaigns:manage', planFlag: 'useCampaigns' } as const;
  const campaigns = new CampaignQueries(knex);
  // A campaign's stream holds an event per message and per outcome: commands load it from its latest snapshot.
  const snapshots = new PostgresSnapshotStore(knex);
  const lists = new ContactListQueries(knex);
  const fileLists = new FileListQueries(knex);
  const by = (who: AuthContext): CommandContext => ({ actor: { type: 'user', userId: who.claims.userId } });
  const now = () => clock().toISOString();

  const campaignRecord = recordRoutes<CampaignView>({ ...gate, path: '/campaigns/:id', notFound: 'ERR_CAMPAIGN_NOT_FOUND', noun: 'Campaign', find: (companyId, id) => campaigns.find(companyId, id, clock()) });
  const { found } = campaignRecord;

  /** What a campaign names must be the company's own: another company's connection or list is as good as none. */
  async function checkReferences(companyId: number, fields: Partial<Pick<CampaignFields, 'whatsappId' | 'contactListId' | 'tagId' | 'fileListId'>>) {
    const missing = (path: string, what: string) => new AppError('ERR_VALIDATION', 400, `${path}: no such ${what} in this company`, [{ path, message: 'validation.invalid' }]);
    if (fields.whatsappId != null && !(await knex('whatsapps').where({ id: fields.whatsappId, company_id: companyId }).first('id'))) throw missing('whatsappId', 'connection');
    if (fields.contactListId != null && !(await lists.find(companyId, fields.contactListId))) throw missing('contactListId', 'contact list');
    if (fields.tagId != null && !(await knex('tags').where({ id: fields.tagId, company_id: companyId }).first('id'))) throw missing('tagId', 'tag');
    if (fields.fileListId != null && !(await fileLists.find(companyId, fields.fileListId))) throw missing('fileListId', 'file list');
  }


  async function decide(companyId: number, id: number, command: CampaignCommand, auth: AuthContext): Promise<CampaignView> {
    const result = await handleCommand(store, campaignDecider, campaignStream(companyId, id), command, by(auth), { snapshots });
    await readYourWrites(result.position);
    return found(companyId, id);
  }
  const change = (companyId: number, id: number, changes: CampaignChanges, auth: AuthContext) => decide(companyId, id, { type: 'UpdateCampaign', changes, at: now() }, auth);

  return [
    campaignRecord.list({
      path: '/campaigns',
      summary: "A page of the company's campaigns, newest first, by name (searchParam, pageNumber), each with its progress (`{records, hasMore}`)",
      query: listCampaignsQuerySchema,
      read: ({ query, auth: { viewer } }) => campaigns.page(viewer.companyId, query.searchParam, query.pageNumber, clock()),
    }),
    campaignRecord.one({ summary: 'One campaign with its contact list, connection, progress and whether it may be edited now' }),
    route<AnyObject, AnyObject, InferType<typeof campaignSchema>>({
      ...gate,
      method: 'post',
      path: '/campaigns',
      summary: 'Add a campaign (name 2 to 50, a connection, five messages, a contact list or tag, a file list, a schedule): INATIVA, or PROGRAMADA with a schedule ahead',
      body: campaignSchema,
      status: 201,
      errors: ['ERR_CAMPAIGN_SCHEDULE_IN_PAST', 'ERR_CAMPAIGN_NO_MESSAGE', 'ERR_CAMPAIGN_NO_RECIPIENTS'],
      async handler({ res, body, auth }) {
        const { companyId } = auth.viewer;
        const { scheduledAt, ...rest } = body;
        const fields: CampaignFields = { ...rest, message1: rest.message1 ?? '', message2: rest.message2 ?? '', message3: rest.message3 ?? '', message4: rest.message4 ?? '', message5: rest.message5 ?? '', companyId, contactListId: rest.contactListId ?? null, tagId: rest.tagId ?? null, fileListId: rest.fileListId ?? null, mediaPath: null, mediaName: null };
        await checkReferences(companyId, fields);
        const id = await ids.next('campaign');
        const view = await decide(companyId, id, { type: 'CreateCampaign', id, fields, scheduledAt: scheduledAt ?? null, at: now() }, auth);
        res.status(201).json(view);
      },
    }),
    campaignRecord.update<InferType<typeof campaignChangesSchema>>({
      summary: 'Change a campaign: only while INATIVA, PROGRAMADA more than an hour ahead, or CANCELADA (a cancelled one keeps its status)',
      body: campaignChangesSchema,
      errors: ['ERR_CAMPAIGN_NOT_EDITABLE', 'ERR_CAMPAIGN_INVALID_TRANSITION', 'ERR_CAMPAIGN_SCHEDULE_IN_PAST', 'ERR_CAMPAIGN_NO_MESSAGE', 'ERR_CAMPAIGN_NO_RECIPIENTS'],
      async handler({ res, params: { id }, body, auth }) {
        const { companyId } = auth.viewer;
        const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as CampaignChanges;
        await checkReferences(companyId, changes);
        res.json(await change(companyId, id, changes, auth));
      },
    }),
    campaignRecord.remove({
      summary: 'Delete a campaign that is not sending (stop it first)',
      errors: ['ERR_CAMPAIGN_IN_PROGRESS'],
      async handler({ res, params: { id }, auth }) {
        const { companyId } = auth.viewer;
        const before = await found(companyId, id);
        const result = await handleCommand(store, campaignDecider, campaignStream(companyId, id), { type: 'DeleteCampaign' }, by(auth), { snapshots });
        await readYourWrites(result.position);
        await storage.removeNamed(before.mediaPath);
        res.json({ message: 'Campaign deleted' });
      },
    }),
    campaignRecord.byId('post', {
      path: '/campaigns/:id/cancel',
      summary: 'Stop a campaign that is sending (CANCELADA): the messages not yet handed to the connection stay unsent',
      errors: ['ERR_CAMPAIGN_INVALID_TRANSITION'],
      async handler({ res, params: { id }, auth }) {
        res.json(await decide(auth.viewer.companyId, id, { type: 'CancelCampaign', at: now() }, auth));
      },
    }),
    campaignRecord.byId('post', {
      path: '/campaigns/:id/restart',
      summary: 'Go on with a cancelled campaign (EM_ANDAMENTO): only the contacts that have not had their message get it',
      errors: ['ERR_CAMPAIGN_INVALID_TRANSITION'],
      async handler({ res, params: { id }, auth }) {
        const { companyId } = auth.viewer;
        const campaign = await found(companyId, id);
        const validContacts = await campaigns.countRecipients({ companyId, contactListId: campaign.contactListId, tagId: campaign.tagId });
        res.json(await decide(companyId, id, { type: 'RestartCampaign', validContacts, at: now() }, auth));
      },
    }),
    campaignRecord.byId('post', {
      path: '/campaigns/:id/media-upload',
      summary: "Attach a file (field `file`, recognised by its content) sent with each contact's message, replacing any before",
      upload: { field: 'file', maxBytes: largestAllowed(MESSAGE_MEDIA_MIMES), accept: MESSAGE_MEDIA_MIMES },
      errors: ['ERR_STORAGE_QUOTA', 'ERR_CAMPAIGN_NOT_FOUND', 'ERR_CAMPAIGN_NOT_EDITABLE'],
      async handler({ req, res, params: { id }, auth }) {
        const { companyId } = auth.viewer;
        const upload = theUpload(req);
        const before = await found(companyId, id);
        const view = await storage.keepFor(companyId, upload, (stored) => change(companyId, id, { mediaPath: `/public/${stored.key}`, mediaName: stored.originalName.replace(/\s+/g, '_') }, auth));
        await storage.removeNamed(before.mediaPath);
        res.json(view);
      },
    }),
    campaignRecord.remove({
      path: '/campaigns/:id/media-upload',
      summary: "Remove the campaign's file",
      errors: ['ERR_CAMPAIGN_NOT_EDITABLE'],
      async handler({ res, params: { id }, auth }) {
        const { companyId } = auth.viewer;
        const before = await found(companyId, id);
        const view = await change(companyId, id, { mediaPath: null, mediaName: null }, auth);
        await storage.removeNamed(before.mediaPath);
        res.json(view);
      },
    }),
    route<{ id: number }>({
      ...gate,
      method: 'get',
      path: '/campaigns/:id/report',
      summary: "A campaign's report: its progress, the governor's hold, and deliveries and failures per minute",
      params: idParamsSchema(),
      errors: ['ERR_CAMPAIGN_NOT_FOUND'],
      async handler({ res, params: { id }, auth: { viewer } }) {
        const campaign = await found(viewer.companyId, id);
        res.json({ campaign, timeline: await campaigns.timeline(id) });
      },
    }),
    route<{ id: number }, InferType<typeof shippingQuerySchema>>({
      ...gate,
      method: 'get',
      path: '/campaigns/:id/shipping',
      summary: "A page of a campaign's messages in the order they went: number, variant, text, when due, delivered or failed (`{records, hasMore}`)",
      params: idParamsSchema(),
      query: shippingQuerySchema,
      errors: ['ERR_CAMPAIGN_NOT_FOUND'],
      async handler({ res, params: { id }, query, auth: { viewer } }) {
        await found(viewer.companyId, id);
        res.json(await campaigns.shipping(id, query.pageNumber));
      },
    }),
    route({
      ...gate,
      method: 'get',
      path: '/campaign-settings',
      summary: "The company's campaign settings: messageInterval, longerIntervalAfter, greaterInterval (seconds / messages) and variables",
      async handler({ res, auth: { viewer } }) {
        res.json(await campaigns.settings(viewer.companyId));
      },
    }),
    route<AnyObject, AnyObject, InferType<typeof campaignSettingsSchema>>({
      ...gate,
      method: 'post',
      path: '/campaign-settings',
      summary: 'Save the campaign settings as a whole (the choices of the settings page; variable keys one word, not repeated)',
      body: campaignSettingsSchema,
      async handler({ res, body, auth }) {
        const { companyId } = auth.viewer;
        const result = await handleCommand(store, campaignSettingsDecider, campaignSettingsStream(companyId), { type: 'SaveCampaignSettings', companyId, settings: body }, by(auth));
        await readYourWrites(result.position);
        res.json(await campaigns.settings(companyId));
      },
    }),
    route({
      feature: 'campaigns',
      permission: 'campaigns:manage',
      method: 'get',
      path: '/send-governor',
      summary: "Each connection's send governor: whether campaign, schedule and API sends are held back now, until when and why",
      async handler({ res, auth: { viewer } }) {
        const at = clock();
        const rows = (await knex('whatsapps as w')
          .leftJoin('send_governors as g', 'g.whatsapp_id', 'w.id')
          .where('w.company_id', viewer.companyId)
          .orderBy('w.id')
          .select('w.id', 'g.state')) as Array<{ id: string; state: SendGovernorState | null }>;
        const statuses: SendGovernorStatus[] = rows.map(({ id, state }) => {
          if (!state) return { whatsappId: Number(id), notBefore: null, reason: null, sentToday: 0, slowDownLevel: 0 };
          const decision = governSend(state, { at: at.toISOString(), newRecipient: false });
          const dayAgo = at.getTime() - 24 * 3600_000;
          return {
            whatsappId: Number(id),
            notBefore: decision.send === 'later' ? decision.notBefore : null,
            reason: decision.send === 'later' ? decision.reason : null,
            sentToday: state.hours.filter(([start]) => start + 3600_000 > dayAgo).reduce((n, [, sent]) => n + sent, 0),
            slowDownLevel: slowDownLevel(state, at.getTime()),
          };
        });
        res.json(statuses);
      },
    }),
  ];
}
