import { INVOICE_LEAD_DAYS } from '@atendo/contracts/billing';
import { handleCommand, type EventStore, type IdAllocator } from '@atendo/core';
import { billingDecider, billingStream, type BillingCommand } from '@atendo/core/billing';
import { InvoiceQueries, type BillableCompany } from '@atendo/read/billing';
import { eachCompany, LeaderProcess, type RunnerOptions } from '../../platform/process/leaderProcess.js';

export interface InvoiceIssuerOptions extends RunnerOptions {
  store: EventStore;
  ids: IdAllocator;
  /** Between two looks (a minute). */
  everyMs?: number;
}

const DAY_MS = 86_400_000;

/**
 * Issues each company's invoice ahead of its due date (issue 34): at start and every minute, for each company
 * switched on whose due date is less than INVOICE_LEAD_DAYS away (or past), an IssueInvoice for that due date with its
 * plan's value. Nothing is kept in memory: what is due derives from the companies as they are now, so a look after
 * downtime issues what the downtime missed. Never twice: one node leads (the leader lock), and the billing decider
 * issues one invoice per due date and company whatever asks again.
 */
export class InvoiceIssuer extends LeaderProcess {
  readonly name = 'invoiceIssuer';
  private readonly invoices: InvoiceQueries;
  /** Invoices issued since start (tests and logs). */
  issued = 0;

  constructor(private readonly options: InvoiceIssuerOptions) {
    super({ databaseUrl: options.databaseUrl, lock: 'atendo:jobs:invoice-issuer', log: options.log, what: 'invoice issuer', clock: options.clock });
    this.invoices = new InvoiceQueries(options.knex);
  }

  /** A poke came while a look was under way: that look may have read the companies before the change, so look again. */
  private again = false;

  protected async look(): Promise<number> {
    this.again = false;
    await this.issueDue();
    return this.again ? 0 : (this.options.everyMs ?? 60_000);
  }

  override poke(): void {
    this.again = true;
    super.poke();
  }

  /** Issues the invoices due now: how many were new. */
  async issueDue(): Promise<number> {
    const now = this.clock();
    const companies = await this.invoices.billable(new Date(now.getTime() + INVOICE_LEAD_DAYS * DAY_MS));
    const issued = await eachCompany(
      companies.filter((c) => c.value !== null),
      (company) => this.issue(company, now),
      (company, err) => this.options.log.error({ err, companyId: company.companyId }, 'an invoice could not be issued; tried again at the next look'),
    );
    this.issued += issued;
    return issued;
  }

  private async issue(company: BillableCompany, now: Date): Promise<number> {
    const { companyId, dueDate, planId, planName } = company;
    const result = await handleCommand(
      this.options.store,
      billingDecider,
      billingStream(companyId),
      // An id is taken only when the due date has no invoice yet.
      async (state): Promise<BillingCommand> => ({
        type: 'IssueInvoice',
        invoiceId: state.byDueDate[new Date(dueDate).toISOString()] ?? (await this.options.ids.next('invoice')),
        dueDate,
        value: company.value ?? 0,
        detail: `${planName ?? 'Plano'} – ${dueDate.slice(0, 10)}`,
        planId,
      }),
      { actor: { type: 'system', name: 'jobs' }, occurredAt: now },
    );
    return result.events.length;
  }
}
