import { nextDueDate, type Recurrence } from '@atendo/contracts';
import type { BillingEvent, PaymentFlagReason } from '@atendo/contracts/billing';
import { DomainError, idSequences, streamId, type Migration } from '@atendo/platform';
import type { Decider } from '../commands/decider.js';
import { nameBasedUuid } from '../messages/inboundIds.js';

/**
 * A company's billing (issue 34): one stream per company, `billing-{companyId}.0`, holding its invoices, the charges
 * checkout created for them and the payments the provider reported. Every rule that depends on the time is told the
 * time (`at`): the decider reads no clock.
 *
 * - An invoice is issued once per due date: a second IssueInvoice for a due date that has one decides nothing (the
 *   issuer may ask again after a restart, or from two nodes).
 * - A charge is created only for an open invoice of this company (ERR_INVOICE_NOT_FOUND, ERR_INVOICE_ALREADY_PAID).
 * - A payment is applied once: the same end-to-end id again decides nothing. A payment that cannot be applied (no such
 *   charge, not the charge's amount, an invoice another payment already paid) is recorded as PaymentFlagged.
 * - Paying moves the due date one period of the recurrence on, from the later of `at` and the current due date (the
 *   company's, or the one this stream's last payment set, whichever is later: two payments in a row both count).
 */
export type BillingCommand =
  | { type: 'IssueInvoice'; invoiceId: number; dueDate: string; value: number; detail: string; planId: number | null }
  | { type: 'CreateCharge'; invoiceId: number; txid: string; provider: string; value: string; by: number | null }
  | {
      type: 'ApplyPayment';
      txid: string;
      /** BRL as the provider wrote it ("30.00"). */
      amount: string;
      endToEndId: string;
      /** When the notification arrived. */
      at: string;
      /** The company's due date and recurrence as its own stream holds them now. */
      companyDueDate: string | null;
      recurrence: Recurrence;
    }
  /** The platform's provider credentials were sealed under `secretRef` (platform stream only). */
  | { type: 'SetPaymentProvider'; provider: string; secretRef: string; hint: string; by: number | null };

export interface BillingInvoice {
  id: number;
  dueDate: string;
  value: number;
  status: 'open' | 'paid';
  /** The end-to-end id of the payment that paid it. */
  paidBy: string | null;
}

export interface BillingState {
  invoices: Record<number, BillingInvoice>;
  /** Invoice id by due date (ISO): one invoice per due date. */
  byDueDate: Record<string, number>;
  /** Each charge checkout created: its invoice and the amount it asks. */
  charges: Record<string, { invoiceId: number; value: string }>;
  /** End-to-end ids already recorded (applied or flagged): a repeat decides nothing. */
  payments: Record<string, true>;
  /** The due date the last payment set. */
  paidUntil: string | null;
  /** The platform stream's provider credentials: where they are sealed, and when and by whom they were set. */
  provider: { provider: string; secretRef: string; hint: string; by: number | null } | null;
}

export const billingStream = (companyId: number) => streamId('billing', companyId, 0);

export const invoiceIdMigrations: Migration[] = [idSequences('202611291330_invoice_ids', 'invoice')];

/** The id of the company update that moves the due date for a paid invoice: written once, whatever repeats it. */
export const dueDateMoveEventId = (companyId: number, invoiceId: number, endToEndId: string | null) => nameBasedUuid(`atendo:billing:dueDate:${companyId}:${invoiceId}:${endToEndId ?? ''}`);

const iso = (date: string) => new Date(date).toISOString();
const cents = (amount: string | number) => Math.round(Number(amount) * 100);
/** BRL with two decimals, as the provider writes it. */
export const brl = (value: number | string) => (cents(value) / 100).toFixed(2);

const open = (state: BillingState, invoiceId: number): BillingInvoice => {
  const invoice = state.invoices[invoiceId];
  if (!invoice) throw new DomainError('ERR_INVOICE_NOT_FOUND', `Invoice ${invoiceId} not found`, undefined, 404);
  if (invoice.status === 'paid') throw new DomainError('ERR_INVOICE_ALREADY_PAID', `Invoice ${invoiceId} is already paid`, undefined, 409);
  return invoice;
};

function applyPayment(command: Extract<BillingCommand, { type: 'ApplyPayment' }>, state: BillingState): BillingEvent[] {
  const { txid, amount, endToEndId, at } = command;
  if (state.payments[endToEndId]) return [];
  const flag = (reason: PaymentFlagReason, invoiceId: number | null): BillingEvent[] => [
    { type: 'PaymentFlagged', data: { txid, amount, endToEndId, invoiceId, reason, receivedAt: at } },
  ];
  const charge = state.charges[txid];
  const invoice = charge ? state.invoices[charge.invoiceId] : undefined;
  if (!charge || !invoice) return flag('unknownCharge', null);
  if (invoice.status === 'paid') return flag('alreadyPaid', invoice.id);
  if (cents(amount) !== cents(charge.value)) return flag('wrongAmount', invoice.id);
  const candidates = [command.companyDueDate, state.paidUntil].filter((d): d is string => d !== null).map((d) => new Date(d).getTime());
  const current = candidates.length ? Math.max(...candidates) : null;
  const from = new Date(Math.max(Date.parse(at), current ?? 0));
  return [
    {
      type: 'InvoicePaid',
      data: {
        invoiceId: invoice.id,
        txid,
        amount: brl(amount),
        paidAt: at,
        endToEndId,
        fromDueDate: current === null ? null : new Date(current).toISOString(),
        toDueDate: nextDueDate(from, command.recurrence).toISOString(),
        recurrence: command.recurrence,
      },
    },
  ];
}

export const billingDecider: Decider<BillingCommand, BillingEvent, BillingState> = {
  initialState: () => ({ invoices: {}, byDueDate: {}, charges: {}, payments: {}, paidUntil: null, provider: null }),
  decide(command, state) {
    switch (command.type) {
      case 'IssueInvoice': {
        const dueDate = iso(command.dueDate);
        if (state.byDueDate[dueDate] !== undefined) return [];
        if (state.invoices[command.invoiceId]) throw new DomainError('ERR_VALIDATION', `Invoice ${command.invoiceId} already exists`);
        const { invoiceId, value, detail, planId } = command;
        return [{ type: 'InvoiceIssued', data: { invoiceId, dueDate, value, detail, planId } }];
      }
      case 'CreateCharge': {
        open(state, command.invoiceId);
        const known = state.charges[command.txid];
        if (known && known.invoiceId === command.invoiceId && cents(known.value) === cents(command.value)) return [];
        if (known) throw new DomainError('ERR_VALIDATION', `The charge ${command.txid} is another invoice's`);
        const { invoiceId, txid, provider, by } = command;
        return [{ type: 'ChargeCreated', data: { invoiceId, txid, provider, value: brl(command.value), by } }];
      }
      case 'ApplyPayment':
        return applyPayment(command, state);
      case 'SetPaymentProvider': {
        const { provider, secretRef, hint, by } = command;
        return [{ type: 'PaymentProviderSet', data: { provider, secretRef, hint, by } }];
      }
      default: {
        const unreachable: never = command;
        return unreachable;
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'InvoiceIssued': {
        const { invoiceId: id, dueDate, value } = event.data;
        return {
          ...state,
          invoices: { ...state.invoices, [id]: { id, dueDate, value, status: 'open', paidBy: null } },
          byDueDate: { ...state.byDueDate, [iso(dueDate)]: id },
        };
      }
      case 'ChargeCreated': {
        const { invoiceId, txid, value } = event.data;
        return { ...state, charges: { ...state.charges, [txid]: { invoiceId, value } } };
      }
      case 'InvoicePaid': {
        const { invoiceId, endToEndId, toDueDate } = event.data;
        const invoice = state.invoices[invoiceId];
        return {
          ...state,
          invoices: invoice ? { ...state.invoices, [invoiceId]: { ...invoice, status: 'paid', paidBy: endToEndId } } : state.invoices,
          payments: endToEndId ? { ...state.payments, [endToEndId]: true } : state.payments,
          paidUntil: toDueDate,
        };
      }
      case 'PaymentFlagged':
        return event.data.endToEndId ? { ...state, payments: { ...state.payments, [event.data.endToEndId]: true } } : state;
      case 'PaymentProviderSet':
        return { ...state, provider: event.data };
      default: {
        const unreachable: never = event;
        return unreachable;
      }
    }
  },
};
