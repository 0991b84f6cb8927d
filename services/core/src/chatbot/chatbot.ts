import type { ChatbotContext, ChatbotOption, CompanySchedule } from '@atendo/contracts';
import { defineFamily, defineSlice } from '../conversation/family.js';
import type { ContactStreamDomainEvent, ContactStreamState, TicketState } from '../conversation/state.js';
import { changeFacts, noFacts, systemMessage, ticketFactsCodec, ticketOf, type TicketFacts } from '../conversation/tickets.js';
import { DomainError } from '@atendo/platform';
import { isOpen, nextOpening } from './hours.js';

/** Where the bot stands on a ticket (see ChatbotEvent); absent until it first asks something. */
export interface BotState {
  path: number[] | null;
  invalid: number;
  invalidSince: string | null;
  stopped: boolean;
  /** Stopped by a person (a reply typed on the phone) or an integration: nothing automatic speaks until it resumes. */
  held?: boolean;
  /** Handed back to the bot: the customer's next message starts over, as on a new ticket. */
  restart?: boolean;
}

/** What the chatbot keeps of each ticket. */
export interface TicketBot {
  /** Where the bot stands on this ticket; absent once a person took it, or before the bot asked. */
  bot?: BotState;
  /** The closed period whose out-of-hours message this ticket got (its next opening, local time; null: never opens). */
  outOfHours?: string | null;
  /** Greeted late: it opened out of hours, and the greeting came with the first message in hours. */
  greeted?: boolean;
}

/** An integration (or an agent) pauses the bot on a ticket, or hands the ticket back to it. */
export type ChatbotCommand = { type: 'PauseBot'; ticketId: number } | { type: 'ResumeBot'; ticketId: number };

declare module '../conversation/state.js' {
  interface ConversationSlices {
    chatbot: TicketFacts<TicketBot>;
  }
}
declare module '../conversation/family.js' {
  interface ConversationCommands {
    chatbot: ChatbotCommand;
  }
  interface InboundContext {
    /** The connection's greeting, queues and menus: the bot answers from these (none: it stays quiet). */
    chatbot?: ChatbotContext;
  }
}

const botOf = (state: ContactStreamState, ticketId: number) => state.slices.chatbot.get(ticketId)?.bot;

/** The words the bot adds to a menu to move around it (the product speaks Portuguese to customers by default). */
export const MENU_BACK = '*0* - Voltar';
export const MENU_HOME = '*#* - Menu inicial';

/** A numbered list, one line a choice: `*1* - Vendas`. */
const numbered = (items: Array<{ option: number; title: string }>) => items.map((i) => `*${i.option}* - ${i.title}`).join('\n');
const joined = (...parts: string[]) => parts.map((p) => p.trim()).filter(Boolean).join('\n\n');

/** The connection's greeting and its queues to choose from. */
export function mainMenu(ctx: ChatbotContext): string {
  return joined(ctx.greetingMessage, numbered(ctx.queues.map((q, i) => ({ option: i + 1, title: q.name }))));
}

/** A level of a queue's menu, with the ways back (`0` when below the top, `#` when there are queues to go back to). */
export function optionsMenu(ctx: ChatbotContext, heading: string, options: ChatbotOption[], depth: number): string {
  const nav = [...(depth > 0 ? [MENU_BACK] : []), ...(ctx.queues.length > 1 ? [MENU_HOME] : [])].join('\n');
  return joined(heading, numbered(options), nav);
}

export interface ChatbotTurn {
  ctx: ChatbotContext;
  ticket: TicketState;
  /** What the bot kept of the ticket so far. */
  facts: TicketBot;
  /** The customer's message opened the ticket. */
  opened: boolean;
  body: string;
  /** When the customer wrote (ISO). */
  at: string;
  /** The id of the bot's n-th message of this turn (deterministic: a redelivered message is decided again the same way). */
  messageId(n: number): string;
}

/**
 * The bot's answer to a customer's message (spec: queue choice and queue options). It talks only on a pending ticket
 * no person has taken; it greets a new ticket, lists the queues when there are several, walks the chosen queue's menu
 * by number (`0` up one level, `#` back to the queues; a level with one option opens it at once), repeats a menu after
 * an answer it cannot use, and stops after too many of those, leaving the ticket to a person.
 */
export function chatbotTurn(turn: ChatbotTurn): ContactStreamDomainEvent[] {
  const { ctx, ticket, facts, at } = turn;
  if (ticket.status !== 'pending' || ticket.userId !== null) return [];
  const bot = facts.bot;
  // A person or an integration holds the conversation: not even the out-of-hours message talks over them.
  if (bot?.held) return [];
  const events: ContactStreamDomainEvent[] = [];
  let sent = 0;
  const say = (text: string) => {
    if (!text.trim()) return;
    events.push(systemMessage(ticket, turn.messageId(sent++), text.trim()));
  };
  const advance = (path: number[] | null, invalid = 0, invalidSince: string | null = null) =>
    events.push({ type: 'ChatbotAdvanced', data: { ticketId: ticket.id, path, invalid, invalidSince } });
  const stop = (reason: 'done' | 'attempts') => events.push({ type: 'ChatbotStopped', data: { ticketId: ticket.id, reason } });

  /**
   * Business hours (rule 5): closed, the out-of-hours message goes once per closed period and the ticket waits, pending,
   * for the morning. `schedules` empty: always open.
   */
  const closed = (schedules: CompanySchedule[], message: string): boolean => {
    const now = new Date(at);
    if (isOpen(schedules, ctx.hours.timeZone, now)) return false;
    const until = nextOpening(schedules, ctx.hours.timeZone, now);
    if (facts.outOfHours !== until) {
      say(message);
      events.push({ type: 'ChatbotOutOfHours', data: { ticketId: ticket.id, until } });
    }
    return true;
  };
  if (ctx.hours.scope === 'company' && closed(ctx.hours.schedules, ctx.hours.outOfHoursMessage)) return events;
  const queueHours = (queue: ChatbotContext['queues'][number] | undefined) => ctx.hours.scope === 'queue' && !!queue && closed(queue.schedules, queue.outOfHoursMessage);
  if (queueHours(ctx.queues.find((q) => q.id === ticket.queueId))) return events;
  if (bot?.stopped) return [];

  /** Opens an option: its message, then its sub-menu (a lone sub-option opens by itself); no sub-menu ends the bot's part. */
  const open = (path: number[], option: ChatbotOption, prefix = '') => {
    let node = option;
    const texts = [prefix, node.message];
    const ids = [...path, node.id];
    while (node.children.length === 1) {
      node = node.children[0]!;
      ids.push(node.id);
      texts.push(node.message);
    }
    if (node.children.length === 0) {
      say(joined(...texts));
      return stop('done');
    }
    say(optionsMenu(ctx, joined(...texts), node.children, ids.length));
    advance(ids);
  };
  /** The ticket joins a queue: its greeting and its menu (or, out of its hours, its out-of-hours message). */
  const enter = (queue: ChatbotContext['queues'][number], prefix = '') => {
    if (queueHours(queue)) return bot ? stop('done') : undefined;
    if (queue.options.length === 1) return open([], queue.options[0]!, joined(prefix, queue.greetingMessage));
    if (queue.options.length === 0) {
      say(joined(prefix, queue.greetingMessage));
      return bot ? stop('done') : undefined;
    }
    say(optionsMenu(ctx, joined(prefix, queue.greetingMessage), queue.options, 0));
    advance([]);
  };

  // A ticket opened out of hours hears the greeting with its first message in hours (once).
  const greetingLate = !turn.opened && !bot && facts.outOfHours !== undefined && !facts.greeted;
  const restart = bot?.restart === true;
  if (turn.opened || greetingLate || restart) {
    if (greetingLate) events.push({ type: 'ChatbotGreeted', data: { ticketId: ticket.id } });
    if (ctx.queues.length === 0) {
      say(ctx.greetingMessage);
      if (restart) stop('done');
      return events;
    }
    if (ctx.queues.length === 1) {
      enter(ctx.queues[0]!, ctx.greetOneQueue ? ctx.greetingMessage : '');
      return events;
    }
    say(mainMenu(ctx));
    advance(null);
    return events;
  }
  if (!bot) return [];

  const answer = turn.body.trim();
  const queue = ctx.queues.find((q) => q.id === ticket.queueId);
  // What the customer sees again after an answer the bot cannot use, and where it stays.
  let repeat: () => void;
  if (answer === '#' && ctx.queues.length > 1) {
    say(mainMenu(ctx));
    advance(null);
    return events;
  }
  if (bot.path === null || !queue) {
    const chosen = /^\d{1,3}$/.test(answer) ? ctx.queues[Number(answer) - 1] : undefined;
    if (chosen) {
      events.push({ type: 'TicketQueueChosen', data: { ticketId: ticket.id, queueId: chosen.id } });
      enter(chosen);
      return events;
    }
    repeat = () => say(mainMenu(ctx));
  } else {
    // The level the customer is at: the queue's top menu, or the sub-menu of the last option on the path.
    const { options: level, heading } = levelAt(queue, bot.path);
    if (answer === '0' && bot.path.length > 0) {
      // Up one level; a level of one option was opened by itself on the way down, so it is passed on the way up too.
      let up = bot.path.slice(0, -1);
      while (up.length > 0 && levelAt(queue, up).options.length === 1) up = up.slice(0, -1);
      const above = levelAt(queue, up);
      say(optionsMenu(ctx, above.heading, above.options, up.length));
      advance(up);
      return events;
    }
    const chosen = /^\d{1,3}$/.test(answer) ? level.find((o) => o.option === Number(answer)) : undefined;
    if (chosen) {
      open(bot.path, chosen);
      return events;
    }
    const path = bot.path;
    repeat = () => say(optionsMenu(ctx, heading, level, path.length));
  }

  // An answer the bot cannot use: the menu again, up to `maxInvalid` times within the window; then a person.
  const windowMs = ctx.invalidWindowMinutes * 60_000;
  const fresh = bot.invalidSince === null || (windowMs > 0 && Date.parse(at) - Date.parse(bot.invalidSince) > windowMs);
  const invalid = (fresh ? 0 : bot.invalid) + 1;
  if (invalid > ctx.maxInvalid) {
    if (bot.path === null && ctx.transferQueueId !== null && ticket.queueId === null) {
      events.push({ type: 'TicketQueueChosen', data: { ticketId: ticket.id, queueId: ctx.transferQueueId } });
    }
    stop('attempts');
    return events;
  }
  repeat();
  advance(bot.path, invalid, fresh ? at : bot.invalidSince);
  return events;
}

/** The options at `path` in a queue's menu, and the text above them (the queue's greeting, or the last option's message). */
function levelAt(queue: ChatbotContext['queues'][number], path: number[]): { options: ChatbotOption[]; heading: string } {
  let options = queue.options;
  let heading = queue.greetingMessage;
  for (const id of path) {
    const node = options.find((o) => o.id === id);
    if (!node) break;
    options = node.children;
    heading = node.message;
  }
  return { options, heading };
}

const changeBot = (slice: TicketFacts<TicketBot>, conversation: ContactStreamState, ticketId: number, change: TicketBot) => changeFacts(slice, conversation, ticketId, change);
/** A person (or a flow) has the ticket now: the bot has nothing more to say on it, even if it comes back to the queue. */
const forget = (slice: TicketFacts<TicketBot>, { data }: { data: { ticketId: number } }, conversation: ContactStreamState) => changeBot(slice, conversation, data.ticketId, { bot: undefined });

/**
 * The connection's chatbot on the customer's stream: it answers a pending ticket's messages from its menus, stops when
 * a person types on the phone, and keeps where it stands on each ticket.
 */
export const chatbotRules = defineFamily<ChatbotCommand>({
  name: 'chatbot',
  decide: {
    PauseBot(command, state) {
      const ticket = ticketOf(state, command.ticketId);
      if (ticket.status === 'closed') throw new DomainError('ERR_TICKET_CLOSED', 'The ticket is closed');
      return botOf(state, ticket.id)?.held ? [] : [{ type: 'ChatbotStopped', data: { ticketId: ticket.id, reason: 'paused' } }];
    },
    ResumeBot(command, state) {
      const ticket = ticketOf(state, command.ticketId);
      // Rule 8: a ticket a person accepted is never answered by a bot.
      if (ticket.status !== 'pending' || ticket.userId !== null) {
        throw new DomainError('ERR_INVALID_TICKET_TRANSITION', 'Only a pending ticket nobody took can go back to the bot', { status: ticket.status }, 409);
      }
      return botOf(state, ticket.id)?.stopped ? [{ type: 'ChatbotResumed', data: { ticketId: ticket.id } }] : [];
    },
  },
  inbound: {
    // After a flow (which takes the message when it is one's), before the automation of the queue the menu chose.
    answer: [
      {
        rank: 20,
        decide({ message, state, ticket, opened, replyId }) {
          if (!message.chatbot) return null;
          const facts = state.slices.chatbot.get(ticket.id) ?? {};
          return { events: chatbotTurn({ ctx: message.chatbot, ticket, facts, opened, body: message.body, at: message.sentAt, messageId: replyId }), takes: false };
        },
      },
    ],
  },
  // A person answered on the phone: the bot must not talk over them (a ticket someone accepted has no bot anyway).
  phone(ticketId, ticket, state) {
    return (!ticket || ticket.status === 'pending') && !botOf(state, ticketId)?.held ? [{ type: 'ChatbotStopped', data: { ticketId, reason: 'person' } }] : [];
  },
  slice: defineSlice({
    key: 'chatbot',
    initial: noFacts,
    tickets: ticketFactsCodec<TicketBot>(['bot', 'outOfHours', 'greeted']),
    evolve: {
      ChatbotAdvanced(slice, { data }, conversation) {
        return changeBot(slice, conversation, data.ticketId, { bot: { path: data.path, invalid: data.invalid, invalidSince: data.invalidSince, stopped: false } });
      },
      ChatbotStopped(slice, { data }, conversation) {
        const bot = slice.get(data.ticketId)?.bot;
        const held = data.reason === 'person' || data.reason === 'paused';
        return changeBot(slice, conversation, data.ticketId, { bot: { path: bot?.path ?? null, invalid: bot?.invalid ?? 0, invalidSince: bot?.invalidSince ?? null, stopped: true, ...(held ? { held } : {}) } });
      },
      // Back to the bot: it starts over (the customer's next message gets the greeting or the menu).
      ChatbotResumed(slice, { data }, conversation) {
        return changeBot(slice, conversation, data.ticketId, { bot: { path: null, invalid: 0, invalidSince: null, stopped: false, restart: true } });
      },
      ChatbotOutOfHours(slice, { data }, conversation) {
        return changeBot(slice, conversation, data.ticketId, { outOfHours: data.until });
      },
      ChatbotGreeted(slice, { data }, conversation) {
        return changeBot(slice, conversation, data.ticketId, { greeted: true });
      },
      TicketAccepted: forget,
      TicketReopened: forget,
      TicketTransferred: forget,
      FlowRequested: forget,
    },
  }),
});
