import { describe, expect, it } from 'vitest';
import { CONTACT_STREAM_EVENT_TYPES } from '@atendo/contracts';
import { armTimer, defineFamily, defineSlice, fold, systemMessage, ticketOf, type ContactStreamCommand, type ContactStreamDomainEvent } from '@atendo/core';
import { everyFamily } from '@atendo/core/testing';
import { inboundEnrichers, type InboundEnricher } from '../gateway/inboundContexts.js';
import { conversationOf, defineFeature } from './featureModule.js';
import { features } from './index.js';

// A feature that exists only here, brought as a new automation would bring its folders: its timer kind (its contracts),
// its command, its slice and its part of a customer's message (its core folder), its reader of the connection's
// configuration and its module. It edits no central file: it joins the product by being in the modules' list.
type NudgeCommand = { type: 'SnoozeNudges'; ticketId: number; minutes: number; at: string };

declare module '@atendo/contracts' {
  interface TimerKindCatalogue {
    /** A pending ticket nobody answered: the customer hears that someone will come. */
    nudge: true;
  }
}
declare module '@atendo/core' {
  interface ConversationSlices {
    /** How many times the customer was nudged. */
    nudges: number;
  }
  interface ConversationCommands {
    nudges: NudgeCommand;
  }
  interface InboundContext {
    /** The connection's nudge delay (minutes). */
    nudgeMinutes?: number;
  }
}

const NUDGE = 'Ainda estamos aqui: alguém já vai atender você.';

const nudgeRules = defineFamily<NudgeCommand>({
  name: 'nudges',
  decide: {
    SnoozeNudges(command, state) {
      return [armTimer(ticketOf(state, command.ticketId).id, 'nudge', command.at, command.minutes)];
    },
  },
  inbound: {
    opened: ({ message }, ticketId) => (message.nudgeMinutes ? [armTimer(ticketId, 'nudge', message.sentAt, message.nudgeMinutes)] : []),
  },
  timers: {
    nudge: (fire, ticket) => (ticket.status === 'pending' ? [systemMessage(ticket, `nudge-${ticket.id}-${fire.dueAt}`, NUDGE)] : []),
  },
  slice: defineSlice({
    key: 'nudges',
    initial: () => 0,
    snapshot: { serialize: (n) => n, deserialize: (data) => Number(data ?? 0) },
    evolve: { TimerFired: (n, { data }) => (data.kind === 'nudge' ? n + 1 : n) },
  }),
});

const nudgeInbound: InboundEnricher = { name: 'nudges', read: async () => ({ nudgeMinutes: 3 }) };

const nudges = defineFeature({ name: 'nudges', conversation: [nudgeRules], inbound: nudgeInbound });

const sentAt = '2026-11-29T10:00:00.000Z';
const dueAt = '2026-11-29T10:03:00.000Z';
const receive = (context: object): ContactStreamCommand => ({
  type: 'ReceiveMessage', companyId: 1, whatsappId: 4, messageId: 'wa-1', number: '5511999990001', pushName: 'Ana', body: 'oi', mediaType: 'chat',
  sentAt, isGroup: false, quotedMessageId: null, mediaUrl: null, queueId: null, newContactId: 10, newTicketId: 20, newTicketUuid: 'uuid-20', ...context,
});
const fire = (at: string): ContactStreamCommand => ({ type: 'FireTimer', ticketId: 20, kind: 'nudge', dueAt: at });

describe("the customer's conversation is composed from the feature modules (issue 33)", () => {
  it("the server's conversation is the families its modules bring: every family of core, every event of the stream, their timer kinds", () => {
    const server = conversationOf(features);
    expect([...server.families].sort()).toEqual(everyFamily.map((f) => f.name).sort());
    expect([...server.eventTypes].sort()).toEqual([...CONTACT_STREAM_EVENT_TYPES].sort());
    expect([...server.timerKinds].sort()).toEqual(['autoClose', 'autoTransfer', 'ratingWait']);
    expect(server.snapshot.version).toBe(conversationOf([...features].reverse()).snapshot.version);
  });

  it('one more module brings a family: the conversation decides its command, arms and fires its kind of timer and folds its slice', async () => {
    const modules = [...features, nudges];
    const conversation = conversationOf(modules);
    expect(conversation.timerKinds).toContain('nudge');

    // The gateway runs the module's reader with the others, after them; what it reads goes with the message.
    const enrichers = inboundEnrichers(modules);
    expect(enrichers.at(-1)).toBe(nudgeInbound);
    const context = await nudgeInbound.read(undefined as never, { connectionId: 4, companyId: 1, queues: [], company: null }, {});

    const received = conversation.decide(receive(context), conversation.initialState());
    expect(received).toContainEqual({ type: 'TimerArmed', data: { ticketId: 20, kind: 'nudge', dueAt } });
    let state = fold(conversation, received);

    // The jobs role finds it due and sends its FireTimer: the family's effect follows, once.
    const fired = conversation.decide(fire(dueAt), state);
    expect(fired).toEqual([
      { type: 'TimerFired', data: { ticketId: 20, kind: 'nudge', dueAt } },
      { type: 'MessageQueued', data: { ticketId: 20, messageId: `nudge-20-${dueAt}`, whatsappId: 4, body: NUDGE, userId: 0, quotedMessageId: null } },
    ]);
    state = fired.reduce(conversation.evolve, state);
    expect(state.slices.nudges).toBe(1);
    expect(conversation.decide(fire(dueAt), state)).toEqual([]);

    // Its own command, and its slice kept in snapshots under a version of its own.
    const snoozed = conversation.decide({ type: 'SnoozeNudges', ticketId: 20, minutes: 10, at: dueAt }, state);
    expect(snoozed).toEqual([{ type: 'TimerArmed', data: { ticketId: 20, kind: 'nudge', dueAt: '2026-11-29T10:13:00.000Z' } } satisfies ContactStreamDomainEvent]);
    const loaded = conversation.snapshot.deserialize(JSON.parse(JSON.stringify(conversation.snapshot.serialize(state))));
    expect(loaded.slices.nudges).toBe(1);
    expect(conversation.snapshot.version).not.toBe(conversationOf(features).snapshot.version);
  });

  it('without the module, nothing of it is there: its command is no family’s, its kind fires nothing', () => {
    const server = conversationOf(features);
    expect(server.timerKinds).not.toContain('nudge');
    const state = fold(server, [
      ...server.decide(receive({}), server.initialState()),
      { type: 'TimerArmed', data: { ticketId: 20, kind: 'nudge', dueAt } },
    ]);
    expect(() => server.decide({ type: 'SnoozeNudges', ticketId: 20, minutes: 10, at: dueAt }, state)).toThrow(/No rule family decides SnoozeNudges/);
    expect(server.decide(fire(dueAt), state)).toEqual([]);
  });
});
