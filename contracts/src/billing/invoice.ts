import { boolean, mixed, number, object, string, type InferType } from 'yup';

/**
 * Billing (issue 34, spec §3 Invoice, Payment, Checkout payload; §4 invoice display status, checkout).
 *
 * A company pays its plan by invoices: one open invoice is issued ahead of each due date; paying it moves the company's
 * due date one recurrence period forward (from the later of today and the current due date).
 */

/** The invoice as `GET /invoices/all` answers it (spec §3: id, detail, value, dueDate, status). */
export interface Invoice {
  id: number;
  companyId: number;
  /** What is billed, e.g. "Plano Pro – 2026-12-05". */
  detail: string;
  /** In BRL, two decimals. */
  value: number;
  /** The company due date this invoice pays for (ISO date-time). */
  dueDate: string;
  /** 'paid' once a payment for it was applied; 'open' otherwise (display status `expired` is derived, see below). */
  status: InvoiceStatus;
  paidAt: string | null;
  /** The provider's transaction id of its current charge, once checkout created one. */
  txid: string | null;
  createdAt: string;
  updatedAt: string;
  /** Only in the super user's list: whose it is. */
  companyName?: string;
}

export type InvoiceStatus = 'open' | 'paid';

/** Spec §4: paid; expired when the due date is before today and unpaid (row highlighted); otherwise open. */
export type InvoiceDisplayStatus = 'paid' | 'expired' | 'open';

export function invoiceDisplayStatus(invoice: Pick<Invoice, 'status' | 'dueDate'>, now = new Date()): InvoiceDisplayStatus {
  if (invoice.status === 'paid') return 'paid';
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return new Date(invoice.dueDate).getTime() < today.getTime() ? 'expired' : 'open';
}

/** `GET /invoices/all` (spec §7): searchParam, pageNumber → invoices, hasMore. */
export interface InvoicePage {
  invoices: Invoice[];
  count: number;
  hasMore: boolean;
}

/** `GET /invoices/all`'s query: what to look for (detail; for the super user, the company's name too) and the page. */
export const listInvoicesQuerySchema = object({
  searchParam: string().trim().max(100).default(''),
  pageNumber: number().integer().min(1).max(100_000).default(1),
});

/** An invoice is issued when the company's due date is under this many days away (issue 34). */
export const INVOICE_LEAD_DAYS = 20;

/** The instant-payment charge as the provider answers it (spec §3 Payment: qrcode.qrcode, valor.original). */
export interface Payment {
  txid: string;
  qrcode: {
    /** The "copia e cola" text: an EMV BR Code payload ending in its CRC16. */
    qrcode: string;
    /** The same as a PNG data URL (`data:image/png;base64,…`). */
    imagemQrcode: string;
  };
  valor: { original: string };
  invoiceId: number;
}

export const CHECKOUT_COUNTRIES = ['BR', 'US'] as const;
export type CheckoutCountry = (typeof CHECKOUT_COUNTRIES)[number];

/**
 * Checkout step 0 (spec §5): firstName, address2, city, zipcode, country required; the rest of the payment form
 * is optional for the instant-payment flow (the card fields are not shown). Messages are translation keys.
 */
export const checkoutDataSchema = object({
  firstName: string().trim().required('validation.required').max(100, 'validation.tooLong'),
  lastName: string().trim().max(100, 'validation.tooLong').default(''),
  address2: string().trim().required('validation.required').max(200, 'validation.tooLong'),
  city: string().trim().required('validation.required').max(100, 'validation.tooLong'),
  state: string().trim().max(100, 'validation.tooLong').default(''),
  zipcode: string().trim().required('validation.required').max(20, 'validation.tooLong'),
  country: mixed<CheckoutCountry>().oneOf([...CHECKOUT_COUNTRIES], 'validation.invalid').required('validation.required'),
  useAddressForPaymentDetails: boolean().default(false),
});

/** `POST /subscription` (spec §3 Checkout payload): step 0's data, the chosen plan and the invoice paid. */
export const checkoutSchema = checkoutDataSchema.shape({
  /** The chosen plan's id (the seeds' console sends the plan as a JSON string of {title, planId, price, …}: both are taken). */
  plan: mixed<number | string>().required('validation.required'),
  price: number().min(0).optional(),
  users: number().integer().min(0).optional(),
  connections: number().integer().min(0).optional(),
  invoiceId: number().integer().positive().required('validation.required'),
  nameOnCard: string().optional(),
  cardNumber: string().optional(),
  cvv: string().optional(),
});

export type CheckoutData = InferType<typeof checkoutDataSchema>;
export type CheckoutPayload = InferType<typeof checkoutSchema>;

/** `GET /subscription`: what the subscription page shows. */
export interface SubscriptionStatus {
  companyId: number;
  planId: number | null;
  planName: string | null;
  value: number | null;
  recurrence: string;
  dueDate: string | null;
  /** Whole days until the due date (negative once past), null without one. */
  daysLeft: number | null;
  /** Still on the sign-up trial (no invoice ever paid). */
  trial: boolean;
  expired: boolean;
  billingEmail: string | null;
  /** The oldest unpaid invoice, what "sign now" pays. */
  openInvoice: Invoice | null;
}

/** The live `payment` event (spec §8: action CONCLUIDA) on the company's feed. */
export interface PaymentFeedPayload {
  action: 'CONCLUIDA';
  company: { id: number; dueDate: string };
  invoiceId: number;
}
