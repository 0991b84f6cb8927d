import type { Decider, DomainEvent, SnapshotCodec } from './decider.js';

type Typed = { type: string };

/**
 * A family of rules of one stream (decision 0013): the commands it decides and the events it folds, each by its
 * type. A stream's decider is composed from a list of families, so a feature that brings new commands and events
 * to the stream adds a family instead of cases in shared switches.
 */
export interface RuleFamily<C extends Typed, E extends Typed, S> {
  name: string;
  decide: { [T in C['type']]?: (command: Extract<C, { type: T }>, state: S) => E[] };
  /**
   * Folds an event: `next` is a shallow copy of `state` for the handler to change (the stream's collections are
   * persistent, so a change shares the rest); `state` is the state before the event.
   */
  evolve: { [T in E['type']]?: (next: S, event: Extract<E, { type: T }>, state: S) => void };
}

type AnyDecide<C, E, S> = (command: C, state: S) => E[];
type AnyEvolve<E, S> = (next: S, event: E, state: S) => void;

/** The types each family handles, for the composition's own tests. */
export interface ComposedDecider<C, E extends DomainEvent, S> extends Decider<C, E, S> {
  commandTypes: string[];
  eventTypes: string[];
}

/**
 * One decider from `families`. Two families handling one command or one event type is a mistake caught here, at
 * start-up. An event type no family folds leaves the state as it is (a newer writer's event); a command no family
 * decides is a programming error.
 */
export function composeFamilies<C extends Typed, E extends DomainEvent, S extends object>(
  families: ReadonlyArray<RuleFamily<C, E, S>>,
  base: { initialState(): S; snapshot?: SnapshotCodec<S> },
): ComposedDecider<C, E, S> {
  const deciders = new Map<string, { family: string; decide: AnyDecide<C, E, S> }>();
  const evolvers = new Map<string, { family: string; evolve: AnyEvolve<E, S> }>();
  for (const family of families) {
    for (const [type, decide] of Object.entries(family.decide) as Array<[string, AnyDecide<C, E, S>]>) {
      const other = deciders.get(type);
      if (other) throw new Error(`Rule families ${other.family} and ${family.name} both decide ${type}`);
      deciders.set(type, { family: family.name, decide });
    }
    for (const [type, evolve] of Object.entries(family.evolve) as Array<[string, AnyEvolve<E, S>]>) {
      const other = evolvers.get(type);
      if (other) throw new Error(`Rule families ${other.family} and ${family.name} both fold ${type}`);
      evolvers.set(type, { family: family.name, evolve });
    }
  }
  return {
    initialState: base.initialState,
    ...(base.snapshot ? { snapshot: base.snapshot } : {}),
    commandTypes: [...deciders.keys()],
    eventTypes: [...evolvers.keys()],
    decide(command, state) {
      const found = deciders.get(command.type);
      if (!found) throw new Error(`No rule family decides ${command.type}`);
      return found.decide(command, state);
    },
    evolve(state, event) {
      const found = evolvers.get(event.type);
      if (!found) return state;
      const next = { ...state };
      found.evolve(next, event, state);
      return next;
    },
  };
}
