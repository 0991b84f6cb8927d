import type { Profile, SessionStatus } from '@atendo/contracts';
import type { Decider, DomainEvent } from '../commands/decider.js';
import { handleCommand, type CommandContext } from '../commands/handler.js';
import type { EventStore } from '../eventstore/port.js';
import { streamId, PLATFORM_COMPANY } from '../eventstore/streams.js';
import { recordDecider } from './record.js';
import { claimUnique } from './unique.js';

/** The fields each catalogue record keeps in its events. */
export interface PlanFields {
  name: string;
  users: number;
  connections: number;
  queues: number;
  value: number;
  useCampaigns: boolean;
  useSchedules: boolean;
  useInternalChat: boolean;
  useExternalApi: boolean;
  useKanban: boolean;
  useOpenAi: boolean;
  useIntegrations: boolean;
}

export type Recurrence = 'MENSAL' | 'BIMESTRAL' | 'TRIMESTRAL' | 'SEMESTRAL' | 'ANUAL';

export interface CompanyFields {
  name: string;
  email: string;
  phone: string;
  planId: number;
  status: boolean;
  dueDate: string | null;
  recurrence: Recurrence;
  settings: Record<string, string>;
}

export interface UserFields {
  companyId: number;
  name: string;
  email: string;
  profile: Profile;
  super: boolean;
  allTicket: 'enabled' | 'desabled';
  whatsappId: number | null;
  queueIds: number[];
}

export interface QueueFields {
  companyId: number;
  name: string;
  color: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  orderQueue: number | null;
}

export interface WhatsappFields {
  companyId: number;
  name: string;
  isDefault: boolean;
  provider: string;
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  expiresTicket: number;
  timeUseBotQueues: number;
  maxUseBotQueues: number;
  queueIds: number[];
}

export const planDecider = recordDecider<'Plan', PlanFields>('Plan', 'ERR_NOT_FOUND');
export const companyDecider = recordDecider<'Company', CompanyFields>('Company', 'ERR_NOT_FOUND');
export const userDecider = recordDecider<'User', UserFields>('User', 'ERR_NO_USER_FOUND');
export const queueDecider = recordDecider<'Queue', QueueFields>('Queue', 'ERR_NOT_FOUND');
export const whatsappDecider = recordDecider<'Whatsapp', WhatsappFields>('Whatsapp', 'ERR_NO_WAPP_FOUND');

export const planStream = (id: number) => streamId('plan', PLATFORM_COMPANY, id);
export const companyStream = (id: number) => streamId('company', PLATFORM_COMPANY, id);
export const userStream = (companyId: number, id: number) => streamId('user', companyId, id);
export const queueStream = (companyId: number, id: number) => streamId('queue', companyId, id);
export const whatsappStream = (companyId: number, id: number) => streamId('whatsapp', companyId, id);
export const whatsappSessionStream = (companyId: number, id: number) => streamId('whatsappSession', companyId, id);

/** A connection's session state, as the channel reports it. Kept apart from the record: it changes often. */
export type WhatsappSessionEvent = DomainEvent<'WhatsappSessionChanged', { whatsappId: number; status: SessionStatus; qrcode: string }>;
export type WhatsappSessionCommand = { whatsappId: number; status: SessionStatus; qrcode: string };
type SessionState = { status: SessionStatus | null; qrcode: string };

export const whatsappSessionDecider: Decider<WhatsappSessionCommand, WhatsappSessionEvent, SessionState> = {
  initialState: () => ({ status: null, qrcode: '' }),
  evolve: (_state, event) => ({ status: event.data.status, qrcode: event.data.qrcode }),
  decide(command, state) {
    if (command.status === state.status && command.qrcode === state.qrcode) return [];
    return [{ type: 'WhatsappSessionChanged', data: { whatsappId: command.whatsappId, status: command.status, qrcode: command.qrcode } }];
  },
};

/** Creates a user once its e-mail is claimed: e-mails are unique on the whole platform (login names no company). */
export async function createUser(store: EventStore, id: number, fields: UserFields, context: CommandContext) {
  const stream = userStream(fields.companyId, id);
  await claimUnique(store, { companyId: PLATFORM_COMPANY, kind: 'userEmail', value: fields.email, owner: stream, code: 'ERR_USER_EMAIL_ALREADY_EXISTS' }, context);
  return handleCommand(store, userDecider, stream, { type: 'create', id, fields }, context);
}

/** Creates a connection once its name is claimed: names are unique within a company. */
export async function createConnection(store: EventStore, id: number, fields: WhatsappFields, context: CommandContext) {
  const stream = whatsappStream(fields.companyId, id);
  await claimUnique(store, { companyId: fields.companyId, kind: 'connectionName', value: fields.name, owner: stream, code: 'ERR_WAPP_NAME_ALREADY_EXISTS' }, context);
  return handleCommand(store, whatsappDecider, stream, { type: 'create', id, fields }, context);
}
