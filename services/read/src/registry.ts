import type { Migration } from '@atendo/core';
import { activityMigrations, activityProjection } from './activity/activityProjection.js';
import { runtimeMigrations } from './migrations.js';
import type { Projection } from './projections/projection.js';

/** Every read model of the product: the runtime starts these, `atendo rebuild` knows them by name. */
export const projections: Projection[] = [activityProjection];

export const readMigrations: Migration[] = [...runtimeMigrations, ...activityMigrations];

export function findProjection(name: string): Projection | undefined {
  return projections.find((p) => p.name === name);
}
