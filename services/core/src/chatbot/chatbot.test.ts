import { describe, it } from 'vitest';
import type { ChatbotContext, ChatbotOption } from '@atendo/contracts';
import { deciderSpec } from '../testing/deciderSpec.js';
import type { ContactStreamDomainEvent } from '../conversation/state.js';
import { inboundEventId, nameBasedUuid, type ContactStreamCommand } from '../conversation/decider.js';
import { conversationDecider } from '../testing/conversation.js';

const spec = deciderSpec(conversationDecider);

const option = (id: number, n: number, title: string, message: string, children: ChatbotOption[] = []): ChatbotOption => ({ id, option: n, title, message, children });
const segundaVia = option(11, 1, 'Segunda via', 'Enviamos por e-mail.');
const atraso = option(12, 2, 'Atraso', 'Há juros de 1% ao mês.');
const boletos = option(10, 1, 'Boletos', 'Sobre boletos:', [segundaVia, atraso]);
const cartao = option(20, 2, 'Cartão', 'Aceitamos todas as bandeiras.');

type QueueContext = ChatbotContext['queues'][number];
const queue = (q: Pick<QueueContext, 'id' | 'name' | 'greetingMessage' | 'options'> & Partial<QueueContext>): QueueContext => ({ outOfHoursMessage: '', schedules: [], ...q });

const ctx = (changes: Partial<ChatbotContext> = {}): ChatbotContext => ({
  greetingMessage: 'Olá! Escolha um setor:',
  queues: [
    queue({ id: 2, name: 'Financeiro', greetingMessage: 'Financeiro, bom dia.', options: [boletos, cartao] }),
    queue({ id: 3, name: 'Suporte', greetingMessage: 'Suporte técnico.', options: [] }),
  ],
  hours: { scope: 'disabled', timeZone: 'America/Sao_Paulo', schedules: [], outOfHoursMessage: '' },
  rating: { question: '', completion: '' },
  greetOneQueue: false,
  maxInvalid: 2,
  invalidWindowMinutes: 0,
  transferQueueId: null,
  ...changes,
});

const at = (minute: number) => `2026-11-22T10:${String(minute).padStart(2, '0')}:00.000Z`;
const receive = (messageId: string, body: string, changes: Partial<Extract<ContactStreamCommand, { type: 'ReceiveMessage' }>> = {}): ContactStreamCommand => ({
  type: 'ReceiveMessage', companyId: 1, whatsappId: 4, messageId, number: '5511999990001', pushName: 'Ana', body, mediaType: 'chat',
  sentAt: at(0), isGroup: false, quotedMessageId: null, queueId: null, newContactId: 10, newTicketId: 20, newTicketUuid: 'uuid-20', chatbot: ctx(),
  ...changes,
});

const contact: ContactStreamDomainEvent = { type: 'ContactCreated', data: { contactId: 10, number: '5511999990001', name: 'Ana', isGroup: false } };
const opened = (queueId: number | null = null): ContactStreamDomainEvent => ({ type: 'TicketOpened', data: { ticketId: 20, uuid: 'uuid-20', contactId: 10, whatsappId: 4, queueId, isGroup: false } });
const received = (messageId: string, body: string, sentAt = at(0)): ContactStreamDomainEvent => ({
  type: 'MessageReceived', id: inboundEventId(1, 4, messageId), data: { ticketId: 20, messageId, whatsappId: 4, body, mediaType: 'chat', sentAt, quotedMessageId: null },
});
/** The bot's n-th message answering `messageId`, word for word. */
const says = (messageId: string, body: string, n = 0): ContactStreamDomainEvent => ({
  type: 'MessageQueued', data: { ticketId: 20, messageId: nameBasedUuid(`atendo:chatbot:1:4:${messageId}:${n}`), whatsappId: 4, body, userId: 0, quotedMessageId: null },
});
const advanced = (path: number[] | null, invalid = 0, invalidSince: string | null = null): ContactStreamDomainEvent => ({ type: 'ChatbotAdvanced', data: { ticketId: 20, path, invalid, invalidSince } });
const stopped = (reason: 'done' | 'attempts'): ContactStreamDomainEvent => ({ type: 'ChatbotStopped', data: { ticketId: 20, reason } });
const chose = (queueId: number): ContactStreamDomainEvent => ({ type: 'TicketQueueChosen', data: { ticketId: 20, queueId } });

const MAIN = 'Olá! Escolha um setor:\n\n*1* - Financeiro\n*2* - Suporte';
const FINANCEIRO = 'Financeiro, bom dia.\n\n*1* - Boletos\n*2* - Cartão\n\n*#* - Menu inicial';
const BOLETOS = 'Sobre boletos:\n\n*1* - Segunda via\n*2* - Atraso\n\n*0* - Voltar\n*#* - Menu inicial';

/** A conversation so far: the menu sent, then each step the bot recorded. */
const atMainMenu = [contact, opened(), received('m1', 'oi'), says('m1', MAIN), advanced(null)];
const inFinanceiro = [...atMainMenu, received('m2', '1'), chose(2), says('m2', FINANCEIRO), advanced([])];
const inBoletos = [...inFinanceiro, received('m3', '1'), says('m3', BOLETOS), advanced([10])];

describe('chatbot: choosing a queue', () => {
  it('greets a new ticket on a connection with several queues with the queues as numbered options', () => {
    spec.given([]).when(receive('m1', 'oi')).then(atMainMenu);
  });
  it('a number picks the queue: the ticket joins it and the queue greets with its menu', () => {
    spec.given(atMainMenu).when(receive('m2', ' 1 ')).then([received('m2', ' 1 '), chose(2), says('m2', FINANCEIRO), advanced([])]);
  });
  it('a queue without a menu greets and leaves the ticket to its agents', () => {
    spec.given(atMainMenu).when(receive('m2', '2')).then([received('m2', '2'), chose(3), says('m2', 'Suporte técnico.'), stopped('done')]);
  });
  it('an answer it cannot use repeats the menu up to maxUseBotQueues times, then stops and waits for a person', () => {
    const first = [...atMainMenu, received('m2', 'quero falar com alguém'), says('m2', MAIN), advanced(null, 1, at(0))];
    spec.given(atMainMenu).when(receive('m2', 'quero falar com alguém')).then(first.slice(atMainMenu.length));
    const second = [...first, received('m3', '9'), says('m3', MAIN), advanced(null, 2, at(0))];
    spec.given(first).when(receive('m3', '9')).then(second.slice(first.length));
    spec.given(second).when(receive('m4', 'alô?')).then([received('m4', 'alô?'), stopped('attempts')]);
    // Stopped: it says nothing more on this ticket.
    spec.given([...second, received('m4', 'alô?'), stopped('attempts')]).when(receive('m5', '1')).then([received('m5', '1')]);
  });
  it('after too many unusable answers the ticket goes to the transfer queue when the connection has one', () => {
    const second = [...atMainMenu, received('m2', 'x'), says('m2', MAIN), advanced(null, 1, at(0)), received('m3', 'y'), says('m3', MAIN), advanced(null, 2, at(0))];
    spec.given(second).when(receive('m4', 'z', { chatbot: ctx({ transferQueueId: 3 }) })).then([received('m4', 'z'), chose(3), stopped('attempts')]);
  });
  it('counts unusable answers only within timeUseBotQueues minutes', () => {
    const once = [...atMainMenu, received('m2', 'x'), says('m2', MAIN), advanced(null, 1, at(0)), received('m3', 'y', at(1)), says('m3', MAIN), advanced(null, 2, at(0))];
    // Ten minutes later, with a window of five: the count starts again instead of stopping.
    spec
      .given(once)
      .when(receive('m4', 'z', { sentAt: at(10), chatbot: ctx({ invalidWindowMinutes: 5 }) }))
      .then([received('m4', 'z', at(10)), says('m4', MAIN), advanced(null, 1, at(10))]);
  });
});

describe('chatbot: walking a queue’s menu', () => {
  it('a number opens the option: its message and its sub-menu, with 0 to go back and # for the queues', () => {
    spec.given(inFinanceiro).when(receive('m3', '1')).then([received('m3', '1'), says('m3', BOLETOS), advanced([10])]);
  });
  it('an option without a sub-menu answers and leaves the ticket to a person', () => {
    spec.given(inBoletos).when(receive('m4', '2')).then([received('m4', '2'), says('m4', 'Há juros de 1% ao mês.'), stopped('done')]);
    spec.given(inFinanceiro).when(receive('m3', '2')).then([received('m3', '2'), says('m3', 'Aceitamos todas as bandeiras.'), stopped('done')]);
  });
  it('0 goes up one level; # goes back to the queues from any depth', () => {
    spec.given(inBoletos).when(receive('m4', '0')).then([received('m4', '0'), says('m4', FINANCEIRO), advanced([])]);
    spec.given(inBoletos).when(receive('m4', '#')).then([received('m4', '#'), says('m4', MAIN), advanced(null)]);
    spec.given([...inBoletos, received('m4', '#'), says('m4', MAIN), advanced(null)]).when(receive('m5', '2')).then([received('m5', '2'), chose(3), says('m5', 'Suporte técnico.'), stopped('done')]);
  });
  it('an unusable answer inside a menu repeats that menu', () => {
    spec.given(inBoletos).when(receive('m4', '7')).then([received('m4', '7'), says('m4', BOLETOS), advanced([10], 1, at(0))]);
  });
  it('a level with one option opens it by itself, and is passed over on the way back up', () => {
    const only = option(30, 1, 'Pedidos', 'Sobre pedidos:', [option(31, 1, 'Status', 'Informe o número do pedido.', [option(32, 1, 'Por e-mail', 'Enviamos por e-mail.'), option(33, 2, 'Por SMS', 'Enviamos por SMS.')])]);
    const single = ctx({ queues: [queue({ id: 5, name: 'Loja', greetingMessage: 'Loja online.', options: [only] })] });
    const OPENED = 'Loja online.\n\nSobre pedidos:\n\nInforme o número do pedido.\n\n*1* - Por e-mail\n*2* - Por SMS\n\n*0* - Voltar';
    spec.given([]).when(receive('m1', 'oi', { queueId: 5, chatbot: single })).then([contact, opened(5), received('m1', 'oi'), says('m1', OPENED), advanced([30, 31])]);
    spec
      .given([contact, opened(5), received('m1', 'oi'), says('m1', OPENED), advanced([30, 31])])
      .when(receive('m2', '0', { queueId: 5, chatbot: single }))
      .then([received('m2', '0'), says('m2', 'Loja online.\n\n*1* - Pedidos'), advanced([])]);
  });
});

describe('chatbot: when it speaks at all', () => {
  it('a connection without queues sends its greeting once, on the new ticket', () => {
    const none = ctx({ queues: [] });
    spec.given([]).when(receive('m1', 'oi', { chatbot: none })).then([contact, opened(), received('m1', 'oi'), says('m1', 'Olá! Escolha um setor:')]);
    spec.given([contact, opened(), received('m1', 'oi'), says('m1', 'Olá! Escolha um setor:')]).when(receive('m2', 'oi?', { chatbot: none })).then([received('m2', 'oi?')]);
  });
  it('with one queue the ticket joins it; the connection greets only when sendGreetingMessageOneQueues is on', () => {
    const one = (greetOneQueue: boolean) => ctx({ greetOneQueue, queues: [queue({ id: 3, name: 'Suporte', greetingMessage: 'Suporte técnico.', options: [] })] });
    spec.given([]).when(receive('m1', 'oi', { queueId: 3, chatbot: one(false) })).then([contact, opened(3), received('m1', 'oi'), says('m1', 'Suporte técnico.')]);
    spec.given([]).when(receive('m1', 'oi', { queueId: 3, chatbot: one(true) })).then([contact, opened(3), received('m1', 'oi'), says('m1', 'Olá! Escolha um setor:\n\nSuporte técnico.')]);
  });
  it('never on a ticket a person took, even if it went back to the queue', () => {
    const taken = [...atMainMenu, { type: 'TicketAccepted', data: { ticketId: 20, userId: 7 } } as ContactStreamDomainEvent];
    spec.given(taken).when(receive('m2', '1')).then([received('m2', '1')]);
    const returned = [...taken, { type: 'TicketReturnedToQueue', data: { ticketId: 20, previousUserId: 7 } } as ContactStreamDomainEvent];
    spec.given(returned).when(receive('m2', '1')).then([received('m2', '1')]);
  });
  it('never in a group, and never twice for a redelivered message', () => {
    spec.given([]).when(receive('m1', 'oi', { isGroup: true })).then([
      { type: 'ContactCreated', data: { contactId: 10, number: '5511999990001', name: 'Ana', isGroup: true } },
      { type: 'TicketOpened', data: { ticketId: 20, uuid: 'uuid-20', contactId: 10, whatsappId: 4, queueId: null, isGroup: true } },
      received('m1', 'oi'),
    ]);
    spec.given(atMainMenu).when(receive('m1', 'oi')).then([]);
  });
  it('stays quiet when the connection has no chatbot context (as before this feature)', () => {
    spec.given([]).when(receive('m1', 'oi', { chatbot: undefined })).then([contact, opened(), received('m1', 'oi')]);
  });
});

describe('chatbot: business hours', () => {
  const weekdays = (['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const).map((weekdayEn) => ({ weekday: weekdayEn, weekdayEn, startTime: '08:00', endTime: '18:00' }));
  const companyHours = ctx({ hours: { scope: 'company', timeZone: 'America/Sao_Paulo', schedules: weekdays, outOfHoursMessage: 'Estamos fechados. Voltamos às 8h.' } });
  // Monday 2026-11-23, São Paulo (UTC−3).
  const monday = (time: string) => new Date(`2026-11-23T${time}:00-03:00`).toISOString();
  const tuesday = (time: string) => new Date(`2026-11-24T${time}:00-03:00`).toISOString();
  const outOfHours = (until: string | null): ContactStreamDomainEvent => ({ type: 'ChatbotOutOfHours', data: { ticketId: 20, until } });
  const CLOSED = 'Estamos fechados. Voltamos às 8h.';

  it('out of the company’s hours, a new ticket gets the out-of-hours message instead of the menu, and stays pending', () => {
    spec
      .given([])
      .when(receive('m1', 'oi', { sentAt: monday('19:00'), chatbot: companyHours }))
      .then([contact, opened(), received('m1', 'oi', monday('19:00')), says('m1', CLOSED), outOfHours('2026-11-24 08:00')]);
  });

  it('sends it once per closed period: again the next night, not for every message', () => {
    const night = [contact, opened(), received('m1', 'oi', monday('19:00')), says('m1', CLOSED), outOfHours('2026-11-24 08:00')];
    // Across midnight, the same closed period.
    spec.given(night).when(receive('m2', 'alô?', { sentAt: tuesday('01:30'), chatbot: companyHours })).then([received('m2', 'alô?', tuesday('01:30'))]);
    // The next evening is another one.
    spec
      .given(night)
      .when(receive('m2', 'ainda aí?', { sentAt: tuesday('20:00'), chatbot: companyHours }))
      .then([received('m2', 'ainda aí?', tuesday('20:00')), says('m2', CLOSED), outOfHours('2026-11-25 08:00')]);
  });

  it('in the morning the first message hears the greeting and the menu, once', () => {
    const night = [contact, opened(), received('m1', 'oi', monday('19:00')), says('m1', CLOSED), outOfHours('2026-11-24 08:00')];
    const morning = [received('m2', 'bom dia', tuesday('08:05')), { type: 'ChatbotGreeted', data: { ticketId: 20 } } as ContactStreamDomainEvent, says('m2', MAIN), advanced(null)];
    spec.given(night).when(receive('m2', 'bom dia', { sentAt: tuesday('08:05'), chatbot: companyHours })).then(morning);
    spec.given([...night, ...morning]).when(receive('m3', '1', { sentAt: tuesday('08:06'), chatbot: companyHours })).then([received('m3', '1', tuesday('08:06')), chose(2), says('m3', FINANCEIRO), advanced([])]);
  });

  it('reads the hours in the company’s time zone: the same instant is open in Tokyo', () => {
    const tokyo = ctx({ hours: { scope: 'company', timeZone: 'Asia/Tokyo', schedules: weekdays, outOfHoursMessage: CLOSED } });
    // Sunday 21:00 in São Paulo is Monday 09:00 in Tokyo.
    const sunday = new Date('2026-11-22T21:00:00-03:00').toISOString();
    spec.given([]).when(receive('m1', 'oi', { sentAt: sunday, chatbot: tokyo })).then([contact, opened(), received('m1', 'oi', sunday), says('m1', MAIN), advanced(null)]);
  });

  it('with queue hours, a queue chosen while it is closed answers with its own out-of-hours message; the ticket waits in it', () => {
    const byQueue = ctx({
      hours: { scope: 'queue', timeZone: 'America/Sao_Paulo', schedules: [], outOfHoursMessage: '' },
      queues: [
        queue({ id: 2, name: 'Financeiro', greetingMessage: 'Financeiro, bom dia.', options: [boletos, cartao], schedules: weekdays, outOfHoursMessage: 'O financeiro abre às 8h.' }),
        queue({ id: 3, name: 'Suporte', greetingMessage: 'Suporte técnico.', options: [] }),
      ],
    });
    const menu = [contact, opened(), received('m1', 'oi', monday('19:00')), says('m1', MAIN), advanced(null)];
    spec.given([]).when(receive('m1', 'oi', { sentAt: monday('19:00'), chatbot: byQueue })).then(menu);
    const chosen = [received('m2', '1', monday('19:01')), chose(2), says('m2', 'O financeiro abre às 8h.'), outOfHours('2026-11-24 08:00'), stopped('done')];
    spec.given(menu).when(receive('m2', '1', { sentAt: monday('19:01'), chatbot: byQueue })).then(chosen);
    spec.given([...menu, ...chosen]).when(receive('m3', 'oi?', { sentAt: monday('19:30'), chatbot: byQueue })).then([received('m3', 'oi?', monday('19:30'))]);
  });
});

describe('bots and people share one conversation', () => {
  const phone = (messageId: string, body: string, changes: Partial<Extract<ContactStreamCommand, { type: 'RecordPhoneMessage' }>> = {}): ContactStreamCommand => ({
    type: 'RecordPhoneMessage', companyId: 1, whatsappId: 4, messageId, number: '5511999990001', body, mediaType: 'chat', sentAt: at(1), quotedMessageId: null,
    queueId: null, newContactId: 10, newTicketId: 20, newTicketUuid: 'uuid-20', ...changes,
  });
  const typed = (messageId: string, body: string): ContactStreamDomainEvent => ({
    type: 'MessageTypedOnPhone', id: inboundEventId(1, 4, messageId), data: { ticketId: 20, messageId, whatsappId: 4, body, mediaType: 'chat', sentAt: at(1), quotedMessageId: null },
  });
  const held = (reason: 'person' | 'paused'): ContactStreamDomainEvent => ({ type: 'ChatbotStopped', data: { ticketId: 20, reason } });

  it('a reply typed on the connected phone shows in the conversation and stops the bot (a person took over)', () => {
    spec.given(atMainMenu).when(phone('p1', 'Oi Ana, aqui é a Bia!')).then([typed('p1', 'Oi Ana, aqui é a Bia!'), held('person')]);
    // The customer's next answer gets nothing from the bot.
    spec.given([...atMainMenu, typed('p1', 'Oi Ana'), held('person')]).when(receive('m2', '1')).then([received('m2', '1')]);
  });
  it('the platform’s own send echoed back is not a reply typed on the phone, and a redelivered one is recorded once', () => {
    const sent: ContactStreamDomainEvent = { type: 'MessageDispatched', data: { ticketId: 20, messageId: nameBasedUuid('atendo:chatbot:1:4:m1:0'), providerMessageId: 'WA-OURS' } };
    spec.given([...atMainMenu, sent]).when(phone('WA-OURS', MAIN)).then([]);
    spec.given([...atMainMenu, typed('p1', 'Oi Ana')]).when(phone('p1', 'Oi Ana')).then([]);
  });
  it('the phone writing first opens the contact and a pending ticket the bot leaves alone', () => {
    spec.given([]).when(phone('p1', 'Bom dia, Ana! Seu pedido chegou.')).then([
      { type: 'ContactCreated', data: { contactId: 10, number: '5511999990001', name: '5511999990001', isGroup: false } },
      opened(),
      typed('p1', 'Bom dia, Ana! Seu pedido chegou.'),
      held('person'),
    ]);
  });
  it('an integration pauses the bot: not even the out-of-hours message speaks; resumed, the next message starts over', () => {
    spec.given(atMainMenu).when({ type: 'PauseBot', ticketId: 20 }).then([held('paused')]);
    spec.given([...atMainMenu, held('paused')]).when({ type: 'PauseBot', ticketId: 20 }).then([]);
    const closedAllDay = ctx({ hours: { scope: 'company', timeZone: 'America/Sao_Paulo', schedules: [{ weekday: 'domingo', weekdayEn: 'sunday', startTime: '', endTime: '' }], outOfHoursMessage: 'Estamos fechados.' } });
    spec.given([...atMainMenu, held('paused')]).when(receive('m2', 'alô?', { chatbot: closedAllDay, sentAt: at(2) })).then([received('m2', 'alô?', at(2))]);
    spec.given([...atMainMenu, held('paused')]).when({ type: 'ResumeBot', ticketId: 20 }).then([{ type: 'ChatbotResumed', data: { ticketId: 20 } }]);
    spec.given([...atMainMenu, held('paused'), { type: 'ChatbotResumed', data: { ticketId: 20 } }]).when(receive('m2', 'voltei')).then([received('m2', 'voltei'), says('m2', MAIN), advanced(null)]);
  });
  it('a ticket a person accepted never goes back to the bot; a closed one cannot be paused', () => {
    spec.given([...atMainMenu, { type: 'TicketAccepted', data: { ticketId: 20, userId: 7 } }]).when({ type: 'ResumeBot', ticketId: 20 }).thenThrows('ERR_INVALID_TICKET_TRANSITION');
    spec.given([...atMainMenu, { type: 'TicketResolved', data: { ticketId: 20, userId: null } }]).when({ type: 'PauseBot', ticketId: 20 }).thenThrows('ERR_TICKET_CLOSED');
  });
});
