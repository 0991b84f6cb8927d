import { expect } from 'vitest';
import type { ErrorCode } from '@atendo/contracts';
import type { Decider, DomainEvent } from '../commands/decider.js';
import { AppError } from '../errors.js';

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
            then(expected: E[]) {
              const strip = (list: E[]) => list.map(({ type, data }) => ({ type, data }));
              expect(strip(decider.decide(command, state))).toEqual(strip(expected));
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
