import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Company, Plan, User } from '@atendo/contracts';
import { artifacts, signIn, startBrowserHarness } from './browser.js';
import type { Harness } from '../../services/runtime/src/testing/harness.js';

/**
 * Accounts as people meet them in the console: a company signs up and staffs itself; the platform's super user
 * sells a plan and opens a company on it. Every step goes through the pages, and the API is asked afterwards only
 * to confirm what the pages claim.
 */
describe('browser: accounts', () => {
  let h: Harness;
  let browser: Browser;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ h, browser, stop } = await startBrowserHarness());
  });
  afterAll(async () => {
    await stop?.();
  });

  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(artifacts, `accounts-${name}.png`) });


  async function signOut(page: Page): Promise<void> {
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await page.waitForURL(/\/login/);
  }

  async function menuLabels(page: Page): Promise<string[]> {
    await page.getByTestId('side-menu').waitFor();
    const labels = await page.locator('[data-testid^="menu-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice(5)));
    return labels.filter((l) => l !== 'toggle');
  }

  it('a company signs up, its admin adds an agent, and the agent sees an agent’s console', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${h.url}/login`);
    await page.getByTestId('signup-link').click();
    await page.waitForURL(/\/signup/);
    await page.getByTestId('signup-plan').first().waitFor();
    await page.getByTestId('signup-name').fill('Padaria Central');
    await page.getByTestId('signup-email').fill('dona@padaria.test');
    await page.getByTestId('signup-phone').fill('11987654321');
    // The mask shows what was typed the way the spec writes a phone number.
    expect(await page.getByTestId('signup-phone').inputValue()).toBe('(11) 98765-4321');
    await page.getByTestId('signup-password').fill('Padaria-1');
    await page.getByTestId('signup-plan').first().click();
    await shot(page, 'signup');
    await page.getByTestId('signup-submit').click();
    await page.waitForURL(/\/login/);

    await signIn(page, h, 'dona@padaria.test', 'Padaria-1');
    // A new company is on its 3-day trial: the console says so.
    await page.getByText(/expires in 3 days/).first().waitFor();
    const adminLabels = await menuLabels(page);
    expect(adminLabels).toEqual(expect.arrayContaining(['dashboard', 'users', 'settings']));

    await page.getByTestId('menu-users').click();
    await page.getByTestId('users-add').click();
    await page.getByTestId('user-dialog').waitFor();
    await page.getByTestId('user-name').fill('Bruno Caixa');
    await page.getByTestId('user-email').fill('bruno@padaria.test');
    await page.getByTestId('user-password').fill('Bruno-pass-1');
    await page.getByTestId('user-save').click();
    await page.getByTestId('user-row').filter({ hasText: 'bruno@padaria.test' }).waitFor();
    await shot(page, 'users');

    // The company the page made is the one the API knows, with the server's trial and the agent in it.
    const admin = await h.login('dona@padaria.test', 'Padaria-1');
    const company = (await h.api<Company>(`/companies/${admin.user.companyId}`, { token: admin.token })).body;
    expect(company).toMatchObject({ name: 'Padaria Central', phone: '11987654321', recurrence: 'MENSAL', status: true });
    const days = (Date.parse(company.dueDate!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(2.9);
    expect(days).toBeLessThan(3.1);
    const staff = (await h.api<{ users: User[] }>('/users/?searchParam=bruno', { token: admin.token })).body.users;
    expect(staff).toEqual([expect.objectContaining({ name: 'Bruno Caixa', profile: 'user', companyId: admin.user.companyId })]);

    await signOut(page);
    await signIn(page, h, 'bruno@padaria.test', 'Bruno-pass-1');
    const agentLabels = await menuLabels(page);
    expect(agentLabels).toEqual(expect.arrayContaining(['tickets', 'quickMessages', 'todolist', 'contacts', 'schedules', 'tags', 'chats', 'helps']));
    for (const hidden of ['dashboard', 'users', 'settings', 'connections', 'queues', 'financeiro', 'announcements']) expect(agentLabels).not.toContain(hidden);
    // An agent who types an administrator's address is told, inside the console.
    await page.goto(`${h.url}/users`);
    await page.getByTestId('page').waitFor();
    expect(await page.getByTestId('users-table').count()).toBe(0);
    await shot(page, 'agent');
    await page.close();
  });

  it('the super user sells a plan and opens a company on it, whose admin can then sign in', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(page, h, h.atendo.seeded!.superAdmin.email, 'Super-pass-123');
    await page.goto(`${h.url}/settings`);

    await page.getByTestId('settings-tab-plans').click();
    await page.getByTestId('plans-add').click();
    await page.getByTestId('plan-dialog').waitFor();
    await page.getByTestId('plan-name').fill('Plano Loja');
    await page.getByTestId('plan-users').fill('4');
    await page.getByTestId('plan-connections').fill('2');
    await page.getByTestId('plan-queues').fill('3');
    await page.getByTestId('plan-value').fill('79.90');
    await page.getByTestId('plan-useKanban').click({ force: true });
    await page.getByTestId('plan-save').click();
    await page.getByTestId('plan-row').filter({ hasText: 'Plano Loja' }).waitFor();
    await shot(page, 'plans');

    const plans = (await h.api<Plan[]>('/plans/list')).body;
    const plan = plans.find((p) => p.name === 'Plano Loja');
    expect(plan).toMatchObject({ users: 4, connections: 2, queues: 3, value: 79.9, useKanban: false, useCampaigns: true });

    await page.getByTestId('settings-tab-companies').click();
    await page.getByTestId('companies-add').click();
    await page.getByTestId('company-dialog').waitFor();
    await page.getByTestId('company-name').fill('Loja do Bairro');
    await page.getByTestId('company-email').fill('gerente@loja.test');
    await page.getByTestId('company-planId').selectOption({ label: 'Plano Loja' });
    await page.getByTestId('company-password').fill('Loja-pass-1');
    await page.getByTestId('company-save').click();
    await page.getByTestId('company-row').filter({ hasText: 'Loja do Bairro' }).waitFor();
    await shot(page, 'companies');
    await signOut(page);

    // The new company's first admin signs in, on the plan the super user chose: no kanban in the menu.
    await signIn(page, h, 'gerente@loja.test', 'Loja-pass-1');
    const labels = await menuLabels(page);
    expect(labels).toContain('settings');
    expect(labels).not.toContain('kanban');
    const session = await h.login('gerente@loja.test', 'Loja-pass-1');
    const lookup = await h.api<{ plan: Plan }>(`/companies/listPlan/${session.user.companyId}`, { token: session.token });
    expect(lookup.body.plan).toMatchObject({ id: plan!.id, useKanban: false });
    await page.close();
  });

  it('the settings, users and help pages in both themes, in pt, en and es, and on a phone', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(page, h, h.atendo.seeded!.superAdmin.email, 'Super-pass-123');
    for (const language of ['pt', 'en', 'es'] as const) {
      await page.getByTestId('language-select').first().selectOption(language);
      await page.goto(`${h.url}/settings`);
      await page.getByTestId('settings-options').waitFor();
      expect(await page.evaluate('document.documentElement.lang')).toBe(language);
      await shot(page, `settings-${language}`);
    }
    await page.goto(`${h.url}/users`);
    await page.getByTestId('users-table').waitFor();
    await page.getByTestId('theme-toggle').first().click();
    await shot(page, 'users-dark');
    // A help video published in the settings' help tab is on every user's help page.
    await page.goto(`${h.url}/settings`);
    await page.getByTestId('settings-tab-helps').click();
    await page.getByTestId('help-title').fill('Como transferir um atendimento');
    await page.getByTestId('help-video').fill('dQw4w9WgXcQ');
    await page.getByTestId('help-description').fill('Passo a passo da transferência entre filas.');
    await page.getByTestId('help-submit').click();
    await page.getByTestId('help-row').filter({ hasText: 'Como transferir' }).waitFor();
    await page.goto(`${h.url}/helps`);
    await page.getByTestId('help-card').filter({ hasText: 'Como transferir' }).click();
    await page.getByTestId('help-video-dialog').waitFor();
    expect(await page.getByTestId('help-video-dialog').locator('iframe').getAttribute('src')).toContain('dQw4w9WgXcQ');
    await shot(page, 'helps-dark');
    await page.close();

    const phone = await browser.newPage({ viewport: { width: 390, height: 800 } });
    await signIn(phone, h, h.atendo.seeded!.superAdmin.email, 'Super-pass-123');
    await phone.goto(`${h.url}/users`);
    await phone.getByTestId('users-table').waitFor();
    // Nothing wider than the screen: the page does not scroll sideways.
    expect(await phone.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await shot(phone, 'users-phone');
    await phone.goto(`${h.url}/settings`);
    await phone.getByTestId('settings-options').waitFor();
    expect(await phone.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await shot(phone, 'settings-phone');
    await phone.close();
  });
});
