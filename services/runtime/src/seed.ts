import { randomBytes } from 'node:crypto';
import type { Position } from '@atendo/contracts';
import { companyDecider, companyStream, createConnection, createUser, handleCommand, loadState, normaliseUnique, planDecider, planStream, claimQueueColor, queueDecider, queueStream, userStream, whatsappStream, type Decider, type DomainEvent, type RecordCommand, type RecordState } from '@atendo/core';
import { AppError, PLATFORM_COMPANY, streamId, WrongExpectedRevisionError, type EventStore, type IdAllocator } from '@atendo/platform';
import { hashPassword, type Credentials } from '@atendo/api';
import { ConfigError } from './config.js';

export interface SeedResult {
  superAdmin: { email: string; password: string | undefined };
  admin: { email: string; password: string | undefined };
  companyId: number;
  whatsappId: number;
  queueIds: number[];
  position: Position | undefined;
}

const SEED_STREAM = streamId('seed', PLATFORM_COMPANY, 'demo');

/** The ids and e-mails a seed chose: written first, so a seed cut short by a crash resumes with the same ones. */
interface SeedPlan {
  planId: number;
  platformId: number;
  companyId: number;
  queueIds: number[];
  superId: number;
  adminId: number;
  whatsappId: number;
  superEmail: string;
  adminEmail: string;
}

/** A readable one-off password: 16 characters from an unambiguous alphabet. */
function randomPassword(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return [...randomBytes(16)].map((b) => alphabet[b % alphabet.length]).join('');
}

const actor = { actor: { type: 'system' as const, name: 'seed' } };

async function planSeed(store: EventStore, ids: IdAllocator, superEmail: string, adminEmail: string): Promise<{ plan: SeedPlan; revision: number } | null> {
  for (;;) {
    const history = await store.readStream(SEED_STREAM);
    if (history.some((e) => e.type === 'DemoSeeded')) return null;
    const started = history.find((e) => e.type === 'DemoSeedStarted');
    if (started) {
      const plan = started.data as SeedPlan;
      if (plan.superEmail !== superEmail || plan.adminEmail !== adminEmail) {
        throw new ConfigError(
          `An earlier start began seeding the demo with ADMIN_EMAIL=${plan.adminEmail} and SUPER_ADMIN_EMAIL=${plan.superEmail} and stopped halfway. ` +
            'Start again with the same settings to finish it, or set SEED_DEMO=false.',
        );
      }
      return { plan, revision: history[history.length - 1]!.streamPosition };
    }
    const plan: SeedPlan = {
      planId: await ids.next('plan'),
      platformId: await ids.next('company'),
      companyId: await ids.next('company'),
      queueIds: [await ids.next('queue'), await ids.next('queue')],
      superId: await ids.next('user'),
      adminId: await ids.next('user'),
      whatsappId: await ids.next('whatsapp'),
      superEmail,
      adminEmail,
    };
    try {
      const written = await store.append(SEED_STREAM, [{ type: 'DemoSeedStarted', data: plan, metadata: seedMetadata() }], { expectedRevision: 'no_stream' });
      return { plan, revision: written.nextExpectedRevision };
    } catch (error) {
      // Another process started seeding at the same moment: follow its plan.
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
    }
  }
}

function seedMetadata() {
  return { companyId: PLATFORM_COMPANY, actor: actor.actor, correlationId: 'seed', causationId: 'seed', occurredAt: new Date().toISOString() };
}

/**
 * Seeds the demo once. Everything is written through the same commands the product uses, so the log tells how the
 * demo came to be. It is idempotent: the ids are chosen and recorded first, each record is created only if it is not
 * there yet, and the "done" marker comes last, so a start that crashed halfway finishes the same demo next time.
 */
export async function seedDemo(store: EventStore, ids: IdAllocator, env: NodeJS.ProcessEnv, credentials: Credentials): Promise<SeedResult | null> {
  const superEmail = (env.SUPER_ADMIN_EMAIL || 'super@atendo.local').trim();
  const adminEmail = (env.ADMIN_EMAIL || 'admin@demo.atendo.local').trim();
  if (normaliseUnique(superEmail) === normaliseUnique(adminEmail)) {
    throw new ConfigError(`ADMIN_EMAIL and SUPER_ADMIN_EMAIL are both "${adminEmail}": the demo company's admin and the super admin need different e-mails.`);
  }
  const planned = await planSeed(store, ids, superEmail, adminEmail);
  if (!planned) return null;
  const { plan } = planned;
  let position: Position | undefined;
  const track = (result: { position?: Position }) => {
    position = result.position ?? position;
  };
  async function exists(stream: string): Promise<boolean> {
    return (await store.readStream(stream, { maxCount: 1 })).length > 0;
  }
  async function ensure<F extends object, E extends DomainEvent>(decider: Decider<RecordCommand<F>, E, RecordState<F>>, stream: string, id: number, fields: F) {
    if ((await loadState(store, decider, stream)).state.status !== 'absent') return;
    track(await handleCommand(store, decider, stream, { type: 'create', id, fields }, actor));
  }
  /** A taken e-mail or name is a setting to change, not a crash. */
  async function claimed<T>(what: string, create: () => Promise<T>): Promise<T> {
    try {
      return await create();
    } catch (error) {
      if (error instanceof AppError && error.status === 409) throw new ConfigError(`${what} is already used by another account: choose another one.`);
      throw error;
    }
  }

  const superPassword = env.SUPER_ADMIN_PASSWORD || randomPassword();
  const adminPassword = env.ADMIN_PASSWORD || randomPassword();
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
  const { planId, platformId, companyId, queueIds, superId, adminId, whatsappId } = plan;

  await ensure(planDecider, planStream(planId), planId, {
    name: 'Demo', users: 10, connections: 3, queues: 10, value: 0,
    useCampaigns: true, useSchedules: true, useInternalChat: true, useExternalApi: true, useKanban: true, useOpenAi: true, useIntegrations: true,
  });
  await ensure(companyDecider, companyStream(platformId), platformId, {
    name: 'Atendo', email: superEmail, phone: '', planId, status: true, dueDate: inDays(3650), recurrence: 'ANUAL', settings: {},
  });
  await ensure(companyDecider, companyStream(companyId), companyId, {
    name: 'Demo Company', email: adminEmail, phone: '', planId, status: true, dueDate: inDays(30), recurrence: 'MENSAL',
    settings: { userRating: 'disabled', scheduleType: 'disabled', sendGreetingAccepted: 'disabled', chatBotType: 'text', campaignsEnabled: 'true' },
  });
  for (const [i, [name, color]] of ([['Atendimento', '#148bea'], ['Vendas', '#2e7d32']] as const).entries()) {
    const id = queueIds[i]!;
    await claimQueueColor(store, companyId, id, color, actor);
    await ensure(queueDecider, queueStream(companyId, id), id, { companyId, name, color, greetingMessage: '', outOfHoursMessage: '', orderQueue: i + 1 });
  }
  if (!(await exists(userStream(platformId, superId)))) {
    track(await claimed(`SUPER_ADMIN_EMAIL ${superEmail}`, () => createUser(store, superId, {
      companyId: platformId, name: 'Super Admin', email: superEmail,
      profile: 'admin', super: true, allTicket: 'enabled', whatsappId: null, queueIds: [],
    }, actor)));
  }
  if (!(await exists(userStream(companyId, adminId)))) {
    track(await claimed(`ADMIN_EMAIL ${adminEmail}`, () => createUser(store, adminId, {
      companyId, name: 'Demo Admin', email: adminEmail,
      profile: 'admin', super: false, allTicket: 'enabled', whatsappId: null, queueIds,
    }, actor)));
  }
  // Set on every run until the seed is done, so the passwords shown are the ones that work even after a crash.
  await credentials.set(superId, await hashPassword(superPassword));
  await credentials.set(adminId, await hashPassword(adminPassword));
  if (!(await exists(whatsappStream(companyId, whatsappId)))) {
    track(await createConnection(store, whatsappId, {
      companyId, name: 'Demo WhatsApp', isDefault: true, provider: 'simulator', channel: 'simulator', greetingMessage: '', complationMessage: '', outOfHoursMessage: '',
      ratingMessage: '', expiresTicket: 0, timeUseBotQueues: 0, maxUseBotQueues: 3, queueIds: [queueIds[0]!],
    }, actor));
  }
  try {
    await store.append(SEED_STREAM, [{ type: 'DemoSeeded', data: { companyId, whatsappId }, metadata: seedMetadata() }], { expectedRevision: planned.revision });
  } catch (error) {
    // Another process finished the same plan first: its start shows the passwords.
    if (error instanceof WrongExpectedRevisionError) return null;
    throw error;
  }
  return {
    superAdmin: { email: superEmail, password: env.SUPER_ADMIN_PASSWORD ? undefined : superPassword },
    admin: { email: adminEmail, password: env.ADMIN_PASSWORD ? undefined : adminPassword },
    companyId,
    whatsappId,
    queueIds,
    position,
  };
}
