import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { FlowDocument } from '@atendo/contracts';
import { eventually } from '@atendo/core/testing';
import { artifacts, signIn, startBrowserHarness } from './browser.js';
import type { Harness } from '../../services/runtime/src/testing/harness.js';

/**
 * The flow builder in the real console: an admin adds a flow, draws a start block, a message and a question on the
 * canvas, connects them by dragging from output to input, saves, reloads (the same graph comes back), tries it in the
 * dry run, and keeps a phrase campaign for it; a customer writing the phrase through the simulator receives the
 * flow's words.
 */
describe('browser: flow builder', () => {
  let h: Harness;
  let browser: Browser;
  let stop: () => Promise<void>;
  let token: string;
  const NUMBER = '5511955557777';

  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(artifacts, `flows-${name}.png`) });

  beforeAll(async () => {
    ({ h, browser, stop } = await startBrowserHarness());
    token = (await h.login()).token;
  });
  afterAll(async () => stop?.());

  /** Drags from one handle to another, as a person connects two blocks. */
  async function connect(page: Page, from: Locator, to: Locator) {
    const a = (await from.boundingBox())!;
    const b = (await to.boundingBox())!;
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2 + 10, { steps: 5 });
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 10 });
    await page.mouse.up();
  }
  const block = (page: Page, type: string) => page.locator(`[data-testid="flow-block"][data-block-type="${type}"]`);

  it('draws a flow, saves it, finds it the same after a reload, and a phrase starts it for a customer', { timeout: 180_000 }, async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await signIn(page, h);
    await page.evaluate("localStorage.setItem('cshow', '1'); localStorage.setItem('i18nextLng', 'pt')");

    await page.goto(`${h.url}/flowbuilders`);
    await page.getByTestId('flow-add').click();
    await page.locator('#flow-name').fill('Boas-vindas');
    await page.getByTestId('flow-name-submit').click();
    const row = page.getByTestId('flow-row').filter({ hasText: 'Boas-vindas' });
    await row.waitFor();
    await shot(page, 'list');
    await row.click();
    await page.waitForURL(/\/flowbuilder\/\d+/);
    const flowId = Number(/\/flowbuilder\/(\d+)/.exec(page.url())![1]);
    await page.getByTestId('flow-add-block').waitFor();

    const addBlock = async (type: string) => {
      await page.getByTestId('flow-add-block').click();
      await page.locator(`[data-testid="flow-add-item"][data-block-type="${type}"]`).click();
    };
    await addBlock('start');
    await block(page, 'start').waitFor();
    await addBlock('message');
    await page.getByTestId('flow-block-form').waitFor();
    await page.getByTestId('flow-field-label').fill('Olá {{firstName}}, bem-vindo à loja!');
    await page.getByTestId('flow-block-submit').click();
    await block(page, 'message').waitFor();
    await addBlock('question');
    await page.getByTestId('flow-block-form').waitFor();
    await page.getByTestId('flow-field-typebotIntegration-message').fill('Qual é o seu nome completo?');
    await page.getByTestId('flow-field-typebotIntegration-answerKey').fill('nome');
    await page.getByTestId('flow-block-submit').click();
    await block(page, 'question').waitFor();

    // The canvas fits the new blocks into view: let it settle before dragging between them.
    await page.waitForTimeout(500);
    const messageId = (await block(page, 'message').getAttribute('data-block-id'))!;
    const questionId = (await block(page, 'question').getAttribute('data-block-id'))!;
    await connect(page, block(page, 'start').locator('.flow-block-output'), block(page, 'message').locator('.flow-block-input'));
    await connect(page, block(page, 'message').locator('.flow-block-output'), block(page, 'question').locator('.flow-block-input').first());
    await page.waitForTimeout(300);
    await shot(page, 'editor');
    await eventually(async () => expect(await page.locator('.react-flow__edge').count()).toBe(2));

    await page.getByTestId('flow-save').click();
    const saved = await eventually(async () => {
      const doc = (await h.api<FlowDocument>(`/flowbuilder/flow/${flowId}`, { token })).body;
      expect(doc.flow.version).toBe(1);
      return doc.flow.flow!;
    });
    expect(saved.nodes.map((n) => n.type).sort()).toEqual(['message', 'question', 'start']);
    expect(saved.nodes.find((n) => n.type === 'start')!.id).toBe('1');
    expect(saved.connections).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ source: '1', sourceHandle: 'default', target: messageId }),
        expect.objectContaining({ source: messageId, sourceHandle: 'default', target: questionId }),
      ]),
    );

    // A reload draws the same three blocks and two connections.
    await page.reload();
    await block(page, 'question').waitFor();
    expect(await page.getByTestId('flow-block').count()).toBe(3);
    await eventually(async () => expect(await page.locator('.react-flow__edge').count()).toBe(2));
    expect(await block(page, 'message').getByTestId('flow-block-label').textContent()).toBeTruthy();

    // The dry run: what the draft would say, sent to no one.
    await page.getByTestId('flow-test').click();
    await page.getByTestId('flow-dry-run-messages').fill('Ana Souza');
    await page.getByTestId('flow-dry-run-run').click();
    await page.getByTestId('flow-dry-run-sent').filter({ hasText: 'Qual é o seu nome completo?' }).waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'dry-run');

    // A phrase campaign on the demo connection.
    await page.goto(`${h.url}/phrase-lists`);
    await page.getByTestId('flow-campaign-add').click();
    const form = page.getByTestId('flow-campaign-form');
    await form.waitFor();
    await page.locator('#flow-campaign-name').fill('Boas-vindas');
    await page.locator('select#flow-campaign-flow, #flow-campaign-flow select').first().selectOption({ label: 'Boas-vindas' });
    await page.locator('select#flow-campaign-connection, #flow-campaign-connection select').first().selectOption({ index: 1 });
    await page.locator('#flow-campaign-phrase').fill('Oi loja');
    await page.waitForTimeout(200);
    await shot(page, 'campaign-dialog');
    await page.getByTestId('flow-campaign-submit').click();
    await page.getByTestId('flow-campaign-row').filter({ hasText: 'Boas-vindas' }).waitFor();
    await shot(page, 'campaigns');

    await new Promise((r) => setTimeout(r, 1_100));
    await h.customerSays(NUMBER, 'oi LOJA', 'Marta Lima');
    await eventually(async () => {
      const messages = ((await (await fetch(`${h.simulator.url}/simulator/sessions/${h.whatsappId}/customers/${NUMBER}/messages`)).json()) as { messages: Array<{ sender: string; body: string }> }).messages;
      expect(messages.filter((m) => m.sender === 'platform').map((m) => m.body)).toEqual(['Olá Marta, bem-vindo à loja!', 'Qual é o seu nome completo?']);
    }, 20_000);
    await page.close();
  });
});
