import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { ListTicketsResponse, Ticket } from '@atendo/contracts';
import { eventually } from '@atendo/core/testing';
import { artifacts, signIn, startBrowserHarness } from './browser.js';
import { addUser, type TestUser } from '../../services/runtime/src/testing/accounts.js';
import type { Harness } from '../../services/runtime/src/testing/harness.js';

/**
 * Starting a conversation in the real console: an agent finds a customer whose ticket was resolved, starts a new
 * ticket in one of their queues and lands on it; an admin trying the same is told who holds it; an admin peeks
 * into a waiting ticket without touching it. The database is read only to confirm what the pages show.
 */
describe('browser: new ticket and peek', () => {
  let h: Harness;
  let browser: Browser;
  let stop: () => Promise<void>;
  let adminToken: string;
  let agent: TestUser;

  const ticketOf = (number: string) =>
    eventually(async () => {
      const t = (await h.api<ListTicketsResponse>(`/tickets?searchParam=${number}&showAll=true`, { token: adminToken })).body.tickets[0];
      expect(t).toBeDefined();
      return t!;
    }, 15_000);
  const put = async (ticket: Ticket, body: object) => expect((await h.api(`/tickets/${ticket.id}`, { method: 'PUT', token: adminToken, body })).status).toBe(200);
  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(artifacts, `new-ticket-${name}.png`) });

  beforeAll(async () => {
    ({ h, browser, stop } = await startBrowserHarness());
    adminToken = (await h.login()).token;
    agent = await addUser(h, 'carla@demo.test', { queueIds: [h.queueIds[1]!] });
    // A customer wrote, was served, and the ticket was resolved: a new conversation is for the agent to start.
    await h.customerSays('5511966661234', 'Obrigada, resolvido!', 'Quitéria Antunes');
    const served = await ticketOf('5511966661234');
    await put(served, { status: 'open' });
    await put(served, { status: 'closed' });
  });
  afterAll(async () => stop?.());

  it('an agent starts a ticket with a known contact in their queue and lands on it', { timeout: 120_000 }, async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(page, h, agent.email, agent.password);
    await page.getByTestId('new-ticket').click();
    await page.getByTestId('new-ticket-dialog').waitFor();

    // Two letters ask nothing; the third does (accents do not matter).
    await page.getByTestId('new-ticket-contact').fill('qu');
    await page.getByTestId('new-ticket-contact-option-none').filter({ hasText: 'Type at least 3 characters' }).waitFor();
    await page.getByTestId('new-ticket-contact').fill('quite');
    const option = page.getByTestId('new-ticket-contact-option').filter({ hasText: 'Quitéria Antunes' });
    await option.waitFor();
    expect(await option.textContent()).toContain('5511966661234');
    await page.waitForTimeout(300);
    await shot(page, 'search');
    await option.click();
    await page.getByTestId('new-ticket-dialog').getByText('5511966661234').waitFor();

    // An agent must pick one of their queues: only Vendas is offered.
    await page.getByTestId('new-ticket-confirm').click();
    await page.locator('.bp6-form-helper-text', { hasText: 'Select a queue' }).waitFor();
    expect(await page.getByTestId('new-ticket-queue').locator('option').allTextContents()).toEqual(['Select a queue', 'Vendas']);
    await page.getByTestId('new-ticket-queue').selectOption({ label: 'Vendas' });
    expect(await page.getByTestId('new-ticket-connection').locator('option:checked').textContent()).toBe('Demo WhatsApp (default)');
    await page.waitForTimeout(200);
    await shot(page, 'dialog');
    await page.getByTestId('new-ticket-confirm').click();

    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Quitéria Antunes' }).waitFor();
    await page.getByTestId('ticket-list-item').filter({ hasText: 'Quitéria Antunes' }).waitFor();
    expect(await page.getByTestId('message-input').isVisible()).toBe(true);
    await page.waitForTimeout(300);
    await shot(page, 'created');
    const row = await h.atendo.knex('tickets as t').join('contacts as c', 'c.id', 't.contact_id').where({ 'c.number': '5511966661234', 't.status': 'open' }).first('t.user_id', 't.queue_id');
    expect({ user: Number(row.user_id), queue: Number(row.queue_id) }).toEqual({ user: agent.id, queue: h.queueIds[1] });
    await page.close();
  });

  it('an admin trying the same on a phone is told who holds the contact’s ticket, and in which queue', { timeout: 120_000 }, async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await signIn(page, h);
    await page.getByTestId('new-ticket').click();
    await page.getByTestId('new-ticket-contact').fill('66661234');
    await page.getByTestId('new-ticket-contact-option').filter({ hasText: 'Quitéria Antunes' }).click();
    // An admin may leave the queue out.
    await page.getByTestId('new-ticket-confirm').click();
    const held = page.getByTestId('new-ticket-held');
    await held.waitFor();
    expect(await held.textContent()).toBe('There is already an open ticket for this contact.Attended by carlaQueue: Vendas');
    expect(await page.getByTestId('new-ticket-dialog').isVisible()).toBe(true);
    await page.waitForTimeout(2500); // the error toast (2 s) is gone: the dialog alone tells
    await shot(page, 'held-phone');
    await page.close();
  });

  it('an admin peeks into a waiting ticket: its messages, no reply box, nothing accepted or read', { timeout: 120_000 }, async () => {
    await h.customerSays('5511966665678', 'Bom dia, quero um orçamento', 'Rui Peixoto');
    await h.customerSays('5511966665678', 'Para 30 unidades', 'Rui Peixoto');
    const waiting = await eventually(async () => {
      const t = await ticketOf('5511966665678');
      expect(t).toMatchObject({ status: 'pending', unreadMessages: 2 });
      return t;
    }, 15_000);

    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(page, h);
    await page.getByTestId('tab-pending').click();
    const item = page.getByTestId('ticket-list-item').filter({ hasText: 'Rui Peixoto' });
    await item.getByTestId('ticket-peek').waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'waiting');
    await item.getByTestId('ticket-peek').click();
    const dialog = page.getByTestId('peek-dialog');
    await dialog.getByText('Para 30 unidades').waitFor();
    expect(await dialog.getByTestId('message-bubble').count()).toBe(2);
    expect(await page.getByTestId('message-input').count()).toBe(0);
    expect(await dialog.getByRole('button').count()).toBe(0);
    await page.waitForTimeout(300);
    await shot(page, 'peek');
    await page.getByTestId('peek-close').click();
    await dialog.waitFor({ state: 'detached' });

    expect(await ticketOf('5511966665678')).toMatchObject({ id: waiting.id, status: 'pending', userId: null, unreadMessages: 2 });
    expect(await item.getByTestId('ticket-unread').textContent()).toBe('2');
    await page.close();
  });
});
