import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '@atendo/platform';
import { buildBrCode } from '../brCode.js';
import { readPixNotifications } from '../notifications.js';
import type { Charge, ChargeRequest, ChargeState, PaymentProvider, ProviderNotification, WebhookDelivery } from '../port.js';
import { qrImage } from '../qrImage.js';
import { SIGNATURE_HEADER, signBody, signatureOk } from './signature.js';

export interface SimulatorOptions {
  /** Signs the deliveries to our webhook (HMAC-SHA256); the webhook checks them with the same secret. */
  secret: string;
  /** Our webhook, where "pay" posts the notifications. */
  webhookUrl: string;
  /** The receiver the payer's bank shows (BR Code fields 59 and 60). */
  merchant: { name: string; city: string };
  /** Keeps the charges in this JSON file too, so a restart finds them. */
  dataFile?: string;
  /**
   * Where the simulator's pages are reached (its router's mount point), as a payer's bank would: the charges'
   * location URLs point here. Default: the webhook's origin + `/pix-simulator`.
   */
  publicUrl?: string;
  /** Milliseconds one delivery to the webhook may take. */
  deliveryTimeoutMs?: number;
  now?: () => Date;
}

/** A charge as the simulator holds it. */
export interface SimulatedCharge {
  txid: string;
  locationId: string;
  invoiceId: number;
  companyId: number;
  value: string;
  description: string;
  payer?: { name: string; document?: string };
  createdAt: string;
  expiresAt: string;
  /** Its "copia e cola" text (a dynamic BR Code pointing at the simulator). */
  brCode: string;
  status: ChargeState['status'];
  pix: ChargeState['pix'];
}

export type PayOrder = 'in-order' | 'shuffled';

export interface PayRequest {
  /** How many deliveries (1–10): in order, the same notification again; shuffled, that many distinct payments. */
  times?: number;
  /** What the payer pays ("30.00"); the charge's value when not told. */
  amount?: string;
  order?: PayOrder;
}

export interface PayResult {
  /** One per POST to the webhook, in the order sent; status 0 when the webhook could not be reached. */
  delivered: Array<{ status: number; endToEndId: string }>;
}

/** The simulator: the port, and what its page and pay endpoint need. */
export interface SimulatorProvider extends PaymentProvider {
  readonly name: 'simulator';
  readonly publicUrl: string;
  charges(): SimulatedCharge[];
  charge(txid: string): SimulatedCharge | undefined;
  chargeAtLocation(locationId: string): SimulatedCharge | undefined;
  /** Records the payment(s) and posts the signed notification(s) to the webhook. Throws SimulatorError. */
  pay(txid: string, request?: PayRequest): Promise<PayResult>;
  /** Resolves once the charges are written to the data file. */
  flush(): Promise<void>;
}

export class SimulatorError extends Error {
  constructor(
    readonly status: 400 | 404,
    message: string,
  ) {
    super(message);
    this.name = 'SimulatorError';
  }
}

const TXID = /^[A-Za-z0-9]{26,35}$/;
const VALUE = /^\d{1,10}\.\d{2}$/;

interface StateFile {
  version: 1;
  charges: SimulatedCharge[];
}

export function isSimulator(provider: PaymentProvider): provider is SimulatorProvider {
  return provider.name === 'simulator' && typeof (provider as Partial<SimulatorProvider>).pay === 'function';
}

/** A Pix end-to-end id as the SPI writes one: E + the payer's bank ISPB + yyyyMMddHHmm + 11 characters. */
function endToEndId(at: Date): string {
  const stamp = at.toISOString().replace(/\D/g, '').slice(0, 12);
  const tail = randomBytes(8).toString('base64url').replace(/[^A-Za-z0-9]/g, 'x').slice(0, 11).padEnd(11, '0');
  return `E00000000${stamp}${tail}`;
}

/** A shuffle that never leaves two or more notifications in their own order. */
function outOfOrder<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out.every((item, i) => item === items[i]) ? out.reverse() : out;
}

function load(file: string | undefined): Map<string, SimulatedCharge> {
  const charges = new Map<string, SimulatedCharge>();
  if (!file) return charges;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return charges;
    throw error;
  }
  const state = JSON.parse(text) as StateFile;
  if (state.version !== 1) throw new Error(`${file}: a Pix simulator state of version ${String(state.version)}, not 1`);
  for (const charge of state.charges) charges.set(charge.txid, charge);
  return charges;
}

/**
 * The embedded payment provider outside production: it issues real dynamic BR Codes (pointing at itself) with their
 * QR images, keeps the charges in memory (and in `dataFile`), and on "pay" sends our webhook notifications signed
 * as `x-pix-signature: sha256=<hex>`, shaped as Efí's.
 */
export function createSimulatorProvider(options: SimulatorOptions): SimulatorProvider {
  const now = options.now ?? (() => new Date());
  const publicUrl = (options.publicUrl ?? `${new URL(options.webhookUrl).origin}/pix-simulator`).replace(/\/+$/, '');
  const charges = load(options.dataFile);
  if (options.dataFile) mkdirSync(path.dirname(options.dataFile), { recursive: true });
  let writing: Promise<void> = Promise.resolve();

  const persist = (): Promise<void> => {
    const file = options.dataFile;
    if (!file) return Promise.resolve();
    const text = JSON.stringify({ version: 1, charges: [...charges.values()] } satisfies StateFile);
    // One write after another, each of the state at its call: the last one leaves the newest state.
    writing = writing.catch(() => undefined).then(async () => {
      await mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      await writeFile(tmp, text);
      // A crash during the write leaves the previous state, never half a file.
      await rename(tmp, file);
    });
    return writing;
  };

  /** A dynamic code: the payer's bank fetches the charge at the simulator's location; the amount is shown offline too. */
  const codeFor = (locationId: string, value: string) =>
    buildBrCode({ location: `${publicUrl}/v2/${locationId}`, amount: value, merchantName: options.merchant.name, merchantCity: options.merchant.city });

  const toCharge = async (charge: SimulatedCharge): Promise<Charge> => ({
    txid: charge.txid,
    qrcode: { qrcode: charge.brCode, imagemQrcode: await qrImage(charge.brCode) },
    valor: { original: charge.value },
  });

  const deliver = async (notification: ProviderNotification): Promise<number> => {
    const body = JSON.stringify({ pix: [notification] });
    try {
      const answer = await fetch(options.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(options.secret, body) },
        body,
        signal: AbortSignal.timeout(options.deliveryTimeoutMs ?? 10_000),
      });
      await answer.arrayBuffer();
      return answer.status;
    } catch {
      return 0;
    }
  };

  return {
    name: 'simulator',
    publicUrl,

    async createCharge(request: ChargeRequest): Promise<Charge> {
      if (!TXID.test(request.txid)) throw new Error(`txid ${request.txid} is not 26–35 letters and digits`);
      if (!VALUE.test(request.value)) throw new Error(`value ${request.value} is not like "30.00"`);
      const existing = charges.get(request.txid);
      if (existing) {
        // A retry finds its charge; an open one takes the new value (Efí's PATCH /v2/cob/:txid), a paid one stays.
        if (existing.status === 'ATIVA' && (existing.value !== request.value || existing.description !== request.description)) {
          existing.value = request.value;
          existing.description = request.description;
          existing.brCode = codeFor(existing.locationId, request.value);
          await persist();
        }
        return toCharge(existing);
      }
      const created = now();
      const locationId = randomUUID().replace(/-/g, '');
      const charge: SimulatedCharge = {
        txid: request.txid,
        locationId,
        invoiceId: request.invoiceId,
        companyId: request.companyId,
        value: request.value,
        description: request.description,
        ...(request.payer ? { payer: request.payer } : {}),
        createdAt: created.toISOString(),
        expiresAt: new Date(created.getTime() + request.expiresIn * 1000).toISOString(),
        brCode: codeFor(locationId, request.value),
        status: 'ATIVA',
        pix: [],
      };
      charges.set(charge.txid, charge);
      await persist();
      return toCharge(charge);
    },

    async verifyWebhook(delivery: WebhookDelivery): Promise<ProviderNotification[] | null> {
      if (!signatureOk(options.secret, delivery.headers, delivery.rawBody)) return null;
      return readPixNotifications(delivery.rawBody);
    },

    async fetchCharge(txid: string): Promise<ChargeState> {
      const charge = charges.get(txid);
      // As Efí's 404 reaches billing through its adapter: the provider could not answer for this charge.
      if (!charge) throw new AppError('ERR_PAYMENT_PROVIDER', 502, `No charge ${txid} at the Pix simulator`);
      return { txid, status: charge.status, valor: { original: charge.value }, pix: charge.pix.map((p) => ({ ...p })) };
    },

    charges: () => [...charges.values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
    charge: (txid) => charges.get(txid),
    chargeAtLocation: (locationId) => [...charges.values()].find((c) => c.locationId === locationId),

    async pay(txid: string, request: PayRequest = {}): Promise<PayResult> {
      const charge = charges.get(txid);
      if (!charge) throw new SimulatorError(404, `No charge ${txid} at the Pix simulator`);
      const order = request.order ?? 'in-order';
      const times = request.times ?? (order === 'shuffled' ? 3 : 1);
      const amount = request.amount ?? charge.value;
      if (!Number.isInteger(times) || times < 1 || times > 10) throw new SimulatorError(400, 'times is a whole number from 1 to 10');
      if (!VALUE.test(amount)) throw new SimulatorError(400, 'amount is like "30.00"');
      if (order !== 'in-order' && order !== 'shuffled') throw new SimulatorError(400, "order is 'in-order' or 'shuffled'");

      const paidAt = now();
      const payments: ProviderNotification[] =
        order === 'in-order'
          ? [{ endToEndId: endToEndId(paidAt), txid, valor: amount, horario: paidAt.toISOString() }]
          : Array.from({ length: times }, (_, i) => {
              const at = new Date(paidAt.getTime() + i * 1000);
              return { endToEndId: endToEndId(at), txid, valor: amount, horario: at.toISOString() };
            });
      for (const payment of payments) charge.pix.push({ endToEndId: payment.endToEndId, valor: payment.valor, horario: payment.horario });
      if (payments.some((p) => p.valor === charge.value)) charge.status = 'CONCLUIDA';
      await persist();

      const sends = order === 'in-order' ? Array.from({ length: times }, () => payments[0]!) : outOfOrder(payments);
      const delivered: PayResult['delivered'] = [];
      for (const notification of sends) delivered.push({ status: await deliver(notification), endToEndId: notification.endToEndId });
      return { delivered };
    },

    flush: async () => {
      await writing;
    },
  };
}
