import { randomUUID } from 'node:crypto';
import type { Ack, MediaType, Position } from '@atendo/contracts';
import { handleCommand, loadState, StateCache, type CommandContext, type HandleOptions } from '../commands/handler.js';
import type { SnapshotStore } from '../commands/snapshots.js';
import { PartialDuplicateError, type EventStore, type IdAllocator } from '@atendo/platform';
import { contactStream, type ContactStreamDomainEvent, type ContactStreamState } from './state.js';
import { nameBasedUuid, type ContactStreamCommand } from './decider.js';
import type { ConversationDecider } from './compose.js';
import type { InboundContext } from './family.js';

/** A customer's message and what the connection's automations add to it (`InboundContext`: chatbot, flows …). */
export interface InboundInput extends InboundContext {
  companyId: number;
  whatsappId: number;
  /** The connection's queue when it has exactly one; else the ticket starts without one. */
  queueId: number | null;
  messageId: string;
  number: string;
  pushName: string | null;
  body: string;
  mediaType: MediaType;
  sentAt: Date;
  isGroup: boolean;
  quotedMessageId: string | null;
  /** The customer's file, already stored (`/public/…`). */
  mediaUrl?: string | null;
  /** Typed on the connected phone to this number (a person taking over), not the customer's. */
  fromMe?: boolean;
}

/**
 * The id of a reply sent with a client's idempotency key: the same key on the same ticket is the same message, and a
 * key reused on another ticket (or by another company) can never name, and so overwrite, another message.
 */
export function replyMessageId(streamId: string, ticketId: number, idempotencyKey: string): string {
  return nameBasedUuid(`atendo:reply:${streamId}:${ticketId}:${idempotencyKey.toLowerCase()}`);
}

/** The context's keys that say something (a key given as undefined is left out, as it always was). */
function withoutEmpty(context: InboundContext): InboundContext {
  return Object.fromEntries(Object.entries(context).filter(([, value]) => value !== undefined)) as InboundContext;
}

export interface ConversationResult {
  events: Array<ContactStreamDomainEvent & { id: string }>;
  state: ContactStreamState;
  position?: Position;
}

/**
 * The use cases of a conversation, for the API and the WhatsApp gateway alike, decided by `decider`: the rule families
 * of the composition (the server's: its feature modules', `contactStreamDecider(families)`).
 */
export class ContactStreamService {
  private readonly cache = new StateCache<ContactStreamState>();
  private readonly options: HandleOptions;

  constructor(
    readonly decider: ConversationDecider,
    private readonly store: EventStore,
    private readonly ids: IdAllocator,
    private readonly snapshots?: SnapshotStore,
  ) {
    this.options = { cache: this.cache as StateCache<unknown>, snapshots };
  }

  /**
   * Records a customer's message (idempotent by message id): contact and ticket are created when needed. A
   * redelivery the state still remembers decides nothing; an older one decides again, and the store finds its
   * `MessageReceived` id already in the stream (decision 0007).
   */
  async receive(input: InboundInput): Promise<ConversationResult> {
    const stream = contactStream(input.companyId, input.number);
    try {
      return await this.handleReceive(stream, input);
    } catch (error) {
      // The message is in the stream, but the state had forgotten it and decided a new ticket around it.
      if (error instanceof PartialDuplicateError) return { events: [], state: await this.state(stream) };
      throw error;
    }
  }

  /** Ids for the contact and ticket a message may create (none for a message the state already has). */
  private async newIds(state: ContactStreamState, messageId: string) {
    const seen = state.received.has(messageId);
    return {
      newContactId: state.contact?.id ?? (seen ? 0 : await this.ids.next('contact')),
      newTicketId: state.currentTicketId ?? (seen ? 0 : await this.ids.next('ticket')),
      newTicketUuid: randomUUID(),
    };
  }

  private handleReceive(stream: string, input: InboundInput): Promise<ConversationResult> {
    if (input.fromMe) {
      return handleCommand(
        this.store,
        this.decider,
        stream,
        async (state) => ({
          type: 'RecordPhoneMessage' as const,
          companyId: input.companyId,
          whatsappId: input.whatsappId,
          messageId: input.messageId,
          number: input.number,
          body: input.body,
          mediaType: input.mediaType,
          sentAt: input.sentAt.toISOString(),
          quotedMessageId: input.quotedMessageId,
          mediaUrl: input.mediaUrl ?? null,
          queueId: input.queueId,
          ...(await this.newIds(state, input.messageId)),
        }),
        { actor: { type: 'system', name: 'phone' }, occurredAt: input.sentAt },
        this.options,
      );
    }
    const { companyId, whatsappId, messageId, number, pushName, body, mediaType, sentAt, isGroup, quotedMessageId, mediaUrl, queueId, fromMe: _phone, ...context } = input;
    return handleCommand(
      this.store,
      this.decider,
      stream,
      async (state) => ({
        type: 'ReceiveMessage' as const,
        companyId,
        whatsappId,
        messageId,
        number,
        pushName,
        body,
        mediaType,
        sentAt: sentAt.toISOString(),
        isGroup,
        quotedMessageId,
        mediaUrl: mediaUrl ?? null,
        queueId,
        ...(await this.newIds(state, messageId)),
        // What the automations add, as the gateway read it (absent keys: nothing to add).
        ...withoutEmpty(context),
      }),
      { actor: { type: 'contact', contactId: 0 }, occurredAt: input.sentAt },
      this.options,
    );
  }

  /** Any command on a conversation whose stream is known (from the tickets read model). */
  execute(streamId: string, command: ContactStreamCommand, context: CommandContext): Promise<ConversationResult> {
    return handleCommand(this.store, this.decider, streamId, command, context, this.options);
  }

  /** Queues an agent's reply; the gateway sends it and records the dispatch. Returns the new message id. */
  async reply(
    streamId: string,
    input: {
      ticketId: number;
      body: string;
      userId: number;
      admin: boolean;
      quotedMessageId: string | null;
      idempotencyKey?: string;
      /** A file (already stored); `part` numbers the files of one request, so each is its own message under one key. */
      media?: { mediaType: MediaType; mediaUrl: string; voice: boolean };
      part?: number;
      /** The connection's `expiresTicket` (minutes): quiet that long after this reply, the ticket closes. */
      autoCloseMinutes?: number;
    },
    context: CommandContext,
  ) {
    const key = input.idempotencyKey === undefined ? undefined : input.part ? `${input.idempotencyKey}#${input.part}` : input.idempotencyKey;
    const messageId = key === undefined ? randomUUID() : replyMessageId(streamId, input.ticketId, key);
    const { ticketId, body, userId, admin, quotedMessageId, media, autoCloseMinutes } = input;
    const at = (context.occurredAt ?? new Date()).toISOString();
    const autoClose = autoCloseMinutes ? { autoClose: { minutes: autoCloseMinutes, at } } : {};
    const result = await this.execute(streamId, { type: 'QueueMessage', ticketId, messageId, body, userId, admin, quotedMessageId, ...(media ? { media } : {}), ...autoClose }, context);
    return { ...result, messageId };
  }

  /**
   * Queues a message sent through the external API on the number's conversation (a new contact and a pending ticket
   * when it has none). The same `messageId` twice is one message.
   */
  async sendExternal(input: {
    companyId: number;
    whatsappId: number;
    number: string;
    messageId: string;
    body: string;
    queueId: number | null;
    media?: { mediaType: MediaType; mediaUrl: string; voice: boolean };
    /** A campaign's send: a ticket opened for it is resolved at once (see QueueExternalMessage). */
    resolveOpened?: boolean;
    /** Who sends it, for the log (the external API unless said). */
    sender?: string;
  }): Promise<ConversationResult & { ticketId: number }> {
    const { sender = 'external-api', ...command } = input;
    const stream = contactStream(input.companyId, input.number);
    const result = await handleCommand(
      this.store,
      this.decider,
      stream,
      async (state) => ({
        type: 'QueueExternalMessage' as const,
        ...command,
        newContactId: state.contact?.id ?? (await this.ids.next('contact')),
        newTicketId: state.currentTicketId ?? (await this.ids.next('ticket')),
        newTicketUuid: randomUUID(),
      }),
      { actor: { type: 'system', name: sender } },
      this.options,
    );
    return { ...result, ticketId: result.state.outbound.get(input.messageId)!.ticketId };
  }

  /**
   * One person, one contact: the contact known only as `fromNumber` (a LID, `{lid}@lid`) turned out to be
   * `intoNumber`. Its stream is closed towards the number, then the number's stream takes in its tickets and what it
   * knew of its sends. Nothing when there is no such contact; safe to run again after a crash in between.
   */
  async mergeContacts(companyId: number, fromNumber: string, intoNumber: string): Promise<ConversationResult | null> {
    const fromStream = contactStream(companyId, fromNumber);
    const context: CommandContext = { actor: { type: 'system', name: 'gateway' } };
    const closed = await this.execute(fromStream, { type: 'MergeInto', intoNumber }, context);
    const s = closed.state;
    if (!s.contact || s.mergedInto !== intoNumber) return null;
    return this.execute(
      contactStream(companyId, intoNumber),
      {
        type: 'AbsorbContact',
        number: intoNumber,
        from: {
          fromContactId: s.contact.id,
          fromNumber,
          fromStreamId: fromStream,
          name: s.contact.name,
          tickets: this.decider.ticketsOf(s),
          currentTicketId: s.currentTicketId,
          received: s.received.toArray().map(([id]) => id),
          outbound: s.outbound.toArray().map(([id, m]) => [id, m.ticketId, m.providerMessageId, m.ack, m.failed]),
        },
      },
      context,
    );
  }

  /**
   * A conversation as it stands now (through the same cache the commands use); or, given `atLeast`, as it stood at
   * that revision or later: a cached state that far along is answered without reading the stream.
   */
  async state(streamId: string, atLeast?: number): Promise<ContactStreamState> {
    const cached = atLeast === undefined ? undefined : this.cache.get(streamId);
    if (cached && cached.revision >= atLeast!) return cached.state;
    return (await loadState(this.store, this.decider, streamId, this.cache, this.snapshots)).state;
  }

  recordAck(streamId: string, providerMessageId: string, ack: Ack): Promise<ConversationResult> {
    return this.execute(streamId, { type: 'RecordAck', providerMessageId, ack }, { actor: { type: 'system', name: 'gateway' } });
  }

  /** WhatsApp refused a sent message after all, or never acknowledged it: it is failed, with the reason. */
  recordDeliveryFailure(streamId: string, providerMessageId: string, reason: string): Promise<ConversationResult> {
    return this.execute(streamId, { type: 'RecordDeliveryFailure', providerMessageId, reason }, { actor: { type: 'system', name: 'gateway' } });
  }
}
