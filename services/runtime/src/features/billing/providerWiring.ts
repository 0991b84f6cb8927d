import type { Knex } from 'knex';
import { loadState, PLATFORM_COMPANY, type EventStore, type FlowSecrets } from '@atendo/core';
import { billingDecider, billingStream } from '@atendo/core/billing';
import type { Config } from '../../config.js';
import { noProvider, type ProviderWiring } from './paymentProviders.js';

/** The provider credentials the super user stored (PUT /billing/provider), opened; null when none are stored. */
export async function storedCredentials(store: EventStore, secrets: FlowSecrets): Promise<Record<string, unknown> | null> {
  const { state } = await loadState(store, billingDecider, billingStream(PLATFORM_COMPANY));
  if (!state.provider) return null;
  const opened = await secrets.reveal(PLATFORM_COMPANY, state.provider.secretRef);
  return opened ? (JSON.parse(opened) as Record<string, unknown>) : null;
}

/**
 * THE ADAPTER POINT for the payment provider (billing-provider's `provider/index.ts`: `createPaymentProvider` and
 * `simulatorRouter`). Until that module is merged, no provider is wired: checkout answers 502 ERR_PAYMENT_PROVIDER and
 * the webhook 401 (tests put their own provider in with `services.billing.use`).
 */
export function providerWiring(deps: { config: Config; knex: Knex; store: EventStore; secrets: FlowSecrets; jwtSecret: string }): ProviderWiring {
  return {
    host: deps.config.host,
    make: () => noProvider,
    simulator: () => null,
  };
}
