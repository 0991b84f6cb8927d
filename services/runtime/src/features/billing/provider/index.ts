import { createEfiProvider, type EfiCredentials } from './efi/efiProvider.js';
import type { PaymentProvider } from './port.js';
import { createSimulatorProvider } from './simulator/simulatorProvider.js';

export type * from './port.js';
export { buildBrCode, crc16, crcOk, parseBrCode, BrCodeError, type BrCode, type BrCodeInput } from './brCode.js';
export { qrImage } from './qrImage.js';
export { webhookDelivery } from './delivery.js';
export { simulatorRouter } from './simulator/simulatorRouter.js';
export { createSimulatorProvider, isSimulator, type SimulatorProvider, type SimulatorOptions, type SimulatedCharge, type PayRequest, type PayResult } from './simulator/simulatorProvider.js';
export { SIGNATURE_HEADER, signBody } from './simulator/signature.js';
export { createEfiProvider, EFI_PIX_HOSTS, type EfiCredentials, type EfiOptions } from './efi/efiProvider.js';

export interface PaymentProviderOptions {
  /** Production never gets the simulator. */
  production: boolean;
  /** The simulator signs its webhook deliveries with it. */
  secret: string;
  /** Our webhook, where the simulator posts its notifications. */
  webhookUrl: string;
  /** The simulator keeps its charges here too, so a restart finds them. */
  dataFile?: string;
  /** The receiver the simulator's BR Codes name. Default: "Atendo", "Sao Paulo". */
  merchant?: { name: string; city: string };
  /** Where the simulator's router is mounted, as a browser reaches it (default: the webhook's origin + /pix-simulator). */
  simulatorUrl?: string;
  /** Efí's Pix API: chosen whenever given. */
  efi?: {
    sandbox: boolean;
    credentials(): Promise<EfiCredentials>;
    webhook?: { trustedFingerprints?: readonly string[]; hmac?: string };
    timeoutMs?: number;
  };
}

/**
 * The payment provider the configuration names: Efí when its options are given; otherwise the embedded simulator,
 * outside production only. Production without Efí is a configuration error, said at start rather than at the first
 * checkout.
 */
export function createPaymentProvider(options: PaymentProviderOptions): PaymentProvider {
  if (options.efi) return createEfiProvider(options.efi);
  if (options.production) {
    throw new Error('Billing: no payment provider is configured for production (the Pix simulator runs only outside production); configure Efí');
  }
  return createSimulatorProvider({
    secret: options.secret,
    webhookUrl: options.webhookUrl,
    merchant: options.merchant ?? { name: 'Atendo', city: 'Sao Paulo' },
    ...(options.dataFile ? { dataFile: options.dataFile } : {}),
    ...(options.simulatorUrl ? { publicUrl: options.simulatorUrl } : {}),
  });
}
