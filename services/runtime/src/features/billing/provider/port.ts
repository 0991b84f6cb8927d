import type { IncomingHttpHeaders } from 'node:http';

/**
 * The payment provider port (issue 34): what billing asks of an instant-payment (Pix) provider. Two adapters:
 * `simulator/` (the embedded default outside production: a local provider with a "pay" page that sends signed
 * confirmations to our webhook) and `efi/` (Efí's Pix API, formerly Gerencianet, over mTLS).
 */
export interface PaymentProvider {
  /** Short name recorded in events ('simulator', 'efi'). */
  readonly name: string;
  /** Creates an immediate charge for the invoice; the txid is ours (26–35 chars [a-zA-Z0-9]) so a retry finds the same charge. */
  createCharge(charge: ChargeRequest): Promise<Charge>;
  /**
   * Checks a webhook delivery before anything of it is read: a signature over the raw body, or the client
   * certificate of mTLS. Answers the notifications it carries, or null when the delivery is not genuine.
   */
  verifyWebhook(request: WebhookDelivery): Promise<ProviderNotification[] | null>;
  /** The charge as the provider holds it now (status and what was paid), for a notification that names only a txid. */
  fetchCharge(txid: string): Promise<ChargeState>;
}

export interface ChargeRequest {
  txid: string;
  invoiceId: number;
  companyId: number;
  /** BRL with two decimals, as a string: "30.00". */
  value: string;
  /** What the payer's bank shows. */
  description: string;
  payer?: { name: string; document?: string };
  /** Seconds the QR code is valid. */
  expiresIn: number;
}

/** The spec's Payment shape (qrcode.qrcode, qrcode.imagemQrcode, valor.original). */
export interface Charge {
  txid: string;
  qrcode: { qrcode: string; imagemQrcode: string };
  valor: { original: string };
}

export interface ChargeState {
  txid: string;
  status: 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';
  valor: { original: string };
  /** Payments received for it (value and end-to-end id). */
  pix: Array<{ endToEndId: string; valor: string; horario: string }>;
}

export interface WebhookDelivery {
  headers: IncomingHttpHeaders;
  /** The body exactly as received (the signature is over these bytes). */
  rawBody: Buffer;
  /**
   * The TLS client certificate's fingerprint (SHA-256) when the delivery came over mTLS and the TLS layer verified the
   * certificate against the provider's chain (Efí's), else null.
   */
  clientCertificateFingerprint: string | null;
  /** The request's query parameters (Efí's documented alternative to mTLS passes `?hmac=…` in the registered URL). */
  query?: Readonly<Record<string, unknown>>;
}

/** One payment the provider reports (Efí's webhook body: { pix: [{ endToEndId, txid, valor, horario }] }). */
export interface ProviderNotification {
  endToEndId: string;
  txid: string;
  /** BRL, "30.00". */
  valor: string;
  horario: string;
}
