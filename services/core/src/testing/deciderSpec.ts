import { expect } from 'vitest';
import type { ErrorCode } from '@atendo/contracts';
import type { Decider, DomainEvent } from '../commands/decider.js';
import { AppError } from '@atendo/platform';

/**
 * Given / when / then for deciders:
 *   spec(ticketDecider).given([opened]).when(accept).then([accepted])
 *   spec(ticketDecider).given([opened, accepted]).when(accept).thenThrows('ERR_TICKET_ALREADY_ACCEPTED')
 */
export function deciderSpec<C, E extends DomainEvent, S>(decider: Decider<C, E, S>) {
  return {
    given(events: E[]) {
      const state = events.reduce((s, e) => decider.evolve(s, e), decider.initialState());
      return {
        when(command: C) {
          return {
            /** Event ids are compared where the expected event gives one (an outside fact's deterministic id). */
            then(expected: E[]) {
              const actual = decider.decide(command, state);
              const shape = (list: E[]) =>
                list.map(({ type, data, id }, i) => (expected[i]?.id === undefined ? { type, data } : { type, data, id }));
              expect(shape(actual)).toEqual(shape(expected));
            },
            thenThrows(code: ErrorCode) {
              let thrown: unknown;
              try {
                decider.decide(command, state);
              } catch (error) {
                thrown = error;
              }
              expect(thrown, `expected ${code}`).toBeInstanceOf(AppError);
              expect((thrown as AppError).code).toBe(code);
            },
            thenState(check: (after: S) => void) {
              const events = decider.decide(command, state);
              check(events.reduce((s, e) => decider.evolve(s, e), state));
            },
          };
        },
      };
    },
  };
}
