/** Fixed-window attempt counter per key (e.g. IP and e-mail of a login). In memory: per API process. */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts an attempt; false when the key is over its limit for the current window. */
  attempt(key: string, now = Date.now()): boolean {
    if (this.windows.size > 10_000) {
      for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
    }
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
      return true;
    }
    window.count++;
    return window.count <= this.limit;
  }

  reset(key: string): void {
    this.windows.delete(key);
  }
}
