import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '@atendo/runtime';
import { appendThroughput } from './appendThroughput.js';
import { feedLatency } from './feedLatency.js';
import { ingest } from './ingest.js';
import { describeMachine } from './machine.js';
import { projectionThroughput } from './projectionThroughput.js';

/**
 * `make bench`: runs each benchmark in a database of its own on DATABASE_URL's server (else an embedded one),
 * prints a table, and rewrites the core section of docs/benchmarks.md.
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
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

/** Rebuilds of the product's read models from one generated history; rewrites its own section of the doc. */
async function projectionSection(serverUrl: string, machine: string): Promise<void> {
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
    `Measured ${new Date().toISOString().slice(0, 10)} on ${machine}. \`BENCH_ONLY=projections\` runs only this section.`,
    '',
    "Each of the product's read models is rebuilt as `atendo rebuild` does it (decision 0011) from one generated history:",
    '20 companies with their users, queues and a paired connection, and customers who write, are accepted, read,',
    'answered twice (each reply dispatched and acknowledged), answer back and are resolved; every tenth is renamed,',
    'every fourth comes back for a second ticket; 1,000 conversations run at a time, so a ticket\'s events spread over',
    "the log as in a busy help desk. Seconds run from the call to the committed swap, the shadow tables' secondary",
    "indexes and ANALYZE included; log events/s is the log's size over that time (the catalogue reads only its own",
    'event types from the log).',
    '',
    ...lines,
    '',
    'The rebuild this replaced (one transaction, a bound parameter per value, batches of 2,000) folded the same',
    'conversations at 19,936 events/s on this machine (PostgreSQL 15). Where the time goes now, in CPU seconds for the',
    'conversations rebuild of 301,861 events on PostgreSQL 15 (`node --cpu-prof`, and its processes\' CPU time): Node 3.2 s, of which about',
    '1.3 s decodes log rows (the JSON of data and metadata), 1.0 s is garbage collection and 0.7 s folds and encodes',
    'rows; PostgreSQL 2.8 s, of which about 1.4 s writes the log rows out (jsonb output), 1 s runs the upserts and',
    '0.5 s builds indexes and statistics. Before: Node 4.9 s (a third of it building and binding statements of',
    "thousands of parameters) and PostgreSQL 6.3 s. The two run side by side (the next batch is read while one is",
    "folded), so Node's 3.2 s caps this rebuild at about 94,000 events/s on an idle machine; this one is shared",
    'with other jobs (load average about 6 during these runs), and the same build measured 26,000–61,000 events/s',
    'over the day.',
    '<!-- projections:end -->',
  ].join('\n');
  const file = path.join(root, 'docs/benchmarks.md');
  let doc = await readFile(file, 'utf8');
  if (!doc.includes('<!-- projections:start -->')) doc = doc.replace('<!-- core:end -->', '<!-- core:end -->\n\n<!-- projections:start -->\n<!-- projections:end -->');
  await writeFile(file, doc.replace(/<!-- projections:start -->[\s\S]*<!-- projections:end -->/, section));
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
    const machine = await describeMachine(serverUrl, !process.env.DATABASE_URL);
    console.log(`Machine: ${machine}\n`);
    if (process.env.BENCH_ONLY === 'projections') {
      await projectionSection(serverUrl, machine);
      return;
    }
    const lines: string[] = [];
    const row = (cells: Array<string | number>) => {
      const line = `| ${cells.join(' | ')} |`;
      lines.push(line);
      console.log(line);
    };

    console.log('Append throughput (PostgreSQL adapter)');
    row(['writers', 'events / append', 'events', 'events/s', 'target']);
    row(['---:', '---:', '---:', '---:', '---']);
    for (const [writers, size] of [[1, 1], [1, 10], [16, 1], [16, 10]] as const) {
      const url = await freshDatabase(serverUrl, 'atendo_bench_append');
      const { createKnex, eventStoreMigrations, migrateLatest } = await import('@atendo/core');
      const knex = createKnex(url);
      await migrateLatest(knex, eventStoreMigrations);
      await knex.destroy();
      const r = await appendThroughput(url, writers, size, seconds);
      row([writers, size, r.events.toLocaleString('en'), r.eventsPerSecond.toLocaleString('en'), writers === 16 ? (r.eventsPerSecond >= 10_000 ? '≥ 10,000 met' : '≥ 10,000 missed') : '']);
    }
    const appendTable = lines.splice(0);

    await projectionSection(serverUrl, machine);

    console.log('\nFeed latency: append → projector commit → bus → WebSocket client');
    row(['rate (events/s)', 'sent', 'received', 'p50 (ms)', 'p99 (ms)', 'max (ms)', 'target']);
    row(['---:', '---:', '---:', '---:', '---:', '---:', '---']);
    const f = await feedLatency(await freshDatabase(serverUrl, 'atendo_bench_feed'), 500, seconds);
    row([f.rate, f.sent, f.received, f.p50.toFixed(1), f.p99.toFixed(1), f.max.toFixed(1), f.p99 <= 100 && f.received === f.sent ? 'p99 ≤ 100 met' : 'p99 ≤ 100 missed']);
    const feedTable = lines.splice(0);

    const section = [
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
    console.log('\nInbound ingest: simulator → gateway → command → event store → projections → WebSocket client');
    row(['load', 'messages', 'seconds', 'messages/s', 'p50 (ms)', 'p99 (ms)', 'target']);
    row(['---', '---:', '---:', '---:', '---:', '---:', '---']);
    const fast = await ingest(await freshDatabase(serverUrl, 'atendo_bench_ingest_fast'), { seconds, numbers: 200 });
    row([fast.label, fast.messages.toLocaleString('en'), fast.seconds.toFixed(2), fast.perSecond.toLocaleString('en'), fast.p50.toFixed(0), fast.p99.toFixed(0), fast.perSecond >= 1000 ? '≥ 1,000/s met' : '≥ 1,000/s missed']);
    const paced = await ingest(await freshDatabase(serverUrl, 'atendo_bench_ingest_paced'), { rate: 500, seconds, numbers: 200 });
    row([paced.label, paced.messages.toLocaleString('en'), paced.seconds.toFixed(2), paced.perSecond.toLocaleString('en'), paced.p50.toFixed(0), paced.p99.toFixed(0), paced.p99 <= 250 ? 'p99 ≤ 250 met' : 'p99 ≤ 250 missed']);
    const ingestTable = lines.splice(0);
    const ingestSection = [
      '<!-- ingest:start -->',
      '## Inbound ingest (walking skeleton)',
      '',
      `Measured ${new Date().toISOString().slice(0, 10)} on ${machine}. 200 customers write to the demo connection through the simulator, which runs as a process of its own as under \`make run\`; an admin's WebSocket receives each \`appMessage\` entry. Latency runs from the simulator stamping a message to the client receiving it. "As fast as possible" posts ${Math.round(seconds * 2000).toLocaleString('en')} messages at once and reports the sustained rate (its latencies are queueing time); the paced run is measured after a one-second warm-up at the same rate.`,
      '',
      ...ingestTable,
      '<!-- ingest:end -->',
    ].join('\n');

    const file = path.join(root, 'docs/benchmarks.md');
    let doc = await readFile(file, 'utf8').catch(() => '# Benchmarks\n\n`make bench` runs these and rewrites the sections between the markers.\n\n<!-- core:start -->\n<!-- core:end -->\n');
    doc = doc.replace(/<!-- core:start -->[\s\S]*<!-- core:end -->/, section);
    if (!doc.includes('<!-- ingest:start -->')) doc += '\n<!-- ingest:start -->\n<!-- ingest:end -->\n';
    doc = doc.replace(/<!-- ingest:start -->[\s\S]*<!-- ingest:end -->/, ingestSection);
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
