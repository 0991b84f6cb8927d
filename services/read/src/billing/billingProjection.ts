import type { CompanyEvent, RecordedEvent } from '@atendo/contracts';
import { BILLING_EVENT_TYPES, type BillingEvent } from '@atendo/contracts/billing';
import type { Projection } from '../projections/projection.js';

/**
 * Invoices, their charges and the payments that were flagged, for the invoices page, the webhook's lookup of a txid
 * and the issuer. One more thing: when the company update that moves a due date for a paid invoice lands (the billing
 * feature's process sends it, caused by the InvoicePaid event), the paying company's consoles hear `payment`
 * (CONCLUIDA) with the new due date, so the checkout shows the renewal only once the company really moved on.
 */
export const billingProjection: Projection = {
  name: 'billing',
  tables: ['invoices', 'invoice_charges', 'flagged_payments'],
  eventTypes: [...BILLING_EVENT_TYPES, 'CompanyUpdated'],
  async apply(events, { trx, emit, rebuilding }) {
    for (const recorded of events as RecordedEvent[]) {
      const { companyId, occurredAt: at } = recorded.metadata;
      if (recorded.type === 'CompanyUpdated') {
        const event = recorded as unknown as Extract<CompanyEvent, { type: 'CompanyUpdated' }>;
        const dueDate = event.data.changes.dueDate;
        if (rebuilding || !dueDate) continue;
        const paid = (await trx('invoices').where({ paid_event_id: recorded.metadata.causationId, company_id: event.data.id }).first('id')) as { id: string } | undefined;
        if (paid) emit({ companyId: event.data.id, channel: 'payment', payload: { action: 'CONCLUIDA', company: { id: event.data.id, dueDate }, invoiceId: Number(paid.id) }, audience: { kind: 'company' } });
        continue;
      }
      const event = recorded as unknown as BillingEvent;
      switch (event.type) {
        case 'InvoiceIssued': {
          const { invoiceId, dueDate, value, detail, planId } = event.data;
          await trx('invoices')
            .insert({ id: invoiceId, company_id: companyId, detail, value, due_date: dueDate, status: 'open', plan_id: planId, created_at: at, updated_at: at })
            .onConflict('id')
            .merge();
          break;
        }
        case 'ChargeCreated': {
          const { invoiceId, txid, provider, value } = event.data;
          await trx('invoice_charges').insert({ txid, company_id: companyId, invoice_id: invoiceId, provider, value, created_at: at }).onConflict('txid').ignore();
          // The charge's value is the invoice's (checkout may have switched the plan).
          await trx('invoices').where({ id: invoiceId, company_id: companyId }).update({ txid, value, updated_at: at });
          break;
        }
        case 'InvoicePaid': {
          const { invoiceId, paidAt, toDueDate } = event.data;
          await trx('invoices').where({ id: invoiceId, company_id: companyId }).update({ status: 'paid', paid_at: paidAt, to_due_date: toDueDate, paid_event_id: recorded.id, updated_at: at });
          break;
        }
        case 'PaymentFlagged': {
          const { invoiceId, txid, amount, endToEndId, reason, receivedAt } = event.data;
          const value = Number.isFinite(Number(amount)) ? amount : '0';
          await trx('flagged_payments')
            .insert({ event_id: recorded.id, company_id: companyId, invoice_id: invoiceId, txid, amount: value, end_to_end_id: endToEndId, reason, received_at: receivedAt })
            .onConflict('event_id')
            .ignore();
          break;
        }
        default:
          continue;
      }
    }
  },
};
