#!/usr/bin/env node
import { parseArgs } from 'node:util';
import type { Position } from '@atendo/contracts';
import { ContactStreamService } from '@atendo/core';
import { AppError, createKnex, migrateLatest, sequenceIds } from '@atendo/platform';
import { ConnectionQueries, listDeadLetters, projectionStatus, rebuildProjection, retryDeadLetters } from '@atendo/read';
import { features, findProjection, projections } from './features/index.js';
import { conversationOf } from './features/featureModule.js';
import { allMigrations, openEventStore, startAtendo, type Atendo } from './atendo.js';
import { ConfigError, loadConfig, parseRoles, type Config } from './config.js';
import { resolveDatabase } from './db/database.js';
import { recordInbound } from './gateway/gateway.js';
import { ParkedInbound } from './gateway/parkedInbound.js';
import { createLogger, type Logger } from './logger.js';
import { progressReporter } from './progress.js';

const USAGE = `atendo — the Atendo server

  atendo start [--roles api,read]   run the given roles (default: all) in this process
  atendo migrate                    apply database migrations and exit
  atendo rebuild <projection>|--all rebuild read models from the event log while the product runs
  atendo replay [--company N] [--stream ID] [--after COMMIT:PREPARE] [--limit N]
                                    print history in log order, one JSON event per line
  atendo projections                list read models: checkpoint, state, lag, dead letters
  atendo dead-letters retry [--projection NAME]
                                    apply dead-lettered events again (after a fix)
  atendo inbound                    list customer messages parked after repeated failures
  atendo inbound retry [--id N]     record parked messages again (all, or the ones named)

Configuration comes from the environment: see the README.`;

/** What a person needs after `make run`: where to go, how to log in, how to play the customer. */
async function printWelcome(atendo: Atendo): Promise<void> {
  if (!atendo.url) return;
  const connection = atendo.seeded?.whatsappId ?? ((await atendo.knex('whatsapps').orderBy('id').first('id')) as { id: number } | undefined)?.id;
  const lines = [`Atendo is running at ${atendo.url}`];
  const seeded = atendo.seeded;
  if (seeded) {
    const pw = (p: string | undefined) => p ?? '(the password you set)';
    lines.push(
      '',
      'Demo data created. These passwords are shown this once:',
      `  company admin  ${seeded.admin.email}  ${pw(seeded.admin.password)}`,
      `  super admin    ${seeded.superAdmin.email}  ${pw(seeded.superAdmin.password)}`,
    );
  } else {
    lines.push('', 'Log in with the accounts created on the first start (ADMIN_EMAIL / ADMIN_PASSWORD if you set them).');
  }
  if (atendo.simulatorUrl && !atendo.config.production && connection !== undefined) {
    const session = `${atendo.url}/simulator/sessions/${connection}`;
    lines.push(
      '',
      `Talk to the demo as a customer (simulated WhatsApp, connection ${connection}):`,
      `  curl -X POST ${session}/scan        # the phone scans the QR code (once)`,
      `  curl -X POST ${session}/customers/5511999990001/messages -H 'content-type: application/json' -d '{"text":"Olá!","pushName":"Ana"}'`,
      `  curl ${session}/customers/5511999990001/messages   # what the customer sees`,
    );
  }
  console.log(`\n${lines.join('\n')}\n`);
}

async function withDatabase<T>(config: Config, log: Logger, run: (url: string) => Promise<T>): Promise<T> {
  const database = await resolveDatabase(config, log);
  try {
    return await run(database.url);
  } finally {
    await database.embedded?.stop();
  }
}

function parsePosition(value: string | undefined): Position | undefined {
  if (!value) return undefined;
  const match = /^(\d+):(\d+)$/.exec(value);
  if (!match) throw new ConfigError(`--after takes COMMIT:PREPARE, got "${value}"`);
  return { commit: Number(match[1]), prepare: Number(match[2]) };
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const config = loadConfig();
  const log = createLogger(config.logLevel, { node: config.nodeId });

  switch (command) {
    case 'start': {
      const { values } = parseArgs({ args: rest, options: { roles: { type: 'string' } } });
      const atendo = await startAtendo(config, { roles: parseRoles(values.roles), log });
      await printWelcome(atendo);
      let stopping = false;
      const shutdown = (signal: string) => {
        if (stopping) return;
        stopping = true;
        log.info({ signal }, 'stopping');
        // A rolling deploy waits on this exit: a stop that hangs (a client, a stuck adapter) must not hold it.
        setTimeout(() => {
          log.error({ seconds: config.shutdownTimeoutSeconds }, 'not stopped in time: exiting');
          process.exit(1);
        }, config.shutdownTimeoutSeconds * 1000).unref();
        void atendo.stop().then(() => process.exit(0));
      };
      process.on('SIGINT', () => shutdown('SIGINT'));
      process.on('SIGTERM', () => shutdown('SIGTERM'));
      return new Promise<number>(() => undefined);
    }
    case 'migrate':
      return withDatabase(config, log, async (url) => {
        const knex = createKnex(url);
        try {
          const applied = await migrateLatest(knex, ...allMigrations);
          console.log(applied.length ? `Applied ${applied.length} migration(s):\n  ${applied.join('\n  ')}` : 'Database is up to date.');
        } finally {
          await knex.destroy();
        }
        return 0;
      });
    case 'rebuild': {
      const { values, positionals } = parseArgs({ args: rest, options: { all: { type: 'boolean' } }, allowPositionals: true });
      const chosen = values.all ? projections : positionals.map((name) => {
        const p = findProjection(name);
        if (!p) throw new ConfigError(`Unknown projection "${name}". Known: ${projections.map((x) => x.name).join(', ')}`);
        return p;
      });
      if (chosen.length === 0) throw new ConfigError('Name a projection to rebuild, or --all');
      return withDatabase(config, log, async (url) => {
        const knex = createKnex(url);
        const store = await openEventStore(config, url);
        try {
          await migrateLatest(knex, ...allMigrations);
          // The events each projection will fold, when the log is in PostgreSQL and can count them.
          const toFold = async (types: readonly string[] | '*') => {
            if (config.eventStoreUrl) return undefined;
            const events = types === '*' ? knex('events') : knex('events').whereIn('event_type', types);
            return Number((await events.count<{ count: number }[]>('* as count'))[0]!.count);
          };
          for (const projection of chosen) {
            const bar = progressReporter(`rebuild ${projection.name}`, await toFold(projection.eventTypes));
            let scanned = 0;
            const started = Date.now();
            let result;
            try {
              result = await rebuildProjection({ store, knex, projection, onProgress: (p) => bar.update((scanned = p.events)) });
            } catch (error) {
              // e.g. another rebuild of the same read model is running: say so, without a stack trace.
              if (!(error instanceof AppError)) throw error;
              console.error(`\natendo: ${error.message}`);
              return 1;
            }
            bar.finish(scanned);
            console.log(`${projection.name}: ${result.events} events folded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
          }
        } finally {
          await store.close();
          await knex.destroy();
        }
        return 0;
      });
    }
    case 'replay': {
      const { values } = parseArgs({
        args: rest,
        options: { company: { type: 'string' }, stream: { type: 'string' }, after: { type: 'string' }, limit: { type: 'string' } },
      });
      return withDatabase(config, log, async (url) => {
        const store = await openEventStore(config, url);
        try {
          const limit = values.limit ? Number(values.limit) : Infinity;
          let printed = 0;
          if (values.stream) {
            for (const e of await store.readStream(values.stream)) {
              if (printed++ >= limit) break;
              process.stdout.write(`${JSON.stringify(e)}\n`);
            }
            return 0;
          }
          let after = parsePosition(values.after);
          const companyId = values.company ? Number(values.company) : undefined;
          while (printed < limit) {
            const batch = await store.readAll({ after, companyId, maxCount: 1000 });
            for (const e of batch) {
              if (printed++ >= limit) break;
              process.stdout.write(`${JSON.stringify(e)}\n`);
            }
            if (batch.length < 1000) break;
            after = batch[batch.length - 1]!.position;
          }
        } finally {
          await store.close();
        }
        return 0;
      });
    }
    case 'projections':
      return withDatabase(config, log, async (url) => {
        const knex = createKnex(url);
        const store = await openEventStore(config, url);
        try {
          await migrateLatest(knex, ...allMigrations);
          for (const p of await projectionStatus(knex, store, projections.map((x) => x.name))) {
            const line = [p.name];
            if (p.position) line.push(`at ${p.position.commit}:${p.position.prepare}`, `${p.eventsHandled} events`, `updated ${p.updatedAt!.toISOString()}`, `lag ${p.lagSeconds} s`);
            line.push(p.state, `${p.deadLetters} dead letters`);
            console.log(line.join('\t'));
            if (p.lastError) console.log(`  last error (${p.lastErrorAt?.toISOString()}): ${p.lastError}`);
          }
          const newest = await listDeadLetters(knex, { limit: 10 });
          if (newest.length) {
            console.log(`\nNewest dead letters (atendo dead-letters retry applies them again):`);
            for (const d of newest) {
              console.log(`  ${d.projection}\t${d.eventType} ${d.eventId}\t${d.streamId}@${d.streamPosition}\tat ${d.position.commit}:${d.position.prepare}\t${d.attempts} attempts, last ${d.lastFailedAt.toISOString()}\n    ${d.error}`);
            }
          }
        } finally {
          await store.close();
          await knex.destroy();
        }
        return 0;
      });
    case 'dead-letters': {
      const { values, positionals } = parseArgs({ args: rest, options: { projection: { type: 'string' } }, allowPositionals: true });
      if (positionals[0] !== 'retry' || positionals.length > 1) throw new ConfigError('Usage: atendo dead-letters retry [--projection NAME]');
      if (values.projection && !findProjection(values.projection)) {
        throw new ConfigError(`Unknown projection "${values.projection}". Known: ${projections.map((x) => x.name).join(', ')}`);
      }
      return withDatabase(config, log, async (url) => {
        const knex = createKnex(url);
        const store = await openEventStore(config, url);
        try {
          await migrateLatest(knex, ...allMigrations);
          const outcomes = await retryDeadLetters({ store, knex, projections, projection: values.projection });
          for (const { deadLetter: d, result, error } of outcomes) {
            console.log(`${d.projection}\t${d.eventType} ${d.eventId}\t${result}${error ? `: ${error}` : ''}`);
          }
          const applied = outcomes.filter((o) => o.result === 'applied').length;
          console.log(outcomes.length ? `${applied} of ${outcomes.length} dead letter(s) applied.` : 'No dead letters.');
          return applied === outcomes.length ? 0 : 1;
        } finally {
          await store.close();
          await knex.destroy();
        }
      });
    }
    case 'inbound': {
      const { values, positionals } = parseArgs({ args: rest, options: { id: { type: 'string', multiple: true } }, allowPositionals: true });
      const retry = positionals[0] === 'retry';
      if (positionals.length > 1 || (positionals.length === 1 && !retry)) throw new ConfigError('Usage: atendo inbound [retry [--id N]]');
      const ids = (values.id ?? []).map((v) => {
        if (!/^\d+$/.test(v)) throw new ConfigError(`--id takes a number, got "${v}"`);
        return Number(v);
      });
      return withDatabase(config, log, async (url) => {
        const knex = createKnex(url);
        const store = await openEventStore(config, url);
        try {
          await migrateLatest(knex, ...allMigrations);
          const parked = new ParkedInbound(knex);
          if (!retry) {
            const list = await parked.list();
            if (list.length === 0) console.log('No parked messages.');
            for (const m of list) {
              console.log(`#${m.id}	connection ${m.connectionId}	from ${m.message.from}	parked ${m.parkedAt.toISOString()}	${m.attempts} tries	${m.reason}`);
            }
            return 0;
          }
          const connections = new ConnectionQueries(knex);
          const conversations = new ContactStreamService(conversationOf(features), store, sequenceIds(knex));
          const result = await parked.retry(async (message) => {
            const connection = await connections.connection(message.connectionId);
            if (!connection) throw new Error(`Connection ${message.connectionId} no longer exists`);
            await recordInbound(conversations, connection, message);
          }, ids);
          console.log(`Recorded ${result.recorded} parked message(s).`);
          for (const f of result.failed) console.log(`#${f.id} still refused: ${f.reason}`);
          return result.failed.length ? 1 : 0;
        } finally {
          await store.close();
          await knex.destroy();
        }
      });
    }
    case undefined:
    case 'help':
    case '--help':
      console.log(USAGE);
      return command ? 0 : 1;
    default:
      console.error(`Unknown command "${command}".\n\n${USAGE}`);
      return 1;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError) console.error(`atendo: ${error.message}`);
    else console.error(error);
    process.exit(error instanceof ConfigError ? 2 : 1);
  },
);
