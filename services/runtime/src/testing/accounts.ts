import type { Profile } from '@atendo/contracts';
import { companyDecider, companyStream, createUser, handleCommand, whatsappDecider, whatsappStream } from '@atendo/core';
import { Credentials, hashPassword } from '@atendo/api';
import type { Harness } from './harness.js';

const system = { actor: { type: 'system' as const } };

async function nextId(h: Harness, kind: string): Promise<number> {
  return Number(((await h.atendo.knex.raw(`SELECT nextval('${kind}_ids') AS id`)) as { rows: Array<{ id: string }> }).rows[0]!.id);
}

export interface TestUser {
  id: number;
  companyId: number;
  email: string;
  password: string;
}

/** A user of a company (the demo's by default), as the product writes one, with a password to log in with. */
export async function addUser(
  h: Harness,
  email: string,
  options: { password?: string; profile?: Profile; super?: boolean; queueIds?: number[]; companyId?: number } = {},
): Promise<TestUser> {
  const { password = 'Test-pass-123', profile = 'user', companyId = h.companyId } = options;
  const id = await nextId(h, 'user');
  const r = await createUser(
    h.atendo.store,
    id,
    { companyId, name: email.split('@')[0]!, email, profile, super: options.super ?? false, allTicket: 'desabled', whatsappId: null, queueIds: options.queueIds ?? [] },
    system,
  );
  await new Credentials(h.atendo.knex).set(id, await hashPassword(password));
  await h.atendo.readYourWrites(r.position);
  return { id, companyId, email, password };
}

/** Another company on the demo's plan, with a simulator connection and an admin. */
export async function addCompany(h: Harness, name: string): Promise<TestUser & { companyId: number; whatsappId: number }> {
  const companyId = await nextId(h, 'company');
  await handleCommand(h.atendo.store, companyDecider, companyStream(companyId), {
    type: 'create',
    id: companyId,
    fields: { name, email: `admin@${companyId}.test`, phone: '', planId: 1, status: true, dueDate: new Date(Date.now() + 86_400_000).toISOString(), recurrence: 'MENSAL', settings: {} },
  }, system);
  const whatsappId = await nextId(h, 'whatsapp');
  const r = await handleCommand(h.atendo.store, whatsappDecider, whatsappStream(companyId, whatsappId), {
    type: 'create',
    id: whatsappId,
    fields: { companyId, name: `${name} phone`, isDefault: true, provider: 'simulator', greetingMessage: '', complationMessage: '', outOfHoursMessage: '', ratingMessage: '', expiresTicket: 0, timeUseBotQueues: 0, maxUseBotQueues: 3, queueIds: [] },
  }, system);
  await h.atendo.readYourWrites(r.position);
  const admin = await addUser(h, `admin@${companyId}.test`, { password: 'Company-pass-123', profile: 'admin', companyId });
  return { ...admin, whatsappId };
}
