import type { Migration } from '@atendo/core';
import { activityMigrations, activityProjection } from './activity/activityProjection.js';
import { catalogueMigrations } from './catalogue/migrations.js';
import { catalogueProjection } from './catalogue/catalogueProjection.js';
import { conversationMigrations } from './conversations/migrations.js';
import { conversationsProjection } from './conversations/conversationsProjection.js';
import { runtimeMigrations } from './migrations.js';
import type { Projection } from './projections/projection.js';

/** Every read model of the product: the runtime starts these, `atendo rebuild` knows them by name. */
export const projections: Projection[] = [catalogueProjection, conversationsProjection, activityProjection];

export const readMigrations: Migration[] = [...runtimeMigrations, ...activityMigrations, ...catalogueMigrations, ...conversationMigrations];

export function findProjection(name: string): Projection | undefined {
  return projections.find((p) => p.name === name);
}
