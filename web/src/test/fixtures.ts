import type { Message, Plan, SessionUser, Ticket, User, Whatsapp, WhatsappSettings } from '@atendo/contracts';

export const me: SessionUser = {
  id: 3,
  name: 'Ana',
  email: 'ana@example.com',
  companyId: 7,
  profile: 'user',
  super: false,
  allTicket: 'desabled',
  whatsappId: null,
  queues: [{ id: 1, name: 'Sales', color: '#ff8800' }],
  company: { id: 7, name: 'Acme', dueDate: '2099-12-31T00:00:00.000Z', status: true, disabledAt: null, settings: [] },
};

/** `me` as an admin of the company, and as a super user (an admin of the platform's own company). */
export const admin: SessionUser = { ...me, profile: 'admin' };
export const superAdmin: SessionUser = { ...me, profile: 'admin', super: true };

/** A user of the company as GET /users lists it. */
export function aUser(id: number, change: Partial<User> = {}): User {
  return {
    id,
    companyId: me.companyId,
    name: `User ${id}`,
    email: `user${id}@example.com`,
    profile: 'user',
    super: false,
    allTicket: 'desabled',
    whatsappId: null,
    whatsapp: null,
    queues: [],
    language: null,
    online: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...change,
  };
}

export function ticket(id: number, change: Partial<Ticket> = {}): Ticket {
  return {
    id,
    uuid: `uuid-${id}`,
    status: 'open',
    userId: me.id,
    user: { id: me.id, name: me.name },
    queueId: 1,
    queue: me.queues[0] ?? null,
    whatsappId: 1,
    whatsapp: { id: 1, name: 'Main' },
    contactId: 100 + id,
    contact: { id: 100 + id, name: `Contact ${id}`, number: `55119000000${id}`, email: '', profilePicUrl: '' },
    lastMessage: `Last message ${id}`,
    unreadMessages: 0,
    updatedAt: new Date().toISOString(),
    createdAt: new Date().toISOString(),
    isGroup: false,
    chatbot: false,
    tags: [],
    companyId: me.companyId,
    useIntegration: false,
    promptId: null,
    integrationId: null,
    ...change,
  };
}

export function message(id: string, ticketId: number, change: Partial<Message> = {}): Message {
  return {
    id,
    ticketId,
    contactId: 100 + ticketId,
    body: `Body ${id}`,
    fromMe: false,
    mediaType: 'chat',
    mediaUrl: null,
    quotedMsg: null,
    ack: 0,
    failed: false,
    failureReason: null,
    isDeleted: false,
    isEdited: false,
    read: true,
    createdAt: new Date().toISOString(),
    contact: null,
    ...change,
  };
}

/** A connection as GET /whatsapp lists it to an admin. */
export function aConnection(id: number, change: Partial<Whatsapp & WhatsappSettings> = {}): Whatsapp & WhatsappSettings {
  return {
    id,
    name: `Line ${id}`,
    status: 'CONNECTED',
    qrcode: '',
    isDefault: false,
    updatedAt: '2026-03-04T09:05:00.000Z',
    retries: 0,
    greetingMessage: '',
    complationMessage: '',
    outOfHoursMessage: '',
    ratingMessage: '',
    provider: 'beta',
    expiresTicket: 0,
    timeUseBotQueues: 0,
    maxUseBotQueues: 3,
    queues: [],
    channel: 'baileys',
    statusReason: '',
    degraded: false,
    expiresInactiveMessage: '',
    promptId: null,
    integrationId: null,
    transferQueueId: null,
    timeToTransfer: null,
    queueIds: [],
    ...change,
  };
}

/** A plan with every feature switched on. */
export function plan(id: number, change: Partial<Plan> = {}): Plan {
  return {
    id,
    name: `Plan ${id}`,
    users: 3,
    connections: 1,
    queues: 2,
    value: 30,
    storageMb: 1024,
    useCampaigns: true,
    useSchedules: true,
    useInternalChat: true,
    useExternalApi: true,
    useKanban: true,
    useOpenAi: true,
    useIntegrations: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...change,
  };
}
