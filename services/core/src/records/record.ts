import { DomainError } from '@atendo/platform';
import type { Decider, DomainEvent } from '../commands/decider.js';

/**
 * A shared building block, kept here in one place: simple records (companies, plans, users, queues, connections …)
 * share one small model: created, updated, deleted. Each feature makes its decider from this one
 * (`services/core/src/users/user.ts` …) with its own event names (`UserCreated`, `QueueUpdated` …), so the log reads
 * as a story; the events themselves are spelled out per feature in `contracts/`.
 */
export type RecordEvent<K extends string, F> =
  | DomainEvent<`${K}Created`, { id: number } & F>
  | DomainEvent<`${K}Updated`, { id: number; changes: Partial<F> }>
  | DomainEvent<`${K}Deleted`, { id: number }>;

export type RecordCommand<F> =
  | { type: 'create'; id: number; fields: F }
  | { type: 'update'; changes: Partial<F> }
  | { type: 'delete' };

/** A feature's record decider, typed with the feature's own event union from `contracts/`. */
export type RecordDecider<F, E extends DomainEvent> = Decider<RecordCommand<F>, E, RecordState<F>>;

export type RecordState<F> = { status: 'absent' } | { status: 'live'; id: number; fields: F } | { status: 'deleted'; id: number };

export function recordDecider<K extends string, F extends object>(
  kind: K,
  notFound: ConstructorParameters<typeof DomainError>[0],
): Decider<RecordCommand<F>, RecordEvent<K, F>, RecordState<F>> {
  const created = `${kind}Created` as const;
  const updated = `${kind}Updated` as const;
  const deleted = `${kind}Deleted` as const;
  return {
    initialState: () => ({ status: 'absent' }),
    evolve(state, event) {
      if (event.type === created) {
        const { id, ...fields } = event.data as { id: number } & F;
        return { status: 'live', id, fields: fields as unknown as F };
      }
      if (event.type === updated && state.status === 'live') {
        const { changes } = event.data as { changes: Partial<F> };
        return { ...state, fields: { ...state.fields, ...changes } };
      }
      if (event.type === deleted && state.status === 'live') return { status: 'deleted', id: state.id };
      return state;
    },
    decide(command, state) {
      switch (command.type) {
        case 'create':
          if (state.status !== 'absent') throw new DomainError('ERR_VALIDATION', `${kind} ${command.id} already exists`);
          return [{ type: created, data: { id: command.id, ...command.fields } } as RecordEvent<K, F>];
        case 'update': {
          if (state.status !== 'live') throw new DomainError(notFound, undefined, undefined, 404);
          const changes = Object.fromEntries(
            Object.entries(command.changes).filter(
              ([key, value]) => JSON.stringify((state.fields as Record<string, unknown>)[key]) !== JSON.stringify(value),
            ),
          ) as Partial<F>;
          if (Object.keys(changes).length === 0) return [];
          return [{ type: updated, data: { id: state.id, changes } } as RecordEvent<K, F>];
        }
        case 'delete':
          if (state.status !== 'live') throw new DomainError(notFound, undefined, undefined, 404);
          return [{ type: deleted, data: { id: state.id } } as RecordEvent<K, F>];
        default: {
          const unreachable: never = command;
          return unreachable;
        }
      }
    },
  };
}
