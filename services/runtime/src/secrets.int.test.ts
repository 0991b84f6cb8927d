import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListTicketsResponse, RecordedEvent } from '@atendo/contracts';
import { eventually } from '@atendo/core/testing';
import { ADMIN_PASSWORD, startHarness, type Harness } from './testing/harness.js';

/** What an auditor's replay of the whole log shows: every event, as `atendo replay` prints them. */
async function replay(h: Harness): Promise<string> {
  const lines: string[] = [];
  let after: RecordedEvent['position'] | undefined;
  for (;;) {
    const batch = await h.atendo.store.readAll({ after, maxCount: 1000 });
    for (const e of batch) lines.push(JSON.stringify(e));
    if (batch.length < 1000) return lines.join('\n');
    after = batch[batch.length - 1]!.position;
  }
}

// No secret goes into an event: the log is kept forever and replayed by people who must not learn them.
describe('secrets and the log', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => h?.stop());

  it('a replay of a working day holds no password, hash, token or key', async () => {
    const session = await h.login();
    const superSession = await h.login(h.atendo.seeded!.superAdmin.email, 'Super-pass-123');
    const refreshed = await fetch(`${h.url}/auth/refresh_token`, { method: 'POST', headers: { cookie: session.cookie } });
    expect(refreshed.status).toBe(200);
    const { token: refreshedToken } = (await refreshed.json()) as { token: string };
    await h.customerSays('5511966660001', 'Olá, preciso de ajuda');
    const ticket = await eventually(async () => {
      const t = (await h.api<ListTicketsResponse>('/tickets?searchParam=5511966660001', { token: session.token })).body.tickets[0];
      expect(t).toBeDefined();
      return t!;
    });
    await h.api(`/tickets/${ticket.id}`, { method: 'PUT', token: session.token, body: { status: 'open' } });
    const reply = await h.api(`/messages/${ticket.id}`, { token: refreshedToken, body: { body: 'Claro!' } });
    expect(reply.status).toBe(201);
    await h.api('/helps', { token: superSession.token, body: { title: 'Primeiros passos' } });

    const log = await replay(h);
    expect(log).toContain('Claro!'); // the replay is the real one
    const secrets: Array<[string, string | RegExp]> = [
      ['a password hash', /scrypt\$/],
      ['a password', ADMIN_PASSWORD],
      ['a password', 'Super-pass-123'],
      ['an access token', session.token],
      ['an access token', refreshedToken],
      ['a refresh token', session.cookie.split('=')[1]!],
      ['a JWT of any kind', /eyJ[\w-]{10,}\.[\w-]{10,}\./],
      ['the signing key', h.atendo.jwtSecret],
    ];
    for (const [what, secret] of secrets) {
      if (typeof secret === 'string') expect(log.includes(secret), `the log holds ${what}`).toBe(false);
      else expect(secret.test(log), `the log holds ${what}`).toBe(false);
    }
    // And where the secrets do live, they are only hashes.
    const stored = (await h.atendo.knex('user_credentials').select('password_hash')) as Array<{ password_hash: string }>;
    expect(stored.length).toBeGreaterThan(0);
    for (const row of stored) expect(row.password_hash).toMatch(/^scrypt\$/);
  });
});
