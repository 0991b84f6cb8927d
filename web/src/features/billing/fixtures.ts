import type { Invoice, Payment, SubscriptionStatus } from '@atendo/contracts/billing';
import { me, plan } from '../../test/fixtures';

/** An invoice of the signed-in user's company. */
export function anInvoice(id: number, change: Partial<Invoice> = {}): Invoice {
  return {
    id,
    companyId: me.companyId,
    detail: `Plano Pro ${id}`,
    value: 30,
    dueDate: '2099-01-10T00:00:00.000Z',
    status: 'open',
    paidAt: null,
    txid: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...change,
  };
}

export const aPlan = plan;

export function aPayment(invoiceId: number, change: Partial<Payment> = {}): Payment {
  return {
    txid: 'tx-abc123',
    qrcode: { qrcode: '00020126580014br.gov.bcb.pix0136tx-abc1235204000053039865405120.005802BR6304ABCD', imagemQrcode: 'data:image/png;base64,iVBORw0KGgo=' },
    valor: { original: '120.00' },
    invoiceId,
    ...change,
  };
}

export function aSubscription(change: Partial<SubscriptionStatus> = {}): SubscriptionStatus {
  return {
    companyId: me.companyId,
    planId: 1,
    planName: 'Plan 1',
    value: 30,
    recurrence: 'MENSAL',
    dueDate: '2099-01-10T00:00:00.000Z',
    daysLeft: 6,
    trial: true,
    expired: false,
    billingEmail: 'billing@acme.example',
    openInvoice: anInvoice(5),
    ...change,
  };
}
