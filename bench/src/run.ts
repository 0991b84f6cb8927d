import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '@atendo/runtime';
import { appendThroughput } from './appendThroughput.js';
import { channelFleet, channelMedia, channelSoak } from './channels.js';
import { feedLatency } from './feedLatency.js';
import { ingest } from './ingest.js';
import { longLived } from './longLived.js';
import { consoleWeight } from './consoleWeight.js';
import { cpuScore, describeMachine } from './machine.js';
import { projectionThroughput } from './projectionThroughput.js';
import { timerFiring } from './timers.js';
import { flowSteps } from './flows.js';
import { campaignDispatch } from './campaigns.js';
import { botReplies } from './integrations.js';
import { listsAtSize } from './lists.js';
import { neighbours } from './tenancy.js';

/**
 * `make bench`: runs each benchmark in a database of its own on DATABASE_URL's server (else an embedded one),
 * prints a table, and rewrites its section of docs/benchmarks.md. Sections can be named to run only those:
 * `npx tsx bench/src/run.ts long-lived ingest` (or `BENCH_SECTIONS=long-lived,ingest`).
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const SECTIONS = ['core', 'projections', 'ingest', 'timers', 'lists', 'flows', 'campaigns', 'integrations', 'neighbours', 'long-lived', 'channels', 'console'] as const;
const chosen = [...process.argv.slice(2), ...(process.env.BENCH_SECTIONS?.split(',').filter(Boolean) ?? [])];
for (const name of chosen) {
  if (!(SECTIONS as readonly string[]).includes(name)) throw new Error(`Unknown bench section ${name}: one of ${SECTIONS.join(', ')}`);
}
const runs = (section: (typeof SECTIONS)[number]) => chosen.length === 0 || chosen.includes(section);
const root = new URL('../../', import.meta.url).pathname;

async function freshDatabase(serverUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Rebuilds of the product's read models from one generated history: the text of its section of the doc. */
async function projectionSection(serverUrl: string, machine: string): Promise<string> {
  const customers = Number(process.env.BENCH_CUSTOMERS ?? 16_000);
  console.log(`Projection rebuilds (${customers.toLocaleString('en')} customers' history)`);
  const lines = [
    '| projection | log events | events folded | rows | seconds | log events/s | target |',
    '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  console.log(lines.join('\n'));
  for (const r of await projectionThroughput(await freshDatabase(serverUrl, 'atendo_bench_projection'), customers)) {
    const target = r.eventsPerSecond >= 100_000 ? '≥ 100,000 met' : '≥ 100,000 missed';
    lines.push(`| ${r.projection} | ${r.logEvents.toLocaleString('en')} | ${r.folded.toLocaleString('en')} | ${r.rows.toLocaleString('en')} | ${r.seconds.toFixed(2)} | ${r.eventsPerSecond.toLocaleString('en')} | ${target} |`);
    console.log(lines[lines.length - 1]);
  }
  const section = [
    '<!-- projections:start -->',
    '## Projection rebuilds',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${machine}. \`npx tsx bench/src/run.ts projections\` runs only this section.`,
    '',
    "Each of the product's read models is rebuilt as `atendo rebuild` does it (decision 0011) from one generated history:",
    '20 companies with their users, queues and a paired connection, and customers who write, are accepted, read,',
    'answered twice (each reply dispatched and acknowledged), answer back and are resolved; every tenth is renamed,',
    'every fourth comes back for a second ticket; 1,000 conversations run at a time, so a ticket\'s events spread over',
    "the log as in a busy help desk. Seconds run from the call to the committed swap, the shadow tables' secondary",
    "indexes and ANALYZE included; log events/s is the log's size over that time (companies, plans, users, queues and",
    'connections read only their own event types from the log).',
    '',
    ...lines,
    '',
    'The rebuild this replaced (one transaction, a bound parameter per value, batches of 2,000) folded the same',
    'tickets read model (then named conversations) at 19,936 events/s on this machine (PostgreSQL 15), and the first shadow-table rebuild at',
    '62,000–67,000. What brought it near 100,000 (measured on this machine, each step alone worth 5–15 %): each',
    "batch of 40,000 events is split by stream into two lanes folded in transactions of their own, each lane going on",
    "to its part of the next batch without waiting for the other (a customer's rows all belong to their stream), so",
    "PostgreSQL writes one lane's rows on the second core while Node folds the other; the log is read without the",
    "actor and the correlation and causation ids, two thirds of each event's JSON (`ReadAllOptions.placementOnly`), with",
    "`recorded_at` as a number and rows in pg's array mode; rows are updated in place; the live tables are described and",
    'the secondary indexes built on several connections at once. Where the time went then, for the tickets',
    "rebuild on PostgreSQL 15 (`node --cpu-prof`): Node busy about 2.5 s (0.6 s garbage collection, 0.55 s decoding",
    'log rows, 0.6 s folding and encoding rows), waiting about 0.6 s, mostly for the secondary indexes at the end.',
    '',
    'Since then (issue 7, measured alternately old and new on one machine, 3 runs each twice): rows that an event of the',
    "batch creates are no longer looked up first (most of a rebuild's lookups), and a flush of 2,000 rows or more goes",
    "through COPY into a staging table and one upsert from it, which PostgreSQL takes in about half the time of the JSON",
    'array it parsed before; together 12–15 % faster. Both cores are now busy throughout: reading the log costs',
    "PostgreSQL about 6 µs and Node about 6 µs an event (pg's row decoding and the JSON of `data`), folding and writing",
    "as much again. Rows that did not exist before the batch are then COPYed straight into the shadow table, with no",
    "staging table and no conflict check (2026-11-24, alternating runs: 6–8 % faster; a row that exists after all undoes",
    "the COPY and is upserted).",
    "Where it stands (2026-11-24, process.cpuUsage and /proc/stat around one rebuild): Node",
    "spends 3.3 s of CPU in a 4.0 s rebuild once warm (4.9 s of 5.1 s in a fresh process, whose first batches run",
    "before the JIT has warmed up, as in `atendo rebuild` and in this table), about 11 µs an event, while PostgreSQL",
    "uses about 3 s on the other core. Node's one thread is the limit: decoding the log's rows, folding, encoding COPY",
    "text and collecting the garbage. At this machine's speed that gives 70,000–76,000 events/s warm and about 60,000",
    "cold; the 100,000 target is missed. Getting there needs a third less work per event in Node, or the lanes folded in",
    "worker threads of their own on a machine with more than two cores (left for later; on two cores PostgreSQL needs",
    "the second one).",
    'Four runs of this section on 2026-11-24, at CPU scores 62–79, gave the tickets rebuild 47,124–64,473 events/s and',
    'the activity one 91,713–120,951. A run at a CPU score far below the one of a run to compare with is slower for that',
    'reason alone.',
    'Three runs later that day, with the machine at twice that speed (CPU scores 128–136), gave the tickets rebuild',
    '84,404, 94,860 and 101,563 events/s and the activity one 137,567–171,747: the tickets read model reaches the target',
    "only at the best of this machine's speed, not reliably.",
    "On 2026-11-28 (CPU score 132–139) three runs gave 89,739, 94,366 and 96,759 (the table's first). Batches of 80,000 events instead of",
    "40,000 made a tickets rebuild about 4 % faster (8 alternated pairs of whole processes, median wall-time ratio 1.04,",
    "the same peak memory, about 520 MiB: a ticket's events spread over the log, and in fewer, larger batches its row is",
    "written fewer times), but each lane's transaction then holds the live subscribers back twice as long while it",
    "writes (a transaction that has written keeps every reader of the log behind it, decision 0001), so the batches stay",
    "at 40,000. Batches of 10,000 or 20,000 are slower. Node's garbage collection is about a fifth of its time in a",
    "rebuild; a larger young generation (`--max-semi-space-size=64`) made no difference beyond the noise in 4 pairs.",
    "Later on 2026-11-28 (CPU scores 124–125) three runs gave 104,712, 105,584 (the table's) and 106,437, after two",
    "changes. A rebuild now analyzes only the columns its tables' indexes name: sampling the full-text expressions and",
    "the message bodies took longer than building every index, and the step after the bulk went from about 530 to about",
    "340 ms. The log also hands out `recorded_at` counted in float8 instead of numeric, which spared PostgreSQL about a",
    "sixth of the cost of writing out a row. Tried again and dropped: batches of 80,000 events (about 5 % faster, but a",
    "lane's writing transaction then held the live readers back for up to 0.66 s instead of 0.4 s), unlogged shadow",
    "tables set logged before the indexes (the bulk is Node's, and the rewrite cost 230 ms), the secondary indexes built",
    "before the bulk (no faster), and each row read as one JSON array (25 % less Node, but twice PostgreSQL's time).",
    'On 2026-11-29 (CPU scores 188–211) the contacts\' index for digits anywhere in a number changed from trigrams to',
    'grams (issue 12, decision 0026), which take about 5 µs a contact more to build. Alternated runs of this section,',
    'tickets rebuild: with trigrams 2.34, 2.50 and 2.45 s, with grams from every position 2.45, 2.47 and 2.35 s (from',
    'every other position, half the keys, 2.39–2.48 s): no cost beyond the noise of these machines. Later that night',
    'tickets gained one more index, `tickets_recent` (the search tab\'s walk, decision 0026); three alternated pairs at',
    'scores 162–190, an hour when the speed varied from run to run, gave 3.03, 2.67 and 3.49 s without it and 2.74,',
    '2.50 and 2.93 s with it.',
    '<!-- projections:end -->',
  ].join('\n');
  return section;
}

/** The WhatsApp fleet of issue 10 (idle memory, restart, an hour's soak) and inbound media: the text of its section. */
async function channelsSection(serverUrl: string, machine: string): Promise<string> {
  const mb = (n: number) => n.toFixed(1);
  console.log('\nWhatsApp sessions: memory of an idle connected fleet, and a restart');
  const fleet = await channelFleet(await freshDatabase(serverUrl, 'atendo_bench_channels'));
  const m = fleet.memory;
  const memoryTable = [
    '| sessions | heap before (MB) | heap after (MB) | heap per session (KB) | Buffers per session (KB) |',
    '| ---: | ---: | ---: | ---: | ---: |',
    `| ${m.sessions} | ${mb(m.heapBeforeMb)} | ${mb(m.heapAfterMb)} | ${m.heapPerSessionKb.toFixed(1)} | ${m.externalPerSessionKb.toFixed(1)} |`,
  ];
  const restartTable = [
    '| opening | sessions | seconds until all CONNECTED | sessions/s |',
    '| --- | ---: | ---: | ---: |',
    ...fleet.restarts.map((r) => `| ${r.label} | ${r.sessions} | ${r.seconds.toFixed(2)} | ${r.sessionsPerSecond.toFixed(0)} |`),
  ];
  console.log([...memoryTable, '', ...restartTable].join('\n'));

  console.log('\nSoak: an hour of simulated time, every connect refused (428)');
  const soak = await channelSoak(await freshDatabase(serverUrl, 'atendo_bench_channels_soak'));
  const samples = soak.samples;
  const first = samples[0]!;
  const half = samples.find((x) => x.minute * 2 >= soak.simulatedMinutes)!;
  const last = samples[samples.length - 1]!;
  const max = Math.max(...samples.map((x) => x.heapMb));
  // A leak grows with the connects: the second half-hour's growth per connect tells one from the warm-up of the first.
  const perConnect = ((last.heapMb - half.heapMb) * 1024 * 1024) / Math.max(1, last.connects - half.connects);
  const flat = last.heapMb - half.heapMb <= 0.5;
  const soakTable = [
    `| sessions | simulated | connects | breaker stops | try again | heap at 0 min (MB) | at ${half.minute} min | at ${last.minute} min | max | growth ${half.minute}–${last.minute} min per connect | memory |`,
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    `| ${soak.sessions} | ${soak.simulatedMinutes} min | ${soak.connects.toLocaleString('en')} | ${soak.breakerStops} | ${soak.tryAgains} | ${mb(first.heapMb)} | ${mb(half.heapMb)} | ${mb(last.heapMb)} | ${mb(max)} | ${Math.round(perConnect)} bytes | ${flat ? 'flat' : 'NOT flat'} |`,
  ];
  const sampleLine = `Heap every 5 simulated minutes (MB): ${samples.map((x) => mb(x.heapMb)).join(', ')}. Real time: ${soak.realSeconds.toFixed(1)} s.`;
  console.log([...soakTable, '', sampleLine].join('\n'));
  if (soak.otherStops.length) console.log(`Other stops: ${soak.otherStops.join('; ')}`);

  console.log('\nInbound media: photos into the local blob store');
  const media = await channelMedia();
  const mediaTable = [
    '| store | files | size each | at a time | seconds | files/s | MB/s |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    `| ${media.store} (temporary folder) | ${media.files} | ${Math.round(media.bytesEach / 1024)} KB | ${media.concurrency} | ${(media.ms / 1000).toFixed(2)} | ${media.filesPerSecond} | ${media.megabytesPerSecond} |`,
  ];
  console.log(mediaTable.join('\n'));

  return [
    '<!-- channels:start -->',
    '## WhatsApp sessions and inbound media',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${machine}. \`npx tsx bench/src/run.ts channels\` runs only this section.`,
    'The real Baileys provider runs over FakeWhatsapp\'s sockets (`@atendo/channels/testing`), with its session leases, inbound',
    'journal and credentials (encrypted, `PgAuthState`) in PostgreSQL, as one gateway process runs them.',
    '',
    '### Memory per idle connected session',
    '',
    `${m.sessions} numbers are paired by QR code (scan, 515, the fresh socket opens) and left idle; the heap is read after two full`,
    'collections before and after (ten sessions paired and stopped first, so compiled code and pools are in "before"; V8\'s',
    'bytecode flushing is off while this section measures, as it drops about 1 MB of startup code at a collection of its',
    'choosing, as much as the 200 sessions take). A fake socket has no noise handshake, Signal sessions, buffers or timers',
    "of its own: this is the platform's share of a session (the provider's session, its socket listeners, the credentials",
    "held in memory), not Baileys' socket, which comes on top. \"Buffers\" is memory outside the heap (the credentials' keys).",
    'On 2026-11-24 the same fleet grown 200 sessions at a time to 1,600 added 1.0–1.45 MB of heap per 200 (5–7.5 KB a',
    'session, the first 200 the most): the cost is linear, with nothing shared growing faster. The Buffers figure was 7.1 KB',
    "a session until the credentials' small keys (64 KB for 200 sessions) were copied out of Node's 8 KB Buffer pool when",
    'they are read: cut from the pool, each kept a whole slab alive (131 slabs, 1.07 MB). Copied, it rounds to nothing.',
    'Since the receipt gate (each socket gets one: its logger, its wrapped send, an empty queue) the heap figure is about',
    '2 KB higher: 8.5 KB a session before it, 10.7 KB after, both measured on 2026-11-24.',
    '',
    ...memoryTable,
    '',
    '### Restart',
    '',
    `The provider closes (its sessions stop, their leases are released) and a new one under the same owner name starts every`,
    'session again, one `startSession` after another as the gateway does when it starts; the time runs from the new provider to',
    "the last session's CONNECTED. The staggering is deliberate: after a restart the fleet comes back a few numbers at a time,",
    'not as a burst of logins from one address, so the default row is the figure. The second row, with no staggering, shows what',
    'the platform itself needs to bring the sessions back (0.34 s and 1.15 s in two runs on 2026-11-24: the second core is',
    "shared with PostgreSQL and others' work).",
    '',
    ...restartTable,
    '',
    '### An hour of refused connects',
    '',
    `${soak.sessions} numbers that WhatsApp refuses on every connect (FakeWhatsapp closes each socket with 428) for ${soak.simulatedMinutes} minutes of simulated`,
    "time: the provider's reconnect pauses go through its `schedule` option and its clock is `now`, both driven by a virtual",
    'clock that moves to the next timer once every session has finished its step. Each number backs off until the circuit',
    'breaker stops it (8 failures in 10 minutes), and an operator presses "try again" 5 simulated minutes after each stop.',
    'The heap is read after full collections every 5 simulated minutes. Opening spacing is 0 here (it runs on the real clock).',
    'Memory counts as flat when the second half-hour adds at most 0.5 MB (a leak grows with the connects; the first minutes',
    "also hold V8's warm-up: compiled code and type feedback of the retry paths). A 3-hour run on 2026-11-24 (12,122",
    'connects) read 48.7 MB at minute 0, 49.4 MB at minute 40, and 49.4–49.55 MB from then to minute 180: the warm-up',
    'ends within the first hour and the heap stays put after it.',
    '',
    ...soakTable,
    '',
    sampleLine,
    ...(soak.otherStops.length ? ['', `Other stops: ${soak.otherStops.join('; ')}.`] : []),
    '',
    '### Inbound media',
    '',
    "`measureMediaThroughput`: customers' photos stored as the gateway stores them, each streamed into a temporary file,",
    'flushed to disk and renamed into place with its description beside it; on a temporary folder of this machine\'s disk.',
    '',
    ...mediaTable,
    '<!-- channels:end -->',
  ].join('\n');
}

async function main() {
  let serverUrl = process.env.DATABASE_URL;
  let stop: (() => Promise<void>) | undefined;
  let tmp: string | undefined;
  if (!serverUrl) {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'atendo-bench-'));
    const server = await startEmbeddedPostgres({ dataDir: path.join(tmp, 'data'), persistent: false });
    serverUrl = server.url;
    stop = server.stop;
  }
  try {
    const described = await describeMachine(serverUrl, !process.env.DATABASE_URL);
    // Each section's own CPU score, taken as it starts (see cpuScore).
    let machine = described;
    const scoreNow = () => {
      machine = `${described}, CPU score ${cpuScore()}`;
      console.log(`Machine: ${machine}\n`);
    };
    const lines: string[] = [];
    const row = (cells: Array<string | number>) => {
      const line = `| ${cells.join(' | ')} |`;
      lines.push(line);
      console.log(line);
    };

    /** Each section's text between its markers, by marker name. */
    const sections: Record<string, string> = {};
    if (runs('core')) {
      scoreNow();
      console.log('Append throughput (PostgreSQL adapter)');
      row(['writers', 'events / append', 'events', 'events/s', 'target']);
      row(['---:', '---:', '---:', '---:', '---']);
      for (const [writers, size] of [[1, 1], [1, 10], [16, 1], [16, 10]] as const) {
        const url = await freshDatabase(serverUrl, 'atendo_bench_append');
        const { createKnex, eventStoreMigrations, migrateLatest } = await import('@atendo/platform');
        const knex = createKnex(url);
        await migrateLatest(knex, eventStoreMigrations);
        await knex.destroy();
        const r = await appendThroughput(url, writers, size, seconds);
        row([writers, size, r.events.toLocaleString('en'), r.eventsPerSecond.toLocaleString('en'), writers === 16 ? (r.eventsPerSecond >= 10_000 ? '≥ 10,000 met' : '≥ 10,000 missed') : '']);
      }
      const appendTable = lines.splice(0);

      console.log('\nFeed latency: append → projector commit → bus → WebSocket client');
      row(['rate (events/s)', 'sent', 'received', 'p50 (ms)', 'p99 (ms)', 'max (ms)', 'target']);
      row(['---:', '---:', '---:', '---:', '---:', '---:', '---']);
      const f = await feedLatency(await freshDatabase(serverUrl, 'atendo_bench_feed'), 500, seconds);
      row([f.rate, f.sent, f.received, f.p50.toFixed(1), f.p99.toFixed(1), f.max.toFixed(1), f.p99 <= 100 && f.received === f.sent ? 'p99 ≤ 100 met' : 'p99 ≤ 100 missed']);
      const feedTable = lines.splice(0);

      sections.core = [
        '<!-- core:start -->',
        '## Event-sourced core',
        '',
        `Measured ${new Date().toISOString().slice(0, 10)} on ${machine}. Each run lasts ${seconds} s unless said otherwise (\`BENCH_SECONDS\`).`,
        '',
        '### Append throughput (PostgreSQL adapter)',
        '',
        'Each writer appends to 500 streams of its own with `expectedRevision: any`, waiting for each append before the next; concurrent appends share `atendo_append_batch` calls (decision 0002).',
        '',
        ...appendTable,
        '',
        'With one event per append, 16 writers stay below 10,000 events/s on this machine: each append still costs its',
        'stream lock, idempotency check, revision update and five index entries, and PostgreSQL alone commits about',
        '11,000 one-row inserts/s here. Concurrent appends already share calls and commits (decision 0002); with 10',
        "events per append the same path exceeds the target twofold. These figures follow the disk's flush latency,",
        'which varies on this machine over a day: runs earlier the same day gave 1,600 events/s for one writer and',
        '8,300 events/s for 16 writers with one event each, when a plain 8 KiB write-and-fsync loop ran faster.',
        '',
        '### Feed latency',
        '',
        'One event every 2 ms into 50 conversations; a WebSocket client measures from the append call to the feed entry.',
        '',
        ...feedTable,
        '<!-- core:end -->',
      ].join('\n');
    }
    if (runs('projections')) {
      scoreNow();
      sections.projections = await projectionSection(serverUrl, machine);
    }
    if (runs('ingest')) {
      scoreNow();
      console.log('\nInbound ingest: simulator → gateway → command → event store → projections → WebSocket client');
      row(['load', 'messages', 'seconds', 'messages/s', 'written to the log/s', 'p50 (ms)', 'p99 (ms)', 'target']);
      row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---']);
      const ingestRow = (r: Awaited<ReturnType<typeof ingest>>, target: string) =>
        row([r.label, r.messages.toLocaleString('en'), r.seconds.toFixed(2), r.perSecond.toLocaleString('en'), r.writtenPerSecond.toLocaleString('en'), r.p50.toFixed(0), r.p99.toFixed(0), target]);
      // Returning and new customers alternate, twice, and each keeps its better run: on a shared machine a burst of
      // someone else's load during one run would otherwise decide the comparison.
      const better = (a: Awaited<ReturnType<typeof ingest>>, b: Awaited<ReturnType<typeof ingest>>) => (a.perSecond >= b.perSecond ? a : b);
      const runs: Array<Awaited<ReturnType<typeof ingest>>> = [];
      for (let round = 0; round < 2; round++) {
        runs.push(await ingest(await freshDatabase(serverUrl, 'atendo_bench_ingest_fast'), { seconds, numbers: 200 }));
        runs.push(await ingest(await freshDatabase(serverUrl, 'atendo_bench_ingest_new'), { seconds, numbers: 200, customers: 'new' }));
      }
      const fast = better(runs[0]!, runs[2]!);
      const firsts = better(runs[1]!, runs[3]!);
      ingestRow(fast, fast.perSecond >= 1000 ? '≥ 1,000/s met' : '≥ 1,000/s missed');
      const ratio = firsts.perSecond / fast.perSecond;
      ingestRow(firsts, `${Math.round(ratio * 100)} % of returning: ${ratio >= 0.75 ? '≥ 75 % met' : '≥ 75 % missed'}`);
      const paced = await ingest(await freshDatabase(serverUrl, 'atendo_bench_ingest_paced'), { rate: 500, seconds, numbers: 200 });
      ingestRow(paced, paced.p99 <= 250 ? 'p99 ≤ 250 met' : 'p99 ≤ 250 missed');
      // The conversation rules on every message: three queues, a two-level menu, company hours; then a bot reply each.
      const rules = await ingest(await freshDatabase(serverUrl, 'atendo_bench_ingest_rules'), { seconds, numbers: 200, chatbot: 'done' });
      const rulesRatio = rules.perSecond / fast.perSecond;
      ingestRow(rules, `${Math.round(rulesRatio * 100)} % of plain: ${rulesRatio >= 0.8 ? 'within 20 % met' : 'within 20 % missed'}`);
      const bot = await ingest(await freshDatabase(serverUrl, 'atendo_bench_ingest_bot'), { seconds, numbers: 200, chatbot: 'answering' });
      ingestRow(bot, `${Math.round((bot.perSecond / fast.perSecond) * 100)} % of plain (each message also sends a reply)`);
      const ingestTable = lines.splice(0);
      sections.ingest = [
        '<!-- ingest:start -->',
        '## Inbound ingest (walking skeleton)',
        '',
        `Measured ${new Date().toISOString().slice(0, 10)} on ${machine}. 200 customers write to the demo connection through the simulator, which runs as a process of its own as under \`make run\`; an admin's WebSocket receives each \`appMessage\` entry. Latency runs from the simulator stamping a message to the client receiving it. "As fast as possible" posts ${Math.round(seconds * 2000).toLocaleString('en')} messages at once and reports the sustained rate (its latencies are queueing time): once from customers who already wrote (each sent one unmeasured message first), once from as many new customers, each message from a number never seen, whose first message creates a contact, a ticket and a stream (target: within 25 % of returning ones; the two alternate twice and each row is the better of its two runs). The paced run is measured after a one-second warm-up at the same rate. The two chatbot runs are the returning customers' again on a connection with three queues, a two-level menu on the first and the company's hours (open all day). In the first each customer has already picked a queue, so every message goes through the rules (hours, the bot's state) without an answer (target: within 20 % of plain ingest). In the second the bot answers every message (the menu again: room was made for a thousand repeats), so each message also costs a queued reply, its send to the simulator and its acknowledgements: about twice the events of a plain message. "Written to the log" counts the write side alone (gateway, command, append), up to the last \`MessageReceived\` recorded.`,
        '',
        'Where a first message costs more: its contact and ticket ids came from two \`nextval\` round trips through the shared pool, its append writes three events and a new stream row instead of one event, and the read side inserts a contact, a ticket and their feed entries besides the message. The round trips were most of it: on 2026-11-23, with one \`nextval\` per id, new customers reached 681 messages/s end to end and 707/s written (40 % of returning ones in the same run); with ids taken in prefetched blocks, and no snapshot lookup for a stream shorter than the snapshot interval (decision 0007), the write side of new customers runs within about a tenth of returning ones. What remains is the three events per first message on the read side: the projector, catching up with three times the events and rows (contact, ticket, feed entries), is the whole of the remaining gap (compare the two rates of each row).',
        '',
        ...ingestTable,
        '<!-- ingest:end -->',
      ].join('\n');
    }
    if (runs('timers')) {
      scoreNow();
      console.log('\nTimers: armed timers firing through the jobs role (auto-transfer of waiting tickets)');
      row(['timers armed', 'due over (s)', 'arming (s)', 'fired', 'fired/s', 'late p50 (ms)', 'late p99 (ms)', 'late max (ms)', 'within 1 s', 'target']);
      row(['---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---']);
      const timerRow = (r: Awaited<ReturnType<typeof timerFiring>>, target: string) =>
        row([
          r.timers.toLocaleString('en'), r.spreadSeconds, r.armSeconds.toFixed(1), r.fired.toLocaleString('en'), r.perSecond.toLocaleString('en'),
          r.lateness.p50.toFixed(0), r.lateness.p99.toFixed(0), r.lateness.max.toFixed(0), `${((r.withinOneSecond / r.timers) * 100).toFixed(1)} %`, target,
        ]);
      const spread = await timerFiring(await freshDatabase(serverUrl, 'atendo_bench_timers'), { timers: 100_000, spreadSeconds: 100 });
      timerRow(spread, spread.withinOneSecond === spread.timers ? 'all within 1 s: met' : 'all within 1 s: missed');
      const burst = await timerFiring(await freshDatabase(serverUrl, 'atendo_bench_timers_burst'), { timers: 10_000, spreadSeconds: 0 });
      timerRow(burst, 'capacity (all due at once)');
      const timersTable = lines.splice(0);
      sections.timers = [
        '<!-- timers:start -->',
        '## Timers (issue 11)',
        '',
        `Measured ${new Date().toISOString().slice(0, 10)} on ${machine}. \`npx tsx bench/src/run.ts timers\` runs only this section. Each timer is a waiting customer's auto-transfer: a contact, a pending ticket without a queue and its \`TimerArmed\` appended to the customer's stream, the read models caught up ("arming"), and then the jobs role's clock moved so that the first falls due a second later. Firing is the product's path: the timers read model gives the due rows (an index on the due time: nothing scans the tickets), each conversation is loaded, the decider checks the timer still applies, \`TimerFired\` and \`TicketTransferred\` are appended, and the read models and the feed follow. Lateness is the \`TimerFired\` event's time minus its due time. The first row arms 100,000 timers due evenly over the window; the second arms 10,000 due at the same instant, which measures how many the role fires a second when it is behind (after downtime, say).`,
        '',
        ...timersTable,
        '',
        'What the figures say: due at the rate of the first row (1,000 a second, for 100 s), every timer fires within half a second of its due time; the same 100,000 due over 200 s on 2026-11-25 fired with p99 53 ms and at most 150 ms late. The second row is the ceiling: when more fall due at once than the role fires a second (about 2,400–2,800 here), they queue, earliest first, and 100,000 due in the same instant would take some 40 s to clear on this machine. Firing is bound by latency, not CPU (a cold stream read and an append per timer): on 2026-11-25, firing 8 conversations at once, a burst of 5,000 fired at 704/s; at 64 at once, the rate in the table.',
        '<!-- timers:end -->',
      ].join('\n');
    }
    if (runs('lists')) {
      scoreNow();
      console.log('\nLists at size: 1,000,000 tickets and 10,000,000 messages in one company, 16 concurrent clients');
      row(['list', '1,000 tickets, alone, p50 (ms)', '1,000,000, alone, p50 (ms)', '16 clients: requests', 'p50 (ms)', 'p95 (ms)', 'p99 (ms)', 'CPU a request, ms (Node)', 'target']);
      row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---']);
      const lists = await listsAtSize(await freshDatabase(serverUrl, 'atendo_bench_lists'), { tickets: 1_000_000, messagesPerTicket: 10, clients: 16, seconds, log: console.log });
      for (const r of lists.rows) row([r.name, r.smallAlone?.toFixed(1) ?? '—', r.alone.toFixed(1), r.requests.toLocaleString('en'), r.p50.toFixed(1), r.p95.toFixed(1), r.p99.toFixed(1), `${r.machineCpuMs.toFixed(2)} (${r.nodeCpuMs.toFixed(2)})`, r.p95 <= 10 ? 'p95 ≤ 10 ms met' : 'p95 ≤ 10 ms missed']);
      const listsTable = lines.splice(0);
      sections.lists = [
        '<!-- lists:start -->',
        '## Lists at size (issue 12)',
        '',
        `Measured ${new Date().toISOString().slice(0, 10)} on ${machine}. \`npx tsx bench/src/run.ts lists\` runs only this section. One company with 1,000,000 contacts and tickets (10 % pending, 20 % open over 50 agents, the rest closed, updated over 30 days) and 10,000,000 messages, written straight into the read model (${lists.setupSeconds.toFixed(0)} s) and vacuumed, as autovacuum would. Each list is asked through the read model's queries (TicketQueries and ContactQueries, what the API's handlers call): by one client alone for 1 s when the company had its first 1,000 tickets, again alone with all of them, then by 16 concurrent clients for ${seconds} s through the product's pools (one connection each for the knex, and the 4 generic-plan connections the lists share). Page 50 does not exist at 1,000 tickets.`,
        '',
        ...listsTable,
        '',
        "What the figures say: a request costs about the same with 1,000 tickets as with 1,000,000 (the alone columns): no list counts every row, pages after the first start from a cursor, and searches read words and number indexes before they touch a ticket (decision 0026). The lists are prepared statements, and those whose best plan does not depend on their values are planned once, on connections whose session says so. The tabs' badges are sums over a few rows of ticket_counts, which triggers keep equal to the tickets; a search still counts up to 1,000 along the list's index. An agent's list is a full page of their own open tickets (one of 50 agents, 20,000 of them). 'CPU a request' is the machine's busy time (both cores, /proc/stat) over the 16 clients' requests, and in brackets this process's share (the queries and the clients); the rest is PostgreSQL's. With 16 clients asking without pause, the p95 is not the cost of a request but the queue in front of 2 cores that PostgreSQL and the Node process share: 16 requests in flight over what the 2 cores serve a second, so the 10 ms p95 needs about 0.7 ms of CPU a page, at this machine's best speed. Compare runs at similar CPU scores: these machines run at half speed or double from one hour to the next.",
        '<!-- lists:end -->',
      ].join('\n');
    }
    if (runs('long-lived')) {
      scoreNow();
      console.log('\nLong-lived customer: cold load and one command on a customer with a long history');
      row(['messages in history', 'events', 'whole-stream fold (ms)', 'cold load (ms)', 'command, cold (ms)', 'command, warm p50 (ms)', 'command, warm p99 (ms)', 'target']);
      row(['---:', '---:', '---:', '---:', '---:', '---:', '---:', '---']);
      const l = await longLived(await freshDatabase(serverUrl, 'atendo_bench_long_lived'), 25_000);
      const worst = Math.max(l.coldMs, l.warmMs.p50);
      row([(l.messages * 2).toLocaleString('en'), l.events.toLocaleString('en'), l.fullFoldMs.toFixed(0), l.coldLoadMs.toFixed(1), l.coldMs.toFixed(1), l.warmMs.p50.toFixed(1), l.warmMs.p99.toFixed(1), worst <= 5 ? '≤ 5 ms met' : '≤ 5 ms missed']);
      sections['long-lived'] = [
        '<!-- long-lived:start -->',
        '## Long-lived customer',
        '',
        `Measured ${new Date().toISOString().slice(0, 10)} on ${machine}. One customer's stream holds ${l.messages.toLocaleString('en')} messages in and ${l.messages.toLocaleString('en')} out (each out dispatched, delivered and read; a ticket every 100 messages), written straight to the store. The whole-stream fold reads and folds all of it once (what every cold load did before snapshots; before the bounded windows, folding 20,000 + 20,000 messages took 29 s, issue 7) and becomes the snapshot the command handler would have written by then. A cold load reads that snapshot and the events after it; a cold command is one inbound message in a process that never saw the customer (median of 50); a warm command, one on a cached state (200 in a row). Decision 0007.`,
        '',
        ...lines.splice(0),
        '<!-- long-lived:end -->',
      ].join('\n');
    }

    if (runs('flows')) {
      scoreNow();
      console.log('\nFlows: durable block steps through the jobs role, 10,000 executions waiting on a reply');
      const f = await flowSteps(await freshDatabase(serverUrl, 'atendo_bench_flows'), { executions: 10_000, log: console.log });
      const met = (n: number) => (n >= 2_000 ? '≥ 2,000 steps/s met' : '≥ 2,000 steps/s missed');
      row(['phase', 'executions', 'blocks each', 'seconds', 'steps/s', 'target']);
      row(['---', '---:', '---:', '---:', '---:', '---']);
      row(['phrase → waiting for a reply', f.executions.toLocaleString('en'), f.stepsToWait, f.startSeconds.toFixed(1), f.startStepsPerSecond.toLocaleString('en'), met(f.startStepsPerSecond)]);
      row(['reply → finished', f.executions.toLocaleString('en'), f.stepsAfterReply, f.replySeconds.toFixed(1), f.replyStepsPerSecond.toLocaleString('en'), met(f.replyStepsPerSecond)]);
      row(['the engine alone (both phases)', f.executions.toLocaleString('en'), f.stepsToWait + f.stepsAfterReply, f.engineSeconds.toFixed(1), f.engineStepsPerSecond.toLocaleString('en'), met(f.engineStepsPerSecond)]);
      const flowsTable = lines.splice(0);
      sections.flows = [
        '<!-- flows:start -->',
        '## Flows (issue 13)',
        '',
        `Measured ${new Date().toISOString().slice(0, 10)} on ${machine}. \`npx tsx bench/src/run.ts flows\` runs only this section. ${f.executions.toLocaleString('en')} customers each write a flow campaign's phrase; the flow says three things, asks a question and waits (${f.stepsToWait} blocks); once all ${f.waiting.toLocaleString('en')} executions wait on a reply at once (the runtime's resident memory then: ${f.rssMiB.toFixed(0)} MiB, read role and jobs role in one process), each customer answers and the flow checks the answer, answers and ends (${f.stepsAfterReply} blocks). Every step is the product's path: the customer's message recorded in the conversation, the jobs role's flow runner starting or waking the execution (its events appended to the log), the messages queued on the conversation as one command, the read models following. Times run from the first message of a phase to every execution waiting (or ended) in the read model and every message it sent queued on its conversation (and, at the end, every ticket let go); a step is a \`BlockEntered\` in the log. The last row decides and appends the same executions straight to the log, 16 at a time, without conversations or the WhatsApp side: the engine's own cost.`,
        '',
        ...flowsTable,
        '',
        "What the figures say: runs at different CPU scores do not compare (this machine's speed halves or doubles from one hour to the next); runs alternated on one machine do. Both cores are busy throughout (about 85 % of the machine's CPU in each phase), PostgreSQL using about as much of it as Node, so a step is as fast as the work of both per step is small; most of that work is statements, each a round trip that costs the two processes together some 250 µs on these virtual machines.",
        '',
        "On 2026-11-28 morning (CPU score about 57–64), 2,000 executions three times in each order, before and after the changes of that session, gave 457–565 → 806–837 steps/s from the phrase to the question and 415–506 → 854–910 from the reply to the end. In a 500-execution run the statements went from about 17,500 to about 8,300: projectors that read none of a batch's events move their checkpoints together in one statement (decision 0010); commands decide a cached state without reading the stream first, the append's revision proving it current (decision 0007); the flows read model writes a batch's executions in two statements instead of one each; the log's reads are prepared once per connection; a block's data is checked by its schema once per published version; a store no longer wakes its own subscriptions a second time with its own NOTIFY.",
        '',
        "The afternoon's changes (CPU score 104–138), measured the same way on 2,000 executions, 3 pairs each: a run's start no longer reads its new execution stream (the command expects no stream, and a stream that exists after all is read and decided again), the customer's name and number come from the conversation's cache when it is as far along as the phrase, the batch's runs are written to `flow_runs` in one statement, and a reply is decided on the run's cached state: 1,000 executions took 6,300 → 3,300 statements from the phrase to the question and 2,600 → 1,570 from the reply to the end, 1,601–1,644 → 1,740–1,983 and 1,673–1,845 → 1,894–2,049 steps/s. Then the subscriptions of a process share what they read of the log (`LogTail`, decision 0002: the read role's projectors, the flow runner and the campaign dispatcher each read every event before; the rows read fell from 273,780 to 139,521) and the tickets projection reads its names in one statement instead of three: 2,203–2,496 → 2,528–2,772 and 2,370–2,436 → 2,697–2,960 steps/s. The target is met at this machine's usual speed and missed at its slowest hours (about half). The shared stretch costs memory while the subscriptions lag behind under such a load: two 10,000-execution runs back to back ended the first phase at 553 MiB resident with it and 462 MiB with a stretch of 100 events (resident memory also moves with the run's speed: 397 MiB at CPU score 57 that morning, before it).",
        '',
        "The jobs role in a process of its own (`flowSteps(…, { separateJobs: true })`, started as `atendo start --roles jobs`) does not help on 2 cores: on 2026-11-28, 2,000 executions twice in each order gave 548–569 steps/s from the phrase to the question against 754–816 in one process, and 721–753 from the reply to the end against 645–666, since PostgreSQL, the read role and the jobs role then share the same two cores and the runner learns of each message through the log instead of in-process. A machine with more cores is what a separate jobs process is for (deploy/README.md). Tried and left: PostgreSQL through its Unix socket instead of TCP on 127.0.0.1 (no difference beyond the noise in 3 pairs); one transaction for all the projectors of a batch (it would save about 13 % of the statements, some 2 % of the CPU, and make every read-your-writes wait the sum of the projectors instead of the slowest).",
        '<!-- flows:end -->',
      ].join('\n');
    }

    if (runs('integrations')) {
      scoreNow();
      const customers = Number(process.env.BENCH_BOT_CUSTOMERS ?? 2_000);
      console.log(`\nIntegrations: ${customers.toLocaleString('en')} customers answered by a webhook integration, alone and beside a receiver that never answers`);
      const r = await botReplies(await freshDatabase(serverUrl, 'atendo_bench_integrations'), { customers, log: console.log });
      const held = r.beside.p95Ms <= Math.max(r.healthy.p95Ms * 2, r.healthy.p95Ms + 500);
      row(['phase', 'customers', 'seconds', 'answers/s', 'p50 ms', 'p95 ms', 'target']);
      row(['---', '---:', '---:', '---:', '---:', '---:', '---']);
      row(['a healthy receiver', r.healthy.customers.toLocaleString('en'), r.healthy.seconds.toFixed(1), r.healthy.repliesPerSecond.toLocaleString('en'), r.healthy.p50Ms, r.healthy.p95Ms, '']);
      row([`the same, beside ${r.hanging.toLocaleString('en')} calls to a dead one`, r.beside.customers.toLocaleString('en'), r.beside.seconds.toFixed(1), r.beside.repliesPerSecond.toLocaleString('en'), r.beside.p50Ms, r.beside.p95Ms, held ? 'not delayed by the dead one: met' : 'not delayed by the dead one: missed']);
      sections.integrations = [
        '<!-- integrations:start -->',
        '## Queue integrations (issue 15)',
        '',
        `Measured ${new Date().toISOString().slice(0, 10)} on ${machine}. \`npx tsx bench/src/run.ts integrations\` runs only this section (\`BENCH_BOT_CUSTOMERS\` sets the number). Each customer writes once to a connection whose webhook integration answers; the path is the product's: the message recorded on the conversation, the jobs role's flow runner starting the integration's run (decision 0033), the signed POST to a local receiver, its answer queued on the conversation. Latency runs from the customer's message to the answer queued. The second row does the same for new customers while as many others write to an integration whose receiver holds every call until its 30 s deadline: the runner gives each service a quarter of its 64 call slots and opens a service's circuit after five failures in a row, so the dead receiver's calls wait behind each other and the healthy integration's answers should not slow down (target: its p95 at most twice the first row's, or 0.5 s more).`,
        '',
        ...lines.splice(0),
        '<!-- integrations:end -->',
      ].join('\n');
    }

    if (runs('neighbours')) {
      scoreNow();
      const replies = Number(process.env.BENCH_NEIGHBOUR_REPLIES ?? 400);
      console.log(`\nNeighbours: company B's ${replies} replies alone and beside company A's hostile automation, alternated`);
      const r = await neighbours(await freshDatabase(serverUrl, 'atendo_bench_neighbours'), { replies, rounds: 3, log: console.log });
      row(['round', 'B alone p50 / p95 / p99 ms', 'B beside A ordinary', 'B beside A hostile', 'p99 hostile / alone', 'p99 hostile / ordinary', 'target']);
      row(['---:', '---:', '---:', '---:', '---:', '---:', '---']);
      r.alone.forEach((alone, i) => {
        const [ordinary, beside] = [r.ordinary[i]!, r.beside[i]!];
        const p = (x: typeof alone) => `${x.p50Ms} / ${x.p95Ms} / ${x.p99Ms}`;
        const toAlone = beside.p99Ms / Math.max(1, alone.p99Ms);
        const toOrdinary = beside.p99Ms / Math.max(1, ordinary.p99Ms);
        row([i + 1, p(alone), p(ordinary), p(beside), toAlone.toFixed(2), toOrdinary.toFixed(2), `alone: ${toAlone <= 1.2 ? 'met' : 'missed'}; ordinary: ${toOrdinary <= 1.2 ? 'met' : 'missed'}`]);
      });
      sections.neighbours = [
        '<!-- neighbours:start -->',
        '## One company beside a hostile one (issue 32)',
        '',
        `Measured ${new Date().toISOString().slice(0, 10)} on ${machine}. \`npx tsx bench/src/run.ts neighbours\` runs only this section (\`BENCH_NEIGHBOUR_REPLIES\` sets the number). The whole product in one process with the simulator as WhatsApp. Company B queues ${replies} replies to 20 customers, 40 a second, and each reply's time from queued to sent (the simulator confirmed it; both times from the log) is measured. Each round measures B alone, then beside company A, whose automation does at the same pace, in turn: replies whose file is no stored file or another company's (failed at once), replies whose stored file cannot be read (each tried for the retry bound, here 5 s, then failed), customers talking to a webhook integration that never answers, and customers answered by a webhook with 1 MB answers. In all: ${JSON.stringify(r.hostile)}. A third phase has A do ordinary work at the same pace (plain replies, and customers answered by a healthy webhook). Target: B's p99 beside A's hostile automation within 20 % of alone. Both companies share the machine's two cores, so what A's work costs in CPU is in that figure too; the last ratio holds the hostile automation against the same amount of ordinary work, which is what isolation promises: A's failures cost B no more than A's ordinary work does.`,
        '',
        ...lines.splice(0),
        '',
        "On 2026-11-29 (CPU score about 74, its ordinary speed being 100) two runs: this one, and one before the ordinary phase was added, whose rounds gave B's p99 alone 24, 39 and 33 ms against 63, 75 and 44 ms beside the hostile automation (ratios 2.63, 1.92, 1.33: missed). Replies wait tens of milliseconds, so a p99 over 400 replies moves by as much as the 20 % target between rounds. Held against the same amount of A's ordinary work, the hostile automation cost B less in every round of this run: its failures end early (a bad reference fails at once, a megabyte answer is refused at 256 KiB, a file that cannot be read holds only A's own lane), while ordinary work is sent and projected in full. Before decision 0037, B's first reply beside A's first bad reference was never sent.",
        '<!-- neighbours:end -->',
      ].join('\n');
    }

    if (runs('campaigns')) {
      scoreNow();
      console.log('\nCampaigns: the dispatcher sending a 100,000-contact campaign with zero interval');
      row(['contacts', 'seconds', 'sends/s', 'µs per send', 'heap at 10 % (MiB)', 'heap at the end (MiB)', 'RSS at the end (MiB)', 'campaign events', 'target']);
      row(['---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---']);
      for (const contacts of [10_000, 100_000]) {
        const r = await campaignDispatch(await freshDatabase(serverUrl, 'atendo_bench_campaigns'), { contacts, log: console.log });
        const flat = r.heapEndMiB <= r.heapEarlyMiB * 1.25 + 8;
        row([
          r.contacts.toLocaleString('en'), r.seconds.toFixed(1), r.sendsPerSecond.toLocaleString('en'), r.microsPerSend.toLocaleString('en'),
          r.heapEarlyMiB.toFixed(0), r.heapEndMiB.toFixed(0), r.rssEndMiB.toFixed(0), r.campaignEvents.toLocaleString('en'),
          flat ? 'memory flat: met' : 'memory flat: missed',
        ]);
      }
      const campaignsTable = lines.splice(0);
      sections.campaigns = [
        '<!-- campaigns:start -->',
        '## Campaigns (issue 14)',
        '',
        `Measured ${new Date().toISOString().slice(0, 10)} on ${machine}. \`npx tsx bench/src/run.ts campaigns\` runs only this section (run it with \`node --expose-gc\`, as \`make bench\` does, for the heap figures). A campaign of that many valid numbers, zero interval, and a send governor that holds nothing back. The conversation the dispatcher hands each message to only counts it (what a message costs the conversation, the gateway and WhatsApp is in the ingest and channels sections): the figures are the dispatcher's own — the list read 500 rows at a time with the numbers already sent skipped, the variant drawn and filled in, the governor asked, and the message recorded in the campaign's stream with its once-only id — with the read role (campaign and shipping read models) following in the same process. The heap is measured after a collection once a tenth of the messages went and again at the end.`,
        '',
        ...campaignsTable,
        '',
        "What the figures say: the dispatcher's memory does not grow with the list (the campaign's state is a few counts; the list is read 500 rows at a time): the heap is the same at a tenth of the messages and at the end, and the same for 10,000 and 100,000 contacts. Its cost per message is one append to the campaign's stream and its share of a page read, with the read role folding the shipping rows in the same process: about 2–4 ms, a little more late in a long campaign (the log, the shipping table and the feed have grown; two runs on 2026-11-27 gave 340 and 275 sends/s for 100,000). A real campaign is paced far below this rate by its settings and its connection's governor (12 messages a minute by default), so the dispatcher is never the bound.",
        '<!-- campaigns:end -->',
      ].join('\n');
    }

    if (runs('channels')) {
      scoreNow();
      sections.channels = await channelsSection(serverUrl, machine);
    }

    if (runs('console')) {
      scoreNow();
      console.log('\nConsole first visit: /login, sign in, /tickets (empty cache)');
      const w = await consoleWeight(await freshDatabase(serverUrl, 'atendo_bench_console'), path.join(root, 'web/dist'));
      const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
      const body =
        typeof w === 'string'
          ? [`Not measured: ${w}.`]
          : [
              '| requests | on the wire | decoded | scripts | styles | fonts | other | target |',
              '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
              `| ${w.requests} | ${kb(w.transferred)} | ${kb(w.decoded)} | ${kb(w.byType.Script ?? 0)} | ${kb(w.byType.Stylesheet ?? 0)} | ${kb(w.byType.Font ?? 0)} | ${kb(w.transferred - (w.byType.Script ?? 0) - (w.byType.Stylesheet ?? 0) - (w.byType.Font ?? 0))} | ${w.transferred <= 250 * 1024 ? '≤ 250 KB met' : '≤ 250 KB missed'} |`,
            ];
      for (const line of body) console.log(line);
      sections.console = [
        '<!-- console:start -->',
        '## Console first visit',
        '',
        `Measured ${new Date().toISOString().slice(0, 10)} on ${machine}. Headless Chromium with its cache off opens /login, signs in as the demo admin and waits for /tickets with the side menu and every icon on the page drawn; every response is counted from Chromium's network log (\`encodedDataLength\`: bytes as they crossed the wire, compressed where the server compressed them). \`npx tsx bench/src/run.ts console\` runs only this section (it needs \`make build\`).`,
        '',
        ...body,
        '',
        "Before (2026-11-24, same machine, same visit): 1,317 KB in 10 requests — one uncompressed 583 KB script, Blueprint's",
        "whole stylesheet with both icon fonts (283 KB of fonts), every icon's paths. What brought it down: the build's",
        'brotli copies served by express-static-gzip (text answers of the API compressed by `compression`), icons loaded',
        'one module per icon as first shown instead of the icon fonts and the two all-icons bundles (`web/src/ui/icons.ts`),',
        "the inbox's code loaded when /tickets first opens (`React.lazy`), and a year-long immutable cache on the hashed",
        'files. A second visit fetches only index.html and the API answers.',
        '',
        'On 2026-11-24 the accounts pages (users, settings, companies, plans, helps, announcements, the top bar) took the',
        'visit to 250 KB, and the bench was found to stop counting before the last icons had loaded (it waited for the',
        'network to settle, and icons still came one module at a time, so runs gave 249–255 KB and 18–28 requests);',
        'counted until every icon is drawn, the visit weighed 258 KB in 26 requests. Then the icons every signed-in page',
        "shows (the side menu's, the top bar's, the inbox's) went into the first chunk (`web/src/app/shell/shellIcons.ts`)",
        "and the index of Blueprint's other 1,400 icon modules (25 KB on the wire) into a chunk of its own that loads when",
        'one of those is first shown (`web/src/ui/iconIndex.ts`): the figure above.',
        '<!-- console:end -->',
      ].join('\n');
    }

    const file = path.join(root, 'docs/benchmarks.md');
    let doc = await readFile(file, 'utf8').catch(() => '# Benchmarks\n\n`make bench` runs these and rewrites the sections between the markers.\n');
    for (const [name, text] of Object.entries(sections)) {
      const markers = new RegExp(`<!-- ${name}:start -->[\\s\\S]*<!-- ${name}:end -->`);
      doc = markers.test(doc) ? doc.replace(markers, () => text) : `${doc.trimEnd()}\n\n${text}\n`;
    }
    await writeFile(file, doc);
    console.log(`\nWritten to docs/benchmarks.md`);
  } finally {
    await stop?.();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
