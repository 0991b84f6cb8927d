import type { Position } from '@atendo/contracts';
import { BILLING_CHANNELS, BILLING_ERRORS, BILLING_PERMISSIONS } from '@atendo/contracts/billing';
import { billingRoutes } from '@atendo/api/billing';
import { invoiceIdMigrations } from '@atendo/core/billing';
import { billingMigrations, billingProjection } from '@atendo/read/billing';
import { defineFeature } from '../featureModule.js';
import { DueDateMover } from './dueDateMover.js';
import { InvoiceIssuer } from './invoiceIssuer.js';
import { PaymentProviders } from './paymentProviders.js';
import { providerWiring } from './providerWiring.js';
import { webhookDelivery } from './provider/index.js';

declare module '../../platform/services.js' {
  interface Services {
    /** The installation's payment provider (billing): the simulator outside production, Efí with stored credentials. */
    billing: PaymentProviders;
  }
}

/**
 * Billing (issue 34): a company pays its plan by invoices, issued ahead of each due date by the jobs role
 * (`InvoiceIssuer`) and paid by Pix through the payment provider (`provider/`); a verified payment pays the invoice in
 * the company's billing stream, and `DueDateMover` then moves the company's due date in the company's own stream (a
 * process that follows the log, with a once-only event id: the store appends to one stream at a time, so the two
 * writes cannot be one). The `payment` feed entry (CONCLUIDA) goes out when the due date has moved. A company past
 * its due date keeps its invoices, checkout and the `payment` channel; everything else answers 402.
 */
export const billing = defineFeature({
  name: 'billing',
  errors: BILLING_ERRORS,
  permissions: BILLING_PERMISSIONS,
  channels: BILLING_CHANNELS,
  channelsWhenExpired: ['payment'],
  migrations: [...invoiceIdMigrations, ...billingMigrations],
  projections: [billingProjection],
  provides: ({ config, store, secrets, jwtSecret }) => ({ billing: new PaymentProviders(providerWiring({ config, store, secrets, jwtSecret })) }),
  routes: ({ knex, store, ids, readYourWrites, billing, secrets, clock }) =>
    billingRoutes({ knex, store, ids, readYourWrites, secrets, clock, provider: (req) => billing.get(req), delivery: webhookDelivery, providerChanged: () => billing.reset() }),
  mounts: ({ config, billing }) => (config.production ? [] : [['/pix-simulator', billing.simulator]]),
  processes: ({ knex, databaseUrl, store, ids, log, clock, readYourWrites }) => {
    const issuer = new InvoiceIssuer({ knex, databaseUrl, store, ids, log, clock });
    // A company added, or its due date or plan changed: the issuer looks once the read models show it.
    const companyChanged = (position: Position) =>
      void readYourWrites(position)
        .then(() => issuer.poke())
        .catch(() => undefined);
    return [issuer, new DueDateMover({ knex, databaseUrl, store, log, clock, companyChanged })];
  },
  probe: {
    // The webhook's {provider} is a provider's name, not a company's record.
    resources: { 'invoices.id': 'invoice', 'billing.provider': null },
    // The provider's OAuth client id is Efí's, not a record.
    bodyIds: { invoiceId: 'invoice', clientId: null },
    // Checkout asks the provider (the world outside): only B's invoice is sent in A's body, refused before any call.
    bodies: () => ({ 'POST /subscription': { body: { firstName: 'Ana', address2: 'Rua A, 1', city: 'Recife', zipcode: '50000-000', country: 'BR', plan: 1, invoiceId: 1 }, outside: true } }),
    async make(b) {
      // B's due date is a day away: the issuer issues its invoice.
      const page = await b.eventually(async () => {
        const found = await b.api<{ invoices: Array<{ id: number }> }>('/invoices');
        if (!found.invoices.length) throw new Error('no invoice yet');
        return found;
      }, 30_000);
      return { invoice: String(page.invoices[0]!.id) };
    },
    observe: (b) => b.api(`/invoices/${b.theirs.invoice}`),
  },
});
