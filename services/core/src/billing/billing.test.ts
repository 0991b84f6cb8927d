import { describe, expect, it } from 'vitest';
import type { BillingEvent } from '@atendo/contracts/billing';
import { deciderSpec } from '../testing/deciderSpec.js';
import { billingDecider, type BillingCommand } from './billing.js';

const spec = deciderSpec(billingDecider);
const due = '2030-02-01T12:00:00.000Z';
const issued: BillingEvent = { type: 'InvoiceIssued', data: { invoiceId: 7, dueDate: due, value: 30, detail: 'Plano Pro – 2030-02-01', planId: 1 } };
const charged: BillingEvent = { type: 'ChargeCreated', data: { invoiceId: 7, txid: 'tx0000000000000000000000007', provider: 'simulator', value: '30.00', by: 2 } };
const pay = (over: Partial<Extract<BillingCommand, { type: 'ApplyPayment' }>> = {}): BillingCommand => ({
  type: 'ApplyPayment',
  txid: charged.data.txid,
  amount: '30.00',
  endToEndId: 'E1',
  at: '2030-01-20T10:00:00.000Z',
  companyDueDate: due,
  recurrence: 'MENSAL',
  ...over,
});
const paid: BillingEvent = {
  type: 'InvoicePaid',
  data: { invoiceId: 7, txid: charged.data.txid, amount: '30.00', paidAt: '2030-01-20T10:00:00.000Z', endToEndId: 'E1', fromDueDate: due, toDueDate: '2030-03-01T12:00:00.000Z', recurrence: 'MENSAL' },
};
const flagged = (reason: 'wrongAmount' | 'unknownCharge' | 'alreadyPaid', over: Record<string, unknown> = {}): BillingEvent => ({
  type: 'PaymentFlagged',
  data: { txid: charged.data.txid, amount: '30.00', endToEndId: 'E1', invoiceId: 7, reason, receivedAt: '2030-01-20T10:00:00.000Z', ...over },
});

describe('billing', () => {
  it('issues one invoice per due date', () => {
    spec.given([]).when({ type: 'IssueInvoice', invoiceId: 7, dueDate: due, value: 30, detail: 'Plano Pro – 2030-02-01', planId: 1 }).then([issued]);
    // Asked again (a restart, a second node): nothing new, whatever id it took.
    spec.given([issued]).when({ type: 'IssueInvoice', invoiceId: 8, dueDate: due, value: 30, detail: 'again', planId: 1 }).then([]);
    spec.given([issued]).when({ type: 'IssueInvoice', invoiceId: 8, dueDate: '2030-02-01T09:00:00-03:00', value: 30, detail: 'same instant', planId: 1 }).then([]);
    spec
      .given([issued])
      .when({ type: 'IssueInvoice', invoiceId: 8, dueDate: '2030-03-01T12:00:00.000Z', value: 30, detail: 'next', planId: 1 })
      .thenState((s) => expect(Object.keys(s.invoices)).toEqual(['7', '8']));
  });

  it('creates charges only for an open invoice of its own', () => {
    spec.given([issued]).when({ type: 'CreateCharge', invoiceId: 7, txid: charged.data.txid, provider: 'simulator', value: '30', by: 2 }).then([charged]);
    spec.given([issued, charged]).when({ type: 'CreateCharge', invoiceId: 7, txid: charged.data.txid, provider: 'simulator', value: '30.00', by: 2 }).then([]);
    spec.given([]).when({ type: 'CreateCharge', invoiceId: 7, txid: 'x', provider: 'simulator', value: '30.00', by: 2 }).thenThrows('ERR_INVOICE_NOT_FOUND');
    spec.given([issued, charged, paid]).when({ type: 'CreateCharge', invoiceId: 7, txid: 'y', provider: 'simulator', value: '30.00', by: 2 }).thenThrows('ERR_INVOICE_ALREADY_PAID');
  });

  it('a payment pays the invoice and moves the due date one period from the due date ahead', () => {
    spec.given([issued, charged]).when(pay()).then([paid]);
    spec
      .given([issued, charged])
      .when(pay({ recurrence: 'TRIMESTRAL' }))
      .then([{ ...paid, data: { ...paid.data, toDueDate: '2030-05-01T12:00:00.000Z', recurrence: 'TRIMESTRAL' } }]);
  });

  it('an expired company pays from today', () => {
    const at = '2030-02-10T08:00:00.000Z';
    spec
      .given([issued, charged])
      .when(pay({ at }))
      .then([{ ...paid, data: { ...paid.data, paidAt: at, toDueDate: '2030-03-10T08:00:00.000Z' } }]);
  });

  it('the same notification twice (or concurrently) applies once', () => {
    spec.given([issued, charged, paid]).when(pay()).then([]);
    spec.given([issued, charged, paid]).when(pay({ amount: '1.00' })).then([]);
  });

  it('out of order: the next invoice paid first still counts both periods', () => {
    const next: BillingEvent = { type: 'InvoiceIssued', data: { invoiceId: 8, dueDate: '2030-03-01T12:00:00.000Z', value: 30, detail: 'next', planId: 1 } };
    const charged8: BillingEvent = { type: 'ChargeCreated', data: { invoiceId: 8, txid: 'tx8', provider: 'simulator', value: '30.00', by: 2 } };
    const paid8: BillingEvent = { type: 'InvoicePaid', data: { ...paid.data, invoiceId: 8, txid: 'tx8', endToEndId: 'E8' } };
    // The company's own stream has not moved yet: the period this stream already sold is counted from.
    spec
      .given([issued, charged, next, charged8, paid8])
      .when(pay())
      .then([{ ...paid, data: { ...paid.data, fromDueDate: '2030-03-01T12:00:00.000Z', toDueDate: '2030-04-01T12:00:00.000Z' } }]);
  });

  it('flags what it cannot apply, once', () => {
    spec.given([issued, charged]).when(pay({ amount: '29.99' })).then([flagged('wrongAmount', { amount: '29.99' })]);
    spec.given([issued, charged, flagged('wrongAmount', { amount: '29.99' })]).when(pay({ amount: '29.99' })).then([]);
    spec.given([issued]).when(pay({ txid: 'nobody' })).then([flagged('unknownCharge', { txid: 'nobody', invoiceId: null })]);
    spec.given([issued, charged, paid]).when(pay({ endToEndId: 'E2' })).then([flagged('alreadyPaid', { endToEndId: 'E2' })]);
    // A wrong amount leaves the invoice open: the right one pays it afterwards.
    spec
      .given([issued, charged, flagged('wrongAmount', { amount: '29.99', endToEndId: 'E0' })])
      .when(pay())
      .then([paid]);
  });
});
