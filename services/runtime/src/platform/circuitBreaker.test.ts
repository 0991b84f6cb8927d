import { describe, expect, it } from 'vitest';
import { CircuitBreakers } from './circuitBreaker.js';

describe('circuit breakers', () => {
  it('open after the failures in a row, refuse during the cool-down, let one call try, and close on a success', () => {
    let now = 0;
    const breakers = new CircuitBreakers({ failures: 3, coolDownMs: 1_000, clock: () => now });
    for (let i = 0; i < 2; i++) {
      expect(breakers.refuses('a')).toBeNull();
      breakers.failed('a');
    }
    expect(breakers.refuses('a')).toBeNull();
    breakers.failed('a');
    expect(breakers.refuses('a')).toBe(1_000);
    // Another service is not concerned.
    expect(breakers.refuses('b')).toBeNull();
    now = 999;
    expect(breakers.refuses('a')).toBe(1);
    now = 1_000;
    expect(breakers.refuses('a')).toBeNull(); // the one trial call
    expect(breakers.refuses('a')).toBe(1_000); // others wait for its outcome
    breakers.failed('a');
    now = 2_500;
    expect(breakers.refuses('a')).toBeNull();
    breakers.succeeded('a');
    expect(breakers.refuses('a')).toBeNull();
    breakers.failed('a');
    expect(breakers.refuses('a')).toBeNull();
  });

  it('a success between failures starts the count again', () => {
    const breakers = new CircuitBreakers({ failures: 2 });
    breakers.failed('a');
    breakers.succeeded('a');
    breakers.failed('a');
    expect(breakers.refuses('a')).toBeNull();
  });
});
