import type { Knex } from 'knex';
import type { Recurrence } from '@atendo/contracts';
import type { Invoice, InvoicePage, InvoiceStatus, PaymentFlagReason } from '@atendo/contracts/billing';

/** Invoices a page (spec §7: 20). */
export const INVOICES_PAGE_SIZE = 20;

interface InvoiceRow {
  id: string | number;
  company_id: string | number;
  detail: string;
  value: string;
  due_date: Date;
  status: InvoiceStatus;
  paid_at: Date | null;
  txid: string | null;
  created_at: Date;
  updated_at: Date;
  company_name?: string | null;
}

const toInvoice = (r: InvoiceRow): Invoice => ({
  id: Number(r.id),
  companyId: Number(r.company_id),
  detail: r.detail,
  value: Number(r.value),
  dueDate: r.due_date.toISOString(),
  status: r.status,
  paidAt: r.paid_at?.toISOString() ?? null,
  txid: r.txid,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
  ...(r.company_name !== undefined ? { companyName: r.company_name ?? '' } : {}),
});

const likeTerm = (text: string) => `%${text.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A payment the provider reported that was not applied. */
export interface FlaggedPayment {
  companyId: number;
  invoiceId: number | null;
  txid: string;
  amount: number;
  endToEndId: string | null;
  reason: PaymentFlagReason;
  receivedAt: string;
}

/** A company whose next invoice may be due for issuing. */
export interface BillableCompany {
  companyId: number;
  name: string;
  dueDate: string;
  recurrence: Recurrence;
  planId: number | null;
  planName: string | null;
  value: number | null;
}

/** The invoices' read model: a company's own, or (the super user) every company's. */
export class InvoiceQueries {
  constructor(private readonly knex: Knex) {}

  /** A page of invoices, newest due date first; `companyId` null: every company's, with its name (search matches it too). */
  async page(companyId: number | null, search: string, pageNumber: number): Promise<InvoicePage> {
    const term = search.trim();
    const matching = this.knex('invoices as i')
      .leftJoin('companies as c', 'c.id', 'i.company_id')
      .modify((q) => {
        if (companyId !== null) q.where('i.company_id', companyId);
        if (term) {
          q.where((w) => {
            w.whereRaw('lower(i.detail) LIKE ?', [likeTerm(term)]);
            if (companyId === null) w.orWhereRaw('lower(c.name) LIKE ?', [likeTerm(term)]);
          });
        }
      });
    const [{ count }] = (await matching.clone().count<{ count: string }[]>('* as count')) as [{ count: string }];
    const rows = (await matching
      .clone()
      .select('i.*', ...(companyId === null ? ['c.name as company_name'] : []))
      .orderBy([{ column: 'i.due_date', order: 'desc' }, { column: 'i.id', order: 'desc' }])
      .limit(INVOICES_PAGE_SIZE)
      .offset((pageNumber - 1) * INVOICES_PAGE_SIZE)) as InvoiceRow[];
    const total = Number(count);
    return { invoices: rows.map(toInvoice), count: total, hasMore: pageNumber * INVOICES_PAGE_SIZE < total };
  }

  /** One of the company's invoices (null: none of its own by that id). */
  async find(companyId: number, id: number): Promise<Invoice | null> {
    const row = (await this.knex('invoices').where({ company_id: companyId, id }).first()) as InvoiceRow | undefined;
    return row ? toInvoice(row) : null;
  }

  /** The oldest unpaid invoice of the company: what "sign now" pays. */
  async openInvoice(companyId: number): Promise<Invoice | null> {
    const row = (await this.knex('invoices').where({ company_id: companyId, status: 'open' }).orderBy([{ column: 'due_date' }, { column: 'id' }]).first()) as InvoiceRow | undefined;
    return row ? toInvoice(row) : null;
  }

  /** Whether the company ever paid an invoice (else it is on its sign-up trial). */
  async everPaid(companyId: number): Promise<boolean> {
    return (await this.knex('invoices').where({ company_id: companyId, status: 'paid' }).first('id')) !== undefined;
  }

  /** Whose charge a txid is (any charge checkout created, not only an invoice's latest). */
  async charge(txid: string): Promise<{ companyId: number; invoiceId: number } | null> {
    const row = (await this.knex('invoice_charges').where({ txid }).first('company_id', 'invoice_id')) as { company_id: string; invoice_id: string } | undefined;
    return row ? { companyId: Number(row.company_id), invoiceId: Number(row.invoice_id) } : null;
  }

  /** The payments recorded but not applied: a company's, or every company's (0: charges nobody knew). */
  async flagged(companyId: number | null): Promise<FlaggedPayment[]> {
    const rows = (await this.knex('flagged_payments')
      .modify((q) => (companyId === null ? q : q.where({ company_id: companyId })))
      .orderBy('received_at', 'desc')
      .limit(200)) as Array<{ company_id: string; invoice_id: string | null; txid: string; amount: string; end_to_end_id: string | null; reason: PaymentFlagReason; received_at: Date }>;
    return rows.map((r) => ({
      companyId: Number(r.company_id),
      invoiceId: r.invoice_id === null ? null : Number(r.invoice_id),
      txid: r.txid,
      amount: Number(r.amount),
      endToEndId: r.end_to_end_id,
      reason: r.reason,
      receivedAt: r.received_at.toISOString(),
    }));
  }

  /** Companies switched on whose due date comes before `until`, with their plan: those the issuer looks at. */
  async billable(until: Date): Promise<BillableCompany[]> {
    const rows = (await this.knex('companies as c')
      .leftJoin('plans as p', 'p.id', 'c.plan_id')
      .where('c.status', true)
      .whereNotNull('c.due_date')
      .where('c.due_date', '<', until)
      .orderBy('c.id')
      .select('c.id', 'c.name', 'c.due_date', 'c.recurrence', 'c.plan_id', 'p.name as plan_name', 'p.value')) as Array<{
      id: string;
      name: string;
      due_date: Date;
      recurrence: Recurrence;
      plan_id: string | null;
      plan_name: string | null;
      value: string | null;
    }>;
    return rows.map((r) => ({
      companyId: Number(r.id),
      name: r.name,
      dueDate: r.due_date.toISOString(),
      recurrence: r.recurrence,
      planId: r.plan_id === null ? null : Number(r.plan_id),
      planName: r.plan_name,
      value: r.value === null ? null : Number(r.value),
    }));
  }
}
