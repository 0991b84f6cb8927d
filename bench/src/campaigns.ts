import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  campaignDecider,
  campaignSettingsDecider,
  campaignSettingsStream,
  campaignStream,
  contactListDecider,
  contactListStream,
  handleCommand,
  type ContactStreamService,
} from '@atendo/core';
import { CampaignDispatcher, createLogger, loadConfig, SendGovernors, startAtendo } from '@atendo/runtime';

export interface CampaignBenchResult {
  contacts: number;
  seconds: number;
  sendsPerSecond: number;
  /** The dispatcher's time per send: reading the list, composing, the governor, recording the send in the campaign. */
  microsPerSend: number;
  /** The process's heap after the first tenth of the sends, and at the end (garbage collected before each). */
  heapEarlyMiB: number;
  heapEndMiB: number;
  rssEndMiB: number;
  /** Events the campaign's stream holds at the end (one per send). */
  campaignEvents: number;
}

/**
 * The campaign dispatcher's own cost (issue 14): a campaign of `contacts` valid numbers, zero interval and a governor
 * that holds nothing back. The conversation the dispatcher hands each message to only counts it (what a message costs
 * the conversation, the gateway and WhatsApp is measured by the ingest and channels sections), so the figures are the
 * dispatcher's: the list read a page at a time, the variant drawn and filled, the governor asked, and the message
 * recorded in the campaign's stream with its once-only id, with the read models (the read role) following in the same
 * process. Memory is sampled after a collection early and at the end: it must not grow with the list.
 */
export async function campaignDispatch(url: string, options: { contacts: number; log?: (line: string) => void }): Promise<CampaignBenchResult> {
  const say = options.log ?? (() => undefined);
  const env = { ADMIN_PASSWORD: 'Bench-pass-123', SUPER_ADMIN_PASSWORD: 'Bench-pass-123' };
  const dataDir = await mkdtemp(path.join(tmpdir(), 'atendo-bench-campaigns-'));
  const config = loadConfig({ DATABASE_URL: url, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'error', WEB_DIST: '/nonexistent', DATA_DIR: dataDir, ...env });
  const app = await startAtendo(config, { roles: ['read'], log: createLogger('error'), env });
  let dispatcher: CampaignDispatcher | undefined;
  try {
    const { companyId, whatsappId } = app.seeded!;
    const actor = { actor: { type: 'system' as const, name: 'bench' } };
    // The seeded connection has no phone here: the governor is told it is connected.
    await app.knex('whatsapps').where({ id: whatsappId }).update({ status: 'CONNECTED' });
    await handleCommand(app.store, campaignSettingsDecider, campaignSettingsStream(companyId), {
      type: 'SaveCampaignSettings',
      companyId,
      settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, variables: [{ key: 'cupom', value: 'BENCH10' }] },
    }, actor);
    const listId = 1;
    await handleCommand(app.store, contactListDecider, contactListStream(companyId, listId), { type: 'create', id: listId, fields: { companyId, name: 'Bench' } }, actor);
    // The list's rows as its read model holds them once WhatsApp confirmed each number (importing is not measured here).
    await app.knex.raw(
      `INSERT INTO contact_list_items (id, company_id, contact_list_id, name, number, email, is_whatsapp_valid, created_at, updated_at)
       SELECT n, ?, ?, 'Pessoa ' || n, (5511900000000 + n)::text, 'p' || n || '@example.com', true, now(), now() FROM generate_series(1, ?) AS n`,
      [companyId, listId, options.contacts],
    );
    const campaignId = 1;
    const at = new Date();
    const created = await handleCommand(app.store, campaignDecider, campaignStream(companyId, campaignId), {
      type: 'CreateCampaign',
      id: campaignId,
      fields: {
        companyId, name: 'Bench', whatsappId, contactListId: listId, tagId: null, fileListId: null, mediaPath: null, mediaName: null,
        message1: 'Olá {nome}, use {cupom}!', message2: 'Oi {nome} ({numero})', message3: '', message4: '', message5: '',
      },
      scheduledAt: new Date(at.getTime() + 1_000).toISOString(),
      at: at.toISOString(),
    }, actor);
    await app.readYourWrites(created.position);

    let handed = 0;
    const conversations = { sendExternal: async () => void handed++ } as unknown as ContactStreamService;
    const governors = new SendGovernors(app.knex, { perMinute: 1e9, perDay: 1e9, newRecipientsPerDay: 1e9, minSpacingMs: 0, maxSpacingMs: 0, warmUpFirstDay: 1e9 });
    dispatcher = new CampaignDispatcher({ knex: app.knex, databaseUrl: app.database.url, store: app.store, conversations, log: createLogger('error'), governors, idleMs: 50 });
    const gc = (globalThis as { gc?: () => void }).gc;
    const heap = () => {
      gc?.();
      return process.memoryUsage().heapUsed / 2 ** 20;
    };
    await new Promise((r) => setTimeout(r, 1_100));
    dispatcher.start();
    await waitFor(() => dispatcher!.sent >= 1, 30_000);
    const t0 = performance.now();
    await waitFor(() => dispatcher!.sent >= options.contacts / 10, 600_000);
    const heapEarlyMiB = heap();
    let lastLog = 0;
    await waitFor(() => {
      if (performance.now() - lastLog > 10_000) {
        lastLog = performance.now();
        say(`  ${dispatcher!.sent.toLocaleString('en')} sent`);
      }
      return dispatcher!.sent >= options.contacts;
    }, 1_800_000);
    const seconds = (performance.now() - t0) / 1000;
    await dispatcher.stop();
    dispatcher = undefined;
    const heapEndMiB = heap();
    const rssEndMiB = process.memoryUsage().rss / 2 ** 20;
    const campaignEvents = (await app.store.readStream(campaignStream(companyId, campaignId), { direction: 'backwards', maxCount: 1 }))[0]!.streamPosition + 1;
    if (handed !== options.contacts) throw new Error(`${handed} messages handed over for ${options.contacts} contacts`);
    return {
      contacts: options.contacts,
      seconds,
      sendsPerSecond: Math.round(options.contacts / seconds),
      microsPerSend: Math.round((seconds * 1e6) / options.contacts),
      heapEarlyMiB,
      heapEndMiB,
      rssEndMiB,
      campaignEvents,
    };
  } finally {
    await dispatcher?.stop();
    await app.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function waitFor(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('The campaign bench timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
  return true;
}
