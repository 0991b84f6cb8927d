import { afterAll, beforeAll, expect } from 'vitest';
import { eventually } from '@atendo/core/testing';
import { addCompany, type TestUser } from './accounts.js';
import { startHarness, type Harness } from './harness.js';

export interface SuiteOptions {
  /** How the platform starts (environment, clock, seeded randomness …). */
  harness?: Parameters<typeof startHarness>[0];
  /** Also links a real number (Baileys over the fake WhatsApp) of this name serving the demo's first queue, paired. */
  link?: string;
  /** Also adds a second company of this name (on the demo's plan, with a simulator connection and an admin). */
  other?: string;
}

/** What a suite's tests work with, ready before the first of them. */
export interface SuitePlatform {
  h: Harness;
  /** The demo company's admin: a token and the user's id. */
  token: string;
  userId: number;
  /** The number `link` asked for; without it, the demo's simulated connection. */
  connectionId: number;
}

/** The second company `other` asks for: its admin, and the admin's token. */
export interface OtherCompany {
  b: TestUser & { whatsappId: number };
  bToken: string;
}

/**
 * The setup every end-to-end suite shares: the whole product started before the suite's tests and stopped after them,
 * logged in as the demo company's admin, with what `options` ask for besides. `ready` takes what the suite keeps (into
 * its own variables) and may prepare more; a failure there still stops the platform.
 */
export function harnessSuite(options: SuiteOptions & { other: string }, ready: (platform: SuitePlatform & OtherCompany) => void | Promise<void>): void;
export function harnessSuite(options: SuiteOptions, ready: (platform: SuitePlatform) => void | Promise<void>): void;
export function harnessSuite(options: SuiteOptions, ready: (platform: SuitePlatform & OtherCompany) => void | Promise<void>): void {
  let h: Harness | undefined;
  beforeAll(async () => {
    const started = await startHarness(options.harness);
    h = started;
    const login = await started.login();
    const connectionId = options.link ? await started.linkNumber(login.token, { name: options.link, queueIds: [started.queueIds[0]] }) : started.whatsappId;
    const platform: SuitePlatform & Partial<OtherCompany> = { h: started, token: login.token, userId: login.user.id, connectionId };
    if (options.other) {
      const b = await addCompany(started, options.other);
      Object.assign(platform, { b, bToken: (await started.login(b.email, b.password)).token });
    }
    // Without `other`, the overload's `ready` asks for no `b`.
    await ready(platform as SuitePlatform & OtherCompany);
  });
  afterAll(async () => h?.stop());
}

/**
 * A customer writing to a connection through the simulator, as a script: `says` sends a message and answers the
 * platform's messages that came since the last answer, once `answers` of them are there.
 */
export function simulatedCustomer(h: Harness, options: { connectionId: number; number: string; name: string; timeoutMs?: number }) {
  const { connectionId, number, name, timeoutMs = 15_000 } = options;
  let seen = 0;
  /** Everything the platform sent to this customer's phone, in order. */
  const received = async () =>
    ((await (await fetch(`${h.simulator.url}/simulator/sessions/${connectionId}/customers/${number}/messages`)).json()) as { messages: Array<{ sender: string; body: string }> }).messages
      .filter((m) => m.sender === 'platform')
      .map((m) => m.body);
  return {
    number,
    received,
    /** Sends `text` and waits for `answers` messages from the platform; answers them. */
    async says(text: string, answers = 1): Promise<string[]> {
      await h.customerSays(number, text, name, connectionId);
      const got = await eventually(async () => {
        const all = await received();
        expect(all.length).toBeGreaterThanOrEqual(seen + answers);
        return all;
      }, timeoutMs);
      const fresh = got.slice(seen);
      seen = got.length;
      return fresh;
    },
    /** Sends `text`; once it is recorded and `quietMs` have passed, nothing more came. */
    async saysToNoOne(text: string, quietMs = 1_000): Promise<void> {
      await h.customerSays(number, text, name, connectionId);
      const mine = () => h.atendo.knex('messages as m').join('contacts as c', 'c.id', 'm.contact_id').where({ 'c.number': number, 'm.body': text, 'm.from_me': false }).first('m.id');
      await eventually(async () => expect((await mine()) ?? null).not.toBeNull(), timeoutMs);
      await new Promise((r) => setTimeout(r, quietMs));
      expect((await received()).slice(seen)).toEqual([]);
    },
  };
}
