import type { Knex } from 'knex';
import {
  CAMPAIGN_SETTINGS_DEFAULTS,
  campaignProgressPercent,
  isCampaignEditable,
  type CampaignSettings,
  type CampaignShipping,
  type CampaignStatus,
  type CampaignTimelinePoint,
  type CampaignVariant,
  type CampaignView,
  type SendGovernorReason,
} from '@atendo/contracts';

/** Rows a page of campaigns or of a campaign's messages holds. */
export const CAMPAIGNS_PAGE_SIZE = 20;
export const CAMPAIGN_SHIPPING_PAGE_SIZE = 50;

interface CampaignRow {
  id: string | number;
  company_id: string | number;
  name: string;
  message1: string;
  message2: string;
  message3: string;
  message4: string;
  message5: string;
  status: CampaignStatus;
  scheduled_at: Date | null;
  started_at: Date | null;
  completed_at: Date | null;
  whatsapp_id: string | number;
  contact_list_id: string | number | null;
  tag_id: string | number | null;
  file_list_id: string | number | null;
  media_path: string | null;
  media_name: string | null;
  valid_contacts: number;
  queued: number;
  delivered: number;
  failed: number;
  deferred_until: Date | null;
  deferred_reason: SendGovernorReason | null;
  contact_list_name: string | null;
  whatsapp_name: string | null;
  tag_name: string | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const idOrNull = (v: string | number | null) => (v === null ? null : Number(v));

function toView(r: CampaignRow, now: Date): CampaignView {
  const scheduledAt = iso(r.scheduled_at);
  return {
    id: Number(r.id),
    companyId: Number(r.company_id),
    name: r.name,
    message1: r.message1,
    message2: r.message2,
    message3: r.message3,
    message4: r.message4,
    message5: r.message5,
    status: r.status,
    scheduledAt,
    startedAt: iso(r.started_at),
    completedAt: iso(r.completed_at),
    whatsappId: Number(r.whatsapp_id),
    contactListId: idOrNull(r.contact_list_id),
    tagId: idOrNull(r.tag_id),
    fileListId: idOrNull(r.file_list_id),
    mediaPath: r.media_path,
    mediaName: r.media_name,
    contactList: r.contact_list_id !== null && r.contact_list_name !== null ? { id: Number(r.contact_list_id), name: r.contact_list_name } : null,
    whatsapp: r.whatsapp_name !== null ? { id: Number(r.whatsapp_id), name: r.whatsapp_name } : null,
    tag: r.tag_id !== null && r.tag_name !== null ? { id: Number(r.tag_id), name: r.tag_name } : null,
    progress: {
      validContacts: r.valid_contacts,
      queued: r.queued,
      delivered: r.delivered,
      failed: r.failed,
      percent: campaignProgressPercent(r.delivered, r.valid_contacts),
    },
    editable: isCampaignEditable(r.status, scheduledAt, now.toISOString()),
    deferral: r.deferred_until && r.deferred_reason && r.status === 'EM_ANDAMENTO' ? { notBefore: r.deferred_until.toISOString(), reason: r.deferred_reason } : null,
  };
}

/** `%`, `_` and `\` typed in a search are looked for as themselves. */
const likeTerm = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A campaign due to start or sending, as the dispatcher needs it. */
export interface DispatchableCampaign {
  id: number;
  companyId: number;
  status: 'PROGRAMADA' | 'EM_ANDAMENTO';
  whatsappId: number;
  contactListId: number | null;
  tagId: number | null;
}

/** One person a campaign goes to, in the order the dispatcher walks them (`key` orders them). */
export interface CampaignRecipientRow {
  key: number;
  name: string;
  email: string;
  number: string;
}

export class CampaignQueries {
  constructor(private readonly knex: Knex) {}

  private views(companyId: number) {
    return this.knex('campaigns as c')
      .leftJoin('contact_lists as l', 'l.id', 'c.contact_list_id')
      .leftJoin('whatsapps as w', 'w.id', 'c.whatsapp_id')
      .leftJoin('tags as t', 't.id', 'c.tag_id')
      .where('c.company_id', companyId)
      .select('c.*', 'l.name as contact_list_name', 'w.name as whatsapp_name', 't.name as tag_name');
  }

  async find(companyId: number, id: number, now = new Date()): Promise<CampaignView | undefined> {
    const row = (await this.views(companyId).where('c.id', id).first()) as CampaignRow | undefined;
    return row ? toView(row, now) : undefined;
  }

  /** Newest first, by name (`searchParam`). */
  async page(companyId: number, searchParam: string, pageNumber: number, now = new Date()): Promise<{ records: CampaignView[]; hasMore: boolean }> {
    const query = this.views(companyId);
    if (searchParam) query.whereRaw('lower(c.name) LIKE ?', [likeTerm(searchParam.toLowerCase())]);
    const rows = (await query.orderBy('c.id', 'desc').offset((pageNumber - 1) * CAMPAIGNS_PAGE_SIZE).limit(CAMPAIGNS_PAGE_SIZE + 1)) as CampaignRow[];
    return { records: rows.slice(0, CAMPAIGNS_PAGE_SIZE).map((r) => toView(r, now)), hasMore: rows.length > CAMPAIGNS_PAGE_SIZE };
  }

  /** The report's chart: deliveries and failures per minute. */
  async timeline(campaignId: number): Promise<CampaignTimelinePoint[]> {
    const { rows } = await this.knex.raw<{ rows: Array<{ at: Date; delivered: string; failed: string }> }>(
      `SELECT at, sum(delivered) AS delivered, sum(failed) AS failed FROM (
         SELECT date_trunc('minute', delivered_at) AS at, 1 AS delivered, 0 AS failed FROM campaign_shipping WHERE campaign_id = ? AND delivered_at IS NOT NULL
         UNION ALL
         SELECT date_trunc('minute', failed_at), 0, 1 FROM campaign_shipping WHERE campaign_id = ? AND failed_at IS NOT NULL AND delivered_at IS NULL
       ) t GROUP BY at ORDER BY at`,
      [campaignId, campaignId],
    );
    return rows.map((r) => ({ at: r.at.toISOString(), delivered: Number(r.delivered), failed: Number(r.failed) }));
  }

  /** A page of the campaign's messages, in the order they were queued. */
  async shipping(campaignId: number, pageNumber: number): Promise<{ records: CampaignShipping[]; hasMore: boolean }> {
    const rows = (await this.knex('campaign_shipping')
      .where({ campaign_id: campaignId })
      .orderBy('seq')
      .offset((pageNumber - 1) * CAMPAIGN_SHIPPING_PAGE_SIZE)
      .limit(CAMPAIGN_SHIPPING_PAGE_SIZE + 1)) as Array<{
      number: string; variant: number; body: string; due_at: Date; delivered_at: Date | null; failed_at: Date | null; reason: string | null;
    }>;
    return {
      records: rows.slice(0, CAMPAIGN_SHIPPING_PAGE_SIZE).map((r) => ({
        number: r.number,
        variant: r.variant as CampaignVariant,
        body: r.body,
        dueAt: r.due_at.toISOString(),
        deliveredAt: iso(r.delivered_at),
        failedAt: iso(r.failed_at),
        reason: r.reason,
      })),
      hasMore: rows.length > CAMPAIGN_SHIPPING_PAGE_SIZE,
    };
  }

  async settings(companyId: number): Promise<CampaignSettings> {
    const row = (await this.knex('campaign_settings').where({ company_id: companyId }).first()) as { settings: CampaignSettings } | undefined;
    return row?.settings ?? { ...CAMPAIGN_SETTINGS_DEFAULTS, variables: [] };
  }

  /** Campaigns whose time has come (PROGRAMADA, scheduled at or before `now`) and those sending. */
  async dispatchable(now: Date): Promise<DispatchableCampaign[]> {
    const rows = (await this.knex('campaigns')
      .where((q) => q.where('status', 'EM_ANDAMENTO').orWhere((p) => p.where('status', 'PROGRAMADA').andWhere('scheduled_at', '<=', now)))
      .orderBy('id')
      .select('id', 'company_id', 'status', 'whatsapp_id', 'contact_list_id', 'tag_id')) as Array<{
      id: string; company_id: string; status: 'PROGRAMADA' | 'EM_ANDAMENTO'; whatsapp_id: string; contact_list_id: string | null; tag_id: string | null;
    }>;
    return rows.map((r) => ({ id: Number(r.id), companyId: Number(r.company_id), status: r.status, whatsappId: Number(r.whatsapp_id), contactListId: idOrNull(r.contact_list_id), tagId: idOrNull(r.tag_id) }));
  }

  /**
   * The people a campaign goes to, valid numbers only (spec): a contact list's items WhatsApp confirmed, or the
   * contacts of the tickets carrying the tag (each number once). `afterKey` walks them in pages.
   */
  async recipients(campaign: Pick<DispatchableCampaign, 'companyId' | 'contactListId' | 'tagId'>, afterKey: number, limit: number): Promise<CampaignRecipientRow[]> {
    if (campaign.contactListId !== null) {
      const rows = (await this.knex('contact_list_items')
        .where({ company_id: campaign.companyId, contact_list_id: campaign.contactListId, is_whatsapp_valid: true })
        .andWhere('id', '>', afterKey)
        .orderBy('id')
        .limit(limit)
        .select('id', 'name', 'email', 'number')) as Array<{ id: string; name: string; email: string; number: string }>;
      return rows.map((r) => ({ key: Number(r.id), name: r.name, email: r.email, number: r.number }));
    }
    if (campaign.tagId !== null) {
      const { rows } = await this.knex.raw<{ rows: Array<{ id: string; name: string; email: string; number: string }> }>(
        `SELECT c.id, c.name, c.email, c.number FROM contacts c
          WHERE c.company_id = ? AND NOT c.is_group AND c.id > ?
            AND EXISTS (SELECT 1 FROM ticket_tags tt JOIN tickets t ON t.id = tt.ticket_id WHERE tt.tag_id = ? AND t.contact_id = c.id)
          ORDER BY c.id LIMIT ?`,
        [campaign.companyId, afterKey, campaign.tagId, limit],
      );
      return rows.map((r) => ({ key: Number(r.id), name: r.name, email: r.email, number: r.number }));
    }
    return [];
  }

  /** How many valid numbers a campaign goes to (the progress's denominator). */
  async countRecipients(campaign: Pick<DispatchableCampaign, 'companyId' | 'contactListId' | 'tagId'>): Promise<number> {
    if (campaign.contactListId !== null) {
      const row = (await this.knex('contact_list_items')
        .where({ company_id: campaign.companyId, contact_list_id: campaign.contactListId, is_whatsapp_valid: true })
        .count({ n: '*' })
        .first()) as { n: string };
      return Number(row.n);
    }
    if (campaign.tagId !== null) {
      const { rows } = await this.knex.raw<{ rows: Array<{ n: string }> }>(
        `SELECT count(*) AS n FROM contacts c WHERE c.company_id = ? AND NOT c.is_group
           AND EXISTS (SELECT 1 FROM ticket_tags tt JOIN tickets t ON t.id = tt.ticket_id WHERE tt.tag_id = ? AND t.contact_id = c.id)`,
        [campaign.companyId, campaign.tagId],
      );
      return Number(rows[0]!.n);
    }
    return 0;
  }

  /** Of these numbers, those the campaign already queued (a restart skips them). */
  async alreadyQueued(campaignId: number, numbers: string[]): Promise<Set<string>> {
    if (numbers.length === 0) return new Set();
    const rows = (await this.knex('campaign_shipping').where({ campaign_id: campaignId }).whereIn('number', numbers).select('number')) as Array<{ number: string }>;
    return new Set(rows.map((r) => r.number));
  }
}
