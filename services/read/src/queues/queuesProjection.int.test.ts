import { describe, expect, it } from 'vitest';
import { queueStream } from '@atendo/core';
import { type PostgresEventStore } from '@atendo/platform';
import type { Knex } from 'knex';
import type { Projector } from '../projections/projector.js';
import { companiesMigrations } from '../companies/migrations.js';
import { usersMigrations } from '../users/migrations.js';
import { projectionSuite } from '../testing/databaseSuite.js';
import { queuesProjection } from './queuesProjection.js';

const meta = { companyId: 3, actor: { type: 'system' as const }, correlationId: 'c', causationId: 'c', occurredAt: '2026-11-23T10:00:00.000Z' };

describe('queues projection', () => {
  let knex: Knex;
  let store: PostgresEventStore;
  let projector: Projector;
  projectionSuite(queuesProjection, [companiesMigrations, usersMigrations], (rig) => {
    ({ knex, store, projector } = rig);
  });

  it('leaves out event fields it has no column for, instead of stopping', async () => {
    const fields = { companyId: 3, name: 'Vendas', color: '#0f0', greetingMessage: '', outOfHoursMessage: '', orderQueue: 1, icon: 'cart' };
    await store.append(queueStream(3, 8), [{ type: 'QueueCreated', data: { id: 8, ...fields }, metadata: meta }]);
    const { position } = await store.append(queueStream(3, 8), [{ type: 'QueueUpdated', data: { id: 8, changes: { name: 'Sales', sla: 30 } }, metadata: meta }]);
    await projector.waitFor(position);
    expect(await knex('queues').where({ id: 8 }).first()).toMatchObject({ id: 8, company_id: 3, name: 'Sales', color: '#0f0' });
  });
});
