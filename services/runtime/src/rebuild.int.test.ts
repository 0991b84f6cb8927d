import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import type { ListMessagesResponse, ListTicketsResponse, NewEvent, Position, Ticket } from '@atendo/contracts';
import { contactStream, type ContactStreamDomainEvent } from '@atendo/core';
import { eventually } from '@atendo/core/testing';
import { ticketsProjection, rebuildProjection, type Projection } from '@atendo/read';
import { projections } from './features/index.js';
import { type Harness } from './testing/harness.js';
import { harnessSuite } from './testing/suite.js';

/** Every row of each table of the projection, hashed: equal hashes, equal rows. */
async function rowHashes(knex: Knex, projection: Projection): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  for (const table of projection.tables) {
    const { rows } = (await knex.raw(`SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY t::text), '')) AS hash, count(*) AS n FROM "${table}" t`)) as { rows: Array<{ hash: string; n: number }> };
    hashes[table] = `${rows[0]!.n} rows ${rows[0]!.hash}`;
  }
  return hashes;
}

/** The names (and definitions) later migrations refer to. */
async function schemaOf(knex: Knex, projection: Projection) {
  const indexes = await knex('pg_indexes').whereIn('tablename', projection.tables).where({ schemaname: 'public' }).select('tablename', 'indexname', 'indexdef').orderBy(['tablename', 'indexname']);
  const { rows: constraints } = (await knex.raw(
    `SELECT conrelid::regclass::text AS "table", conname, pg_get_constraintdef(oid) AS definition FROM pg_constraint
      WHERE conrelid = ANY(SELECT to_regclass(t)::oid FROM unnest(?::text[]) t) ORDER BY 1, 2`,
    [projection.tables],
  )) as { rows: unknown[] };
  return { indexes, constraints };
}

async function shadowSchemas(knex: Knex): Promise<string[]> {
  return (await knex('pg_namespace').where('nspname', 'like', 'rebuild\\_%').pluck('nspname')) as string[];
}

async function logHead(knex: Knex): Promise<Position> {
  const last = (await knex('events').orderBy([{ column: 'transaction_id', order: 'desc' }, { column: 'global_position', order: 'desc' }]).first('transaction_id', 'global_position')) as { transaction_id: number; global_position: number };
  return { commit: last.transaction_id, prepare: last.global_position };
}

describe('rebuilding the read models of a running product', () => {
  let h: Harness;
  let token: string;
  harnessSuite({}, (platform) => {
    ({ h, token } = platform);
  });

  const ticketOf = (number: string) =>
    eventually(async () => {
      const t = (await h.api<ListTicketsResponse>(`/tickets?searchParam=${number}`, { token })).body.tickets[0];
      if (!t) throw new Error('no ticket yet');
      return t;
    });
  const caughtUp = async (timeoutMs = 10_000) => {
    const head = await logHead(h.atendo.knex);
    await Promise.all(h.atendo.projectors.map((p) => p.waitFor(head, timeoutMs)));
  };

  it('rebuilds every read model to the rows the live projectors wrote, under the same index and constraint names', async () => {
    // A day at the help desk: customers write, an agent accepts, replies (sent and acknowledged), resolves, deletes.
    await h.customerSays('5511966660001', 'Olá, preciso de ajuda', 'Ana');
    const ana = await ticketOf('5511966660001');
    expect((await h.api<Ticket>(`/tickets/${ana.id}`, { method: 'PUT', token, body: { status: 'open' } })).status).toBe(200);
    expect((await h.api(`/messages/${ana.id}`, { method: 'POST', token, body: { body: 'Claro, Ana! Em que posso ajudar?' } })).status).toBe(201);
    await eventually(async () => {
      const messages = (await h.api<ListMessagesResponse>(`/messages/${ana.id}`, { token })).body.messages;
      expect(messages.find((m) => m.fromMe)?.ack).toBe(3);
    });
    await h.customerSays('5511966660001', 'Obrigada, resolvido!');
    await eventually(async () => expect((await h.api<Ticket>(`/tickets/${ana.id}`, { token })).body.lastMessage).toBe('Obrigada, resolvido!'));
    expect((await h.api<Ticket>(`/tickets/${ana.id}`, { method: 'PUT', token, body: { status: 'closed' } })).status).toBe(200);
    await h.customerSays('5511966660002', 'oi');
    await h.customerSays('5511966660002', 'alguém aí?');
    await eventually(async () => expect((await ticketOf('5511966660002')).unreadMessages).toBe(2));
    await h.customerSays('5511966660003', 'spam');
    const spam = await ticketOf('5511966660003');
    expect((await h.api(`/tickets/${spam.id}`, { method: 'DELETE', token })).status).toBe(200);
    // A customer writes from their LID, then from their number, then WhatsApp shows both: two contacts merge into one,
    // moving the LID's tickets and messages (a rebuild folds the merge after everything before it).
    const real = await h.linkNumber(token, { name: 'Real', queueIds: [h.queueIds[0]] });
    h.whatsapp.customerSays(real, '0', 'do LID', { lid: '608090401234567', hidePhone: true });
    await eventually(async () => expect((await h.api<ListTicketsResponse>('/tickets?searchParam=608090401234567&showAll=true&status=pending', { token })).body.tickets).toHaveLength(1));
    h.whatsapp.customerSays(real, '5511966660004', 'do número');
    await ticketOf('5511966660004');
    h.whatsapp.customerSays(real, '5511966660004', 'os dois', { lid: '608090401234567' });
    await eventually(async () => expect((await h.api<ListTicketsResponse>('/tickets?searchParam=608090401234567&showAll=true&status=pending', { token })).body.tickets).toEqual([]));
    await caughtUp();

    const knex = h.atendo.knex;
    const before = new Map<string, { hashes: Record<string, string>; schema: unknown }>();
    for (const p of projections) before.set(p.name, { hashes: await rowHashes(knex, p), schema: await schemaOf(knex, p) });
    // Damage every read model: a rebuild starts from the log, not from what is there.
    await knex('tickets').update({ last_message: 'damaged' });
    await knex('messages').where({ from_me: true }).delete();
    await knex('users').update({ name: 'damaged' });
    await knex('activity_daily').update({ events: 0 });

    // An event the live projector had dead-lettered before a fix: the rebuild applies it, so it is no longer pending.
    const [received] = (await h.atendo.store.readStream(`contact-${h.companyId}.5511966660002`)).filter((e) => e.type === 'MessageReceived');
    await knex('projection_dead_letters').insert({
      projection: 'tickets', event_id: received!.id, stream_id: received!.streamId, stream_position: received!.streamPosition, event_type: received!.type,
      commit_position: received!.position.commit, prepare_position: received!.position.prepare, error: 'before the fix', attempts: 5,
    });

    for (const p of projections) await rebuildProjection({ store: h.atendo.store, knex, projection: p, batchSize: 7 });
    expect(await knex('projection_dead_letters').where({ projection: 'tickets' })).toEqual([]);

    for (const p of projections) {
      expect({ name: p.name, hashes: await rowHashes(knex, p), schema: await schemaOf(knex, p) }).toEqual({ name: p.name, ...before.get(p.name) });
    }
    expect(await shadowSchemas(knex)).toEqual([]);
    // The live projectors carry on from where the rebuilds stopped.
    await h.customerSays('5511966660002', 'ainda estou aqui');
    await eventually(async () => expect((await ticketOf('5511966660002')).unreadMessages).toBe(3));
    // The swapped-in tickets table carries the triggers that keep ticket_counts, and they go on counting.
    const triggers = (await knex.raw(`SELECT tgname FROM pg_trigger WHERE tgrelid = 'tickets'::regclass AND NOT tgisinternal ORDER BY 1`)) as { rows: Array<{ tgname: string }> };
    expect(triggers.rows.map((r) => r.tgname)).toEqual(['ticket_counts_deleted', 'ticket_counts_inserted', 'ticket_counts_updated']);
    // The planner has statistics for the columns the swapped-in tables' indexes name; the rest (full-text words, the
    // message bodies) come with autovacuum's whole ANALYZE, which the rebuild leaves due.
    const analyzed = (await knex.raw(`SELECT attname FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'tickets'`)) as { rows: Array<{ attname: string }> };
    expect(analyzed.rows.map((r) => r.attname).sort()).toEqual(['company_id', 'contact_id', 'id', 'status', 'updated_at', 'user_id']);
    await h.customerSays('5511966660005', 'sou novo aqui');
    await ticketOf('5511966660005');
    const groups = async (sql: string) => ((await knex.raw(sql)) as { rows: unknown[] }).rows;
    expect(await groups('SELECT company_id, status, queue_id, user_id, n::int FROM ticket_counts ORDER BY 1, 2, 3, 4')).toEqual(
      await groups('SELECT company_id, status, queue_id, user_id, count(*)::int AS n FROM tickets GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4'),
    );
  }, 120_000);

  it('a rebuild that dies leaves the live tables answering; the next one clears its leftovers and finishes', async () => {
    const knex = h.atendo.knex;
    await caughtUp();
    const before = await rowHashes(knex, ticketsProjection);
    let batches = 0;
    const dying: Projection = {
      ...ticketsProjection,
      async apply(events, context) {
        if (++batches === 3) throw new Error('the rebuild process died');
        await ticketsProjection.apply(events, context);
      },
    };
    await expect(rebuildProjection({ store: h.atendo.store, knex, projection: dying, batchSize: 3 })).rejects.toThrow('the rebuild process died');
    expect(await shadowSchemas(knex)).toEqual(['rebuild_tickets']);
    expect(await rowHashes(knex, ticketsProjection)).toEqual(before);
    expect((await h.api<ListTicketsResponse>('/tickets', { token })).status).toBe(200);

    // Two operators rebuilding the same read model at once: the second is told, the first finishes.
    const outcomes = await Promise.allSettled([1, 2].map(() => rebuildProjection({ store: h.atendo.store, knex, projection: ticketsProjection })));
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(outcomes.find((o) => o.status === 'rejected')).toMatchObject({ reason: { code: 'ERR_CONCURRENCY_CONFLICT' } });
    expect(await shadowSchemas(knex)).toEqual([]);
    expect(await rowHashes(knex, ticketsProjection)).toEqual(before);
  });

  it('does not swap in a table that a migration changed while it was rebuilt', async () => {
    const knex = h.atendo.knex;
    await caughtUp();
    const before = await rowHashes(knex, ticketsProjection);
    let migrated = false;
    const racing: Projection = {
      ...ticketsProjection,
      async apply(events, context) {
        if (!migrated) {
          migrated = true;
          await knex.raw('ALTER TABLE contacts ADD COLUMN note text');
        }
        await ticketsProjection.apply(events, context);
      },
    };
    await expect(rebuildProjection({ store: h.atendo.store, knex, projection: racing, batchSize: 3 })).rejects.toMatchObject({ code: 'ERR_CONCURRENCY_CONFLICT' });
    expect(await knex('information_schema.columns').where({ table_schema: 'public', table_name: 'contacts', column_name: 'note' }).pluck('column_name')).toEqual(['note']);
    await knex.raw('ALTER TABLE contacts DROP COLUMN note');
    expect(await rowHashes(knex, ticketsProjection)).toEqual(before);

    await rebuildProjection({ store: h.atendo.store, knex, projection: ticketsProjection });
    expect(await rowHashes(knex, ticketsProjection)).toEqual(before);
    expect(await shadowSchemas(knex)).toEqual([]);
  });

  it('while `atendo rebuild --all` folds 200,000 events, the tickets list keeps answering and new messages reach the console', async () => {
    // Another company's long history, appended straight to the store: 20,000 customers who changed their name
    // nine times each. Renames publish nothing live, so the live projectors catch up fast; a rebuild folds them all.
    const company = 777;
    const meta = { companyId: company, actor: { type: 'system' as const }, correlationId: 'bulk', causationId: 'bulk', occurredAt: '2026-11-01T12:00:00.000Z' };
    const history = (n: number): NewEvent[] => {
      const contactId = 5_000_000 + n;
      const events: Array<Pick<ContactStreamDomainEvent, 'type' | 'data'>> = [{ type: 'ContactCreated', data: { contactId, number: `55999${n}`, name: `Cliente ${n}`, isGroup: false } }];
      for (let i = 1; i < 10; i++) events.push({ type: 'ContactRenamed', data: { contactId, name: `Cliente ${n} (${i})` } });
      return events.map((e) => ({ ...e, metadata: meta }));
    };
    for (let chunk = 0; chunk < 20_000; chunk += 500) {
      await Promise.all(Array.from({ length: 500 }, (_, i) => h.atendo.store.append(contactStream(company, `55999${chunk + i}`), history(chunk + i))));
    }
    await caughtUp(120_000);

    const feed = await h.socket(token);
    const cwd = new URL('../../../', import.meta.url).pathname;
    const cli = spawn('node', ['--import', 'tsx', 'services/runtime/src/cli.ts', 'rebuild', '--all'], {
      cwd,
      env: { ...process.env, DATABASE_URL: h.db.url, LOG_LEVEL: 'warn' },
    });
    let stdout = '';
    let stderr = '';
    cli.stdout.on('data', (d) => (stdout += String(d)));
    cli.stderr.on('data', (d) => (stderr += String(d)));
    const exited = new Promise<number | null>((resolve) => cli.on('exit', resolve));
    let running = true;
    void exited.then(() => (running = false));
    const conversationsRebuilding = () => stderr.includes('rebuild tickets') && !stdout.includes('tickets: ');

    const answers: Array<{ status: number; duringConversations: boolean }> = [];
    let sent = false;
    let arrivedWhileRebuilding: boolean | undefined;
    const body = 'Cheguei durante a reconstrução';
    while (running) {
      if (!sent && conversationsRebuilding()) {
        sent = true;
        await h.customerSays('5511966660009', body, 'Rita');
        void eventually(() => {
          if (!feed.entries(`company-${h.companyId}-appMessage`).some((p) => (p.message as { body: string }).body === body)) throw new Error('not yet');
        }, 60_000).then(
          () => (arrivedWhileRebuilding = conversationsRebuilding()),
          () => (arrivedWhileRebuilding = false),
        );
      }
      const res = await h.api<ListTicketsResponse>('/tickets', { token });
      answers.push({ status: res.status, duringConversations: conversationsRebuilding() });
    }
    expect({ code: await exited, stderr }).toMatchObject({ code: 0 });
    expect(stdout).toMatch(/tickets: \d+ events folded/);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    // Not one answer held up until the rebuild committed, but a steady stream of them while it ran.
    expect(answers.filter((a) => a.duringConversations).length).toBeGreaterThanOrEqual(10);
    expect(sent).toBe(true);
    await eventually(() => expect(arrivedWhileRebuilding).toBeDefined(), 60_000);
    expect(arrivedWhileRebuilding).toBe(true);
    // The rebuilt tables hold the message too (folded by the rebuild or by the live projector after the swap).
    expect((await ticketOf('5511966660009')).lastMessage).toBe(body);
    feed.close();
    // 200,000 events appended, followed live and then rebuilt: minutes on a loaded machine at half speed.
  }, 300_000);
});
