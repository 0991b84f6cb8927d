import { List, Map as ImmutableMap } from 'immutable';

/**
 * The last `capacity` keys added, each with a value, oldest evicted first. Persistent: every change returns a new
 * window that shares structure with the old one, so `evolve` stays pure at O(log n) per event instead of copying.
 */
export class Window<K, V> {
  private constructor(
    private readonly entries: ImmutableMap<K, V>,
    /** Keys in the order they were added. */
    private readonly order: List<K>,
    readonly capacity: number,
  ) {}

  static empty<K, V>(capacity: number): Window<K, V> {
    return new Window(ImmutableMap(), List(), capacity);
  }

  /** A window holding the latest `capacity` of `entries` (oldest first, distinct keys, as `toArray` gives them). */
  static of<K, V>(capacity: number, entries: Array<[K, V]>): Window<K, V> {
    const kept = entries.slice(Math.max(0, entries.length - capacity));
    return new Window(ImmutableMap(kept), List(kept.map(([key]) => key)), capacity);
  }

  get size(): number {
    return this.entries.size;
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  get(key: K): V | undefined {
    return this.entries.get(key);
  }

  /** Adds a key (evicting the oldest past capacity) or replaces the value of one already present, in place. */
  set(key: K, value: V): Window<K, V> {
    if (this.entries.has(key)) return new Window(this.entries.set(key, value), this.order, this.capacity);
    let entries = this.entries.set(key, value);
    let order = this.order.push(key);
    if (order.size > this.capacity) {
      entries = entries.delete(order.first()!);
      order = order.shift();
    }
    return new Window(entries, order, this.capacity);
  }

  /** Entries oldest first. */
  toArray(): Array<[K, V]> {
    return this.order.toArray().map((key) => [key, this.entries.get(key)!]);
  }
}
