import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Request } from 'express';
import type { AnyObject, InferType } from 'yup';
import { idParamsSchema } from '@atendo/contracts';
import { checkoutSchema, listInvoicesQuerySchema, providerCredentialsSchema, type Invoice, type InvoicePage, type Payment, type SubscriptionStatus } from '@atendo/contracts/billing';
import { billingDecider, billingStream, brl } from '@atendo/core/billing';
import { companyDecider, companyStream, handleCommand, loadState, type CommandContext, type FlowSecrets } from '@atendo/core';
import { AppError, PLATFORM_COMPANY } from '@atendo/platform';
import { CompanyQueries, PlanQueries } from '@atendo/read';
import { InvoiceQueries } from '@atendo/read/billing';
import * as yup from 'yup';
import { route, type RouteSpec } from '../http/routeTable.js';
import type { RecordRouteDeps } from '../http/recordRoutes.js';

/**
 * What billing's routes ask of the payment provider: the runtime's `PaymentProvider` port
 * (services/runtime/src/features/billing/provider/port.ts) as the routes use it.
 */
export interface BillingGateway {
  readonly name: string;
  createCharge(charge: { txid: string; invoiceId: number; companyId: number; value: string; description: string; payer?: { name: string }; expiresIn: number }): Promise<{
    txid: string;
    qrcode: { qrcode: string; imagemQrcode: string };
    valor: { original: string };
  }>;
  verifyWebhook(request: WebhookRequest): Promise<Array<{ endToEndId: string; txid: string; valor: string; horario: string }> | null>;
}

/** A webhook delivery as the provider checks it: headers, the raw body, the verified client certificate, the query. */
export interface WebhookRequest {
  headers: IncomingHttpHeaders;
  rawBody: Buffer;
  clientCertificateFingerprint: string | null;
  query?: Readonly<Record<string, unknown>>;
}

export interface BillingRouteDeps extends RecordRouteDeps {
  /** The installation's payment provider (made on first use: it may need this server's own address). */
  provider(req: Request): Promise<BillingGateway>;
  /** What of a webhook request the provider checks (the client certificate only when TLS verified it). */
  delivery(req: Request, rawBody: Buffer): WebhookRequest;
  /** Where the provider credentials are sealed (outside the log). */
  secrets: FlowSecrets;
  /** The provider credentials changed: the next charge uses them. */
  providerChanged(): void;
  clock?: () => Date;
}

/** The provider credentials a super user stores (Efí: OAuth client, certificate and key, and the Pix key). */

/** A Pix amount as providers write it ("30.00"), within what an invoice may cost. */
const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;
/** A charge lives an hour; a new checkout after that makes a new one. */
const CHARGE_SECONDS = 3_600;

/** The plan checkout chose: an id, or the seeds' console's JSON of `{ title, planId, price, … }`. */
function chosenPlan(plan: number | string): number {
  let id: unknown = plan;
  if (typeof plan === 'string') {
    const text = plan.trim();
    if (/^\d+$/.test(text)) id = Number(text);
    else {
      try {
        const parsed = JSON.parse(text) as { planId?: unknown; id?: unknown } | null;
        id = parsed?.planId ?? parsed?.id;
      } catch {
        id = undefined;
      }
    }
  }
  const n = Number(id);
  if (!Number.isSafeInteger(n) || n <= 0) throw new AppError('ERR_VALIDATION', 400, 'The plan is not one of the plans', [{ path: 'plan', message: 'validation.invalid' }]);
  return n;
}

/**
 * Billing (issue 34): a company's invoices and subscription, checkout (a Pix charge at the provider for an invoice),
 * the provider's webhook, and the super user's provider credentials. A company past its due date still reaches its
 * invoices and checkout (`openWhenExpired`); the webhook is public and checked by the provider's signature first.
 */
export function billingRoutes({ knex, store, readYourWrites, provider, delivery, secrets, providerChanged, clock = () => new Date() }: BillingRouteDeps): RouteSpec[] {
  const feature = 'billing';
  const invoices = new InvoiceQueries(knex);
  const companies = new CompanyQueries(knex);
  const plans = new PlanQueries(knex);
  const by = (userId: number): CommandContext => ({ actor: { type: 'user', userId } });
  const payments: CommandContext = { actor: { type: 'system', name: 'payments' } };

  const ownInvoice = async (companyId: number, id: number): Promise<Invoice> => {
    const invoice = await invoices.find(companyId, id);
    if (!invoice) throw new AppError('ERR_INVOICE_NOT_FOUND', 404, `Invoice ${id} not found`);
    return invoice;
  };

  async function subscription(companyId: number): Promise<SubscriptionStatus> {
    const company = await companies.find(companyId);
    if (!company) throw new AppError('ERR_NOT_FOUND', 404, `Company ${companyId} not found`);
    const plan = company.planId ? await plans.find(company.planId) : null;
    const now = clock().getTime();
    const due = company.dueDate ? Date.parse(company.dueDate) : null;
    return {
      companyId,
      planId: plan?.id ?? null,
      planName: plan?.name ?? null,
      value: plan?.value ?? null,
      recurrence: company.recurrence,
      dueDate: company.dueDate ?? null,
      daysLeft: due === null ? null : Math.ceil((due - now) / 86_400_000),
      trial: !(await invoices.everPaid(companyId)),
      expired: due !== null && due < now,
      billingEmail: company.email || null,
      openInvoice: await invoices.openInvoice(companyId),
    };
  }

  /** Applies one verified notification to the stream of the company whose charge it names (unknown: the platform's). */
  async function applyNotification(n: { endToEndId: string; txid: string; valor: string }, at: Date) {
    const charge = await invoices.charge(n.txid);
    const companyId = charge?.companyId ?? PLATFORM_COMPANY;
    const company = charge ? (await loadState(store, companyDecider, companyStream(companyId))).state : null;
    const fields = company?.status === 'live' ? company.fields : null;
    return handleCommand(
      store,
      billingDecider,
      billingStream(companyId),
      { type: 'ApplyPayment', txid: n.txid, amount: n.valor, endToEndId: n.endToEndId, at: at.toISOString(), companyDueDate: fields?.dueDate ?? null, recurrence: fields?.recurrence ?? 'MENSAL' },
      payments,
      // Every delivery of one payment may arrive at once: each decides again on the stream as the first left it.
      { maxRetries: 20 },
    );
  }

  const webhook = (path: string): RouteSpec =>
    route<{ provider: string }>({
      method: 'post',
      path,
      feature,
      summary: "The payment provider's notifications (Pix): checked by its signature (or mTLS) before anything is read; each payment applied once, or recorded and flagged",
      permission: 'public',
      params: yup.object({ provider: yup.string().trim().max(30).required() }),
      rawBody: true,
      errors: ['ERR_PAYMENT_SIGNATURE', 'ERR_NOT_FOUND'],
      async handler({ req, res, params }) {
        const gateway = await provider(req);
        if (params.provider !== gateway.name) throw new AppError('ERR_NOT_FOUND', 404, `No payment provider ${params.provider} here`);
        const notifications = await gateway.verifyWebhook(delivery(req, req.rawBody ?? Buffer.alloc(0)));
        if (!notifications) throw new AppError('ERR_PAYMENT_SIGNATURE', 401, 'The notification is not signed by the payment provider');
        const valid = notifications.filter((n) => typeof n.txid === 'string' && n.txid.length <= 64 && typeof n.endToEndId === 'string' && n.endToEndId.length <= 64 && typeof n.valor === 'string' && AMOUNT.test(n.valor));
        let position;
        for (const n of valid) position = (await applyNotification(n, clock())).position ?? position;
        await readYourWrites(position);
        res.json({ received: valid.length });
      },
    });

  /** A page of invoices (the super user's across companies), answered in the shape `answer` gives it. */
  const invoiceList = (path: string, summary: string, answer: (page: InvoicePage) => unknown) =>
    route<AnyObject, InferType<typeof listInvoicesQuerySchema>>({
      method: 'get',
      path,
      feature,
      summary,
      permission: 'invoices:view',
      query: listInvoicesQuerySchema,
      openWhenExpired: true,
      async handler({ res, query, auth }) {
        res.json(answer(await invoices.page(auth.viewer.super ? null : auth.viewer.companyId, query.searchParam, query.pageNumber)));
      },
    });

  return [
    invoiceList(
      '/invoices',
      "A page of the company's invoices (20), newest due date first, with count and hasMore; the super user sees every company's, with its name",
      (page) => page,
    ),
    invoiceList(
      '/invoices/all',
      "The same page as a bare list of invoices, as the seeds' console reads it (its invoices page iterates the answer); GET /invoices adds count and hasMore",
      (page) => page.invoices,
    ),
    route<{ id: number }>({
      method: 'get',
      path: '/invoices/:id',
      feature,
      summary: "One of the company's invoices",
      permission: 'invoices:view',
      params: idParamsSchema(),
      errors: ['ERR_INVOICE_NOT_FOUND'],
      openWhenExpired: true,
      async handler({ res, params: { id }, auth }) {
        res.json(await ownInvoice(auth.viewer.companyId, id));
      },
    }),
    route({
      method: 'get',
      path: '/subscription',
      feature,
      summary: "The company's subscription: plan, due date, days left, trial, billing e-mail and the invoice to pay",
      permission: 'invoices:view',
      openWhenExpired: true,
      async handler({ res, auth }) {
        res.json(await subscription(auth.viewer.companyId));
      },
    }),
    route<AnyObject, AnyObject, InferType<typeof checkoutSchema>>({
      method: 'post',
      path: '/subscription',
      feature,
      summary: 'Checkout: a Pix charge for one of the company\'s open invoices, on the plan chosen (which becomes the company\'s plan)',
      permission: 'invoices:pay',
      body: checkoutSchema,
      errors: ['ERR_INVOICE_NOT_FOUND', 'ERR_INVOICE_ALREADY_PAID', 'ERR_PAYMENT_PROVIDER'],
      openWhenExpired: true,
      async handler({ req, res, body, auth }) {
        const companyId = auth.viewer.companyId;
        const planId = chosenPlan(body.plan);
        const plan = await plans.find(planId);
        if (!plan) throw new AppError('ERR_VALIDATION', 400, `Plan ${planId} does not exist`, [{ path: 'plan', message: 'validation.invalid' }]);
        const invoice = await ownInvoice(companyId, body.invoiceId);
        const billing = await loadState(store, billingDecider, billingStream(companyId));
        if (invoice.status === 'paid' || billing.state.invoices[invoice.id]?.status === 'paid') throw new AppError('ERR_INVOICE_ALREADY_PAID', 409, `Invoice ${invoice.id} is already paid`);
        const company = await loadState(store, companyDecider, companyStream(companyId));
        if (company.state.status === 'live' && company.state.fields.planId !== plan.id) {
          const changed = await handleCommand(store, companyDecider, companyStream(companyId), { type: 'update', changes: { planId: plan.id } }, by(auth.claims.userId));
          await readYourWrites(changed.position);
        }
        const value = brl(plan.value);
        // Ours, so a retry of the same checkout the same day finds the same charge (26–35 letters and digits).
        const day = clock().toISOString().slice(0, 10);
        const txid = `at${createHash('sha256').update(`${companyId}:${invoice.id}:${value}:${day}`).digest('hex').slice(0, 30)}`;
        let charge;
        let gateway: BillingGateway | undefined;
        try {
          gateway = await provider(req);
          charge = await gateway.createCharge({
            txid,
            invoiceId: invoice.id,
            companyId,
            value,
            description: invoice.detail.slice(0, 140),
            payer: { name: `${body.firstName} ${body.lastName}`.trim() },
            expiresIn: CHARGE_SECONDS,
          });
        } catch (error) {
          if (error instanceof AppError && error.code === 'ERR_PAYMENT_PROVIDER') throw error;
          throw new AppError('ERR_PAYMENT_PROVIDER', 502, `The payment provider failed: ${error instanceof Error ? error.message : String(error)}`);
        }
        const recorded = await handleCommand(
          store,
          billingDecider,
          billingStream(companyId),
          { type: 'CreateCharge', invoiceId: invoice.id, txid: charge.txid, provider: gateway!.name, value, by: auth.claims.userId },
          by(auth.claims.userId),
        );
        await readYourWrites(recorded.position);
        const payment: Payment = { txid: charge.txid, qrcode: charge.qrcode, valor: charge.valor, invoiceId: invoice.id };
        res.json(payment);
      },
    }),
    webhook('/billing/webhook/:provider'),
    webhook('/billing/webhook/:provider/pix'),
    route({
      method: 'get',
      path: '/billing/flagged',
      feature,
      summary: "Payments received but not applied (wrong amount, unknown charge, invoice already paid): the company's; the super user's, every company's",
      permission: 'invoices:view',
      async handler({ res, auth }) {
        res.json(await invoices.flagged(auth.viewer.super ? null : auth.viewer.companyId));
      },
    }),
    route({
      method: 'get',
      path: '/billing/provider',
      feature,
      summary: "Whether the payment provider's credentials are set, by whom, and a hint of their end (never the credentials)",
      permission: 'billing:provider',
      async handler({ res }) {
        const { state } = await loadState(store, billingDecider, billingStream(PLATFORM_COMPANY));
        const set = state.provider;
        res.json(set ? { set: true, provider: set.provider, hint: set.hint, by: set.by } : { set: false, provider: null, hint: null, by: null });
      },
    }),
    route<AnyObject, AnyObject, InferType<typeof providerCredentialsSchema>>({
      method: 'put',
      path: '/billing/provider',
      feature,
      summary: "Store the payment provider's credentials, sealed outside the event log (the log records who changed them and when)",
      permission: 'billing:provider',
      body: providerCredentialsSchema,
      async handler({ res, body, auth }) {
        const { provider: name, ...credentials } = body;
        const sealed = JSON.stringify(credentials);
        const secretRef = await secrets.store(PLATFORM_COMPANY, sealed);
        const hint = body.clientId.length >= 12 ? body.clientId.slice(-4) : '';
        const result = await handleCommand(store, billingDecider, billingStream(PLATFORM_COMPANY), { type: 'SetPaymentProvider', provider: name, secretRef, hint, by: auth.claims.userId }, by(auth.claims.userId));
        await readYourWrites(result.position);
        providerChanged();
        res.json({ set: true, provider: name, hint, by: auth.claims.userId });
      },
    }),
  ];
}
