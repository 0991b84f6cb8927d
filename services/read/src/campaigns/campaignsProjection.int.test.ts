import { describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { campaignStream } from '@atendo/core';
import { type PostgresEventStore } from '@atendo/platform';
import type { Projector } from '../projections/projector.js';
import { projectionSuite } from '../testing/databaseSuite.js';
import { companiesMigrations } from '../companies/migrations.js';
import { connectionsMigrations } from '../connections/connectionsProjection.js';
import { contactListMigrations } from '../contactLists/migrations.js';
import { tagsMigrations } from '../tags/migrations.js';
import { campaignMigrations } from './migrations.js';
import { campaignsProjection } from './campaignsProjection.js';

const meta = { companyId: 3, actor: { type: 'system' as const }, correlationId: 'c', causationId: 'c', occurredAt: '2026-11-28T10:00:00.000Z' };
const fields = {
  companyId: 3, name: 'Ofertas', message1: 'Oi {nome}', message2: '', message3: '', message4: '', message5: '',
  whatsappId: 1, contactListId: 1, tagId: null, fileListId: null, mediaPath: null, mediaName: null,
};

describe('campaigns projection', () => {
  let knex: Knex;
  let store: PostgresEventStore;
  let projector: Projector;
  projectionSuite(campaignsProjection, [companiesMigrations, connectionsMigrations, contactListMigrations, tagsMigrations, campaignMigrations], (rig) => {
    ({ knex, store, projector } = rig);
  });

  it('keeps an outcome that came before its message was recorded as queued, and counts it once the message is', async () => {
    const stream = campaignStream(3, 5);
    const queued = (number: string) => ({ type: 'CampaignMessageQueued', data: { id: 5, number, messageId: `campaign-3-5-${number}`, variant: 1, body: 'Oi', dueAt: '2026-11-28T10:00:00.000Z' }, metadata: meta });
    const delivered = (number: string) => ({ type: 'CampaignDelivered', data: { id: 5, number, messageId: `campaign-3-5-${number}`, deliveredAt: '2026-11-28T10:00:01.000Z' }, metadata: meta });
    await store.append(stream, [
      { type: 'CampaignCreated', data: { id: 5, ...fields }, metadata: meta },
      { type: 'CampaignStarted', data: { id: 5, startedAt: '2026-11-28T10:00:00.000Z', validContacts: 3 }, metadata: meta },
      queued('5511900000001'),
      delivered('5511900000001'),
      // The phone's answer for the second came in before the dispatcher recorded the message, in an earlier batch.
      delivered('5511900000002'),
      { type: 'CampaignDeliveryFailed', data: { id: 5, number: '5511900000003', messageId: 'campaign-3-5-5511900000003', reason: 'refused', failedAt: '2026-11-28T10:00:02.000Z' }, metadata: meta },
    ]);
    await projector.waitFor((await store.readStream(stream)).at(-1)!.position);
    expect(await knex('projection_dead_letters').select('event_type', 'error')).toEqual([]);
    expect(await knex('campaign_shipping').where({ campaign_id: 5 }).count({ n: '*' }).first()).toEqual({ n: 1 });
    expect(await knex('campaign_early_outcomes').where({ campaign_id: 5 }).orderBy('number').select('number')).toEqual([{ number: '5511900000002' }, { number: '5511900000003' }]);

    const { position } = await store.append(stream, [queued('5511900000002'), queued('5511900000003')]);
    await projector.waitFor(position);
    const rows = (await knex('campaign_shipping').where({ campaign_id: 5 }).orderBy('seq').select('number', 'seq', 'delivered_at', 'failed_at', 'reason')) as Array<{ number: string; seq: number; delivered_at: Date | null; failed_at: Date | null; reason: string | null }>;
    expect(rows.map((r) => [r.number, r.seq, r.delivered_at?.toISOString() ?? null, r.failed_at?.toISOString() ?? null, r.reason])).toEqual([
      ['5511900000001', 1, '2026-11-28T10:00:01.000Z', null, null],
      ['5511900000002', 2, '2026-11-28T10:00:01.000Z', null, null],
      ['5511900000003', 3, null, '2026-11-28T10:00:02.000Z', 'refused'],
    ]);
    expect(await knex('campaigns').where({ id: 5 }).first('queued', 'delivered', 'failed')).toEqual({ queued: 3, delivered: 2, failed: 1 });
    expect(await knex('campaign_early_outcomes').where({ campaign_id: 5 })).toEqual([]);
  });
});
