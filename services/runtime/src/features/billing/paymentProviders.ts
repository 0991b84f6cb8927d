import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import { AppError } from '@atendo/platform';
import type { PaymentProvider } from './provider/port.js';

/** Where the provider's webhook reaches this server, and what a provider is made from. */
export interface ProviderWiring {
  /** Makes the installation's provider for notifications sent to `webhookUrl` (null: none is wired). */
  make(webhookUrl: string): PaymentProvider;
  /** The simulator's page and pay endpoint for a provider (outside production), or null. */
  simulator?(provider: PaymentProvider): RequestHandler | null;
  /** The webhook's address when it is not this server's own (BILLING_WEBHOOK_URL behind a proxy …). */
  webhookUrl?: string;
  /** The address this server listens on (`localhost`, `0.0.0.0` …), for its own webhook URL. */
  host: string;
}

/**
 * The installation's payment provider, made on first use: the simulator posts its notifications to this server's
 * own webhook, whose port is known only once a request came in. `use` puts another provider in its place (tests,
 * and a wiring that chose one); `reset` makes the next use build it again (the super user changed the credentials).
 */
export class PaymentProviders {
  private current: PaymentProvider | undefined;
  private replaced: PaymentProvider | undefined;
  private simulatorHandler: RequestHandler | null | undefined;

  constructor(private readonly wiring: ProviderWiring) {}

  /** The provider, for a request that reached this server. */
  get(req: Pick<IncomingMessage, 'socket'>): PaymentProvider {
    if (this.replaced) return this.replaced;
    if (!this.current) {
      const host = this.wiring.host === '0.0.0.0' || this.wiring.host === '::' ? '127.0.0.1' : this.wiring.host;
      const url = this.wiring.webhookUrl ?? `http://${host}:${req.socket.localPort}/billing/webhook`;
      this.current = this.wiring.make(url);
    }
    return this.current;
  }

  use(provider: PaymentProvider | undefined): void {
    this.replaced = provider;
  }

  reset(): void {
    this.current = undefined;
    this.simulatorHandler = undefined;
  }

  /** The simulator's pages (outside production): built with the provider they pay, on first use. */
  readonly simulator: RequestHandler = (req, res, next) => {
    try {
      if (this.simulatorHandler === undefined) this.simulatorHandler = this.wiring.simulator?.(this.get(req)) ?? null;
    } catch (error) {
      next(error);
      return;
    }
    if (this.simulatorHandler) this.simulatorHandler(req, res, next);
    else next();
  };
}

/** The stand-in until a provider is wired: every charge answers 502 ERR_PAYMENT_PROVIDER, every notification 401. */
export const noProvider: PaymentProvider = {
  name: 'none',
  async createCharge() {
    throw new AppError('ERR_PAYMENT_PROVIDER', 502, 'No payment provider is configured');
  },
  async verifyWebhook() {
    return null;
  },
  async fetchCharge() {
    throw new AppError('ERR_PAYMENT_PROVIDER', 502, 'No payment provider is configured');
  },
};
