import { randomUUID } from 'node:crypto';
import type { NewEvent } from '@atendo/contracts';
import {
  companyStream,
  contactStream,
  planStream,
  queueStream,
  userStream,
  whatsappSessionStream,
  whatsappStream,
  type ContactStreamDomainEvent,
} from '@atendo/core';
import { createKnex, migrateLatest, PostgresEventStore, type EventStore } from '@atendo/platform';
import { rebuildProjection } from '@atendo/read';
import { allMigrations, projections } from '@atendo/runtime';

export interface ProjectionResult {
  projection: string;
  /** Events in the log when the rebuild started. */
  logEvents: number;
  /** Events the projection folded (those of its types). */
  folded: number;
  rows: number;
  seconds: number;
  /** Log events rebuilt through per second: how long a rebuild of a log this size takes. */
  eventsPerSecond: number;
}

const COMPANIES = 20;
const USERS = 5;
const QUEUES = 3;
/** Conversations going on at once: a ticket's events spread over this many others', as in a busy log. */
const IN_FLIGHT = 1000;
/** Simulated time between two steps of a conversation, so the history covers several days. */
const STEP_MS = 15 * 60_000;

type Step = Array<Pick<ContactStreamDomainEvent, 'type' | 'data'>>;

interface Company {
  id: number;
  userIds: number[];
  queueIds: number[];
  whatsappId: number;
}

const meta = (companyId: number, at: number, userId?: number): NewEvent['metadata'] => ({
  companyId,
  actor: userId === undefined ? { type: 'system' } : { type: 'user', userId },
  correlationId: randomUUID(),
  causationId: randomUUID(),
  occurredAt: new Date(at).toISOString(),
});

/** Plans, companies with their users, queues and a connection that pairs: what the catalogue folds. */
async function writeCatalogue(store: EventStore, at: number): Promise<Company[]> {
  await store.append(planStream(1), [{
    type: 'PlanCreated',
    data: { id: 1, name: 'Plano 1', users: 10, connections: 3, queues: 5, value: 30, useCampaigns: true, useSchedules: true, useInternalChat: true, useExternalApi: true, useKanban: true, useOpenAi: true, useIntegrations: true },
    metadata: meta(0, at),
  }]);
  const companies: Company[] = [];
  for (let c = 1; c <= COMPANIES; c++) {
    const company: Company = { id: c, userIds: [], queueIds: [], whatsappId: c };
    const appends: Array<Promise<unknown>> = [
      store.append(companyStream(c), [
        { type: 'CompanyCreated', data: { id: c, name: `Empresa ${c}`, email: `empresa${c}@bench.test`, phone: '', planId: 1, status: true, dueDate: null, recurrence: 'MENSAL', settings: { userRating: 'disabled' } }, metadata: meta(0, at) },
        { type: 'CompanyUpdated', data: { id: c, changes: { phone: `551100000${c}` } }, metadata: meta(0, at) },
      ]),
    ];
    for (let q = 0; q < QUEUES; q++) {
      const id = c * 100 + q;
      company.queueIds.push(id);
      appends.push(store.append(queueStream(c, id), [{
        type: 'QueueCreated',
        data: { id, companyId: c, name: `Fila ${q}`, color: `#00${q}0ff`, greetingMessage: 'Olá!', outOfHoursMessage: '', orderQueue: q },
        metadata: meta(c, at),
      }]));
    }
    for (let u = 0; u < USERS; u++) {
      const id = c * 100 + u;
      company.userIds.push(id);
      appends.push(store.append(userStream(c, id), [{
        type: 'UserCreated',
        data: { id, companyId: c, name: `Atendente ${u}`, email: `u${u}@empresa${c}.bench.test`, passwordHash: 'scrypt$bench', profile: u === 0 ? 'admin' : 'user', super: false, allTicket: 'enabled', whatsappId: null, queueIds: company.queueIds },
        metadata: meta(c, at),
      }]));
    }
    appends.push(store.append(whatsappStream(c, c), [{
      type: 'WhatsappCreated',
      data: { id: c, companyId: c, name: `WhatsApp ${c}`, isDefault: true, provider: 'simulator', greetingMessage: '', complationMessage: '', outOfHoursMessage: '', ratingMessage: '', expiresTicket: 0, timeUseBotQueues: 0, maxUseBotQueues: 3, queueIds: company.queueIds },
      metadata: meta(c, at),
    }]));
    appends.push(store.append(whatsappSessionStream(c, c), [
      { type: 'WhatsappSessionChanged', data: { whatsappId: c, status: 'qrcode', qrcode: `qr-${c}` }, metadata: meta(c, at) },
      { type: 'WhatsappSessionChanged', data: { whatsappId: c, status: 'CONNECTED', qrcode: '' }, metadata: meta(c, at) },
    ]));
    await Promise.all(appends);
    companies.push(company);
  }
  return companies;
}

/**
 * One customer's history, one append per command as the product writes it: the first message opens contact and
 * ticket, an agent accepts and reads, replies twice (each dispatched and acknowledged twice), the customer answers,
 * the ticket is resolved; every tenth customer is renamed, every fourth comes back for a second ticket.
 */
function customerSteps(n: number, company: Company, ids: { ticket: () => number }): Array<{ events: Step; userId?: number }> {
  const contactId = n;
  const number = `55119${String(n).padStart(8, '0')}`;
  const userId = company.userIds[n % company.userIds.length]!;
  const whatsappId = company.whatsappId;
  let inbound = 0;
  const received = (ticketId: number, body: string, quotedMessageId: string | null = null) => ({
    type: 'MessageReceived' as const,
    data: { ticketId, messageId: `wamid.${n}.${inbound++}`, whatsappId, body, mediaType: 'chat' as const, sentAt: new Date().toISOString(), quotedMessageId },
  });
  const reply = (ticketId: number, body: string, quotedMessageId: string | null, acks: Array<2 | 3>) => {
    const messageId = randomUUID();
    return [
      { events: [{ type: 'MessageQueued' as const, data: { ticketId, messageId, whatsappId, body, userId, quotedMessageId } }], userId },
      { events: [{ type: 'MessageDispatched' as const, data: { ticketId, messageId, providerMessageId: `out.${messageId}` } }] },
      ...acks.map((ack) => ({ events: [{ type: 'MessageAckChanged' as const, data: { ticketId, messageId, ack } }] })),
    ];
  };
  const first = ids.ticket();
  const steps: Array<{ events: Step; userId?: number }> = [
    {
      events: [
        { type: 'ContactCreated', data: { contactId, number, name: `Cliente ${n}`, isGroup: false } },
        { type: 'TicketOpened', data: { ticketId: first, uuid: randomUUID(), contactId, whatsappId, queueId: company.queueIds[n % QUEUES]!, isGroup: false } },
        received(first, `Olá, aqui é o cliente ${n}, preciso de ajuda com o meu pedido`),
      ],
    },
    { events: [received(first, 'O número do pedido é 4815162342')] },
    ...(n % 10 === 0 ? [{ events: [{ type: 'ContactRenamed' as const, data: { contactId, name: `Cliente ${n} (VIP)` } }] }] : []),
    { events: [{ type: 'TicketAccepted', data: { ticketId: first, userId } }], userId },
    { events: [{ type: 'TicketRead', data: { ticketId: first } }], userId },
    ...reply(first, 'Bom dia! Vou verificar o seu pedido agora mesmo.', null, [2, 3]),
    { events: [received(first, 'Obrigado, fico no aguardo')] },
    ...reply(first, 'O seu pedido sai para entrega hoje à tarde.', `wamid.${n}.1`, [2, 3]),
    { events: [received(first, 'Perfeito, obrigado!')] },
    { events: [{ type: 'TicketResolved', data: { ticketId: first, userId } }], userId },
  ];
  if (n % 4 === 0) {
    const second = ids.ticket();
    steps.push(
      {
        events: [
          { type: 'TicketOpened', data: { ticketId: second, uuid: randomUUID(), contactId, whatsappId, queueId: company.queueIds[(n + 1) % QUEUES]!, isGroup: false } },
          received(second, 'Oi de novo, o pedido chegou com defeito'),
        ],
      },
      { events: [{ type: 'TicketAccepted', data: { ticketId: second, userId } }], userId },
      ...reply(second, 'Sinto muito! Vamos trocar o produto.', null, [3]),
      { events: [{ type: 'TicketResolved', data: { ticketId: second, userId } }], userId },
    );
  }
  return steps;
}

/**
 * Writes a help desk's history for `customers` customers through the store (about 19 events each), conversations
 * interleaved `IN_FLIGHT` at a time.
 */
export async function writeHistory(store: EventStore, customers: number): Promise<void> {
  let at = Date.parse('2026-11-01T08:00:00.000Z');
  const companies = await writeCatalogue(store, at);
  let nextTicket = 1;
  const ids = { ticket: () => nextTicket++ };
  for (let wave = 0; wave < customers; wave += IN_FLIGHT) {
    const stories = Array.from({ length: Math.min(IN_FLIGHT, customers - wave) }, (_, i) => {
      const n = wave + i + 1;
      const company = companies[n % COMPANIES]!;
      return { company, stream: contactStream(company.id, `55119${String(n).padStart(8, '0')}`), steps: customerSteps(n, company, ids) };
    });
    const rounds = Math.max(...stories.map((s) => s.steps.length));
    for (let round = 0; round < rounds; round++) {
      at += STEP_MS;
      await Promise.all(
        stories.flatMap(({ company, stream, steps }) => {
          const step = steps[round];
          return step ? [store.append(stream, step.events.map((e) => ({ ...e, metadata: meta(company.id, at, step.userId) })))] : [];
        }),
      );
    }
  }
}

/** Writes the history once, then rebuilds each of the product's read models from it and times each. */
export async function projectionThroughput(url: string, customers: number): Promise<ProjectionResult[]> {
  const knex = createKnex(url, { max: 4 });
  await migrateLatest(knex, ...allMigrations);
  const store = new PostgresEventStore({ connectionString: url, poolSize: 8, listen: false });
  try {
    await writeHistory(store, customers);
    await knex.raw('VACUUM ANALYZE events');
    const logEvents = Number((await knex('events').count<{ c: number }[]>('* as c'))[0]!.c);
    const results: ProjectionResult[] = [];
    for (const projection of projections) {
      const started = process.hrtime.bigint();
      const result = await rebuildProjection({ store, knex, projection });
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      let rows = 0;
      for (const table of projection.tables) rows += Number((await knex(table).count<{ c: number }[]>('* as c'))[0]!.c);
      results.push({ projection: projection.name, logEvents, folded: result.events, rows, seconds, eventsPerSecond: Math.round(logEvents / seconds) });
    }
    return results;
  } finally {
    await store.close();
    await knex.destroy();
  }
}
