/**
 * The events of a company's billing stream (`billing-{companyId}`): every step is an event, so an auditor can replay
 * who paid what when. Type strings and data shapes never change once written.
 */
export type BillingEvent =
  /** An open invoice for the plan's value, issued ahead of `dueDate` (once per due date and company). */
  | { type: 'InvoiceIssued'; data: { invoiceId: number; dueDate: string; value: number; detail: string; planId: number | null } }
  /** Checkout created a charge at the provider for this invoice. */
  | { type: 'ChargeCreated'; data: { invoiceId: number; txid: string; provider: string; value: string; by: number | null } }
  /** A verified notification paid this invoice: the company's due date moves from `fromDueDate` to `toDueDate`. */
  | { type: 'InvoicePaid'; data: { invoiceId: number; txid: string; amount: string; paidAt: string; endToEndId: string | null; fromDueDate: string | null; toDueDate: string; recurrence: string } }
  /** A verified notification that was not applied (wrong amount, unknown or already paid invoice): recorded, flagged. */
  | { type: 'PaymentFlagged'; data: { txid: string; amount: string; endToEndId: string | null; invoiceId: number | null; reason: PaymentFlagReason; receivedAt: string } }
  /**
   * The platform's payment provider credentials changed (platform stream `billing-0.0`): who and when, and a reference
   * to the sealed value kept outside the log (`secret:<id>`), with a hint of its end; never the credentials.
   */
  | { type: 'PaymentProviderSet'; data: { provider: string; secretRef: string; hint: string; by: number | null } };

export type PaymentFlagReason = 'wrongAmount' | 'unknownCharge' | 'alreadyPaid';

export const BILLING_EVENT_TYPES = ['InvoiceIssued', 'ChargeCreated', 'InvoicePaid', 'PaymentFlagged', 'PaymentProviderSet'] as const satisfies ReadonlyArray<BillingEvent['type']>;
