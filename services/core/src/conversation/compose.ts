import type { Ack, TimerKind } from '@atendo/contracts';
import { Map as ImmutableMap } from 'immutable';
import type { Decider, SnapshotCodec } from '../commands/decider.js';
import type { ContactStreamCommand, ConversationFamily, ConversationRules } from './family.js';
import { coreTicket, initialCore, OUTBOUND_WINDOW, RECEIVED_WINDOW, type ContactStreamDomainEvent as E, type ContactStreamState as S, type ConversationSlices, type OutboundState, type TicketState } from './state.js';
import { Window } from './window.js';

type AnyDecide = (command: ContactStreamCommand, state: S, rules: ConversationRules) => E[];
type CoreEvolve = (next: S, event: E, state: S) => void;
type SliceEvolve = (slice: unknown, event: E, conversation: S) => unknown;
type Slices = Record<string, unknown>;
/** A slice without its key's type: the composition handles every family's alike. */
type Slice = { key: string; version?: number; initial(): unknown; evolve: Record<string, SliceEvolve | undefined>; tickets?: { export(s: unknown, id: number): Record<string, unknown>; import(s: unknown, id: number, t: Record<string, unknown>): unknown; drop(s: unknown, id: number): unknown }; snapshot?: { serialize(s: unknown): unknown; deserialize(d: unknown): unknown } };

export interface ConversationDecider extends Decider<ContactStreamCommand, E, S> {
  /** The types the families handle, for the composition's own tests. */
  commandTypes: string[];
  eventTypes: string[];
  /** The families composed, by name, in the composition's order. */
  families: string[];
  /** The kinds of timer the families fire: the ones the jobs role sends `FireTimer` for. */
  timerKinds: TimerKind[];
  /** What the families add to each other's decisions. */
  rules: ConversationRules;
  snapshot: SnapshotCodec<S>;
  /** The tickets with every slice's facts on them, as a merge carries them (`ContactMerged`). */
  ticketsOf(state: S): TicketState[];
}

/**
 * The customer's stream from its families (decisions 0013, 0045): a command goes to the family that decides it, with
 * the composed contributions of all; an event is folded by the core family that owns it (if any, on a fresh shallow
 * copy of the state), then by every slice that cares. Two families deciding one command, two core families folding one
 * event or two slices under one key are caught here, at start-up. An event type no family folds leaves the state as it
 * is (a newer writer's event); a command no family decides is a programming error.
 */
export function composeConversation(families: ReadonlyArray<ConversationFamily>, options: { version: number; every: number }): ConversationDecider {
  const names = new Set<string>();
  const deciders = new Map<string, { family: string; decide: AnyDecide }>();
  const cores = new Map<string, { family: string; evolve: CoreEvolve }>();
  const sliceFolds = new Map<string, Array<{ key: string; evolve: SliceEvolve }>>();
  const slices: Slice[] = [];
  const rules: ConversationRules = { inbound: { before: [], opened: [], answer: [] }, resolve: [], phone: [], timers: {} };
  for (const family of families) {
    if (names.has(family.name)) throw new Error(`Rule family ${family.name} is composed twice`);
    names.add(family.name);
    for (const [type, decide] of Object.entries(family.decide ?? {}) as Array<[string, AnyDecide]>) {
      const other = deciders.get(type);
      if (other) throw new Error(`Rule families ${other.family} and ${family.name} both decide ${type}`);
      deciders.set(type, { family: family.name, decide });
    }
    for (const [type, evolve] of Object.entries(family.evolve ?? {}) as Array<[string, CoreEvolve]>) {
      const other = cores.get(type);
      if (other) throw new Error(`Rule families ${other.family} and ${family.name} both fold ${type}`);
      cores.set(type, { family: family.name, evolve });
    }
    if (family.slice) {
      const slice = family.slice as unknown as Slice;
      if (slices.some((s) => s.key === slice.key)) throw new Error(`Rule family ${family.name}: the slice ${slice.key} is already another family's`);
      slices.push(slice);
      for (const [type, evolve] of Object.entries(slice.evolve)) {
        if (evolve) sliceFolds.set(type, [...(sliceFolds.get(type) ?? []), { key: slice.key, evolve }]);
      }
    }
    const { inbound } = family;
    if (inbound?.before) rules.inbound.before.push(inbound.before);
    if (inbound?.opened) rules.inbound.opened.push(inbound.opened);
    if (inbound?.answer) rules.inbound.answer.push(...inbound.answer);
    if (family.resolve) rules.resolve.push(family.resolve);
    if (family.phone) rules.phone.push(family.phone);
    for (const [kind, effect] of Object.entries(family.timers ?? {})) {
      if (rules.timers[kind as keyof ConversationRules['timers']]) throw new Error(`Rule family ${family.name}: another family already fires ${kind} timers`);
      rules.timers[kind as keyof ConversationRules['timers']] = effect;
    }
  }
  rules.inbound.answer.sort((a, b) => a.rank - b.rank);
  const ticketSlices = slices.filter((s) => s.tickets);

  const initialState = (): S => ({ ...initialCore(), slices: Object.fromEntries(slices.map((s) => [s.key, s.initial()])) as unknown as ConversationSlices });
  const slicesOf = (state: S) => state.slices as unknown as Slices;

  /** A ticket carried whole (snapshot, merge): its core fields and each slice's facts. */
  const carried = (state: S, ticket: TicketState): TicketState => {
    let out: TicketState = ticket;
    for (const s of ticketSlices) out = { ...out, ...s.tickets!.export(slicesOf(state)[s.key], ticket.id) };
    return out;
  };
  const ticketsOf = (state: S) => [...state.tickets.values()].map((t) => carried(state, t));
  /** Each slice takes in what carried tickets bring of it. */
  const takeIn = (current: Slices, tickets: ReadonlyArray<TicketState>): Slices => {
    const next = { ...current };
    for (const s of ticketSlices) {
      let slice = next[s.key];
      for (const t of tickets) slice = s.tickets!.import(slice, t.id, t as unknown as Record<string, unknown>);
      next[s.key] = slice;
    }
    return next;
  };

  return {
    initialState,
    snapshot: snapshotCodec(options, initialState, slices, ticketsOf, takeIn),
    families: [...names],
    timerKinds: Object.keys(rules.timers) as TimerKind[],
    rules,
    ticketsOf,
    commandTypes: [...deciders.keys()],
    eventTypes: [...new Set([...cores.keys(), ...sliceFolds.keys()])],
    decide(command, state) {
      const found = deciders.get(command.type);
      if (!found) throw new Error(`No rule family decides ${command.type}`);
      return found.decide(command, state, rules);
    },
    evolve(state, event) {
      const core = cores.get(event.type);
      const folds = sliceFolds.get(event.type);
      if (!core && !folds) return state;
      const next = { ...state };
      core?.evolve(next, event, state);
      let slices: Slices | undefined;
      // A ticket that goes takes each slice's facts with it; one that comes brings them.
      if (event.type === 'TicketDeleted' && ticketSlices.length) {
        slices = { ...slicesOf(state) };
        for (const s of ticketSlices) slices[s.key] = s.tickets!.drop(slices[s.key], event.data.ticketId);
      } else if (event.type === 'ContactMerged' && ticketSlices.length) {
        slices = takeIn(slicesOf(state), event.data.tickets);
      }
      if (folds) {
        slices ??= { ...slicesOf(state) };
        next.slices = slices as unknown as ConversationSlices;
        for (const { key, evolve } of folds) slices[key] = evolve(slices[key], event, next);
      }
      if (slices) next.slices = slices as unknown as ConversationSlices;
      return next;
    },
  };
}

/**
 * The state as JSON, for snapshots: the windows keep their order, so a loaded state evicts as the folded one.
 * Outbound messages are tuples (the bulk of a snapshot); provider ids are rebuilt from them. Tickets carry each
 * slice's facts about them, and a slice of the whole conversation is kept under its key.
 */
interface ConversationSnapshot {
  contact: S['contact'];
  tickets: TicketState[];
  currentTicketId: number | null;
  received: string[];
  outbound: Array<[messageId: string, ticketId: number, providerMessageId: string | null, ack: Ack, failed: boolean, deleted?: boolean]>;
  mergedInto: string | null;
  absorbed: number[];
  [slice: string]: unknown;
}

function snapshotCodec(
  options: { version: number; every: number },
  initialState: () => S,
  slices: readonly Slice[],
  ticketsOf: (state: S) => TicketState[],
  takeIn: (current: Slices, tickets: ReadonlyArray<TicketState>) => Slices,
): SnapshotCodec<S> {
  const whole = slices.filter((s) => s.snapshot);
  return {
    version: options.version,
    every: options.every,
    serialize: (state): ConversationSnapshot => ({
      contact: state.contact,
      tickets: ticketsOf(state),
      currentTicketId: state.currentTicketId,
      received: state.received.toArray().map(([id]) => id),
      outbound: state.outbound.toArray().map(([id, m]) => (m.deleted ? [id, m.ticketId, m.providerMessageId, m.ack, m.failed, true] : [id, m.ticketId, m.providerMessageId, m.ack, m.failed])),
      mergedInto: state.mergedInto,
      absorbed: state.absorbed,
      ...Object.fromEntries(whole.map((s) => [s.key, s.snapshot!.serialize((state.slices as unknown as Slices)[s.key])])),
    }),
    deserialize: (data) => {
      const s = data as ConversationSnapshot;
      const outbound = Window.of<string, OutboundState>(
        OUTBOUND_WINDOW,
        s.outbound.map(([id, ticketId, providerMessageId, ack, failed, deleted]) => [id, { ticketId, providerMessageId, ack, failed, ...(deleted ? { deleted } : {}) }]),
      );
      const sliced = takeIn(initialState().slices as unknown as Slices, s.tickets);
      for (const slice of whole) sliced[slice.key] = slice.snapshot!.deserialize(s[slice.key]);
      return {
        contact: s.contact,
        tickets: ImmutableMap(s.tickets.map((t) => [t.id, coreTicket(t)])),
        currentTicketId: s.currentTicketId,
        received: Window.of(RECEIVED_WINDOW, s.received.map((id) => [id, true])),
        outbound,
        // Only the providers of messages still in `outbound` matter: an ack for any other finds no message.
        byProviderId: Window.of(
          OUTBOUND_WINDOW,
          s.outbound.flatMap(([id, , providerMessageId]) => (providerMessageId === null ? [] : [[providerMessageId, id] as [string, string]])),
        ),
        mergedInto: s.mergedInto ?? null,
        absorbed: s.absorbed ?? [],
        slices: sliced as unknown as ConversationSlices,
      };
    },
  };
}

