import { ratingQuestion, SETTINGS, type ChatbotContext, type ChatbotOption, type QueueOption } from '@atendo/contracts';
import { QueueQueries } from '@atendo/read';
import type { InboundEnricher } from '../../gateway/inboundContexts.js';

const toBot = (o: QueueOption): ChatbotOption => ({ id: o.id, option: o.option, title: o.title, message: o.message, children: o.children.map(toBot) });

/**
 * What the chatbot knows of a connection (services/core/src/chatbot): its greeting and limits, its queues in their order
 * with their menus, the company's hours and `sendGreetingMessageOneQueues`, and the words of the rating question.
 */
export const chatbotInbound: InboundEnricher = {
  name: 'chatbot',
  async read(knex, { connectionId, companyId, queues, company }) {
    const row = await knex('whatsapps')
      .where({ id: connectionId })
      .first('greeting_message', 'out_of_hours_message', 'rating_message', 'complation_message', 'max_use_bot_queues', 'time_use_bot_queues', 'transfer_queue_id');
    if (!row) return {};
    const options = new QueueQueries(knex);
    const settings = company?.settings ?? {};
    const scope = settings.scheduleType === 'company' || settings.scheduleType === 'queue' ? settings.scheduleType : 'disabled';
    const chatbot: ChatbotContext = {
      greetingMessage: row.greeting_message,
      queues: await Promise.all(
        queues.map(async (q) => ({
          id: q.id,
          name: q.name,
          greetingMessage: q.greetingMessage,
          outOfHoursMessage: q.outOfHoursMessage,
          schedules: q.schedules,
          options: (await options.options(companyId, q.id, null)).map(toBot),
        })),
      ),
      hours: { scope, timeZone: settings.timeZone ?? SETTINGS.timeZone.default, schedules: company?.schedules ?? [], outOfHoursMessage: row.out_of_hours_message },
      greetOneQueue: settings.sendGreetingMessageOneQueues === 'enabled',
      maxInvalid: Number(row.max_use_bot_queues),
      invalidWindowMinutes: Number(row.time_use_bot_queues),
      transferQueueId: row.transfer_queue_id === null ? null : Number(row.transfer_queue_id),
      rating: { question: ratingQuestion(row.rating_message), completion: row.complation_message },
    };
    return { chatbot };
  },
};
