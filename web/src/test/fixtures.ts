import type { Message, SessionUser, Ticket } from '@atendo/contracts';

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
    isDeleted: false,
    isEdited: false,
    read: true,
    createdAt: new Date().toISOString(),
    contact: null,
    ...change,
  };
}
