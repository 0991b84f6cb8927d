import type { Knex } from 'knex';
import { planFlagNames, planFlagValues, type ComposedPlanFlags } from '@atendo/contracts';
import type { Projection } from '../projections/projection.js';
import { applyRecordEvent, recordEventTypes, type RecordTable } from '../projections/records.js';

const PLANS: RecordTable = { kind: 'Plan', table: 'plans', columns: new Set(['name', 'users', 'connections', 'queues', 'value', 'storage_mb']) };

/** The flags of `fields` that the composition declares, as the event gives them (a flag it leaves out is not there). */
function composedOf(flags: ComposedPlanFlags, fields: Readonly<Record<string, unknown>>): Record<string, boolean> {
  return Object.fromEntries(planFlagNames(flags).flatMap((flag) => (typeof fields[flag] === 'boolean' ? [[flag, fields[flag]]] : [])));
}

/**
 * The platform's plans (the table is created by companies/migrations.ts). A plan's flags are one jsonb, `flags`, by
 * name: those of the composition (`flags()`: the server's feature list) that the events carry; a new plan names every
 * composed flag, those its event leaves out (an event older than the flag) at their declared default (decision 0051).
 */
export function plansProjection(flags: () => ComposedPlanFlags | Promise<ComposedPlanFlags>): Projection {
  return {
    name: 'plans',
    tables: [PLANS.table],
    eventTypes: recordEventTypes(PLANS.kind),
    async apply(events, { trx }) {
      const composed = await flags();
      for (const event of events) {
        const change = await applyRecordEvent(PLANS, event, trx);
        const data = event.data as { id: number; changes?: Record<string, unknown> } & Record<string, unknown>;
        if (change === 'create') {
          await trx('plans').where({ id: data.id }).update({ flags: JSON.stringify(planFlagValues(composed, data)) });
        } else if (change === 'update') {
          const given = composedOf(composed, data.changes ?? {});
          if (Object.keys(given).length) await trx('plans').where({ id: data.id }).update({ flags: trx.raw('flags || ?::jsonb', [JSON.stringify(given)]) });
        }
      }
    },
  };
}

/**
 * Names on every plan each composed flag it does not name yet, at its default: a feature added since the plans were
 * made brings its flag to them with no migration. Run at start, before the API answers (the plans feature's module);
 * a flag a plan names is left as it is.
 */
export async function addComposedPlanFlags(knex: Knex, flags: ComposedPlanFlags): Promise<number> {
  const defaults = JSON.stringify(Object.fromEntries(planFlagNames(flags).map((flag) => [flag, flags[flag].default])));
  return knex('plans')
    .whereRaw('?::jsonb || flags <> flags', [defaults])
    .update({ flags: knex.raw('?::jsonb || flags', [defaults]) });
}
