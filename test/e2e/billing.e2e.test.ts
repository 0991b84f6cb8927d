import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { LoginResponse, Plan } from '@atendo/contracts';
import type { Invoice, InvoicePage, SubscriptionStatus } from '@atendo/contracts/billing';
import { eventually } from '@atendo/platform/testing';
import { artifacts, signIn, startBrowserHarness } from './browser.js';
import type { Harness } from '../../services/runtime/src/testing/harness.js';

const EMAIL = 'dona@padaria.test';
const PASSWORD = 'Padaria-1';
const DAY_MS = 86_400_000;

/**
 * Billing in the real console: a company on its sign-up trial finds its invoice on /financeiro, checks out (the wizard
 * starts at the plan choice, asks for the details, reviews), gets the Pix QR code, the embedded simulator pays the
 * charge, and the console shows the renewal and lands on `/` with the due date a month on. The pages in Portuguese,
 * English and Spanish, light and dark, and on a 390 px phone.
 */
describe('browser: billing', () => {
  let h: Harness;
  let browser: Browser;
  let stop: () => Promise<void>;
  let token: string;
  let superToken: string;
  let planId: number;
  let dueDate: string;

  const shot = async (page: Page, name: string) => {
    // Dialogs open with a transition: the picture is of where they settle.
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(artifacts, `billing-${name}.png`) });
  };
  const openInvoice = async () => {
    const { body } = await h.api<InvoicePage>('/invoices?searchParam=&pageNumber=1', { token });
    const invoice = body.invoices?.find((i) => i.status === 'open');
    if (!invoice) throw new Error(`no open invoice yet: ${JSON.stringify(body)}`);
    return invoice;
  };
  /** A fresh page signed in as the trial's admin, in `language` and `theme`. */
  const open = async (options: { language: string; theme?: 'light' | 'dark'; width?: number }) => {
    const page = await browser.newPage({ viewport: { width: options.width ?? 1280, height: 860 }, timezoneId: 'America/Sao_Paulo' });
    await page.goto(`${h.url}/login`);
    await page.evaluate(`localStorage.setItem('i18nextLng', '${options.language}'); localStorage.setItem('theme', '${options.theme ?? 'light'}')`);
    await signIn(page, h, EMAIL, PASSWORD);
    return page;
  };
  const fitsPhone = async (page: Page) => expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);

  beforeAll(async () => {
    ({ h, browser, stop } = await startBrowserHarness());
    // A priced plan for the trial (the platform's super user adds it).
    superToken = (await h.login(h.atendo.seeded!.superAdmin.email, 'Super-pass-123')).token;
    const plan = await h.api<Plan>('/plans', { token: superToken, body: { name: 'Padaria Pro', users: 5, connections: 2, queues: 3, value: 49.9 } });
    expect(plan.status).toBeLessThan(300);
    planId = plan.body.id;
    const signedUp = await h.api('/companies/cadastro', { body: { name: 'Padaria Central', email: EMAIL, phone: '11987654321', password: PASSWORD, planId } });
    expect(signedUp.status).toBeLessThan(300);
    const session = (await h.api<LoginResponse>('/auth/login', { body: { email: EMAIL, password: PASSWORD } })).body;
    token = session.token;
    dueDate = session.user.company.dueDate!;
    // The trial ends within the invoices' lead: its invoice is issued at once.
    await eventually(openInvoice, 30_000, 250);
  }, 180_000);
  afterAll(async () => stop?.());

  it('on a phone: the invoices and the checkout fit 390 px', { timeout: 120_000 }, async () => {
    const page = await open({ language: 'pt', width: 390 });
    await page.goto(`${h.url}/financeiro`);
    await page.getByTestId('invoice-row').first().waitFor();
    await fitsPhone(page);
    await shot(page, 'invoices-pt-390');
    await page.getByTestId('invoice-pay').first().click();
    await page.getByTestId('checkout-plan').first().waitFor();
    await shot(page, 'checkout-plan-pt-390');
    await page.getByTestId('checkout-next').click();
    await page.getByTestId('checkout-data').waitFor();
    await page.getByTestId('checkout-next').click();
    await page.locator('.bp6-form-helper-text', { hasText: /obrigatório/i }).first().waitFor();
    await shot(page, 'checkout-data-pt-390');
    await page.getByTestId('checkout-cancel').click();
    await page.goto(`${h.url}/subscription`);
    await page.getByTestId('subscription').waitFor();
    await fitsPhone(page);
    await shot(page, 'subscription-pt-390');
    await page.close();
  });

  it('the subscription page and the invoices in English (dark) and Spanish', { timeout: 120_000 }, async () => {
    const dark = await open({ language: 'en', theme: 'dark' });
    await dark.goto(`${h.url}/subscription`);
    await dark.getByTestId('subscription-due').filter({ hasText: /days? left in your trial/ }).waitFor();
    expect(await dark.getByTestId('subscription-email').textContent()).toBe(EMAIL);
    await shot(dark, 'subscription-en-dark');
    await dark.getByTestId('invoices-link').click();
    await dark.getByTestId('invoice-row').first().waitFor();
    expect(await dark.getByTestId('invoice-status').first().textContent()).toBe('Open');
    await shot(dark, 'invoices-en-dark');
    await dark.getByTestId('invoice-pay').first().click();
    await dark.getByTestId('checkout-plan').first().waitFor();
    await shot(dark, 'checkout-plan-en-dark');
    await dark.close();

    const es = await open({ language: 'es' });
    await es.goto(`${h.url}/financeiro`);
    await es.getByTestId('invoice-row').first().waitFor();
    expect(await es.getByTestId('invoice-status').first().textContent()).toBe('Abierta');
    await shot(es, 'invoices-es');
    await es.getByTestId('subscription-link').click();
    await es.getByTestId('subscription').waitFor();
    await shot(es, 'subscription-es');
    await es.close();
  });

  it('a trial admin checks out, the simulator pays, the console shows the renewal and lands on /, the due date moved', { timeout: 180_000 }, async () => {
    const invoice: Invoice = await openInvoice();
    const page = await open({ language: 'pt' });
    await page.getByTestId('menu-financeiro').click();
    await page.waitForURL(/\/financeiro$/);
    const row = page.locator(`[data-testid="invoice-row"][data-invoice-id="${invoice.id}"]`);
    await row.waitFor();
    expect(await row.getByTestId('invoice-status').textContent()).toBe('Em aberto');
    await shot(page, 'invoices-pt');

    // The wizard starts at the plan choice; going on asks for the details first.
    await row.getByTestId('invoice-pay').click();
    await page.getByTestId('checkout-plan').first().waitFor();
    expect(await page.getByTestId('checkout-form').getAttribute('data-step')).toBe('1');
    // The company's plan is the one chosen.
    expect(await page.getByLabel('Padaria Pro').isChecked()).toBe(true);
    await shot(page, 'checkout-plan-pt');
    await page.getByTestId('checkout-next').click();
    await page.getByTestId('checkout-data').waitFor();
    await page.getByTestId('checkout-next').click();
    await page.getByText('Nome é obrigatório').waitFor();
    await shot(page, 'checkout-data-errors-pt');
    await page.getByTestId('checkout-firstName').fill('Maria');
    await page.getByTestId('checkout-lastName').fill('Souza');
    await page.getByTestId('checkout-address2').fill('Rua das Flores, 10');
    await page.getByTestId('checkout-city').fill('Recife');
    await page.getByTestId('checkout-state').fill('PE');
    await page.getByTestId('checkout-zipcode').fill('50000-000');
    await page.getByTestId('checkout-next').click();
    await page.getByTestId('checkout-review').waitFor();
    expect(await page.getByTestId('checkout-review-total').textContent()).toBe('R$\u00a049,90');
    await shot(page, 'checkout-review-pt');

    const checkout = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/subscription');
    await page.getByTestId('checkout-pay').click();
    const answer = await checkout;
    expect(answer.status(), await answer.text()).toBe(200);
    await page.getByTestId('checkout-qr-image').waitFor();
    const code = await page.getByTestId('checkout-qr-code').inputValue();
    expect(code).toMatch(/^000201.*540549\.90.*6304[0-9A-F]{4}$/);
    await page.waitForFunction(`document.querySelector('[data-testid="checkout-qr-image"]')?.naturalWidth > 0`);
    await shot(page, 'checkout-qr-pt');

    // The simulator pays the charge: its signed notification reaches the webhook.
    const { txid } = await eventually(async () => {
      const paying = (await h.api<Invoice>(`/invoices/${invoice.id}`, { token })).body;
      if (!paying.txid) throw new Error('no charge yet');
      return paying;
    });
    const paid = await h.api<{ delivered: { status: number }[] }>(`/pix-simulator/charges/${txid}/pay`, { body: {} });
    expect(paid.body.delivered.map((d) => d.status)).toEqual([200]);

    await page.getByTestId('checkout-renewed').waitFor();
    expect(await page.getByTestId('checkout-renewed').textContent()).toMatch(/Pagamento recebido.*renovada até \d\d\/\d\d\/\d{4}/);
    await shot(page, 'checkout-renewed-pt');
    await page.waitForURL(`${h.url}/`, { timeout: 10_000 });
    expect(await page.evaluate<string | null>("localStorage.getItem('companyDueDate')")).not.toBe(dueDate);

    // The due date moved a month on (MENSAL), from the later of today and the trial's end.
    const status = (await h.api<SubscriptionStatus>('/subscription', { token })).body;
    const moved = new Date(status.dueDate!).getTime() - Math.max(new Date(dueDate).getTime(), Date.now());
    expect(moved).toBeGreaterThan(27 * DAY_MS);
    expect(moved).toBeLessThan(32 * DAY_MS);
    expect((await h.api<Invoice>(`/invoices/${invoice.id}`, { token })).body.status).toBe('paid');

    await page.goto(`${h.url}/financeiro`);
    await row.getByTestId('invoice-status').filter({ hasText: 'Paga' }).waitFor();
    expect(await row.getByTestId('invoice-pay').count()).toBe(0);
    await shot(page, 'invoices-paid-pt');
    await page.close();
  });

  it("an expired company's admin signs in to the invoices, with a banner, and every other page sends there", { timeout: 120_000 }, async () => {
    const email = 'dono@mercearia.test';
    const password = 'Mercearia-1';
    expect((await h.api('/companies/cadastro', { body: { name: 'Mercearia Sol', email, phone: '11912345678', password, planId } })).status).toBeLessThan(300);
    const { companyId } = (await h.api<LoginResponse>('/auth/login', { body: { email, password } })).body.user;
    const expiredOn = new Date(Date.now() - 2 * DAY_MS).toISOString();
    expect((await h.api(`/companies/${companyId}`, { method: 'PUT', token: superToken, body: { dueDate: expiredOn } })).status).toBe(200);

    const page = await browser.newPage({ viewport: { width: 1280, height: 860 }, timezoneId: 'America/Sao_Paulo' });
    await page.goto(`${h.url}/login`);
    await page.evaluate("localStorage.setItem('i18nextLng', 'pt')");
    await page.goto(`${h.url}/login`);
    await page.getByTestId('login-email').fill(email);
    await page.getByTestId('login-password').fill(password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/financeiro$/);
    const banner = page.getByTestId('billing-expired-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toContain('Sua assinatura venceu em');
    await page.getByTestId('invoice-row').first().waitFor();
    await shot(page, 'expired-pt');

    // Every other page comes back here; the subscription page stays open.
    await page.getByTestId('menu-contacts').click();
    await page.waitForURL(/\/financeiro$/);
    await page.goto(`${h.url}/subscription`);
    await page.getByTestId('subscription').waitFor();
    expect(page.url()).toMatch(/\/subscription$/);
    await banner.waitFor();
    await page.close();
  });
});
