import { describe, expect, it } from 'vitest';
import type { Queue, QueueOption, Ticket } from '@atendo/contracts';
import { eventually } from '@atendo/core/testing';
import type { Harness } from './testing/harness.js';
import { harnessSuite, simulatedCustomer } from './testing/suite.js';

/**
 * Scripted customers talk to a simulated connection with two queues and a two-level menu; each test asserts, word for
 * word, what the customer's phone received, and where the ticket ended up.
 */
describe('chatbot conversations through the simulator', () => {
  let h: Harness;
  let token: string;
  let connectionId: number;
  let financeiro: Queue;
  let suporte: Queue;
  let customers = 0;

  const MAIN = 'Olá! Escolha um setor:\n\n*1* - Financeiro\n*2* - Suporte';
  const FINANCEIRO = 'Financeiro, bom dia.\n\n*1* - Boletos\n*2* - Cartão\n\n*#* - Menu inicial';
  const BOLETOS = 'Sobre boletos:\n\n*1* - Segunda via\n*2* - Atraso\n\n*0* - Voltar\n*#* - Menu inicial';

  harnessSuite({}, async (platform) => {
    ({ h, token } = platform);
    const queue = async (body: Record<string, unknown>) => (await h.api<Queue>('/queue', { token, body })).body;
    const option = async (body: Record<string, unknown>) => (await h.api<QueueOption>('/queue-options', { token, body })).body;
    financeiro = await queue({ name: 'Financeiro', color: '#ff9800', greetingMessage: 'Financeiro, bom dia.', orderQueue: 1 });
    suporte = await queue({ name: 'Suporte', color: '#3f51b5', greetingMessage: 'Suporte técnico.', orderQueue: 2 });
    const boletos = await option({ queueId: financeiro.id, title: 'Boletos', message: 'Sobre boletos:' });
    await option({ queueId: financeiro.id, title: 'Cartão', message: 'Aceitamos todas as bandeiras.' });
    await option({ queueId: financeiro.id, parentId: boletos.id, title: 'Segunda via', message: 'Enviamos por e-mail.' });
    await option({ queueId: financeiro.id, parentId: boletos.id, title: 'Atraso', message: 'Há juros de 1% ao mês.' });
    const created = await h.api<{ id: number }>('/whatsapp', {
      token,
      body: { name: 'Central', channel: 'simulator', greetingMessage: 'Olá! Escolha um setor:', queueIds: [financeiro.id, suporte.id], maxUseBotQueues: 2 },
    });
    expect(created.status).toBe(201);
    connectionId = created.body.id;
    await h.pair(connectionId);
  });

  /** A new customer; `says` sends a message and waits until the bot has answered it (`answers` messages). */
  function customer() {
    const number = `55119444${String(++customers).padStart(5, '0')}`;
    const phone = simulatedCustomer(h, { connectionId, number, name: 'Cliente' });
    return {
      number,
      says: phone.says,
      /** Says something the bot does not answer; waits until it is recorded. */
      saysToNoOne: (text: string) => phone.saysToNoOne(text, 300),
      /** The ticket, once the read model shows what `expected` asks (it follows the log a moment later). */
      ticket: async (expected: Record<string, unknown> = {}) =>
        eventually(async () => {
          const row = await h.atendo.knex('tickets as t').join('contacts as c', 'c.id', 't.contact_id').where('c.number', number).first('t.id', 't.queue_id', 't.status', 't.chatbot');
          expect(row).toBeDefined();
          const ticket = { ...row, id: Number(row.id), queue_id: row.queue_id === null ? null : Number(row.queue_id) } as { id: number; queue_id: number | null; status: Ticket['status']; chatbot: boolean };
          expect(ticket).toMatchObject(expected);
          return ticket;
        }),
    };
  }

  it('greets with the queues, takes a choice and walks the menu: an option, 0 back, # home, another queue', async () => {
    const ana = customer();
    expect(await ana.says('Oi, bom dia')).toEqual([MAIN]);
    expect(await ana.says('1')).toEqual([FINANCEIRO]);
    await ana.ticket({ queue_id: financeiro.id, chatbot: true });
    expect(await ana.says('1')).toEqual([BOLETOS]);
    expect(await ana.says('0')).toEqual([FINANCEIRO]);
    expect(await ana.says('1')).toEqual([BOLETOS]);
    expect(await ana.says('#')).toEqual([MAIN]);
    expect(await ana.says('2')).toEqual(['Suporte técnico.']);
    await ana.ticket({ queue_id: suporte.id, status: 'pending', chatbot: false });
    // The bot has said its part: the ticket waits for a person.
    await ana.saysToNoOne('Alguém aí?');
  });

  it('an option at the end of the menu answers, and the bot is done', async () => {
    const bia = customer();
    await bia.says('Olá');
    await bia.says('1');
    await bia.says('1');
    expect(await bia.says('2')).toEqual(['Há juros de 1% ao mês.']);
    await bia.saysToNoOne('Obrigada');
  });

  it('repeats the menu after answers it cannot use, up to maxUseBotQueues times, then leaves the ticket to a person', async () => {
    const caio = customer();
    expect(await caio.says('Boa tarde')).toEqual([MAIN]);
    expect(await caio.says('quero pagar')).toEqual([MAIN]);
    expect(await caio.says('9')).toEqual([MAIN]);
    await caio.saysToNoOne('???');
    await caio.ticket({ status: 'pending', queue_id: null, chatbot: false });
  });

  it('stops talking once an agent accepts the ticket', async () => {
    const davi = customer();
    await davi.says('Oi');
    const { id } = await davi.ticket();
    expect((await h.api(`/tickets/${id}`, { method: 'PUT', token, body: { status: 'open' } })).status).toBe(200);
    await davi.saysToNoOne('1');
  });

  it('out of the company’s hours, in its own time zone: the out-of-hours message once, then the menu once it opens', async () => {
    const api = (path: string, body: unknown) => h.api(path, { method: 'PUT', token, body });
    const closedAllWeek = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((weekdayEn) => ({ weekday: weekdayEn, weekdayEn, startTime: '', endTime: '' }));
    // Closed every day but one that is not today in Tokyo: whatever the time here, it is out of hours there.
    const todayInTokyo = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Tokyo', weekday: 'long' }).format(new Date()).toLowerCase();
    const otherDay = todayInTokyo === 'monday' ? 'tuesday' : 'monday';
    const hours = closedAllWeek.map((d) => (d.weekdayEn === otherDay ? { ...d, startTime: '09:00', endTime: '17:00' } : d));
    expect((await api(`/companies/${h.companyId}/schedules`, { schedules: hours })).status).toBe(200);
    expect((await api('/settings/timeZone', { value: 'Asia/Tokyo' })).status).toBe(200);
    expect((await api('/settings/scheduleType', { value: 'company' })).status).toBe(200);
    expect((await api(`/whatsapp/${connectionId}`, { outOfHoursMessage: 'Estamos fechados; respondemos no próximo dia útil.' })).status).toBe(200);
    try {
      // The bot reads the catalogue at most a second old.
      await new Promise((r) => setTimeout(r, 1_100));
      const eva = customer();
      expect(await eva.says('Olá, tem alguém?')).toEqual(['Estamos fechados; respondemos no próximo dia útil.']);
      await eva.saysToNoOne('Alô?');
      await eva.ticket({ status: 'pending', queue_id: null });

      // The company stops keeping hours (as if it opened): the next message hears the greeting and the queues.
      expect((await api('/settings/scheduleType', { value: 'disabled' })).status).toBe(200);
      await new Promise((r) => setTimeout(r, 1_100));
      expect(await eva.says('Bom dia!')).toEqual([MAIN]);
      expect(await eva.says('2')).toEqual(['Suporte técnico.']);
    } finally {
      expect((await api('/settings/scheduleType', { value: 'disabled' })).status).toBe(200);
    }
  });
});
