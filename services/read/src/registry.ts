import type { Migration } from '@atendo/core';
import { activityMigrations, activityProjection } from './activity/activityProjection.js';
import { companiesMigrations } from './companies/migrations.js';
import { companiesProjection } from './companies/companiesProjection.js';
import { connectionsProjection } from './connections/connectionsProjection.js';
import { plansProjection } from './plans/plansProjection.js';
import { queuesProjection } from './queues/queuesProjection.js';
import { usersMigrations } from './users/migrations.js';
import { usersProjection } from './users/usersProjection.js';
import { conversationMigrations } from './conversations/migrations.js';
import { conversationsProjection } from './conversations/conversationsProjection.js';
import { runtimeMigrations } from './migrations.js';
import type { Projection } from './projections/projection.js';

/** Every read model of the product: the runtime starts these, `atendo rebuild` knows them by name. */
export const projections: Projection[] = [companiesProjection, plansProjection, usersProjection, queuesProjection, connectionsProjection, conversationsProjection, activityProjection];

export const readMigrations: Migration[] = [...runtimeMigrations, ...activityMigrations, ...companiesMigrations, ...usersMigrations, ...conversationMigrations];

export function findProjection(name: string): Projection | undefined {
  return projections.find((p) => p.name === name);
}
