import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { ChannelKind } from '@atendo/contracts';
import { BaileysProvider, ChannelRouter, parseAuthKey, PgAuthState, SimulatorProvider, type ChannelProvider } from '@atendo/channels';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';

/**
 * The key that encrypts the Baileys credentials: WHATSAPP_AUTH_KEY, or (outside production, where the config
 * requires it) one kept in the data directory, made on the first start, readable by this user only.
 */
export async function whatsappAuthKey(config: Config): Promise<Buffer> {
  if (config.whatsappAuthKey) return parseAuthKey(config.whatsappAuthKey);
  const file = path.join(config.dataDir, 'whatsapp-auth.key');
  try {
    return parseAuthKey(await readFile(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(config.dataDir, { recursive: true });
  // Written whole under a name of its own, then linked to the key's name, which never overwrites: processes of this
  // install starting together all read the one key that got there first, and none reads a half-written file.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(draft, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await link(draft, file);
  } catch (error) {
    // Another process of this install made it first.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await unlink(draft).catch(() => undefined);
  }
  return parseAuthKey(await readFile(file, 'utf8'));
}

/**
 * The channel providers this process runs, behind one router: Baileys always (real numbers), the simulator when
 * one is reachable (outside production, or SIMULATOR_URL set). `overrides` replace one (tests drive Baileys with a
 * fake socket).
 */
export async function openChannels(
  config: Config,
  knex: Knex,
  log: Logger,
  simulatorUrl: string | undefined,
  overrides: Partial<Record<ChannelKind, ChannelProvider>> = {},
): Promise<ChannelRouter> {
  const providers: Partial<Record<ChannelKind, ChannelProvider>> = {};
  providers.baileys =
    overrides.baileys ??
    new BaileysProvider({
      knex,
      auth: new PgAuthState(knex, { key: await whatsappAuthKey(config) }),
      version: config.waVersion,
      owner: config.gatewayId,
      serverAckTimeoutMs: config.sendTimeoutMs,
      log,
      // Crash tests run the platform as a process of its own against a fake WhatsApp in the test (never in production).
      ...(config.fakeWhatsappUrl ? { socketFactory: (await import('@atendo/channels/testing')).remoteSocketFactory(config.fakeWhatsappUrl) } : {}),
    });
  if (overrides.simulator) providers.simulator = overrides.simulator;
  else if (simulatorUrl) providers.simulator = new SimulatorProvider(simulatorUrl, { log, sendTimeoutMs: config.sendTimeoutMs });
  return new ChannelRouter(providers);
}

/** Which channels a new connection may choose here: the simulator only where it runs (never in production). */
export function availableChannels(config: Config, simulatorUrl: string | undefined): ChannelKind[] {
  return !config.production || simulatorUrl ? ['baileys', 'simulator'] : ['baileys'];
}
