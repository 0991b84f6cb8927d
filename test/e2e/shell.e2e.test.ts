import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { artifacts, startBrowserHarness } from './browser.js';
import { addUser } from '../../services/runtime/src/testing/accounts.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type Harness } from '../../services/runtime/src/testing/harness.js';


/** The console's frame as each kind of user meets it: the side menu, every entry's page, themes and languages. */
describe('browser: the console shell', () => {
  let h: Harness;
  let browser: Browser;

  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ h, browser, stop } = await startBrowserHarness());
  });
  afterAll(async () => {
    await stop?.();
  });

  async function signedIn(email: string, password: string, viewport = { width: 1280, height: 800 }): Promise<Page> {
    const page = await browser.newPage({ viewport });
    await page.goto(`${h.url}/login`);
    await page.getByTestId('login-email').fill(email);
    await page.getByTestId('login-password').fill(password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/tickets/);
    return page;
  }

  const menuLabels = async (page: Page) => (await page.locator('[data-testid^="menu-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice(5)))).filter((l) => l !== 'toggle');

  it('an admin opens every entry of the menu: each shows its page or says it is not available yet, inside the console', async () => {
    const page = await signedIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.getByTestId('side-menu').waitFor();
    const labels = await menuLabels(page);
    expect(labels).toEqual(expect.arrayContaining(['dashboard', 'tickets', 'helps', 'connections', 'users', 'settings', 'queues']));
    expect(labels).not.toContain('announcements');
    for (const label of labels) {
      await page.getByTestId(`menu-${label}`).click();
      // Never sent back to the tickets (but the tickets entry) nor to the login.
      if (label !== 'tickets') {
        await page.waitForFunction("!location.pathname.startsWith('/tickets')");
        await page
          .locator('[data-testid="not-yet-page"], [data-testid="page"]')
          .first()
          .waitFor({ timeout: 5_000 })
          .catch(async (error: unknown) => {
            await page.screenshot({ path: path.join(artifacts, `shell-failed-${label}.png`) });
            throw new Error(`${label} at ${page.url()}: ${String(error)}`);
          });
      } else {
        await page.waitForURL(/\/tickets/);
      }
      expect(page.url(), label).not.toMatch(/\/login/);
      await expect(page.getByTestId('side-menu').isVisible()).resolves.toBe(true);
    }
    await page.goto(`${h.url}/nothing-here`);
    await page.getByTestId('not-found-page').waitFor();
    await page.goto(`${h.url}/settings`);
    await page.screenshot({ path: path.join(artifacts, 'shell-admin-light.png') });
    await page.getByTestId('theme-toggle').click();
    await page.screenshot({ path: path.join(artifacts, 'shell-admin-dark.png') });
    await page.close();
  });

  it('a user sees no administration group and no dashboard; a super user sees announcements', async () => {
    const agent = await addUser(h, 'shell-agent@demo.test', { password: 'Shell-pass-1', queueIds: h.queueIds });
    const page = await signedIn(agent.email, agent.password);
    await page.getByTestId('side-menu').waitFor();
    const labels = await menuLabels(page);
    expect(labels).toEqual(expect.arrayContaining(['tickets', 'quickMessages', 'todolist', 'contacts', 'schedules', 'tags', 'chats', 'helps']));
    for (const hidden of ['dashboard', 'users', 'settings', 'connections', 'queues', 'financeiro', 'announcements']) expect(labels).not.toContain(hidden);
    // The dashboard's address takes a user to the tickets.
    await page.goto(`${h.url}/`);
    await page.waitForURL(/\/tickets/);
    await page.close();

    const superPage = await signedIn(h.atendo.seeded!.superAdmin.email, 'Super-pass-123');
    await superPage.getByTestId('side-menu').waitFor();
    expect(await menuLabels(superPage)).toContain('announcements');
    await superPage.close();
  });

  it('collapses to icons, and on a small screen opens as a drawer over the page', async () => {
    const page = await signedIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.getByTestId('menu-toggle').click();
    await expect(page.locator('.side-menu-collapsed').count()).resolves.toBe(1);
    // Every entry keeps its icon, and its name as a title. Counted together, and again until they agree: entries the
    // company's plan allows can still be arriving (once 20 icons were counted, then 24 entries).
    const iconless = async () => (await menuLabels(page)).length - (await page.locator('.side-menu-collapsed [data-testid^="menu-"] .bp6-icon').count());
    await expect.poll(iconless).toBe(0);
    await page.screenshot({ path: path.join(artifacts, 'shell-collapsed.png') });
    await page.close();

    const phone = await signedIn(ADMIN_EMAIL, ADMIN_PASSWORD, { width: 390, height: 800 });
    await expect(phone.getByTestId('side-menu').count()).resolves.toBe(0);
    await phone.getByTestId('menu-toggle').click();
    await phone.getByTestId('side-menu').waitFor();
    await phone.waitForTimeout(500); // the drawer's slide-in
    await phone.screenshot({ path: path.join(artifacts, 'shell-small-drawer.png') });
    await phone.getByTestId('menu-helps').click();
    await phone.waitForURL(/\/helps/);
    await phone.getByTestId('side-menu').waitFor({ state: 'detached' });
    await phone.close();
  });

  it('says the account was used on another computer, and signs out there, when the same user signs in elsewhere', async () => {
    const user = await addUser(h, 'shell-twice@demo.test', { password: 'Shell-pass-2', queueIds: h.queueIds });
    const first = await signedIn(user.email, user.password);
    await first.getByTestId('side-menu').waitFor();
    await first.waitForTimeout(500); // the realtime socket is up
    // Another computer: a browser context of its own (its own storage).
    const elsewhere = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const second = await elsewhere.newPage();
    await second.goto(`${h.url}/login`);
    await second.getByTestId('login-email').fill(user.email);
    await second.getByTestId('login-password').fill(user.password);
    await second.getByTestId('login-submit').click();
    await second.waitForURL(/\/tickets/);
    await first.getByText('Your account was used on another computer.').waitFor({ timeout: 10_000 });
    await first.screenshot({ path: path.join(artifacts, 'shell-session-taken.png') });
    await first.waitForURL(/\/login/, { timeout: 10_000 });
    // The new session stays.
    await second.waitForTimeout(1500);
    expect(second.url()).toMatch(/\/tickets/);
    await elsewhere.close();
    await first.close();
  });

  it('speaks Portuguese, English and Spanish in the menu', async () => {
    const page = await signedIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    const expected = { pt: 'Atendimentos', en: 'Tickets', es: 'Atenciones' } as const;
    for (const [language, text] of Object.entries(expected)) {
      await page.evaluate(`localStorage.setItem('i18nextLng', '${language}')`);
      await page.reload();
      await page.getByTestId('side-menu').waitFor();
      await expect(page.getByTestId('side-menu').textContent()).resolves.toContain(text);
      await page.screenshot({ path: path.join(artifacts, `shell-${language}.png`) });
    }
    await page.close();
  });
});
