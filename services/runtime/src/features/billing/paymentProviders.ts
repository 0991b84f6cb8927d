import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import type { PaymentProvider } from './provider/index.js';

/** What the installation's provider is made from. */
export interface ProviderWiring {
  /** Makes the provider; the simulator posts its notifications to `webhookBase`/simulator (this server's own). */
  make(webhookBase: string): Promise<PaymentProvider>;
  /** The simulator's page and pay endpoint for a provider (outside production; null for another provider). */
  simulator(provider: PaymentProvider): RequestHandler | null;
  /** The address this server listens on (`localhost`, `0.0.0.0` …), for its own webhook URL. */
  host: string;
}

/**
 * The installation's payment provider, made on first use: the simulator posts its notifications to this server's
 * own webhook, whose port is known only once a request came in, and Efí needs the super user's stored credentials.
 * `use` puts another provider in its place (tests); `reset` makes the next use build it again (the super user changed
 * the credentials).
 */
export class PaymentProviders {
  private current: Promise<PaymentProvider> | undefined;
  private replaced: PaymentProvider | undefined;
  private simulatorHandler: Promise<RequestHandler | null> | undefined;

  constructor(private readonly wiring: ProviderWiring) {}

  /** The provider, for a request that reached this server. */
  async get(req: Pick<IncomingMessage, 'socket'>): Promise<PaymentProvider> {
    if (this.replaced) return this.replaced;
    if (!this.current) {
      const host = this.wiring.host === '0.0.0.0' || this.wiring.host === '::' ? '127.0.0.1' : this.wiring.host;
      const made = this.wiring.make(`http://${host}:${req.socket.localPort}/billing/webhook`);
      this.current = made;
      // A provider that could not be made (no credentials yet) is tried again at the next use.
      made.catch(() => {
        if (this.current === made) this.current = undefined;
      });
    }
    return this.current;
  }

  use(provider: PaymentProvider | undefined): void {
    this.replaced = provider;
    this.simulatorHandler = undefined;
  }

  reset(): void {
    this.current = undefined;
    this.simulatorHandler = undefined;
  }

  /** The simulator's pages (outside production): built with the provider they pay, on first use. */
  readonly simulator: RequestHandler = (req, res, next) => {
    this.simulatorHandler ??= this.get(req).then((provider) => this.wiring.simulator(provider));
    const handler = this.simulatorHandler;
    handler.then(
      (serve) => (serve ? serve(req, res, next) : next()),
      (error: unknown) => {
        if (this.simulatorHandler === handler) this.simulatorHandler = undefined;
        next(error);
      },
    );
  };
}
