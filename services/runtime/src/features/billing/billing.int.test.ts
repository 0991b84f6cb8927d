import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice, InvoicePage, Payment, SubscriptionStatus } from '@atendo/contracts/billing';
import { eventually } from '@atendo/core/testing';
import { createLogger } from '../../logger.js';
import { companyDecider, companyStream, handleCommand } from '@atendo/core';
import { addUser, type TestUser } from '../../testing/accounts.js';
import { startHarness, type Harness } from '../../testing/harness.js';
import { DueDateMover } from './dueDateMover.js';
import { InvoiceIssuer } from './invoiceIssuer.js';
import { storedCredentials } from './providerWiring.js';
import type { PaymentProvider, ProviderNotification } from './provider/port.js';
import { movableClock } from '../../testing/clock.js';

const DAY = 86_400_000;
const SECRET = 'a test double secret';

/** A stand-in for the provider (the outside world): charges in memory, notifications signed with HMAC-SHA256 over the raw body. */
function pixDouble(): PaymentProvider & { down: boolean } {
  const sign = (body: string) => `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`;
  return {
    name: 'simulator',
    down: false,
    async createCharge(charge) {
      if (this.down) throw new Error('connection refused');
      return { txid: charge.txid, qrcode: { qrcode: `00020101021226...${charge.txid}6304ABCD`, imagemQrcode: 'data:image/png;base64,iVBORw0KGgo=' }, valor: { original: charge.value } };
    },
    async verifyWebhook({ headers, rawBody }) {
      const given = Buffer.from(String(headers['x-pix-signature'] ?? ''));
      const expected = Buffer.from(sign(rawBody.toString('utf8')));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return (JSON.parse(rawBody.toString('utf8')) as { pix: ProviderNotification[] }).pix;
    },
    async fetchCharge(txid) {
      return { txid, status: 'ATIVA', valor: { original: '0.00' }, pix: [] };
    },
  };
}

const signature = (body: string) => `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`;
const checkoutData = { firstName: 'Ana', lastName: 'Souza', address2: 'Rua das Flores, 10', city: 'São Paulo', zipcode: '01000-000', country: 'BR' };

/**
 * Billing through the running product (issue 34): invoices issued by the jobs role, checkout against a provider
 * double, the signed webhook (concurrent repeats, bad signatures, wrong amounts), the expiry gate, and the issuer
 * under a clock the test moves for 40 days, across a restart.
 */
describe('billing', () => {
  let h: Harness;
  let superToken: string;
  let planId: number;
  const time = movableClock();
  const clock = time.now;
  const provider = pixDouble();

  const count = async (query: Knex.QueryBuilder) => Number(((await query.count('* as n')) as Array<{ n: string | number }>)[0]!.n);
  const billingEvents = () => count(h.atendo.knex('events').where('stream_id', 'like', 'billing-%'));
  const companyDue = async (companyId: number) => ((await h.atendo.knex('companies').where({ id: companyId }).first('due_date')) as { due_date: Date }).due_date.toISOString();

  /** A company on the paid plan, due in `dueInDays`, with its admin's token. */
  async function payingCompany(name: string, dueInDays: number): Promise<{ company: TestUser; token: string }> {
    const companyId = await h.atendo.services.ids.next('company');
    const dueDate = new Date(clock().getTime() + dueInDays * DAY).toISOString();
    const fields = { name, email: `admin@${companyId}.test`, phone: '', planId, status: true, dueDate, recurrence: 'MENSAL' as const, settings: {} };
    await handleCommand(h.atendo.store, companyDecider, companyStream(companyId), { type: 'create', id: companyId, fields }, { actor: { type: 'system' } });
    const company = await addUser(h, fields.email, { password: 'Company-pass-123', profile: 'admin', companyId });
    return { company, token: (await h.login(company.email, company.password)).token };
  }

  const invoicesOf = async (token: string) => (await h.api<InvoicePage>('/invoices', { token })).body.invoices;
  const issuedFor = (token: string) =>
    eventually(async () => {
      const invoices = await invoicesOf(token);
      expect(invoices.length).toBeGreaterThan(0);
      return invoices;
    }, 15_000);
  const checkout = (token: string, invoiceId: number, plan: unknown = planId) => h.api<Payment & { error?: string }>('/subscription', { token, body: { ...checkoutData, plan, invoiceId } });
  const deliver = (body: string, sig = signature(body), path = '/billing/webhook/simulator') =>
    fetch(`${h.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-pix-signature': sig }, body });
  const notification = (txid: string, valor: string, endToEndId: string) => JSON.stringify({ pix: [{ endToEndId, txid, valor, horario: new Date().toISOString() }] });

  beforeAll(async () => {
    h = await startHarness({ clock });
    h.atendo.services.billing.use(provider);
    superToken = (await h.login(h.atendo.seeded!.superAdmin.email, 'Super-pass-123')).token;
    const plan = await h.api<{ id: number }>('/plans', { token: superToken, body: { name: 'Pro', users: 5, connections: 2, queues: 5, value: 30 } });
    planId = plan.body.id;
  });
  /** Processes a test started in place of the product's: stopped before it. */
  const started: Array<{ stop(): Promise<void> }> = [];
  afterAll(async () => {
    for (const p of started) await p.stop();
    await h?.stop();
  });

  it('issues an invoice ahead of the due date; the company sees its own, the super user every company\'s with its name', async () => {
    const { company, token } = await payingCompany('Loja Azul', 5);
    const other = await payingCompany('Loja Verde', 6);
    const [invoice] = await issuedFor(token);
    expect(invoice).toEqual({
      id: expect.any(Number),
      companyId: company.companyId,
      detail: expect.stringContaining('Pro'),
      value: 30,
      dueDate: await companyDue(company.companyId),
      status: 'open',
      paidAt: null,
      txid: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const [theirs] = await issuedFor(other.token);
    expect((await invoicesOf(token)).map((i) => i.id)).toEqual([invoice!.id]);
    expect(await h.api(`/invoices/${theirs!.id}`, { token })).toMatchObject({ status: 404, body: { error: 'ERR_INVOICE_NOT_FOUND' } });
    expect(await h.api(`/invoices/${invoice!.id}`, { token })).toMatchObject({ status: 200, body: { id: invoice!.id } });

    const all = (await h.api<InvoicePage>('/invoices?searchParam=Loja', { token: superToken })).body;
    expect(all.invoices.map((i) => i.companyName).sort()).toEqual(['Loja Azul', 'Loja Verde']);
    expect(all).toMatchObject({ count: 2, hasMore: false });
    // The seeds' console iterates GET /invoices/all's answer and formats `value` as a number.
    const seeds = (await h.api<Array<Record<string, unknown>>>('/invoices/all?searchParam=&pageNumber=1', { token })).body;
    expect(Array.isArray(seeds)).toBe(true);
    expect(seeds).toEqual([expect.objectContaining({ id: invoice!.id, detail: expect.any(String), value: 30, dueDate: expect.any(String), status: 'open' })]);

    const status = (await h.api<SubscriptionStatus>('/subscription', { token })).body;
    expect(status).toMatchObject({ companyId: company.companyId, planId, planName: 'Pro', value: 30, recurrence: 'MENSAL', trial: true, expired: false, billingEmail: company.email, openInvoice: { id: invoice!.id } });
    expect(status.daysLeft).toBe(5);
    // An agent of the company sees no invoices.
    const agent = await addUser(h, 'agent@azul.test', { companyId: company.companyId });
    expect((await h.api('/invoices', { token: (await h.login(agent.email, agent.password)).token })).status).toBe(403);
  });

  it('checkout answers the Payment shape; its refusals are the catalogue\'s', async () => {
    const { token } = await payingCompany('Loja Rosa', 3);
    const [invoice] = await issuedFor(token);
    // The seeds' console sends the plan as a JSON string.
    const res = await checkout(token, invoice!.id, JSON.stringify({ title: 'Pro', planId, price: 30, users: 5, connections: 2 }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ txid: expect.stringMatching(/^[a-zA-Z0-9]{26,35}$/), qrcode: { qrcode: expect.any(String), imagemQrcode: expect.stringMatching(/^data:image\/png;base64,/) }, valor: { original: '30.00' }, invoiceId: invoice!.id });
    expect((await invoicesOf(token))[0]).toMatchObject({ txid: res.body.txid });
    expect(await checkout(token, 999_999)).toMatchObject({ status: 404, body: { error: 'ERR_INVOICE_NOT_FOUND' } });
    expect(await h.api('/subscription', { token, body: { ...checkoutData, country: 'FR', plan: planId, invoiceId: invoice!.id } })).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(await checkout(token, invoice!.id, 'not a plan')).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    provider.down = true;
    expect(await checkout(token, invoice!.id)).toMatchObject({ status: 502, body: { error: 'ERR_PAYMENT_PROVIDER' } });
    provider.down = false;
  });

  it('the same signed notification 10 times at once pays once and moves the due date once; the consoles hear it', async () => {
    const { company, token } = await payingCompany('Loja Lilás', 4);
    const [invoice] = await issuedFor(token);
    const { txid } = (await checkout(token, invoice!.id)).body;
    const before = await companyDue(company.companyId);
    const feed = await h.socket(token);
    const body = notification(txid, '30.00', 'E2E0000000000000000000000001');
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(body)));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    const moved = new Date(before);
    moved.setUTCMonth(moved.getUTCMonth() + 1);
    await eventually(async () => expect(await companyDue(company.companyId)).toBe(moved.toISOString()), 15_000);
    expect(await count(h.atendo.knex('events').where({ stream_id: `billing-${company.companyId}.0`, event_type: 'InvoicePaid' }))).toBe(1);
    expect(await count(h.atendo.knex('events').where({ stream_id: `company-0.${company.companyId}`, event_type: 'CompanyUpdated' }).whereRaw("data->'changes' \\? 'dueDate'"))).toBe(1);
    expect((await invoicesOf(token))[0]).toMatchObject({ id: invoice!.id, status: 'paid', paidAt: expect.any(String) });
    await eventually(() => expect(feed.entries(`company-${company.companyId}-payment`)).toEqual([{ action: 'CONCLUIDA', company: { id: company.companyId, dueDate: moved.toISOString() }, invoiceId: invoice!.id }]), 10_000);
    // Once more later: nothing new; paying it again is refused.
    expect((await deliver(body)).status).toBe(200);
    expect(await checkout(token, invoice!.id)).toMatchObject({ status: 409, body: { error: 'ERR_INVOICE_ALREADY_PAID' } });
    expect((await h.api<SubscriptionStatus>('/subscription', { token })).body).toMatchObject({ trial: false, dueDate: moved.toISOString() });
    feed.close();
  });

  it('with the embedded Pix simulator: its charge is a BR Code, and its pay endpoint (three deliveries) renews once', async () => {
    h.atendo.services.billing.use(undefined);
    try {
      const { company, token } = await payingCompany('Loja Simulada', 4);
      const [invoice] = await issuedFor(token);
      const payment = await checkout(token, invoice!.id);
      expect(payment.body).toMatchObject({ valor: { original: '30.00' }, invoiceId: invoice!.id, qrcode: { qrcode: expect.stringMatching(/^000201.*6304[0-9A-F]{4}$/), imagemQrcode: expect.stringMatching(/^data:image\/png;base64,/) } });
      const before = await companyDue(company.companyId);
      const paid = await fetch(`${h.url}/pix-simulator/charges/${payment.body.txid}/pay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ times: 3 }) });
      expect(paid.status).toBe(200);
      expect(((await paid.json()) as { delivered: Array<{ status: number }> }).delivered.map((d) => d.status)).toEqual([200, 200, 200]);
      const moved = new Date(before);
      moved.setUTCMonth(moved.getUTCMonth() + 1);
      await eventually(async () => expect(await companyDue(company.companyId)).toBe(moved.toISOString()), 15_000);
      expect(await count(h.atendo.knex('events').where({ stream_id: `billing-${company.companyId}.0`, event_type: 'InvoicePaid' }))).toBe(1);
      expect((await fetch(`${h.url}/pix-simulator/`)).status).toBe(200);
    } finally {
      h.atendo.services.billing.use(provider);
    }
  });

  it('a bad signature is 401 and nothing is recorded', async () => {
    const { token } = await payingCompany('Loja Cinza', 4);
    const [invoice] = await issuedFor(token);
    const { txid } = (await checkout(token, invoice!.id)).body;
    const count = await billingEvents();
    const body = notification(txid, '30.00', 'E2E-forged');
    for (const sig of ['sha256=' + '0'.repeat(64), '', signature(body + ' ')]) {
      const res = await deliver(body, sig);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: 'ERR_PAYMENT_SIGNATURE' });
    }
    expect((await deliver(body, signature(body), '/billing/webhook/simulator/pix')).status).toBe(200);
    expect(await billingEvents()).toBe(count + 1);
    expect((await deliver(body, signature(body), '/billing/webhook/efi')).status).toBe(404);
  });

  it('a wrong amount, an unknown charge and an invoice already paid are recorded and flagged, not applied', async () => {
    const { company, token } = await payingCompany('Loja Ocre', 4);
    const [invoice] = await issuedFor(token);
    const { txid } = (await checkout(token, invoice!.id)).body;
    const before = await companyDue(company.companyId);
    expect((await deliver(notification(txid, '3.00', 'E2E-wrong'))).status).toBe(200);
    expect((await deliver(notification('nobodysTxid000000000000000', '30.00', 'E2E-unknown'))).status).toBe(200);
    expect((await h.api<Array<{ reason: string; invoiceId: number | null }>>('/billing/flagged', { token })).body).toEqual([expect.objectContaining({ reason: 'wrongAmount', invoiceId: invoice!.id, amount: 3 })]);
    expect((await invoicesOf(token))[0]).toMatchObject({ status: 'open' });
    // The right amount afterwards pays it; another payment of it is flagged.
    await deliver(notification(txid, '30.00', 'E2E-right'));
    await deliver(notification(txid, '30.00', 'E2E-again'));
    const flagged = (await h.api<Array<{ reason: string; companyId: number }>>('/billing/flagged', { token: superToken })).body;
    expect(flagged.map((f) => f.reason)).toEqual(expect.arrayContaining(['wrongAmount', 'unknownCharge', 'alreadyPaid']));
    expect(flagged.find((f) => f.reason === 'unknownCharge')).toMatchObject({ companyId: 0 });
    await eventually(async () => expect(await companyDue(company.companyId)).not.toBe(before), 10_000);
    expect(await count(h.atendo.knex('events').where({ stream_id: `billing-${company.companyId}.0`, event_type: 'InvoicePaid' }))).toBe(1);
  });

  it("an expired company's admin reaches invoices and checkout only, hears only payment; paying opens everything again", async () => {
    const { company, token: fresh } = await payingCompany('Loja Parda', 10);
    const agent = await addUser(h, 'agent@parda.test', { companyId: company.companyId });
    await issuedFor(fresh);
    const past = new Date(Date.now() - 2 * DAY).toISOString();
    expect((await h.api(`/companies/${company.companyId}`, { method: 'PUT', token: superToken, body: { dueDate: past } })).status).toBe(200);
    // The admin signs in (the due date in the past tells the console); the agent is refused.
    const login = await h.login(company.email, company.password);
    expect(login.user.company).toMatchObject({ dueDate: past });
    const token = login.token;
    expect(await h.api('/auth/login', { body: { email: agent.email, password: agent.password } })).toMatchObject({ status: 402, body: { error: 'ERR_SUBSCRIPTION_EXPIRED' } });
    await eventually(async () => expect(await h.api('/tickets', { token })).toMatchObject({ status: 402, body: { error: 'ERR_SUBSCRIPTION_EXPIRED' } }), 10_000);
    expect(await h.api('/contacts', { token })).toMatchObject({ status: 402, body: { error: 'ERR_SUBSCRIPTION_EXPIRED' } });
    expect((await h.api('/invoices', { token })).status).toBe(200);
    expect((await h.api<SubscriptionStatus>('/subscription', { token })).body).toMatchObject({ expired: true, daysLeft: -2 });
    expect((await h.api('/auth/me', { token })).status).toBe(200);

    // The issuer issues the invoice of the past due date; paying it moves the due date a month from today.
    const invoice = await eventually(async () => {
      const found = (await invoicesOf(token)).find((i) => i.dueDate === past);
      expect(found).toBeDefined();
      return found!;
    }, 15_000);
    const feed = await h.socket(token);
    const { txid } = (await checkout(token, invoice.id)).body;
    expect((await deliver(notification(txid, '30.00', 'E2E-parda'))).status).toBe(200);
    await eventually(async () => expect((await h.api('/tickets', { token })).status).toBe(200), 15_000);
    const due = Date.parse(await companyDue(company.companyId));
    const inAMonth = new Date(clock());
    inAMonth.setUTCMonth(inAMonth.getUTCMonth() + 1);
    expect(Math.abs(due - inAMonth.getTime())).toBeLessThan(60_000);
    await eventually(() => expect(feed.entries(`company-${company.companyId}-payment`)).toHaveLength(1), 10_000);
    // While expired, nothing but payment reached the socket.
    expect(feed.all().every((e) => e.channel.endsWith('-payment'))).toBe(true);
    feed.close();
  });

  it('a payment recorded while the due-date process was down moves the due date once it is back', async () => {
    const { company, token } = await payingCompany('Loja Queda', 4);
    const [invoice] = await issuedFor(token);
    const { txid } = (await checkout(token, invoice!.id)).body;
    const before = await companyDue(company.companyId);
    const mover = h.atendo.processes.get('billingDueDates')!;
    await mover.stop();
    expect((await deliver(notification(txid, '30.00', 'E2E-down'))).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await companyDue(company.companyId)).toBe(before);
    expect((await invoicesOf(token))[0]).toMatchObject({ status: 'paid' });
    // Back (a new node, nothing in memory): it catches up from its checkpoint, and twice over changes nothing more.
    const back = [1, 2].map(() => new DueDateMover({ knex: h.atendo.knex, databaseUrl: h.atendo.database.url, store: h.atendo.store, log: createLogger('warn'), clock }));
    back[0]!.start();
    await eventually(async () => expect(await companyDue(company.companyId)).not.toBe(before), 15_000);
    await back[0]!.stop();
    // The second goes on for the tests after this one.
    back[1]!.start();
    started.push(back[1]!);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await count(h.atendo.knex('events').where({ stream_id: `company-0.${company.companyId}`, event_type: 'CompanyUpdated' }))).toBe(1);
  });

  it("the provider's credentials: only the super user sets them, sealed outside the log, never shown again", async () => {
    const credentials = { clientId: 'Client_Id_0123456789abcd', clientSecret: 'Client_Secret_very_secret_42', certificatePem: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----', keyPem: '-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----', pixKey: 'pix@atendo.test' };
    const admin = (await h.login()).token;
    expect(await h.api('/billing/provider', { method: 'PUT', token: admin, body: credentials })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect((await h.api('/billing/provider', { token: superToken })).body).toMatchObject({ set: false });
    expect(await h.api('/billing/provider', { method: 'PUT', token: superToken, body: { ...credentials, clientSecret: '' } })).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    const set = await h.api('/billing/provider', { method: 'PUT', token: superToken, body: credentials });
    expect(set).toMatchObject({ status: 200, body: { set: true, provider: 'efi', hint: 'abcd' } });
    expect((await h.api('/billing/provider', { token: superToken })).body).toEqual({ set: true, provider: 'efi', hint: 'abcd', by: expect.any(Number) });
    // The log holds who and when and a reference; the table holds it sealed; the server opens it.
    const log = JSON.stringify(await h.atendo.knex('events').where('stream_id', 'billing-0.0').select('data'));
    expect(log).toContain('secret:');
    for (const secret of [credentials.clientSecret, 'MIIE', credentials.pixKey]) expect(log).not.toContain(secret);
    const sealed = await h.atendo.knex('flow_secrets').where({ company_id: 0 }).select('sealed');
    expect(sealed.map((r: { sealed: Buffer }) => r.sealed.toString('latin1')).join('')).not.toContain(credentials.clientSecret);
    expect(await storedCredentials(h.atendo.store, h.atendo.secrets)).toMatchObject({ clientSecret: credentials.clientSecret, keyPem: credentials.keyPem, sandbox: true });
  });

  it('40 days of a monthly plan under a moved clock: one invoice per due date, across a restart of the issuer', async () => {
    const { company, token } = await payingCompany('Loja Relógio', 25);
    const log = createLogger('warn');
    const running = h.atendo.processes.get('invoiceIssuer') as InvoiceIssuer;
    let issuer = running;
    const paidDueDates: string[] = [];
    for (let day = 0; day <= 40; day++) {
      time.set(day * DAY);
      if (day === 20) {
        // A restart: the running issuer stops, a new one (a new node) takes over with nothing in memory.
        await running.stop();
        issuer = new InvoiceIssuer({ knex: h.atendo.knex, databaseUrl: h.atendo.database.url, store: h.atendo.store, ids: h.atendo.services.ids, log, clock, everyMs: 60_000 });
        issuer.start();
      }
      // Asked more than once a day, and by two at once: still once.
      await Promise.all([issuer.issueDue(), issuer.issueDue()]);
      await issuer.issueDue();
      for (const invoice of (await invoicesOf(token)).filter((i) => i.status === 'open')) {
        const { txid } = (await checkout(token, invoice.id)).body;
        expect((await deliver(notification(txid, '30.00', `E2E-clock-${invoice.id}`))).status).toBe(200);
        paidDueDates.push(invoice.dueDate);
        await eventually(async () => expect(Date.parse(await companyDue(company.companyId))).toBeGreaterThan(Date.parse(invoice.dueDate)), 10_000);
      }
    }
    time.set(0);
    await issuer.stop();
    const invoices = await invoicesOf(token);
    const dueDates = invoices.map((i) => i.dueDate);
    // Due in 25 days: its invoice from day 5; paid, due a month later: its invoice 20 days before that (day ~36).
    expect(invoices).toHaveLength(2);
    expect(new Set(dueDates).size).toBe(2);
    expect(paidDueDates.sort()).toEqual([...dueDates].sort());
    expect(invoices.every((i: Invoice) => i.status === 'paid')).toBe(true);
  });
});
