import type { CampaignEvent, CampaignFeedPayload, CampaignSettingsEvent, RecordedEvent } from '@atendo/contracts';
import type { Projection } from '../projections/projection.js';
import { CampaignQueries } from './queries.js';

const CAMPAIGN_EVENT_TYPES: ReadonlyArray<CampaignEvent['type']> = [
  'CampaignCreated', 'CampaignUpdated', 'CampaignDeleted', 'CampaignScheduled', 'CampaignUnscheduled', 'CampaignStarted', 'CampaignCancelled',
  'CampaignRestarted', 'CampaignFinished', 'CampaignMessageQueued', 'CampaignDelivered', 'CampaignDeliveryFailed', 'CampaignSendDeferred',
];

/** A campaign's fields as its columns. */
const COLUMNS: Record<string, string> = {
  name: 'name', message1: 'message1', message2: 'message2', message3: 'message3', message4: 'message4', message5: 'message5',
  whatsappId: 'whatsapp_id', contactListId: 'contact_list_id', tagId: 'tag_id', fileListId: 'file_list_id', mediaPath: 'media_path', mediaName: 'media_name',
};
const columns = (fields: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(fields).flatMap(([key, value]) => (COLUMNS[key] ? [[COLUMNS[key], value]] : [])));

/**
 * Campaigns (the list, the form and the report), one row per contact's message (`campaign_shipping`, the report's
 * chart and table, and where a restarted dispatcher sees who already has theirs), and each company's settings.
 * A campaign's counters move once per batch, and the company's admins hear each changed campaign once per batch on
 * `campaign` (a 100,000-message campaign is not 100,000 entries of the feed).
 */
export const campaignsProjection: Projection = {
  name: 'campaigns',
  tables: ['campaigns', 'campaign_shipping', 'campaign_early_outcomes', 'campaign_settings'],
  eventTypes: [...CAMPAIGN_EVENT_TYPES, 'CampaignSettingsSaved'],
  placementOnly: true,
  async apply(events, { trx, emit, rebuilding }) {
    const changed = new Map<number, { companyId: number; created: boolean }>();
    const counts = new Map<number, { queued: number; delivered: number; failed: number }>();
    const count = (id: number) => counts.get(id) ?? (counts.set(id, { queued: 0, delivered: 0, failed: 0 }), counts.get(id)!);
    /** Each campaign's count of messages before this batch (read once: the next message's place follows it). */
    const queuedBefore = new Map<number, number>();
    /** Campaigns whose last word in this batch on the governor was a message going out (its hold is then over). */
    const released = new Map<number, boolean>();
    const placeOf = async (id: number) => {
      if (!queuedBefore.has(id)) queuedBefore.set(id, Number(((await trx('campaigns').where({ id }).first('queued')) as { queued?: number } | undefined)?.queued ?? 0));
      return queuedBefore.get(id)! + count(id).queued + 1;
    };
    const touch = (id: number, companyId: number, created = false) => changed.set(id, { companyId, created: created || (changed.get(id)?.created ?? false) });

    for (const recorded of events as RecordedEvent[]) {
      const { companyId } = recorded.metadata;
      const at = recorded.recordedAt;
      const event = recorded as unknown as CampaignEvent | CampaignSettingsEvent;
      if (event.type === 'CampaignSettingsSaved') {
        await trx.raw(
          `INSERT INTO campaign_settings (company_id, settings, updated_at) VALUES (?, ?::jsonb, ?)
           ON CONFLICT (company_id) DO UPDATE SET settings = EXCLUDED.settings, updated_at = EXCLUDED.updated_at`,
          [event.data.companyId, JSON.stringify(event.data.settings), at],
        );
        continue;
      }
      const { id } = event.data;
      const campaign = trx('campaigns').where({ id });
      switch (event.type) {
        case 'CampaignCreated': {
          const { id: _id, companyId: owner, ...fields } = event.data;
          await trx('campaigns').insert({ id, company_id: owner, ...columns(fields), status: 'INATIVA', created_at: at, updated_at: at }).onConflict('id').ignore();
          touch(id, companyId, true);
          continue;
        }
        case 'CampaignUpdated':
          await campaign.update({ ...columns(event.data.changes), updated_at: at });
          break;
        case 'CampaignDeleted':
          await trx('campaign_shipping').where({ campaign_id: id }).delete();
          await trx('campaign_early_outcomes').where({ campaign_id: id }).delete();
          await campaign.delete();
          changed.delete(id);
          counts.delete(id);
          if (!rebuilding) emit({ companyId, channel: 'campaign', payload: { action: 'delete', id } satisfies CampaignFeedPayload, audience: { kind: 'admins' } });
          continue;
        case 'CampaignScheduled':
          await campaign.update({ status: 'PROGRAMADA', scheduled_at: event.data.scheduledAt, updated_at: at });
          break;
        case 'CampaignUnscheduled':
          await campaign.update({ status: 'INATIVA', scheduled_at: null, updated_at: at });
          break;
        case 'CampaignStarted':
          await campaign.update({ status: 'EM_ANDAMENTO', started_at: event.data.startedAt, valid_contacts: event.data.validContacts, updated_at: at });
          break;
        case 'CampaignCancelled':
          await campaign.update({ status: 'CANCELADA', deferred_until: null, deferred_reason: null, updated_at: at });
          break;
        case 'CampaignRestarted':
          await campaign.update({ status: 'EM_ANDAMENTO', valid_contacts: event.data.validContacts, completed_at: null, updated_at: at });
          break;
        case 'CampaignFinished':
          await campaign.update({ status: 'FINALIZADA', completed_at: event.data.completedAt, deferred_until: null, deferred_reason: null, updated_at: at });
          break;
        case 'CampaignMessageQueued': {
          const { number, messageId, variant, body, dueAt } = event.data;
          const inserted = await trx.raw(
            `INSERT INTO campaign_shipping (campaign_id, company_id, number, seq, message_id, variant, body, due_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
            [id, companyId, number, await placeOf(id), messageId, variant, body, dueAt],
          );
          // The governor let one through: its hold is over (cleared with the counts, below).
          if (inserted.rowCount) {
            count(id).queued++;
            // Its outcome may have come first (the campaign records one for a message it has not yet recorded as queued).
            const early = (await trx('campaign_early_outcomes').where({ campaign_id: id, number }).del(['delivered_at', 'failed_at', 'reason'])) as Array<{
              delivered_at: Date | null; failed_at: Date | null; reason: string | null;
            }>;
            const outcome = early[0];
            if (outcome?.delivered_at) {
              await trx('campaign_shipping').where({ campaign_id: id, number }).update({ delivered_at: outcome.delivered_at });
              count(id).delivered++;
            } else if (outcome?.failed_at) {
              await trx('campaign_shipping').where({ campaign_id: id, number }).update({ failed_at: outcome.failed_at, reason: outcome.reason });
              count(id).failed++;
            }
          }
          released.set(id, true);
          break;
        }
        case 'CampaignDelivered': {
          const n = await trx('campaign_shipping').where({ campaign_id: id, number: event.data.number }).whereNull('delivered_at').update({ delivered_at: event.data.deliveredAt });
          if (n) count(id).delivered++;
          else if (!(await trx('campaign_shipping').where({ campaign_id: id, number: event.data.number }).first('number'))) {
            // Before its message is recorded as queued: kept for then (a delivery outranks a failure).
            await trx.raw(
              `INSERT INTO campaign_early_outcomes (campaign_id, number, delivered_at) VALUES (?, ?, ?)
               ON CONFLICT (campaign_id, number) DO UPDATE SET delivered_at = coalesce(campaign_early_outcomes.delivered_at, EXCLUDED.delivered_at)`,
              [id, event.data.number, event.data.deliveredAt],
            );
          }
          break;
        }
        case 'CampaignDeliveryFailed': {
          const n = await trx('campaign_shipping')
            .where({ campaign_id: id, number: event.data.number })
            .whereNull('failed_at')
            .whereNull('delivered_at')
            .update({ failed_at: event.data.failedAt, reason: event.data.reason });
          if (n) count(id).failed++;
          else if (!(await trx('campaign_shipping').where({ campaign_id: id, number: event.data.number }).first('number'))) {
            await trx.raw(
              `INSERT INTO campaign_early_outcomes (campaign_id, number, failed_at, reason) VALUES (?, ?, ?, ?)
               ON CONFLICT (campaign_id, number) DO UPDATE SET failed_at = coalesce(campaign_early_outcomes.failed_at, EXCLUDED.failed_at),
                 reason = coalesce(campaign_early_outcomes.reason, EXCLUDED.reason)`,
              [id, event.data.number, event.data.failedAt, event.data.reason],
            );
          }
          break;
        }
        case 'CampaignSendDeferred':
          await campaign.update({ deferred_until: event.data.notBefore, deferred_reason: event.data.reason });
          released.set(id, false);
          break;
      }
      touch(id, companyId);
    }
    for (const [id, c] of counts) {
      await trx('campaigns')
        .where({ id })
        .update({
          queued: trx.raw('queued + ?', [c.queued]),
          delivered: trx.raw('delivered + ?', [c.delivered]),
          failed: trx.raw('failed + ?', [c.failed]),
          // A message went after the governor's hold: it is over.
          ...(released.get(id) ? { deferred_until: null, deferred_reason: null } : {}),
        });
    }
    if (rebuilding) return;
    const queries = new CampaignQueries(trx);
    for (const [id, { companyId, created }] of changed) {
      const record = await queries.find(companyId, id);
      if (record) emit({ companyId, channel: 'campaign', payload: { action: created ? 'create' : 'update', record } satisfies CampaignFeedPayload, audience: { kind: 'admins' } });
    }
  },
};
