import type { Connection } from './connectionsApi';

/** A connection as GET /whatsapp lists it to an admin. */
export function aConnection(id: number, change: Partial<Connection> = {}): Connection {
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
