import type { CompanyEvent, Position, RecordedEvent } from '@atendo/contracts';
import type { BillingEvent } from '@atendo/contracts/billing';
import { AppError, companyDecider, companyStream, handleCommand, type Decider, type EventStore } from '@atendo/core';
import { dueDateMoveEventId } from '@atendo/core/billing';
import { LeaderProcess, type RunnerOptions } from '../../platform/process/leaderProcess.js';
import { LogFollower } from '../../platform/process/logFollower.js';

const CHECKPOINT = 'billing-due-dates';

export interface DueDateMoverOptions extends RunnerOptions {
  store: EventStore;
  /** A company was added or its due date, plan or status changed (at this place of the log): the issuer looks again. */
  companyChanged?(position: Position): void;
}

const BILLING_FIELDS = ['dueDate', 'planId', 'status'];

type Paid = RecordedEvent<'InvoicePaid', Extract<BillingEvent, { type: 'InvoicePaid' }>['data']>;

/**
 * Moves a company's due date in its own stream when one of its invoices is paid (issue 34). The event store appends
 * to one stream at a time, so the payment (billing stream) and the company's new due date (company stream) are two
 * writes: this process follows the log from its checkpoint and, for each InvoicePaid, sends the company update with
 * an id of its own made from the invoice and the payment (`dueDateMoveEventId`). A crash between the two writes is
 * caught up on the next start (the checkpoint had not moved past the payment); a repeat of the update is the same
 * event id, which the store writes once. The update is caused by the InvoicePaid event: the billing read model hears
 * it and tells the company's consoles (`payment`, CONCLUIDA) only then.
 */
export class DueDateMover extends LeaderProcess {
  readonly name = 'billingDueDates';
  private readonly follower: LogFollower;
  /** Due dates moved since start (tests and logs). */
  moved = 0;

  constructor(private readonly options: DueDateMoverOptions) {
    super({ databaseUrl: options.databaseUrl, lock: 'atendo:jobs:billing-due-dates', log: options.log, what: 'billing due date mover', clock: options.clock });
    this.follower = new LogFollower({ knex: options.knex, store: options.store, log: options.log, checkpoint: CHECKPOINT, what: 'billing due date mover', handle: (batch) => this.handle(batch) });
  }

  protected async look(): Promise<number> {
    if (!this.follower.following) await this.follower.start();
    return 5_000;
  }

  protected override async beforeRelease(): Promise<void> {
    await this.follower.stop();
  }

  private async handle(batch: RecordedEvent[]): Promise<void> {
    for (const recorded of batch) {
      if (recorded.type === 'InvoicePaid') await this.move(recorded as Paid);
      else if (recorded.type === 'CompanyCreated') this.options.companyChanged?.(recorded.position);
      else if (recorded.type === 'CompanyUpdated') {
        const { changes } = (recorded as unknown as Extract<CompanyEvent, { type: 'CompanyUpdated' }>).data;
        if (BILLING_FIELDS.some((field) => field in changes)) this.options.companyChanged?.(recorded.position);
      }
    }
  }

  private async move(paid: Paid): Promise<void> {
    const companyId = paid.metadata.companyId;
    const { invoiceId, endToEndId, toDueDate } = paid.data;
    const id = dueDateMoveEventId(companyId, invoiceId, endToEndId);
    // The company decider's update, written under the payment's own id: the store keeps one, however often it comes.
    const once: Decider<Parameters<typeof companyDecider.decide>[0], ReturnType<typeof companyDecider.decide>[number], Parameters<typeof companyDecider.decide>[1]> = {
      ...companyDecider,
      decide: (command, state) => companyDecider.decide(command, state).map((event) => ({ ...event, id })),
    };
    try {
      const result = await handleCommand(this.options.store, once, companyStream(companyId), { type: 'update', changes: { dueDate: toDueDate } }, {
        actor: { type: 'system', name: 'billing' },
        correlationId: paid.metadata.correlationId,
        causationId: paid.id,
      });
      if (result.events.length) this.moved++;
    } catch (error) {
      // A company deleted since it paid has no due date to move: nothing to do, and the follower goes on.
      if (error instanceof AppError && error.status === 404) {
        this.options.log.warn({ companyId, invoiceId }, 'a paid invoice of a deleted company: no due date to move');
        return;
      }
      throw error;
    }
  }
}
