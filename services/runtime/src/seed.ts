import { randomBytes } from 'node:crypto';
import type { Position } from '@atendo/contracts';
import {
  companyDecider,
  companyStream,
  handleCommand,
  planDecider,
  planStream,
  PLATFORM_COMPANY,
  queueDecider,
  queueStream,
  streamId,
  userDecider,
  userStream,
  whatsappDecider,
  whatsappStream,
  type Decider,
  type DomainEvent,
  type EventStore,
  type IdAllocator,
  type RecordCommand,
  type RecordState,
} from '@atendo/core';
import { hashPassword, type Credentials } from '@atendo/api';

export interface SeedResult {
  superAdmin: { email: string; password: string | undefined };
  admin: { email: string; password: string | undefined };
  companyId: number;
  whatsappId: number;
  queueIds: number[];
  position: Position | undefined;
}

const SEED_STREAM = streamId('seed', PLATFORM_COMPANY, 'demo');

/** A readable one-off password: 16 characters from an unambiguous alphabet. */
function randomPassword(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return [...randomBytes(16)].map((b) => alphabet[b % alphabet.length]).join('');
}

/**
 * Seeds the demo once: a marker stream says it was done, so a second start keeps the data. Everything is written
 * through the same commands the product uses, so the log tells how the demo came to be.
 */
export async function seedDemo(store: EventStore, ids: IdAllocator, env: NodeJS.ProcessEnv, credentials: Credentials): Promise<SeedResult | null> {
  if ((await store.readStream(SEED_STREAM)).length > 0) return null;
  const actor = { actor: { type: 'system' as const, name: 'seed' } };
  let position: Position | undefined;
  async function create<F extends object, E extends DomainEvent>(decider: Decider<RecordCommand<F>, E, RecordState<F>>, stream: string, id: number, fields: F) {
    const result = await handleCommand(store, decider, stream, { type: 'create', id, fields }, actor);
    position = result.position ?? position;
  }

  const superPassword = env.SUPER_ADMIN_PASSWORD || randomPassword();
  const adminPassword = env.ADMIN_PASSWORD || randomPassword();
  const superEmail = env.SUPER_ADMIN_EMAIL || 'super@atendo.local';
  const adminEmail = env.ADMIN_EMAIL || 'admin@demo.atendo.local';
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

  const planId = await ids.next('plan');
  await create(planDecider, planStream(planId), planId, {
    name: 'Demo', users: 10, connections: 3, queues: 10, value: 0,
    useCampaigns: true, useSchedules: true, useInternalChat: true, useExternalApi: true, useKanban: true, useOpenAi: true, useIntegrations: true,
  });
  const platformId = await ids.next('company');
  await create(companyDecider, companyStream(platformId), platformId, {
    name: 'Atendo', email: superEmail, phone: '', planId, status: true, dueDate: inDays(3650), recurrence: 'ANUAL', settings: {},
  });
  const companyId = await ids.next('company');
  await create(companyDecider, companyStream(companyId), companyId, {
    name: 'Demo Company', email: adminEmail, phone: '', planId, status: true, dueDate: inDays(30), recurrence: 'MENSAL',
    settings: { userRating: 'disabled', scheduleType: 'disabled', sendGreetingAccepted: 'disabled', chatBotType: 'text', campaignsEnabled: 'true' },
  });
  const queueIds: number[] = [];
  for (const [name, color] of [['Atendimento', '#148bea'], ['Vendas', '#2e7d32']] as const) {
    const id = await ids.next('queue');
    queueIds.push(id);
    await create(queueDecider, queueStream(companyId, id), id, { companyId, name, color, greetingMessage: '', outOfHoursMessage: '', orderQueue: queueIds.length });
  }
  const superId = await ids.next('user');
  await create(userDecider, userStream(platformId, superId), superId, {
    companyId: platformId, name: 'Super Admin', email: superEmail,
    profile: 'admin', super: true, allTicket: 'enabled', whatsappId: null, queueIds: [],
  });
  await credentials.set(superId, await hashPassword(superPassword));
  const adminId = await ids.next('user');
  await create(userDecider, userStream(companyId, adminId), adminId, {
    companyId, name: 'Demo Admin', email: adminEmail,
    profile: 'admin', super: false, allTicket: 'enabled', whatsappId: null, queueIds,
  });
  await credentials.set(adminId, await hashPassword(adminPassword));
  const whatsappId = await ids.next('whatsapp');
  await create(whatsappDecider, whatsappStream(companyId, whatsappId), whatsappId, {
    companyId, name: 'Demo WhatsApp', isDefault: true, provider: 'simulator', greetingMessage: '', complationMessage: '', outOfHoursMessage: '',
    ratingMessage: '', expiresTicket: 0, timeUseBotQueues: 0, maxUseBotQueues: 3, queueIds: [queueIds[0]!],
  });
  await store.append(SEED_STREAM, [
    { type: 'DemoSeeded', data: { companyId, whatsappId }, metadata: { companyId: PLATFORM_COMPANY, actor: actor.actor, correlationId: 'seed', causationId: 'seed', occurredAt: new Date().toISOString() } },
  ], { expectedRevision: 'no_stream' });
  return {
    superAdmin: { email: superEmail, password: env.SUPER_ADMIN_PASSWORD ? undefined : superPassword },
    admin: { email: adminEmail, password: env.ADMIN_PASSWORD ? undefined : adminPassword },
    companyId,
    whatsappId,
    queueIds,
    position,
  };
}
