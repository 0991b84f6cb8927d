import { createHmac } from 'node:crypto';
import { AppError, loadState, PLATFORM_COMPANY, type EventStore, type FlowSecrets } from '@atendo/core';
import { billingDecider, billingStream } from '@atendo/core/billing';
import type { Config } from '../../config.js';
import type { ProviderWiring } from './paymentProviders.js';
import { createPaymentProvider, isSimulator, simulatorRouter, type EfiCredentials } from './provider/index.js';

/** What the super user stored (PUT /billing/provider), opened; null when nothing is stored. */
export async function storedCredentials(store: EventStore, secrets: FlowSecrets): Promise<(EfiCredentials & { sandbox: boolean }) | null> {
  const { state } = await loadState(store, billingDecider, billingStream(PLATFORM_COMPANY));
  if (!state.provider) return null;
  const opened = await secrets.reveal(PLATFORM_COMPANY, state.provider.secretRef);
  return opened ? (JSON.parse(opened) as EfiCredentials & { sandbox: boolean }) : null;
}

/** The `hmac` query value Efí's webhook is registered with: derived from the server's secret (JWT_SECRET). */
export const efiWebhookHmac = (serverSecret: string) => createHmac('sha256', serverSecret).update('atendo:billing:efi-webhook').digest('hex');

/**
 * The payment provider of this installation (billing-provider's `createPaymentProvider`): Efí with the credentials
 * the super user stored (always in production, where there is no simulator), else the embedded simulator, whose
 * notifications are signed with a key derived from the server's secret and posted to this server's own webhook.
 */
export function providerWiring({ config, store, secrets, jwtSecret }: { config: Config; store: EventStore; secrets: FlowSecrets; jwtSecret: string }): ProviderWiring {
  return {
    host: config.host,
    async make(webhookBase) {
      const stored = await storedCredentials(store, secrets);
      const efi =
        stored || config.production
          ? {
              sandbox: stored?.sandbox ?? false,
              // Behind a proxy that ends TLS (no client certificate reaches us), Efí's deliveries are recognised by the
              // `?hmac=` the webhook was registered with (README.md).
              webhook: { hmac: efiWebhookHmac(jwtSecret) },
              async credentials(): Promise<EfiCredentials> {
                const now = await storedCredentials(store, secrets);
                if (!now) throw new AppError('ERR_PAYMENT_PROVIDER', 502, "The payment provider's credentials are not set (PUT /billing/provider)");
                return now;
              },
            }
          : undefined;
      return createPaymentProvider({
        production: config.production,
        secret: createHmac('sha256', jwtSecret).update('atendo:billing:pix-simulator').digest('hex'),
        webhookUrl: `${webhookBase}/${efi ? 'efi' : 'simulator'}`,
        ...(efi ? { efi } : {}),
      });
    },
    simulator: (provider) => (!config.production && isSimulator(provider) ? simulatorRouter(provider) : null),
  };
}
