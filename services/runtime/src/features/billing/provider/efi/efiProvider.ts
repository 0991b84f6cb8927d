import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError } from '@atendo/platform';
import { Agent, request } from 'undici';
import { readPixNotifications } from '../notifications.js';
import type { Charge, ChargeRequest, ChargeState, PaymentProvider, ProviderNotification, WebhookDelivery } from '../port.js';

/** Efí's Pix API hosts (the Pix API; Efí's other APIs live elsewhere). */
export const EFI_PIX_HOSTS = {
  production: 'https://pix.api.efipay.com.br',
  sandbox: 'https://pix-h.api.efipay.com.br',
} as const;

/** What an Efí account gives: the application's OAuth client, its certificate (PEM, from the .p12) and a Pix key. */
export interface EfiCredentials {
  clientId: string;
  clientSecret: string;
  certificatePem: string;
  keyPem: string;
  /** The receiving Pix key the charges name (`chave`). */
  pixKey: string;
}

export interface EfiOptions {
  /** Efí's homologation environment (pix-h) instead of production. */
  sandbox: boolean;
  /** Read on each call (the super user may change them); a change of client or certificate drops the cached token. */
  credentials(): Promise<EfiCredentials>;
  /** Another host than Efí's (a test server). */
  baseUrl?: string;
  /** The CAs that may sign the API's server certificate (PEM); Node's own roots when not told. */
  ca?: string;
  /** Milliseconds one call to Efí may take (connection, headers and body). Default 15 s. */
  timeoutMs?: number;
  /**
   * How Efí's webhook deliveries are recognised. Over mTLS (Efí's default) the receiver's TLS layer verifies Efí's
   * client certificate against Efí's chain and passes its fingerprint; `trustedFingerprints`, when given, narrows
   * which ones. With mTLS skipped at registration (`x-skip-mtls-checking: true`), the registered URL carries
   * `?hmac=<secret>` and `hmac` is that secret.
   */
  webhook?: { trustedFingerprints?: readonly string[]; hmac?: string };
  now?: () => number;
}

interface EfiCob {
  txid: string;
  status: ChargeState['status'];
  valor: { original: string };
  loc?: { id: number };
  pixCopiaECola?: string;
  pix?: Array<{ endToEndId: string; valor: string; horario: string }>;
}

interface EfiAnswer {
  status: number;
  body: unknown;
}

const REASON_MAX = 300;

function providerError(what: string, detail: string): AppError {
  return new AppError('ERR_PAYMENT_PROVIDER', 502, `Efí: ${what} failed: ${detail}`.slice(0, REASON_MAX));
}

/** Efí's error body names the error (`nome`) and says it (`mensagem`); never the request's credentials. */
function describe(answer: EfiAnswer): string {
  const body = answer.body as { nome?: unknown; mensagem?: unknown; error_description?: unknown } | null;
  const parts = [`HTTP ${answer.status}`];
  if (body && typeof body === 'object') {
    if (typeof body.nome === 'string') parts.push(body.nome);
    if (typeof body.mensagem === 'string') parts.push(body.mensagem);
    if (typeof body.error_description === 'string') parts.push(body.error_description);
  }
  return parts.join(' — ');
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const normalizeFingerprint = (f: string) => f.replace(/:/g, '').toLowerCase();

/** A payer Efí takes: a name with a CPF (11 digits) or a CNPJ (14); without a document, no `devedor` at all. */
function debtor(payer: ChargeRequest['payer']): Record<string, string> | undefined {
  const digits = payer?.document?.replace(/\D/g, '') ?? '';
  if (!payer?.name) return undefined;
  if (digits.length === 11) return { cpf: digits, nome: payer.name.slice(0, 200) };
  if (digits.length === 14) return { cnpj: digits, nome: payer.name.slice(0, 200) };
  return undefined;
}

/**
 * Efí's Pix API (formerly Gerencianet) over mTLS: an OAuth2 client-credentials token (Basic auth, the account's
 * certificate on the connection), immediate charges with our txid (`PUT /v2/cob/:txid`), their QR code
 * (`GET /v2/loc/:id/qrcode`) and state (`GET /v2/cob/:txid`).
 */
export function createEfiProvider(options: EfiOptions): PaymentProvider {
  const baseUrl = (options.baseUrl ?? (options.sandbox ? EFI_PIX_HOSTS.sandbox : EFI_PIX_HOSTS.production)).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 15_000;
  const now = options.now ?? Date.now;
  let connection: { key: string; agent: Agent } | undefined;
  let token: { key: string; value: string; expiresAt: number } | undefined;

  const identity = (c: EfiCredentials) => createHash('sha256').update(`${c.clientId}\0${c.certificatePem}\0${c.keyPem}`).digest('hex');

  const agentFor = (c: EfiCredentials, key: string): Agent => {
    if (connection?.key === key) return connection.agent;
    void connection?.agent.close();
    const agent = new Agent({
      connect: { cert: c.certificatePem, key: c.keyPem, ...(options.ca ? { ca: options.ca } : {}), minVersion: 'TLSv1.2', timeout: timeoutMs },
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    connection = { key, agent };
    return agent;
  };

  const call = async (what: string, c: EfiCredentials, method: 'GET' | 'POST' | 'PUT' | 'PATCH', path: string, headers: Record<string, string>, body?: unknown): Promise<EfiAnswer> => {
    try {
      const answer = await request(`${baseUrl}${path}`, {
        method,
        dispatcher: agentFor(c, identity(c)),
        headers: { accept: 'application/json', ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await answer.body.text();
      let parsed: unknown = null;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = null;
      }
      return { status: answer.statusCode, body: parsed };
    } catch (error) {
      const e = error as { name?: string; code?: string; message?: string };
      const detail = e.name === 'TimeoutError' || e.name === 'AbortError' ? `no answer in ${timeoutMs} ms` : (e.code ?? e.message ?? 'connection failed');
      throw providerError(what, detail);
    }
  };

  const accessToken = async (c: EfiCredentials): Promise<string> => {
    const key = identity(c) + createHash('sha256').update(c.clientSecret).digest('hex');
    if (token?.key === key && token.expiresAt > now()) return token.value;
    const basic = Buffer.from(`${c.clientId}:${c.clientSecret}`).toString('base64');
    const answer = await call('authentication', c, 'POST', '/oauth/token', { authorization: `Basic ${basic}` }, { grant_type: 'client_credentials' });
    const body = answer.body as { access_token?: unknown; expires_in?: unknown } | null;
    if (answer.status !== 200 || typeof body?.access_token !== 'string') throw providerError('authentication', describe(answer));
    const lifetime = typeof body.expires_in === 'number' ? body.expires_in : 3600;
    // A minute early, so that a token never expires between the check and Efí's.
    token = { key, value: body.access_token, expiresAt: now() + Math.max(0, lifetime - 60) * 1000 };
    return token.value;
  };

  /** A call with the bearer token; a 401 (a token Efí revoked before its time) gets a new token once. */
  const api = async (what: string, method: 'GET' | 'PUT' | 'PATCH', path: string, body?: unknown): Promise<{ answer: EfiAnswer; c: EfiCredentials }> => {
    const c = await options.credentials();
    let answer = await call(what, c, method, path, { authorization: `Bearer ${await accessToken(c)}` }, body);
    if (answer.status === 401) {
      token = undefined;
      answer = await call(what, c, method, path, { authorization: `Bearer ${await accessToken(c)}` }, body);
    }
    return { answer, c };
  };

  const expectCob = (what: string, answer: EfiAnswer, ok: number[]): EfiCob => {
    const cob = answer.body as EfiCob | null;
    if (!ok.includes(answer.status) || typeof cob?.txid !== 'string' || typeof cob.valor?.original !== 'string') throw providerError(what, describe(answer));
    return cob;
  };

  const qrcodeOf = async (locId: number): Promise<{ qrcode: string; imagemQrcode: string }> => {
    const { answer } = await api('QR code', 'GET', `/v2/loc/${locId}/qrcode`);
    const body = answer.body as { qrcode?: unknown; imagemQrcode?: unknown } | null;
    if (answer.status !== 200 || typeof body?.qrcode !== 'string' || typeof body.imagemQrcode !== 'string') throw providerError('QR code', describe(answer));
    const image = body.imagemQrcode.startsWith('data:') ? body.imagemQrcode : `data:image/png;base64,${body.imagemQrcode}`;
    return { qrcode: body.qrcode, imagemQrcode: image };
  };

  return {
    name: 'efi',

    async createCharge(charge: ChargeRequest): Promise<Charge> {
      const c = await options.credentials();
      const payer = debtor(charge.payer);
      const body = {
        calendario: { expiracao: charge.expiresIn },
        ...(payer ? { devedor: payer } : {}),
        valor: { original: charge.value },
        chave: c.pixKey,
        solicitacaoPagador: charge.description.slice(0, 140),
      };
      const path = `/v2/cob/${encodeURIComponent(charge.txid)}`;
      const { answer } = await api('charge', 'PUT', path, body);
      let cob: EfiCob;
      if (answer.status === 201 || answer.status === 200) {
        cob = expectCob('charge', answer, [200, 201]);
      } else if (answer.status === 400 || answer.status === 409) {
        // A retry with our txid: the charge is there already. Take it, with the new value if it is still open.
        const found = await api('charge', 'GET', path);
        if (found.answer.status !== 200) throw providerError('charge', describe(answer));
        cob = expectCob('charge', found.answer, [200]);
        if (cob.status === 'ATIVA' && cob.valor.original !== charge.value) {
          const revised = await api('charge', 'PATCH', path, { valor: { original: charge.value }, solicitacaoPagador: body.solicitacaoPagador });
          cob = expectCob('charge', revised.answer, [200]);
        }
      } else {
        throw providerError('charge', describe(answer));
      }
      if (typeof cob.loc?.id !== 'number') throw providerError('charge', 'the answer names no location (loc.id)');
      return { txid: cob.txid, qrcode: await qrcodeOf(cob.loc.id), valor: { original: cob.valor.original } };
    },

    async fetchCharge(txid: string): Promise<ChargeState> {
      const { answer } = await api('charge lookup', 'GET', `/v2/cob/${encodeURIComponent(txid)}`);
      const cob = expectCob('charge lookup', answer, [200]);
      return {
        txid: cob.txid,
        status: cob.status,
        valor: { original: cob.valor.original },
        pix: (cob.pix ?? []).map((p) => ({ endToEndId: p.endToEndId, valor: p.valor, horario: p.horario })),
      };
    },

    async verifyWebhook(delivery: WebhookDelivery): Promise<ProviderNotification[] | null> {
      const fingerprint = delivery.clientCertificateFingerprint;
      const trusted = options.webhook?.trustedFingerprints;
      const byCertificate = fingerprint !== null && (!trusted || trusted.some((t) => normalizeFingerprint(t) === normalizeFingerprint(fingerprint)));
      const given = delivery.query?.hmac;
      const byHmac = Boolean(options.webhook?.hmac) && typeof given === 'string' && sameText(given, options.webhook!.hmac!);
      if (!byCertificate && !byHmac) return null;
      return readPixNotifications(delivery.rawBody);
    },
  };
}
