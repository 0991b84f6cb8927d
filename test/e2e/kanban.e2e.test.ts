import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { ListTicketsResponse, Tag, Ticket } from '@atendo/contracts';
import { eventually } from '@atendo/core/testing';
import { artifacts, signIn, startBrowserHarness } from './browser.js';
import type { Harness } from '../../services/runtime/src/testing/harness.js';

/**
 * Tags and the kanban as an admin uses them: a tag added on the tags page (its colour picked, made a lane), then
 * the kanban, where a card dragged from the open lane onto a lane gets that tag, dragged on to another lane loses it
 * and gets the other's, and a tag put on a ticket elsewhere moves its card live. The database is read only to confirm
 * what the page shows.
 */
describe('browser: tags and the kanban', () => {
  let h: Harness;
  let browser: Browser;
  let stop: () => Promise<void>;
  let token: string;
  let doing: Tag;
  const tickets: Ticket[] = [];

  beforeAll(async () => {
    ({ h, browser, stop } = await startBrowserHarness());
    token = (await h.login()).token;
    doing = (await h.api<Tag>('/tags', { token, body: { name: 'Em andamento', color: '#2d72d2', kanban: 1 } })).body;
    await h.api<Tag>('/tags', { token, body: { name: 'VIP', color: '#d6a100' } });
    for (const [number, text, name] of [
      ['5511988880001', 'Meu pedido não chegou', 'Beatriz Lima'],
      ['5511988880002', 'Quero trocar o tamanho', 'Carlos Souza'],
      ['5511988880003', 'Qual o prazo de entrega?', 'Daniela Reis'],
    ] as const) {
      await h.customerSays(number, text, name);
      tickets.push(
        await eventually(async () => {
          const t = (await h.api<ListTicketsResponse>(`/tickets?searchParam=${number}&showAll=true`, { token })).body.tickets[0];
          expect(t).toBeDefined();
          return t!;
        }),
      );
    }
    await h.api('/tags/sync', { token, body: { ticketId: tickets[2]!.id, tags: [{ id: doing.id }] } });
  });
  afterAll(async () => stop?.());

  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(artifacts, `kanban-${name}.png`) });
  const tagsOf = async (ticketId: number) => (await h.atendo.knex('ticket_tags').where({ ticket_id: ticketId }).orderBy('tag_id')).map((r: { tag_id: string }) => Number(r.tag_id));
  const lane = (page: Page, name: string) => page.getByTestId('kanban-lane').filter({ has: page.getByTestId('kanban-lane-title').getByText(name, { exact: true }) });
  const cardIn = (page: Page, laneName: string, contact: string) => lane(page, laneName).getByTestId('kanban-card').filter({ hasText: contact });

  it('an admin adds a kanban tag on the tags page, then drags cards between lanes', { timeout: 120_000 }, async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(page, h);
    await page.goto(`${h.url}/tags`);
    await page.getByTestId('tags-table').waitFor();
    await expect.poll(() => page.getByTestId('tag-row').count()).toBe(2);

    await page.getByTestId('tags-add').click();
    await page.getByTestId('tag-form').waitFor();
    await page.getByTestId('tag-name').fill('Aguardando cliente');
    await page.getByTestId('tag-color').fill('#c22762');
    await page.getByTestId('tag-kanban').check({ force: true });
    await page.waitForTimeout(400);
    await shot(page, 'tag-dialog');
    await page.getByTestId('tag-save').click();
    await page.getByText('Tag saved.').waitFor();
    await page.getByTestId('tag-row').filter({ hasText: 'Aguardando cliente' }).waitFor();
    const waiting = await eventually(async () => {
      const row = await h.atendo.knex('tags').where({ name: 'Aguardando cliente' }).first();
      expect(row).toBeDefined();
      return row as { id: string; color: string; kanban: number };
    });
    expect(waiting).toMatchObject({ color: '#c22762', kanban: 1 });
    await shot(page, 'tags');

    // The side menu has the kanban (the demo plan has it).
    await page.getByTestId('menu-kanban').click();
    await page.waitForURL(/\/kanban$/);
    await page.getByTestId('kanban-board').waitFor();
    await expect.poll(() => page.getByTestId('kanban-lane-title').allInnerTexts()).toEqual(['Open', 'Aguardando cliente', 'Em andamento']);
    await cardIn(page, 'Open', 'Beatriz Lima').waitFor();
    await cardIn(page, 'Em andamento', 'Daniela Reis').waitFor();
    await shot(page, 'board');

    // Open → a lane: the lane's tag only (nothing to remove).
    await cardIn(page, 'Open', 'Beatriz Lima').dragTo(lane(page, 'Aguardando cliente'));
    await cardIn(page, 'Aguardando cliente', 'Beatriz Lima').waitFor();
    await page.getByText('Kanban tag added.').first().waitFor();
    await expect.poll(() => tagsOf(tickets[0]!.id)).toEqual([Number(waiting.id)]);

    // A lane → another: the current tag comes off, the other goes on.
    await cardIn(page, 'Em andamento', 'Daniela Reis').dragTo(lane(page, 'Aguardando cliente'));
    await cardIn(page, 'Aguardando cliente', 'Daniela Reis').waitFor();
    await page.getByText('Kanban tag removed.').first().waitFor();
    await expect.poll(() => tagsOf(tickets[2]!.id)).toEqual([Number(waiting.id)]);
    await expect.poll(() => lane(page, 'Em andamento').getByTestId('kanban-card').count()).toBe(0);
    await page.waitForTimeout(300);
    await shot(page, 'dragged');

    // Put on elsewhere (another console, the API): the card moves live.
    await h.api(`/ticket-tags/${tickets[1]!.id}/${doing.id}`, { method: 'PUT', token });
    await cardIn(page, 'Em andamento', 'Carlos Souza').waitFor();
    await expect.poll(() => lane(page, 'Open').getByTestId('kanban-card').count()).toBe(0);
    await shot(page, 'live');
    // Dark: the lanes and cards keep their contrast.
    await page.getByTestId('theme-toggle').first().click();
    await page.waitForTimeout(300);
    await shot(page, 'dark');

    // See ticket: the ticket's page.
    await cardIn(page, 'Em andamento', 'Carlos Souza').getByTestId('kanban-card-see').click();
    await page.waitForURL(new RegExp(`/tickets/${tickets[1]!.uuid}$`));
    await page.close();
  });

  it('fits a phone-sized screen: the lanes scroll sideways', { timeout: 60_000 }, async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    await signIn(page, h);
    await page.goto(`${h.url}/kanban`);
    await page.getByTestId('kanban-card').first().waitFor();
    const box = await page.getByTestId('kanban-lane').first().boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    await shot(page, 'small');
    await page.close();
  });
});
