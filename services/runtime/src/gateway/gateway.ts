import type { Knex } from 'knex';
import { comparePositions, toStorableText, type Ack, type Position, type ChannelKind, type MediaType, type RecordedEvent, type SessionStatus, type WhatsappFields } from '@atendo/contracts';
import { contactStream, handleCommand, whatsappSessionDecider, whatsappSessionStream, type ContactStreamCommand, type ContactStreamDomainEvent, type ContactStreamService, type ContactStreamState, type InboundContext } from '@atendo/core';
import { parseStreamId, type EventStore, type Subscription, type SubscriptionState } from '@atendo/platform';
import { Readable } from 'node:stream';
import mimeTypes from 'mime-types';
import { companyOfKey, mediaKey, type BlobStore } from '@atendo/api';
import { ChannelError, type ChannelProvider, type ChannelSink, type InboundCall, type InboundChange, type InboundMedia, type InboundMessage, type OutboundMessage } from '@atendo/channels';
import { CompanyQueries, readCheckpoint, type ConnectionQueries, type TicketQueries } from '@atendo/read';
import type { SessionControl } from '@atendo/api';
import type { Logger } from '../logger.js';
import { IdentityMap, lidAddress } from './identities.js';
import { ParkedInbound } from './parkedInbound.js';
import { InboundContexts, type InboundEnricher } from './inboundContexts.js';
import { OutboxLanes } from './outboxLanes.js';
import { storeCheckpoint } from '../platform/process/logFollower.js';

export interface GatewayOptions {
  store: EventStore;
  knex: Knex;
  provider: ChannelProvider;
  conversations: ContactStreamService;
  connections: ConnectionQueries;
  conversationQueries: TicketQueries;
  log: Logger;
  /**
   * A send whose outcome was unknown and that no ack has settled within this long is failed ("WhatsApp did not
   * acknowledge it"): the agent sees it and can send it again. Default 2 minutes.
   */
  deliveryBoundMs?: number;
  /** The channels a connection may choose here (see SessionControl.channels). */
  channels?: readonly ChannelKind[];
  /** Where customers' files are stored and agents' files are read from (the media feature's blob store). */
  blobs?: BlobStore;
  /**
   * How long a reply that keeps failing before it reaches WhatsApp (its file cannot be read, its outcome cannot be
   * recorded) is tried again before it is failed with the reason. Default 30 s.
   */
  sendRetryBoundMs?: number;
  /** What the features' automations add to a customer's message (chatbot, flows, timers …): `inboundEnrichers(features)`. */
  enrichers?: readonly InboundEnricher[];
}

/** A reply that can never be sent as it is (a file reference that is not one of its company's stored files): failed at once. */
export class UnsendableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsendableError';
  }
}

/** What a caller is told when the company does not take calls on WhatsApp (the company's `call` setting disabled). */
export const CALL_DECLINED_TEXT = 'Mensagem automática: este número não atende chamadas de voz ou vídeo pelo WhatsApp. Por favor, escreva sua mensagem aqui.';

/** This many failed sends in a row, with none delivered since, flag a connection degraded. */
export const DEGRADED_AFTER_FAILURES = 3;

const OUTBOX = 'process:gateway-outbox';
type Queued = Extract<ContactStreamDomainEvent, { type: 'MessageQueued' }>['data'];
/** Longest pause between two tries of sending a reply and recording its outcome. */
const RETRY_MAX_MS = 5_000;

/**
 * The WhatsApp gateway: runs a session per connection through the channel provider, records what the sessions
 * report (messages, acks, status) as commands, and sends what agents queued. Its outbox follows the event log
 * from a checkpoint, so a reply queued before a crash is still sent after it; each send carries the message's id as
 * its idempotency key, so one sent again after a crash reaches the customer once.
 */
export class Gateway {
  private readonly connections = new Map<number, { companyId: number; queueIds: number[] }>();
  /** Streams of recently sent messages by provider id: an ack may arrive before the read model knows the id. */
  private readonly sentStreams = new Map<string, string>();
  /** Sends whose outcome is not recorded yet, by expected provider id: their acks wait for it. */
  private readonly inFlight = new Map<string, Promise<void>>();
  /**
   * Sends whose outcome is unknown and no ack has settled yet, by provider id. Each is sent again (same key, so it
   * reaches the customer at most once) when its session is connected again: the first copy may never have left.
   */
  private readonly unsettled = new Map<string, OutboundMessage & { since: number }>();
  /** Failed sends in a row per connection since one was last delivered (delivery health). */
  private readonly failuresInRow = new Map<number, number>();
  private sweep: NodeJS.Timeout | undefined;
  private outbox: Subscription | undefined;
  private lanes: OutboxLanes | undefined;
  /** The position of the last event the outbox read, and of the last checkpoint stored. */
  private readUpTo: Position | undefined;
  private stored: Position | undefined;
  private checkpointTimer: NodeJS.Timeout | undefined;
  private storing: Promise<void> = Promise.resolve();
  private stopping = false;

  constructor(private readonly options: GatewayOptions) {
    this.parked = new ParkedInbound(options.knex);
    this.identities = new IdentityMap(options.knex);
    this.companies = new CompanyQueries(options.knex);
    this.automations = new InboundContexts(options.knex, options.enrichers ?? []);
    this.sessions = this.sessionControl();
  }

  /** The connections page's session buttons. */
  readonly sessions: SessionControl;

  private readonly parked: ParkedInbound;
  private readonly identities: IdentityMap;
  private readonly mergedIdentities = new Set<string>();
  private readonly companies: CompanyQueries;
  private readonly automations: InboundContexts;

  readonly sink: ChannelSink = {
    inbound: (message) => this.inbound(message),
    park: (message, reason) => this.parked.park(storableInbound(message), reason),
    ack: (connectionId, providerMessageId, ack, reason) => this.ack(connectionId, providerMessageId, ack, reason),
    status: (connectionId, status, qrcode, reason) => this.status(connectionId, status, qrcode, reason),
    sentMessage: (connectionId, providerMessageId) => this.sentMessage(connectionId, providerMessageId),
    call: (connectionId, call) => this.call(connectionId, call),
    change: (connectionId, change) => this.change(connectionId, change),
    identity: async (connectionId, lid, pn) => {
      await this.learnIdentity((await this.connection(connectionId)).companyId, lid, pn);
    },
  };

  async start(): Promise<void> {
    // Replies an earlier process sent without learning the outcome, then died before an ack came: they go again with
    // the same key once their session connects, so one whose frame was lost still arrives, and arrives once.
    for (const r of await this.options.conversationQueries.unsettledReplies()) {
      // A file no longer stored (or never a stored file) cannot go again: the delivery bound fails it.
      const media = r.mediaUrl ? await this.outboundMedia(r.whatsappId, r.mediaUrl, r.mediaType, r.body, false).catch(() => undefined) : undefined;
      this.unsettled.set(r.providerMessageId, { connectionId: r.whatsappId, to: r.number, body: r.body, idempotencyKey: r.messageId, since: Date.now(), ...(media ? { media } : {}) });
    }
    for (const c of await this.options.connections.allWhatsapps()) {
      this.connections.set(c.id, { companyId: c.companyId, queueIds: c.queueIds });
      await this.options.provider.startSession({ connectionId: c.id, companyId: c.companyId, name: c.name, channel: c.channel }, this.sink);
    }
    const bound = this.options.deliveryBoundMs ?? 120_000;
    this.sweep = setInterval(() => void this.failUnacknowledged(bound), Math.max(50, Math.min(5_000, bound / 4)));
    this.sweep.unref();
    const after = await readCheckpoint(this.options.knex, OUTBOX);
    this.lanes = new OutboxLanes(after);
    this.readUpTo = this.stored = after;
    // Lanes finish replies after the batch that read them was handed over: their progress is stored as it comes.
    this.checkpointTimer = setInterval(() => void this.storeCheckpoint().catch((err: unknown) => this.options.log.warn({ err }, 'storing the outbox checkpoint failed; trying later')), 500);
    this.checkpointTimer.unref();
    const onState = (state: SubscriptionState) =>
      state.status === 'retrying' ? this.options.log.warn({ err: state.error, attempt: state.attempt }, 'gateway outbox cannot read the log; retrying') : this.options.log.info('gateway outbox reads the log again');
    this.outbox = this.options.store.subscribe({ after, maxCount: 100, onState, onError: (err) => this.options.log.fatal({ err }, 'gateway outbox stopped') }, (batch) =>
      this.dispatch(batch),
    );
    this.options.log.info({ sessions: this.connections.size, provider: this.options.provider.name }, 'gateway started');
  }

  async stop(): Promise<void> {
    this.stopping = true;
    clearInterval(this.sweep);
    clearInterval(this.checkpointTimer);
    await this.outbox?.stop();
    await this.lanes?.stop();
    await this.storeCheckpoint().catch((err: unknown) => this.options.log.warn({ err }, 'storing the outbox checkpoint at stop failed'));
    for (const id of this.connections.keys()) await this.options.provider.stopSession(id);
  }

  /** The connection's company and queues, remembered once read. */
  private async connection(connectionId: number) {
    const known = this.connections.get(connectionId);
    if (known) return known;
    const found = await this.options.connections.connection(connectionId);
    if (!found) throw new Error(`Unknown connection ${connectionId}`);
    this.connections.set(connectionId, { companyId: found.companyId, queueIds: found.queueIds });
    return { companyId: found.companyId, queueIds: found.queueIds };
  }

  private async inbound(received: InboundMessage): Promise<void> {
    // Rule 1: with CheckMsgIsGroup (the default) a message in a WhatsApp group opens no ticket.
    if (received.isGroup && (await this.automations.ignoresGroups(received.connectionId))) return;
    const connection = await this.connection(received.connectionId);
    const message = await this.resolveIdentity(connection.companyId, received);
    let mediaUrl: string | undefined;
    if (message.media && this.options.blobs) {
      // A redelivered message is already recorded: its file is not fetched and stored again.
      const stream = contactStream(connection.companyId, storableInbound(message).from);
      if ((await this.options.conversations.state(stream)).received.has(message.providerMessageId)) return;
      mediaUrl = await storeInboundMedia(this.options.blobs, connection.companyId, message.media);
    }
    // The bot answers what comes in live (a parked message retried later by an operator is only recorded).
    await recordInbound(this.options.conversations, connection, message, mediaUrl, await this.automations.inbound(received.connectionId));
  }

  private async ack(connectionId: number, providerMessageId: string, ack: Ack, reason?: string): Promise<void> {
    await this.inFlight.get(providerMessageId);
    let stream = this.sentStreams.get(providerMessageId);
    for (let attempt = 0; !stream && attempt < 50; attempt++) {
      stream = (await this.options.conversationQueries.streamOfProviderMessage(connectionId, providerMessageId)) ?? undefined;
      if (!stream) await new Promise((r) => setTimeout(r, 100));
    }
    if (!stream) {
      this.options.log.warn({ connectionId, providerMessageId, ack }, 'ack for a message this platform did not send');
      return;
    }
    const { state } = ack === 0 ? await this.options.conversations.recordDeliveryFailure(stream, providerMessageId, reason || 'WhatsApp refused it') : await this.options.conversations.recordAck(stream, providerMessageId, ack);
    // Sent by an earlier process whose outcome is not recorded yet: refusing the ack makes the provider deliver it
    // again, once the outbox has sent the message again and recorded it.
    if (!state.byProviderId.has(providerMessageId)) throw new Error(`the send of ${providerMessageId} is not recorded yet`);
    this.unsettled.delete(providerMessageId);
    if (ack === 0) await this.deliveryOutcome(connectionId, false, reason || 'WhatsApp refused it');
    else if (ack >= 2) await this.deliveryOutcome(connectionId, true, '');
  }

  /**
   * Delivery health: a connection whose last sends all failed is degraded, whatever its session says (a banned or
   * restricted number keeps its socket open); one message delivered to a phone clears it.
   */
  private async deliveryOutcome(connectionId: number, delivered: boolean, reason: string): Promise<void> {
    const before = this.failuresInRow.get(connectionId) ?? 0;
    const after = delivered ? 0 : before + 1;
    this.failuresInRow.set(connectionId, after);
    const flips = delivered ? before >= DEGRADED_AFTER_FAILURES : after === DEGRADED_AFTER_FAILURES;
    if (!flips) return;
    const { companyId } = await this.connection(connectionId);
    await handleCommand(this.options.store, whatsappSessionDecider, whatsappSessionStream(companyId, connectionId), { whatsappId: connectionId, degraded: !delivered, reason }, {
      actor: { type: 'system', name: 'gateway' },
    });
    if (!delivered) this.options.log.warn({ connectionId, reason }, 'connection degraded: its recent sends all failed');
  }

  /** Sends whose outcome stayed unknown past the bound are failed, so no agent waits on a message that never left. */
  private async failUnacknowledged(bound: number): Promise<void> {
    const now = Date.now();
    for (const [providerMessageId, message] of this.unsettled) {
      if (now - message.since < bound) continue;
      this.unsettled.delete(providerMessageId);
      const stream = this.sentStreams.get(providerMessageId) ?? (await this.options.conversationQueries.streamOfProviderMessage(message.connectionId, providerMessageId).catch(() => null));
      if (!stream) continue;
      const reason = `WhatsApp did not acknowledge it within ${Math.round(bound / 1000)} s`;
      try {
        await this.options.conversations.recordDeliveryFailure(stream, providerMessageId, reason);
        await this.deliveryOutcome(message.connectionId, false, reason);
      } catch (error) {
        this.options.log.warn({ err: error, providerMessageId }, 'recording an unacknowledged send as failed did not work; trying later');
        this.unsettled.set(providerMessageId, message);
      }
    }
  }

  /** A message this platform sent, for the provider's retry requests: from the read model, not a memory store. */
  private async sentMessage(connectionId: number, providerMessageId: string): Promise<{ body: string } | undefined> {
    const found = await this.options.conversationQueries.sentMessageBody(connectionId, providerMessageId);
    return found === null ? undefined : { body: found };
  }

  private async status(connectionId: number, status: SessionStatus, qrcode: string, reason?: string): Promise<void> {
    // A deleted connection's session may still say goodbye: there is nothing left to record it on.
    const known = this.connections.get(connectionId) ?? (await this.options.connections.connection(connectionId));
    if (!known) return;
    const { companyId } = known;
    const report = { whatsappId: connectionId, status, qrcode, ...(reason ? { reason } : {}) };
    await handleCommand(this.options.store, whatsappSessionDecider, whatsappSessionStream(companyId, connectionId), report, {
      actor: { type: 'system', name: 'gateway' },
    });
    if (status === 'CONNECTED') void this.sendUnsettled((m) => m.connectionId === connectionId);
  }

  private async sendUnsettled(which: (message: OutboundMessage) => boolean): Promise<void> {
    for (const [providerMessageId, message] of this.unsettled) {
      if (!which(message)) continue;
      try {
        await this.options.provider.send(message);
        // Confirmed: its acks follow as for any other send.
        this.unsettled.delete(providerMessageId);
      } catch (error) {
        this.options.log.warn({ err: error, providerMessageId }, 'sending an unconfirmed reply again failed; trying at the next connection');
      }
    }
  }

  /**
   * Hands each queued reply (and each deletion of a sent one) to its connection's lane once the log has it; the lane
   * sends it and records the outcome: sent, unknown (settled by the acks that follow) or refused. The checkpoint never
   * passes a reply whose outcome is not recorded: after a crash it is sent again with the same key, and the provider
   * confirms it without delivering it twice.
   */
  private async dispatch(batch: RecordedEvent[]): Promise<void> {
    const lanes = this.lanes!;
    for (const event of batch) {
      const before = this.readUpTo!;
      this.readUpTo = event.position;
      if (event.type === 'MessageQueued') lanes.add((event.data as Queued).whatsappId, event.id, event.position, before, () => this.sendWithinBound(event));
      else if (event.type === 'MessageDeleted') lanes.add((event.data as { whatsappId: number }).whatsappId, event.id, event.position, before, () => this.revoke(event));
      else {
        if (event.type === 'WhatsappUpdated' || event.type === 'WhatsappDeleted') this.followConnection(event);
        lanes.passed(event.position);
      }
    }
    await this.untilDone('storing the outbox checkpoint', batch[batch.length - 1]!.id, () => this.storeCheckpoint());
  }

  /** Stores the lanes' safe position; one write at a time, so a later position is never overwritten by an earlier. */
  private storeCheckpoint(): Promise<void> {
    const write = this.storing.then(() => this.writeCheckpoint());
    this.storing = write.catch(() => undefined);
    return write;
  }

  private async writeCheckpoint(): Promise<void> {
    const safe = this.lanes?.safe();
    if (!safe || (this.stored && comparePositions(safe, this.stored) <= 0)) return;
    await storeCheckpoint(this.options.knex, OUTBOX, safe);
    this.stored = safe;
  }

  /**
   * Sends a reply, trying again while it fails before reaching WhatsApp (its file cannot be read, the store does not
   * answer), for at most the retry bound; then, or at once when it can never go, it is failed with the reason, so the
   * agent sees it and its connection's next replies go on.
   */
  private async sendWithinBound(event: RecordedEvent): Promise<void> {
    const bound = this.options.sendRetryBoundMs ?? 30_000;
    const started = Date.now();
    for (let attempt = 0; ; attempt++) {
      try {
        await this.send(event);
        return;
      } catch (error) {
        if (this.stopping) throw error;
        const unsendable = error instanceof UnsendableError;
        if (unsendable || Date.now() - started >= bound) {
          const reason = unsendable ? error.message : `It could not be sent: it kept failing for ${Math.round(bound / 1000)} s`;
          this.options.log.warn({ err: error, eventId: event.id, attempt }, 'a reply cannot be sent; failing it');
          const { messageId } = event.data as Queued;
          await this.untilDone('recording that a reply cannot be sent', event.id, () =>
            this.options.conversations.execute(event.streamId, { type: 'RecordDispatchFailure', messageId, reason }, { actor: { type: 'system', name: 'gateway' }, causationId: event.id }),
          );
          return;
        }
        if (attempt === 0) this.options.log.warn({ err: error, eventId: event.id }, 'sending a reply or recording its outcome failed; trying again');
        await new Promise((r) => setTimeout(r, Math.min(RETRY_MAX_MS, 100 * 2 ** Math.min(attempt, 10), Math.max(0, started + bound - Date.now()))));
      }
    }
  }

  /** Work that only the platform's own store can fail (a checkpoint, a failure's record) is tried until it is done. */
  private async untilDone(what: string, eventId: string, work: () => Promise<unknown>): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await work();
        return;
      } catch (error) {
        if (this.stopping) throw error;
        this.options.log.warn({ err: error, eventId, attempt }, `${what} failed; trying again`);
        await new Promise((r) => setTimeout(r, Math.min(RETRY_MAX_MS, 100 * 2 ** Math.min(attempt, 10))));
      }
    }
  }

  /**
   * An agent deleted a sent message: WhatsApp is asked once to delete it for everyone. A session that cannot do it now
   * is logged, not retried: the console already shows the message deleted, and the outbox must not stall on it.
   */
  private async revoke(event: RecordedEvent): Promise<void> {
    const data = event.data as Extract<ContactStreamDomainEvent, { type: 'MessageDeleted' }>['data'];
    const { provider } = this.options;
    if (!data.providerMessageId || !provider.revoke) return;
    try {
      await provider.revoke(data.whatsappId, parseStreamId(event.streamId).id, data.providerMessageId);
    } catch (err) {
      this.options.log.warn({ err, messageId: data.messageId }, 'WhatsApp could not delete a message for everyone');
    }
  }

  private async send(event: RecordedEvent): Promise<void> {
    const data = event.data as Queued;
    const state = await this.options.conversations.state(event.streamId);
    // Only what has no recorded outcome: after a crash, or on a first start over an existing log, nothing goes twice.
    const outbound = state.outbound.get(data.messageId);
    if (!outbound || outbound.providerMessageId !== null || outbound.failed) return;
    const { provider } = this.options;
    const expected = provider.providerMessageId(data.messageId, data.whatsappId);
    // Acks may arrive before the outcome is recorded (or instead of a lost confirmation).
    this.sentStreams.set(expected, event.streamId);
    if (this.sentStreams.size > 10_000) this.sentStreams.delete(this.sentStreams.keys().next().value!);
    const quoted = this.quotedProviderId(state, data.quotedMessageId, data.whatsappId);
    const message: OutboundMessage = {
      connectionId: data.whatsappId,
      to: parseStreamId(event.streamId).id,
      body: data.body,
      idempotencyKey: data.messageId,
      ...(quoted ? { quotedProviderMessageId: quoted } : {}),
    };
    if (data.mediaUrl) {
      const media = await this.outboundMedia(data.whatsappId, data.mediaUrl, data.mediaType ?? 'application', data.body, data.voice === true);
      if (!media) {
        await this.options.conversations.execute(event.streamId, { type: 'RecordDispatchFailure', messageId: data.messageId, reason: 'The file is no longer stored' }, { actor: { type: 'system', name: 'gateway' } });
        return;
      }
      message.media = media;
    }
    // The customer's earlier replies that may never have left go first, so that their order holds.
    await this.sendUnsettled((m) => m.connectionId === message.connectionId && m.to === message.to);
    let recorded!: () => void;
    this.inFlight.set(expected, new Promise<void>((resolve) => (recorded = resolve)));
    try {
      const outcome = await this.sendOnce(event.streamId, message, expected);
      const context = { actor: { type: 'system' as const, name: 'gateway' }, correlationId: event.metadata.correlationId, causationId: event.id };
      await this.options.conversations.execute(event.streamId, outcome, context);
      if (outcome.type === 'RecordDispatchFailure') await this.deliveryOutcome(message.connectionId, false, outcome.reason);
      if (outcome.type === 'RecordDispatchUncertain') {
        this.unsettled.set(expected, { ...message, since: Date.now() });
        if (this.unsettled.size > 10_000) this.unsettled.delete(this.unsettled.keys().next().value!);
      }
    } finally {
      this.inFlight.delete(expected);
      recorded();
    }
  }

  /** Sends and tells what to record: sent, unknown (the acks that follow settle it) or refused (failed). */
  private async sendOnce(streamId: string, message: OutboundMessage, expected: string): Promise<ContactStreamCommand> {
    const messageId = message.idempotencyKey;
    try {
      const sent = await this.options.provider.send(message);
      this.sentStreams.set(sent.providerMessageId, streamId);
      return { type: 'RecordDispatch', messageId, providerMessageId: sent.providerMessageId };
    } catch (error) {
      const reason = (error as Error).message;
      if (error instanceof ChannelError) {
        this.options.log.warn({ err: error, messageId }, 'a reply was refused');
        return { type: 'RecordDispatchFailure', messageId, reason };
      }
      this.options.log.warn({ err: error, messageId }, 'the outcome of a reply is unknown');
      return { type: 'RecordDispatchUncertain', messageId, providerMessageId: expected, reason };
    }
  }

  /** A customer edited or deleted a message of theirs: the conversation shows it (a message never recorded is skipped). */
  private async change(connectionId: number, change: InboundChange): Promise<void> {
    const { companyId } = await this.connection(connectionId);
    const found = await this.options.conversationQueries.findMessage(companyId, toStorableText(change.targetProviderMessageId));
    if (!found || found.message.fromMe) return;
    const common = { companyId, whatsappId: connectionId, changeId: toStorableText(change.changeId), ticketId: found.message.ticketId, messageId: found.message.id };
    const command =
      change.kind === 'edit' ? { type: 'RecordCustomerEdit' as const, ...common, body: toStorableText(change.body) } : { type: 'RecordCustomerRevoke' as const, ...common };
    await this.options.conversations.execute(found.streamId, command, { actor: { type: 'system', name: 'gateway' } });
  }

  /**
   * A customer calls: the call is written into the conversation as a call log; when the company does not take calls
   * (its `call` setting disabled), the provider declines it and the customer is told, once per call, to write instead.
   */
  private async call(connectionId: number, call: InboundCall): Promise<'decline' | 'ignore'> {
    const connection = await this.connection(connectionId);
    const asMessage: InboundMessage = {
      connectionId,
      providerMessageId: `call-${call.callId}`,
      from: call.from,
      body: call.isVideo ? 'Video call' : 'Voice call',
      mediaType: 'call_log',
      timestamp: call.timestamp,
      ...(call.lid ? { lid: call.lid } : {}),
    };
    const message = await this.resolveIdentity(connection.companyId, asMessage);
    await recordInbound(this.options.conversations, connection, message);
    const settings = (await this.companies.company(connection.companyId))?.settings ?? {};
    if (settings.call !== 'disabled') return 'ignore';
    await this.options.conversations.sendExternal({
      companyId: connection.companyId,
      whatsappId: connectionId,
      number: message.from,
      messageId: `call-${call.callId}-declined`,
      body: CALL_DECLINED_TEXT,
      queueId: connection.queueIds.length === 1 ? connection.queueIds[0]! : null,
    });
    return 'decline';
  }

  /**
   * One person, one contact: a message that shows both a LID and a number teaches the pair; one from a LID alone goes
   * to the number's conversation when the pair is known, else to the LID's own (`{lid}@lid`), which replies reach.
   */
  private async resolveIdentity(companyId: number, message: InboundMessage): Promise<InboundMessage> {
    if (!message.lid) return message;
    if (message.from !== message.lid) {
      await this.learnIdentity(companyId, message.lid, message.from);
      return message;
    }
    const pn = await this.identities.phoneOf(companyId, message.lid);
    return { ...message, from: pn ?? lidAddress(message.lid) };
  }

  /**
   * A LID ↔ number pair: remembered, and a contact known only by that LID (from before the pair was known) is merged
   * into the number's, with its tickets, as events. Once per pair and process (the merge is a no-op when repeated).
   */
  private async learnIdentity(companyId: number, lid: string, pn: string): Promise<void> {
    await this.identities.learn(companyId, lid, pn);
    const key = `${companyId}:${lid}:${pn}`;
    if (this.mergedIdentities.has(key)) return;
    await this.options.conversations.mergeContacts(companyId, lidAddress(lid), pn);
    this.mergedIdentities.add(key);
    if (this.mergedIdentities.size > 50_000) this.mergedIdentities.delete(this.mergedIdentities.values().next().value!);
  }

  /**
   * An agent's stored file, opened when the provider sends it (and again if it sends it again). Only a file the
   * connection's company stored is sent: any other reference can never go, and says so.
   */
  private async outboundMedia(connectionId: number, mediaUrl: string, mediaType: MediaType, body: string, voice: boolean): Promise<OutboundMessage['media'] | undefined> {
    const blobs = this.options.blobs;
    const key = mediaUrl.replace(/^\/public\//, '').replace(/\?.*$/, '');
    const owner = companyOfKey(key);
    if (owner === undefined) throw new UnsendableError('The file reference is not a stored file');
    if (owner !== (await this.connection(connectionId)).companyId) throw new UnsendableError('The file belongs to another company');
    const info = blobs ? await blobs.stat(key) : undefined;
    if (!blobs || !info) return undefined;
    return {
      mediaType,
      mimetype: info.mime,
      fileName: info.name ?? body,
      voice,
      open: async () => {
        const found = await blobs.get(key);
        if (!found) throw new Error(`The file ${key} is no longer stored`);
        return found.stream;
      },
    };
  }

  /** WhatsApp's id of the quoted message: a customer's message has it as its id, ours has it recorded (or derived). */
  private quotedProviderId(state: ContactStreamState, quotedMessageId: string | null, connectionId: number): string | undefined {
    if (!quotedMessageId) return undefined;
    const outbound = state.outbound.get(quotedMessageId);
    if (outbound) return outbound.providerMessageId ?? this.options.provider.providerMessageId(quotedMessageId, connectionId);
    return state.received.has(quotedMessageId) ? quotedMessageId : undefined;
  }

  /** A connection's queues changed (or it is gone): later inbound messages follow the change. */
  private followConnection(event: RecordedEvent): void {
    const id = (event.data as { id: number }).id;
    if (event.type === 'WhatsappDeleted') {
      this.connections.delete(id);
      // Its session (if the page did not log it out first) has no record to serve any more.
      void this.options.provider.stopSession(id).catch((err: unknown) => this.options.log.warn({ err, connectionId: id }, 'stopping a deleted connection’s session failed'));
      return;
    }
    const known = this.connections.get(id);
    const queueIds = (event.data as { changes: Partial<WhatsappFields> }).changes.queueIds;
    if (known && queueIds) this.connections.set(id, { ...known, queueIds });
  }

  private sessionControl(): SessionControl {
    return {
      channels: this.options.channels ?? ['baileys', 'simulator'],
      start: async (companyId, whatsappId) => {
        const c = await this.options.connections.connection(whatsappId);
        if (!c || c.companyId !== companyId) throw new Error(`Unknown connection ${whatsappId}`);
        this.connections.set(c.id, { companyId, queueIds: c.queueIds });
        await this.options.provider.startSession({ connectionId: c.id, companyId, name: c.name, channel: c.channel }, this.sink);
      },
      renew: async (companyId, whatsappId) => {
        await this.options.provider.logout(whatsappId);
        await this.sessions.start(companyId, whatsappId);
      },
      logout: async (_companyId, whatsappId) => {
        await this.options.provider.logout(whatsappId);
      },
      checkNumber: async (_companyId, whatsappId, number) => (this.options.provider.checkNumber ? this.options.provider.checkNumber(whatsappId, number) : true),
    };
  }
}

/** What a customer sent, minus what cannot be stored (NUL characters, broken characters): the message is kept. */
export function storableInbound(message: InboundMessage): InboundMessage {
  const clean: InboundMessage = { ...message, providerMessageId: toStorableText(message.providerMessageId), from: toStorableText(message.from), body: toStorableText(message.body) };
  if (message.pushName !== undefined) clean.pushName = toStorableText(message.pushName);
  if (message.quotedProviderMessageId !== undefined) clean.quotedProviderMessageId = toStorableText(message.quotedProviderMessageId);
  return clean;
}

/**
 * Stores a customer's file in the blob store: its type as WhatsApp tells it (a file from WhatsApp's servers, decrypted
 * with the message's key), its extension from that type. Answers the path the message shows (`/public/…`).
 */
export async function storeInboundMedia(blobs: BlobStore, companyId: number, media: InboundMedia): Promise<string> {
  const mime = media.mimetype.split(';')[0]!.trim().toLowerCase() || 'application/octet-stream';
  const ext = (mimeTypes.extension(mime) || 'bin').replace(/[^a-z0-9]/g, '').slice(0, 8) || 'bin';
  const key = mediaKey(companyId, ext);
  const body = await media.open();
  await blobs.put(key, Readable.from(body as AsyncIterable<Buffer>), { mime, ...(media.fileName ? { name: media.fileName } : {}) });
  return `/public/${key}`;
}

/** Records a customer's message on its conversation (idempotent by message id), for the gateway and `atendo inbound retry`. */
export async function recordInbound(
  conversations: ContactStreamService,
  connection: { companyId: number; queueIds: number[] },
  received: InboundMessage,
  mediaUrl?: string,
  rules: InboundContext = {},
): Promise<void> {
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
    mediaUrl: mediaUrl ?? null,
    ...(message.fromMe ? { fromMe: true } : rules),
  });
}
