import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@atendo/core/testing';
import type { Bus, BusMessage } from './port.js';

/** The behaviour every bus adapter must have. Each test uses a topic of its own. */
export function busContract(name: string, createBus: () => Promise<Bus>, options: { timeoutMs?: number } = {}): void {
  const timeoutMs = options.timeoutMs ?? 5000;
  describe(`bus contract: ${name}`, () => {
    let bus: Bus;
    beforeAll(async () => {
      bus = await createBus();
    });
    afterAll(async () => bus?.close());
    const topic = () => `contract-${randomUUID().slice(0, 8)}`;

    it('delivers the messages of a key in the order they were published', async () => {
      const t = topic();
      const got: BusMessage[] = [];
      const sub = await bus.subscribe(t, `g-${randomUUID()}`, async (m) => {
        got.push(m);
      });
      await bus.publish(t, [1, 2, 3].map((n) => ({ key: 'company-1', value: { n } })));
      await bus.publish(t, [{ key: 'company-1', value: { n: 4 } }]);
      await eventually(() => expect(got.map((m) => (m.value as { n: number }).n)).toEqual([1, 2, 3, 4]), timeoutMs);
      expect(got[0]!.key).toBe('company-1');
      await sub.close();
    });

    it('gives every group every message', async () => {
      const t = topic();
      const a: unknown[] = [];
      const b: unknown[] = [];
      const subA = await bus.subscribe(t, `a-${randomUUID()}`, async (m) => void a.push(m.value));
      const subB = await bus.subscribe(t, `b-${randomUUID()}`, async (m) => void b.push(m.value));
      await bus.publish(t, [
        { key: 'k1', value: 'x' },
        { key: 'k2', value: 'y' },
      ]);
      await eventually(() => {
        expect([...a].sort()).toEqual(['x', 'y']);
        expect([...b].sort()).toEqual(['x', 'y']);
      }, timeoutMs);
      await Promise.all([subA.close(), subB.close()]);
    });

    it('shares a group’s messages between its members, a key always to the same member', async () => {
      const t = topic();
      const group = `shared-${randomUUID()}`;
      const first: BusMessage[] = [];
      const second: BusMessage[] = [];
      const s1 = await bus.subscribe(t, group, async (m) => void first.push(m));
      const s2 = await bus.subscribe(t, group, async (m) => void second.push(m));
      const messages = Array.from({ length: 40 }, (_, i) => ({ key: `key-${i % 8}`, value: i }));
      await bus.publish(t, messages);
      await eventually(() => expect(first.length + second.length).toBe(40), timeoutMs);
      const keysOf = (list: BusMessage[]) => new Set(list.map((m) => m.key));
      for (const key of keysOf(first)) expect(keysOf(second).has(key)).toBe(false);
      for (const list of [first, second]) {
        for (const key of keysOf(list)) {
          const values = list.filter((m) => m.key === key).map((m) => m.value as number);
          expect(values).toEqual([...values].sort((x, y) => x - y));
        }
      }
      await Promise.all([s1.close(), s2.close()]);
    });

    it('stops delivering to a closed subscription', async () => {
      const t = topic();
      const got: unknown[] = [];
      const sub = await bus.subscribe(t, `g-${randomUUID()}`, async (m) => void got.push(m.value));
      await bus.publish(t, [{ key: 'k', value: 1 }]);
      await eventually(() => expect(got).toEqual([1]), timeoutMs);
      await sub.close();
      await bus.publish(t, [{ key: 'k', value: 2 }]);
      await new Promise((r) => setTimeout(r, 200));
      expect(got).toEqual([1]);
    });

    it('keeps delivering after a handler fails', async () => {
      const t = topic();
      const got: unknown[] = [];
      const sub = await bus.subscribe(t, `g-${randomUUID()}`, async (m) => {
        if (m.value === 'bad') throw new Error('handler failed');
        got.push(m.value);
      });
      await bus.publish(t, [
        { key: 'k', value: 'bad' },
        { key: 'k', value: 'good' },
      ]);
      await eventually(() => expect(got).toEqual(['good']), timeoutMs);
      await sub.close();
    });
  });
}
