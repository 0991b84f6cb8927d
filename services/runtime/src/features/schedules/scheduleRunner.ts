import {
  renderScheduleBody,
  SCHEDULE_MAX_LATENESS_MS,
  scheduleMessageId,
  scheduleProtocol,
  SETTINGS,
  type GreetingLanguage,
  type Schedule,
} from '@atendo/contracts';
import { contactStream, handleCommand, scheduleDecider, scheduleStream, type CommandContext, type ContactStreamService } from '@atendo/core';
import { AppError, type EventStore } from '@atendo/platform';
import { ScheduleQueries } from '@atendo/read';
import { LeaderProcess, type RunnerOptions } from '../../platform/process/leaderProcess.js';
import type { SendGovernors } from '../../platform/sendGovernors.js';

export interface ScheduleRunnerOptions extends RunnerOptions {
  store: EventStore;
  conversations: ContactStreamService;
  /** The connections' send governors, shared with the campaigns: a scheduled message waits its connection's turn. */
  governors?: SendGovernors;
  /** Longest wait between two looks at the table. */
  idleMs?: number;
  /** Schedules read per look. */
  batch?: number;
  /** How long a schedule whose connection is not connected waits before it is looked at again. */
  retryMs?: number;
}

/** What became of one due schedule. */
export type ScheduleOutcome = 'sent' | 'failed' | 'waiting';

const context = (at: Date): CommandContext => ({ actor: { type: 'system', name: 'jobs' }, occurredAt: at });
const LANGUAGES: readonly GreetingLanguage[] = ['pt', 'en', 'es'];

/**
 * The jobs role's schedule runner (issue 14): reads the pending schedules whose time has come (the `schedules` read
 * model) and sends each through its connection as a message on the contact's conversation, then records it sent
 * (`ScheduleSent`) or failed with the reason (`ScheduleFailed`).
 *
 * - Nothing lives in memory: a schedule that came due while the platform was down is still PENDENTE in the table and
 *   is sent, late, on start (up to SCHEDULE_MAX_LATENESS_MS late; past that, its connection still down, it fails).
 * - Never twice: the message's id is `schedule-{companyId}-{id}`, so a crash between the send and its record sends
 *   nothing new on the next try (the conversation already has that message) and only records it.
 * - The one place a schedule is sent is `sendDue`, so a send governor can be put in front of it.
 */
export class ScheduleRunner extends LeaderProcess {
  readonly name = 'schedules';
  private readonly schedules: ScheduleQueries;
  /** Schedules waiting for their connection, and when they are looked at again. */
  private readonly waiting = new Map<number, number>();
  /** When a governor's hold on a schedule lifts (set by sendDue, read once by the loop). */
  private readonly heldUntil = new Map<number, number>();
  /** Schedules sent since start (for the logs and tests). */
  sent = 0;

  constructor(private readonly options: ScheduleRunnerOptions) {
    super({ databaseUrl: options.databaseUrl, lock: 'atendo:jobs:schedules', log: options.log, what: 'schedule runner', clock: options.clock });
    this.schedules = new ScheduleQueries(options.knex);
  }

  /** The loop's tick: sends what is due; answers the wait until the next (0: a full batch, more are due). */
  protected async look(): Promise<number> {
    const idleMs = this.options.idleMs ?? 1_000;
    const { looked, tried } = await this.sendDueOnes();
    if (looked === (this.options.batch ?? 100) && tried > 0) return 0;
    const next = await this.schedules.next();
    return next && tried === looked ? Math.max(0, Math.min(idleMs, next.getTime() - this.clock().getTime())) : idleMs;
  }

  /** Sends the schedules due now (a batch at most), one after the other: how many it looked at and tried. */
  async sendDueOnes(): Promise<{ looked: number; tried: number }> {
    const now = this.clock().getTime();
    const due = await this.schedules.due(new Date(now), this.options.batch ?? 100);
    const todo = due.filter((s) => (this.waiting.get(s.id) ?? 0) <= now);
    for (const schedule of todo) {
      try {
        const outcome = await this.sendDue(schedule);
        if (outcome === 'waiting') this.waiting.set(schedule.id, this.heldUntil.get(schedule.id) ?? now + (this.options.retryMs ?? 30_000));
        else this.waiting.delete(schedule.id);
        this.heldUntil.delete(schedule.id);
      } catch (err) {
        this.waiting.set(schedule.id, now + 5_000);
        this.options.log.error({ err, scheduleId: schedule.id }, 'a schedule could not be sent; it is tried again in 5 s');
      }
    }
    return { looked: due.length, tried: todo.length };
  }

  /**
   * Sends one due schedule: through the chosen connection, else its ticket's (or the contact's latest ticket's), else
   * the company's default; its text with the variables filled in, its image if it has one. A connection that is not
   * connected makes it wait (late rather than never) until it is too late. Answers what became of it.
   */
  async sendDue(schedule: Schedule): Promise<ScheduleOutcome> {
    const now = this.clock();
    const { companyId, id } = schedule;
    const fail = async (reason: string): Promise<ScheduleOutcome> => {
      const result = await handleCommand(this.options.store, scheduleDecider, scheduleStream(companyId, id), { type: 'RecordScheduleFailure', reason, at: now.toISOString() }, context(now));
      // The read model may not show the failure yet: a second look decides nothing and says nothing.
      if (result.events.length) this.options.log.warn({ scheduleId: id, companyId, reason }, 'a schedule was not sent');
      return 'failed';
    };
    const sending = await this.schedules.sending(schedule);
    if (!sending.planAllows) return fail("The company's plan does not include schedules");
    if (!sending.contact) return fail('The contact was deleted');
    if (sending.whatsappId === null || !sending.connection) {
      return fail(schedule.whatsappId === null ? 'The company has no connection to send through' : `The chosen connection (${schedule.whatsappId}) was deleted`);
    }
    if (sending.connection.status !== 'CONNECTED') {
      if (now.getTime() - Date.parse(schedule.sendAt) > SCHEDULE_MAX_LATENESS_MS) return fail(`The connection stayed ${sending.connection.status} past the schedule's time`);
      return 'waiting';
    }
    const governors = this.options.governors;
    if (governors) {
      // The connection's governor may hold it back (its budget, a pause after a 429 …): it goes when the hold lifts.
      await governors.follow([sending.whatsappId], now);
      const decision = governors.decide(sending.whatsappId, now, false);
      if (decision.send === 'later') {
        this.heldUntil.set(id, Date.parse(decision.notBefore));
        return 'waiting';
      }
    }
    const { number, name } = sending.contact;
    const stream = contactStream(companyId, number);
    const ticketId = schedule.ticketId ?? (await this.options.conversations.state(stream)).currentTicketId;
    const timeZone = sending.timeZone ?? SETTINGS.timeZone.default;
    const language = LANGUAGES.find((l) => l === sending.language) ?? 'pt';
    const body = renderScheduleBody(schedule.body, { contactName: name, at: now, timeZone, language, protocol: ticketId === null ? scheduleProtocol(now, timeZone, id) : String(ticketId) });
    const messageId = scheduleMessageId(companyId, id);
    let result;
    try {
      result = await this.options.conversations.sendExternal({
        companyId,
        whatsappId: sending.whatsappId,
        number,
        messageId,
        body,
        queueId: sending.connection.queueIds.length === 1 ? sending.connection.queueIds[0]! : null,
        sender: 'schedules',
        ...(schedule.mediaPath ? { media: { mediaType: 'image' as const, mediaUrl: schedule.mediaPath, voice: false } } : {}),
      });
    } catch (error) {
      // The conversation refused it (a rule of its own): that is the reason. Anything else is tried again.
      if (error instanceof AppError && error.status < 500 && error.code !== 'ERR_CONCURRENCY_CONFLICT') return fail(error.message || error.code);
      throw error;
    }
    await handleCommand(
      this.options.store,
      scheduleDecider,
      scheduleStream(companyId, id),
      { type: 'RecordScheduleSent', sentAt: now.toISOString(), messageId, whatsappId: sending.whatsappId, ticketId: result.ticketId },
      context(now),
    );
    governors?.sent(sending.whatsappId, now, false);
    this.sent++;
    return 'sent';
  }
}
