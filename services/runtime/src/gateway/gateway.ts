import type { Knex } from 'knex';
import { toStorableText, type Ack, type RecordedEvent, type SessionStatus } from '@atendo/contracts';
import {
  handleCommand,
  parseStreamId,
  whatsappSessionDecider,
  whatsappSessionStream,
  type ConversationEvent,
  type ConversationService,
  type EventStore,
  type Subscription,
} from '@atendo/core';
import type { ChannelProvider, ChannelSink, InboundMessage } from '@atendo/channels';
import { readCheckpoint, type CatalogueQueries, type ConversationQueries } from '@atendo/read';
import type { SessionControl } from '@atendo/api';
import type { Logger } from '../logger.js';
import { ParkedInbound } from './parkedInbound.js';

export interface GatewayOptions {
  store: EventStore;
  knex: Knex;
  provider: ChannelProvider;
  conversations: ConversationService;
  catalogue: CatalogueQueries;
  conversationQueries: ConversationQueries;
  log: Logger;
}

const OUTBOX = 'process:gateway-outbox';
type Queued = Extract<ConversationEvent, { type: 'MessageQueued' }>['data'];

/**
 * The WhatsApp gateway: runs a session per connection through the channel provider, records what the sessions
 * report (messages, acks, status) as commands, and sends what agents queued. Its outbox follows the event log
 * from a checkpoint, so a reply queued before a crash is still sent after it.
 */
export class Gateway {
  private readonly connections = new Map<number, { companyId: number; queueIds: number[] }>();
  /** Streams of recently sent messages by provider id: an ack may arrive before the read model knows the id. */
  private readonly sentStreams = new Map<string, string>();
  private outbox: Subscription | undefined;

  constructor(private readonly options: GatewayOptions) {
    this.parked = new ParkedInbound(options.knex);
  }

  private readonly parked: ParkedInbound;

  readonly sink: ChannelSink = {
    inbound: (message) => this.inbound(message),
    park: (message, reason) => this.parked.park(storableInbound(message), reason),
    ack: (connectionId, providerMessageId, ack) => this.ack(connectionId, providerMessageId, ack),
    status: (connectionId, status, qrcode) => this.status(connectionId, status, qrcode),
  };

  async start(): Promise<void> {
    for (const c of await this.options.catalogue.allWhatsapps()) {
      this.connections.set(c.id, { companyId: c.companyId, queueIds: c.queueIds });
      await this.options.provider.startSession({ connectionId: c.id, companyId: c.companyId, name: c.name }, this.sink);
    }
    const after = await readCheckpoint(this.options.knex, OUTBOX);
    this.outbox = this.options.store.subscribe({ after, maxCount: 100, onError: (err) => this.options.log.fatal({ err }, 'gateway outbox stopped') }, (batch) =>
      this.dispatch(batch),
    );
    this.options.log.info({ sessions: this.connections.size, provider: this.options.provider.name }, 'gateway started');
  }

  async stop(): Promise<void> {
    await this.outbox?.stop();
    for (const id of this.connections.keys()) await this.options.provider.stopSession(id);
  }

  /** The connection's company and queues, remembered once read. */
  private async connection(connectionId: number) {
    const known = this.connections.get(connectionId);
    if (known) return known;
    const found = await this.options.catalogue.connection(connectionId);
    if (!found) throw new Error(`Unknown connection ${connectionId}`);
    this.connections.set(connectionId, { companyId: found.companyId, queueIds: found.queueIds });
    return { companyId: found.companyId, queueIds: found.queueIds };
  }

  private async inbound(message: InboundMessage): Promise<void> {
    await recordInbound(this.options.conversations, await this.connection(message.connectionId), message);
  }

  private async ack(connectionId: number, providerMessageId: string, ack: Ack): Promise<void> {
    let stream = this.sentStreams.get(providerMessageId);
    for (let attempt = 0; !stream && attempt < 50; attempt++) {
      stream = (await this.options.conversationQueries.streamOfProviderMessage(connectionId, providerMessageId)) ?? undefined;
      if (!stream) await new Promise((r) => setTimeout(r, 100));
    }
    if (!stream) {
      this.options.log.warn({ connectionId, providerMessageId, ack }, 'ack for a message this platform did not send');
      return;
    }
    await this.options.conversations.recordAck(stream, providerMessageId, ack);
  }

  private async status(connectionId: number, status: SessionStatus, qrcode: string): Promise<void> {
    const { companyId } = await this.connection(connectionId);
    await handleCommand(this.options.store, whatsappSessionDecider, whatsappSessionStream(companyId, connectionId), { whatsappId: connectionId, status, qrcode }, {
      actor: { type: 'system', name: 'gateway' },
    });
  }

  /** Sends each queued reply once the log has it; records the dispatch (or the failure) on the conversation. */
  private async dispatch(batch: RecordedEvent[]): Promise<void> {
    for (const event of batch) {
      if (event.type !== 'MessageQueued') continue;
      const data = event.data as Queued;
      // Only what was never sent: after a crash, or on a first start over an existing log, nothing goes twice.
      const outbound = (await this.options.conversations.state(event.streamId)).outbound.get(data.messageId);
      if (!outbound || outbound.providerMessageId !== null || outbound.failed) continue;
      const context = { actor: { type: 'system' as const, name: 'gateway' }, correlationId: event.metadata.correlationId, causationId: event.id };
      try {
        const sent = await this.options.provider.send({ connectionId: data.whatsappId, to: parseStreamId(event.streamId).id, body: data.body });
        this.sentStreams.set(sent.providerMessageId, event.streamId);
        if (this.sentStreams.size > 10_000) this.sentStreams.delete(this.sentStreams.keys().next().value!);
        await this.options.conversations.execute(event.streamId, { type: 'RecordDispatch', messageId: data.messageId, providerMessageId: sent.providerMessageId }, context);
      } catch (error) {
        this.options.log.warn({ err: error, messageId: data.messageId }, 'sending a reply failed');
        await this.options.conversations.execute(event.streamId, { type: 'RecordDispatchFailure', messageId: data.messageId, reason: (error as Error).message }, context);
      }
    }
    const last = batch[batch.length - 1]!.position;
    await this.options.knex.raw(
      `INSERT INTO projection_checkpoints (name, commit_position, prepare_position) VALUES (?, ?, ?)
       ON CONFLICT (name) DO UPDATE SET commit_position = EXCLUDED.commit_position, prepare_position = EXCLUDED.prepare_position, updated_at = now()`,
      [OUTBOX, last.commit, last.prepare],
    );
  }

  /** The connections page's session buttons. */
  readonly sessions: SessionControl = {
    start: async (companyId, whatsappId) => {
      const c = await this.options.catalogue.connection(whatsappId);
      if (!c || c.companyId !== companyId) throw new Error(`Unknown connection ${whatsappId}`);
      this.connections.set(c.id, { companyId, queueIds: c.queueIds });
      await this.options.provider.startSession({ connectionId: c.id, companyId, name: c.name }, this.sink);
    },
    renew: async (companyId, whatsappId) => {
      await this.options.provider.logout(whatsappId);
      await this.sessions.start(companyId, whatsappId);
    },
    logout: async (_companyId, whatsappId) => {
      await this.options.provider.logout(whatsappId);
    },
  };
}

/** What a customer sent, minus what cannot be stored (NUL characters, broken characters): the message is kept. */
export function storableInbound(message: InboundMessage): InboundMessage {
  const clean: InboundMessage = { ...message, providerMessageId: toStorableText(message.providerMessageId), from: toStorableText(message.from), body: toStorableText(message.body) };
  if (message.pushName !== undefined) clean.pushName = toStorableText(message.pushName);
  if (message.quotedProviderMessageId !== undefined) clean.quotedProviderMessageId = toStorableText(message.quotedProviderMessageId);
  return clean;
}

/** Records a customer's message on its conversation (idempotent by message id), for the gateway and `atendo inbound retry`. */
export async function recordInbound(conversations: ConversationService, connection: { companyId: number; queueIds: number[] }, received: InboundMessage): Promise<void> {
  const message = storableInbound(received);
  await conversations.receive({
    companyId: connection.companyId,
    whatsappId: message.connectionId,
    queueId: connection.queueIds.length === 1 ? connection.queueIds[0]! : null,
    messageId: message.providerMessageId,
    number: message.from,
    pushName: message.pushName ?? null,
    body: message.body,
    mediaType: message.mediaType,
    sentAt: new Date(message.timestamp),
    isGroup: message.isGroup ?? false,
    quotedMessageId: message.quotedProviderMessageId ?? null,
  });
}
