import { readFileSync } from 'node:fs';
import pg from 'pg';
import type { Viewer } from '@atendo/contracts';
import { ContactQueries, TicketQueries } from '@atendo/read';
import { createLogger, loadConfig, startAtendo } from '@atendo/runtime';
import { percentile } from './machine.js';

export interface ListResult {
  name: string;
  /** One client alone with 1,000 tickets, p50 (none for a page that does not exist at that size). */
  smallAlone: number | undefined;
  /** One client alone with every ticket, p50. */
  alone: number;
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  /** CPU a request took with 16 clients, in ms: this process's (the queries and the clients), and the machine's in all. */
  nodeCpuMs: number;
  machineCpuMs: number;
}

/** The machine's busy CPU time so far, in ms, from /proc/stat (every core's user, nice, system, irq and softirq). */
function machineBusyMs(): number {
  const [, user, nice, system, , , irq, softirq] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number);
  return (user! + nice! + system! + irq! + softirq!) * 10;
}

/**
 * Lists at size (issue 12): one company with `tickets` tickets (a contact each) and `messagesPerTicket` messages each,
 * written straight into the read model with generate_series (the lists read nothing else). Then `clients` concurrent
 * loops ask each list for `seconds`, as the API's handlers ask the read model (TicketQueries, one pooled connection
 * per client), and each request's time is kept.
 */
export async function listsAtSize(url: string, options: { tickets: number; messagesPerTicket: number; clients: number; seconds: number; log?: (line: string) => void }): Promise<{ setupSeconds: number; rows: ListResult[] }> {
  const say = options.log ?? (() => undefined);
  const env = { ADMIN_PASSWORD: 'Bench-pass-123', SUPER_ADMIN_PASSWORD: 'Bench-pass-123' };
  const config = loadConfig({ DATABASE_URL: url, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'error', WEB_DIST: '/nonexistent', ...env });
  // Migrations and the demo company, then stopped: nothing else touches the tables while they are measured.
  const app = await startAtendo(config, { roles: ['read'], log: createLogger('error'), env });
  const { companyId, whatsappId, queueIds } = app.seeded!;
  const admin = (await app.knex('users').where({ company_id: companyId, profile: 'admin' }).first('id')) as { id: string };
  await app.stop();

  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const N = options.tickets;
  const base = 100_000_000;
  const chunk = 250_000;
  const SMALL = 1_000;
  // Tickets (and their contacts and messages) g in [first, last].
  const load = async (first: number, last: number) => {
    for (let from = first; from <= last; from += chunk) {
      const to = Math.min(last, from + chunk - 1);
      await db.query(
        `INSERT INTO contacts (id, company_id, name, number, is_group, stream_id, created_at, updated_at)
         SELECT $1::bigint + g, $2::bigint, (ARRAY['Ana','João','Márcia','Pedro','Luíza','Carlos','Fernanda','José'])[1 + g % 8] || ' ' || (ARRAY['Silva','Conceição','Souza','Araújo','Pereira','Gonçalves'])[1 + (g / 8) % 6] || ' ' || g,
                '55' || (11 + g % 80)::text || lpad(g::text, 9, '0'), false, 'contact-' || $2::text || '.' || g, now(), now()
         FROM generate_series($3::bigint, $4::bigint) g`,
        [base, companyId, from, to],
      );
      // 10 % pending (half without a queue), 20 % open over 50 agents, the rest closed; updated over the last 30 days.
      await db.query(
        `INSERT INTO tickets (id, uuid, company_id, status, user_id, queue_id, whatsapp_id, contact_id, last_message, unread_messages, is_group, stream_id, created_at, updated_at)
         SELECT $1::bigint + g, gen_random_uuid(), $2::bigint, CASE WHEN g % 10 = 0 THEN 'pending' WHEN g % 10 < 3 THEN 'open' ELSE 'closed' END,
                CASE WHEN g % 10 = 0 THEN NULL WHEN g % 10 < 3 THEN $5::bigint + g % 50 ELSE $5::bigint + g % 50 END,
                CASE WHEN g % 20 = 0 THEN NULL ELSE $6::bigint END, $7::bigint, $1::bigint + g,
                'Mensagem ' || g || ' sobre o pedido ' || (g * 7919 % 1000003), (g % 3), false, 'contact-' || $2::text || '.' || g,
                now() - (g % 2592000) * interval '1 second', now() - (g % 2592000) * interval '1 second'
         FROM generate_series($3::bigint, $4::bigint) g`,
        [base, companyId, from, to, Number(admin.id), queueIds[0], whatsappId],
      );
      say(`  ${to.toLocaleString('en')} tickets`);
    }
    const M = options.messagesPerTicket;
    for (let from = first; from <= last; from += chunk / 2) {
      const to = Math.min(last, from + chunk / 2 - 1);
      await db.query(
        `INSERT INTO messages (key, id, company_id, ticket_id, contact_id, whatsapp_id, body, from_me, media_type, ack, read, ordinal, created_at)
         SELECT $2::text || ':' || g || ':' || k, 'bench-' || g || '-' || k, $2::bigint, $1::bigint + g, $1::bigint + g, $3::bigint, 'Mensagem ' || k || ' do atendimento ' || g, k % 2 = 0, 'chat', 3, true, g * 100 + k, now()
         FROM generate_series($4::bigint, $5::bigint) g, generate_series(1, $6::int) k`,
        [base, companyId, whatsappId, from, to, M],
      );
      say(`  ${(to * M).toLocaleString('en')} messages`);
    }
    // What autovacuum does to a table after a bulk load: statistics, and the visibility map index-only scans read.
    await db.query('VACUUM (ANALYZE) contacts, tickets, messages');
  };

  const { createKnex } = await import('@atendo/platform');
  const knex = createKnex(url, { max: options.clients });
  const queries = new TicketQueries(knex);
  const contacts = new ContactQueries(knex);
  const adminViewer: Viewer = { userId: Number(admin.id), companyId, profile: 'admin', super: false, queueIds: queueIds };
  // Agent admin + 1 holds a fiftieth of the open tickets (g % 50 = 1 gives g % 10 = 1: open), a full first page.
  const agentViewer: Viewer = { userId: Number(admin.id) + 1, companyId, profile: 'user', super: false, queueIds: [queueIds[0]!], allTicket: true };
  const cases: Array<{ name: string; run: (i: number) => Promise<unknown>; large?: boolean }> = [
    { name: 'pending list, page 1 (admin)', run: () => queries.listTickets(adminViewer, { status: 'pending', showAll: true }) },
    { name: "an agent's open tickets, page 1", run: () => queries.listTickets(agentViewer, { status: 'open' }) },
    {
      name: 'pending list, page 50 by cursor',
      large: true,
      run: async () => {
        let next: string | undefined;
        // The cursor of page 49, taken once and reused: the page after it is what is timed.
        next = cursor49 ??= await (async () => {
          let c: string | undefined;
          for (let p = 1; p < 50; p++) c = (await queries.listTickets(adminViewer, { status: 'pending', showAll: true, ...(c ? { cursor: c } : {}) })).next;
          return c;
        })();
        return queries.listTickets(adminViewer, { status: 'pending', showAll: true, ...(next ? { cursor: next } : {}) });
      },
    },
    { name: 'contact search by name (accents aside)', run: (i) => contacts.page(companyId, nameOf(1 + ((i * 7919) % N)), 1) },
    // The end of a number, as people type one (within the numbers written, however many requests the clients make).
    { name: 'contact search by number digits', run: (i) => contacts.page(companyId, endOf(i), 1) },
    // Digits only the middle of numbers holds (area code and the next five): found by the second way, the grams.
    { name: 'contact search by digits inside numbers', run: (i) => contacts.page(companyId, middleOf(i), 1) },
    { name: 'ticket search by contact name (accents aside)', run: (i) => queries.listTickets(adminViewer, { searchParam: nameOf(1 + ((i * 7919) % N)) }) },
    { name: 'ticket search by number digits', run: (i) => queries.listTickets(adminViewer, { searchParam: endOf(i) }) },
    { name: 'ticket search by last message text', run: (i) => queries.listTickets(adminViewer, { searchParam: `pedido ${(i * 7919) % 1000003}` }) },
  ];
  let cursor49: string | undefined;
  // The generated names, typed without accents as people do: "joao conceicao 1234".
  const FIRST = ['ana', 'joao', 'marcia', 'pedro', 'luiza', 'carlos', 'fernanda', 'jose'];
  const LAST = ['silva', 'conceicao', 'souza', 'araujo', 'pereira', 'goncalves'];
  const nameOf = (g: number) => `${FIRST[g % 8]} ${LAST[Math.floor(g / 8) % 6]} ${g}`;
  // Numbers are '55', an area code (11 + g % 80) and g in 9 digits: the last 9 digits of one, and digits of its middle.
  const numbered = (i: number) => 100_000 + ((i * 37) % (N - 100_000));
  const endOf = (i: number) => String(numbered(i)).padStart(9, '0');
  const middleOf = (i: number) => `${11 + (numbered(i) % 80)}${endOf(i).slice(0, 5)}`;
  // Each case asked by `clients` loops for `seconds`: every request's time.
  const measure = async (c: (typeof cases)[number], clients: number, seconds: number) => {
    await c.run(0);
    const times: number[] = [];
    const deadline = Date.now() + seconds * 1000;
    let n = 0;
    await Promise.all(
      Array.from({ length: clients }, async () => {
        // At least 20 requests alone: a slow first one (a word most names hold, read by subquery) is one of them,
        // not the only one in the window.
        while (Date.now() < deadline || (clients === 1 && times.length < 20)) {
          const i = n++;
          const t0 = performance.now();
          await c.run(i);
          times.push(performance.now() - t0);
        }
      }),
    );
    return times.sort((a, b) => a - b);
  };
  // The same lists first with 1,000 tickets, then with all of them: one client alone, so the figures are the cost
  // of a request, not queueing.
  let started = Date.now();
  await load(1, SMALL);
  let loading = Date.now() - started;
  const small = new Map<string, number>();
  for (const c of cases) if (!c.large) small.set(c.name, percentile(await measure(c, 1, 1), 50));
  started = Date.now();
  await load(SMALL + 1, N);
  loading += Date.now() - started;
  const setupSeconds = loading / 1000;
  const rows: ListResult[] = [];
  for (const c of cases) {
    const alone = percentile(await measure(c, 1, 1), 50);
    const node0 = process.cpuUsage();
    const machine0 = machineBusyMs();
    const times = await measure(c, options.clients, options.seconds);
    const node = process.cpuUsage(node0);
    const nodeCpuMs = (node.user + node.system) / 1000 / times.length;
    const machineCpuMs = (machineBusyMs() - machine0) / times.length;
    rows.push({ name: c.name, smallAlone: small.get(c.name), alone, requests: times.length, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), nodeCpuMs, machineCpuMs });
    say(`  ${c.name}: alone ${small.get(c.name)?.toFixed(1) ?? '-'} → ${alone.toFixed(1)} ms; ${options.clients} clients p95 ${percentile(times, 95).toFixed(1)} ms, CPU a request ${machineCpuMs.toFixed(2)} ms (Node ${nodeCpuMs.toFixed(2)})`);
  }
  await knex.destroy();
  return { setupSeconds, rows };
}
