/**
 * Circuit breakers for outside services, one per key (a prompt, an integration, or a block's service): after
 * `failures` calls in a row that failed, the circuit opens and calls fail at once for `coolDownMs`, so a dead service
 * costs its callers nothing but the answer "not now"; then one call goes through (half open), and a success closes it.
 */
export class CircuitBreakers {
  private readonly circuits = new Map<string, { failures: number; openUntil: number }>();

  constructor(private readonly options: { failures?: number; coolDownMs?: number; clock?: () => number } = {}) {}

  private get threshold() {
    return this.options.failures ?? 5;
  }

  private now() {
    return this.options.clock?.() ?? Date.now();
  }

  /** Null when a call may go; else how long until one may (ms). */
  refuses(key: string): number | null {
    const circuit = this.circuits.get(key);
    if (!circuit || circuit.failures < this.threshold) return null;
    const wait = circuit.openUntil - this.now();
    if (wait > 0) return wait;
    // Half open: this call tries the service; another failure opens the circuit again.
    circuit.openUntil = this.now() + (this.options.coolDownMs ?? 30_000);
    return null;
  }

  succeeded(key: string): void {
    this.circuits.delete(key);
  }

  failed(key: string): void {
    const circuit = this.circuits.get(key) ?? { failures: 0, openUntil: 0 };
    circuit.failures++;
    if (circuit.failures >= this.threshold) circuit.openUntil = this.now() + (this.options.coolDownMs ?? 30_000);
    this.circuits.set(key, circuit);
    // Keys of long-gone services are forgotten.
    if (this.circuits.size > 10_000) this.circuits.delete(this.circuits.keys().next().value!);
  }
}
