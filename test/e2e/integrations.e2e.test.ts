import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { PromptPage, QueueIntegration, QueueIntegrationPage } from '@atendo/contracts';
import { artifacts, signIn, startBrowserHarness } from './browser.js';
import type { Harness } from '../../services/runtime/src/testing/harness.js';

const PROMPT = 'You are the assistant of Padaria Boa Massa. Answer in two short sentences, kindly, in Portuguese.';

/** A stand-in Typebot server: the bot's page the console's preview embeds (the tests reach nothing outside). */
function startTypebotServer(): Promise<Server> {
  const server = createServer((req, res) => {
    const slug = new URL(req.url ?? '/', 'http://localhost').pathname.slice(1);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><body style="margin:0;font-family:sans-serif;background:#f7f8fa"><div style="padding:16px"><b>Typebot</b> <small>${slug}</small>` +
        `<p style="background:#0042da;color:#fff;padding:8px 12px;border-radius:12px;display:inline-block">Olá! Sou o bot de vendas</p></div></body>`,
    );
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/**
 * Prompts and queue integrations in the real console: an admin adds a prompt for a queue (refused first without
 * one), a signed webhook and a Typebot whose bot shows live in the modal, renames the webhook keeping its secret, and
 * deletes the Typebot; the API agrees at each step and never answers a secret in full.
 */
describe('browser: prompts and queue integrations', () => {
  let h: Harness;
  let browser: Browser;
  let stop: () => Promise<void>;
  let token: string;
  let typebot: Server;
  let typebotUrl: string;

  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(artifacts, `${name}.png`) });
  /** The notices close by themselves after about 3 s; the list's screenshots wait for them. */
  const noToasts = (page: Page) => expect.poll(() => page.locator('.bp6-toast').count(), { timeout: 10_000 }).toBe(0);
  const integrationNamed = async (name: string) => (await h.api<QueueIntegrationPage>(`/queueIntegration?searchParam=${encodeURIComponent(name)}&pageNumber=1`, { token })).body.queueIntegrations.find((i) => i.name === name);

  beforeAll(async () => {
    ({ h, browser, stop } = await startBrowserHarness());
    token = (await h.login()).token;
    typebot = await startTypebotServer();
    typebotUrl = `http://127.0.0.1:${(typebot.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    typebot?.close();
    await stop?.();
  });

  it('adds a prompt for a queue, with its key masked afterwards', { timeout: 120_000 }, async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(page, h);
    await page.goto(`${h.url}/prompts`);
    await page.getByTestId('prompt-add').click();
    await page.getByTestId('prompt-form').waitFor();
    expect(await page.getByTestId('prompt-maxTokens').inputValue()).toBe('100');
    await page.getByTestId('prompt-name').fill('Atendente da padaria');
    await page.getByTestId('prompt-prompt').fill(PROMPT);
    await page.getByTestId('prompt-apiKey').fill('sk-test-padaria-1234');
    await page.getByTestId('prompt-temperature').fill('0.7');
    // No queue: the spec's queue-required error, and nothing is sent.
    await page.getByTestId('prompt-submit').click();
    await page.locator('.bp6-form-helper-text', { hasText: 'Queue is required' }).waitFor();
    await page.getByTestId('prompt-queueId').selectOption(String(h.queueIds[0]));
    await page.getByTestId('prompt-voice').selectOption('pt-BR-FranciscaNeural');
    await page.getByTestId('prompt-voiceKey').fill('azure-voice-key-5678');
    await page.getByTestId('prompt-voiceRegion').fill('brazilsouth');
    await page.getByTestId('prompt-apiKey-toggle').click();
    await page.waitForTimeout(200);
    await shot(page, 'prompt-modal');
    await page.getByTestId('prompt-submit').click();
    const row = page.getByTestId('prompt-row').filter({ hasText: 'Atendente da padaria' });
    await row.waitFor();
    await page.getByTestId('prompt-form').waitFor({ state: 'detached' });

    const saved = (await h.api<PromptPage>('/prompt', { token })).body.prompts.find((p) => p.name === 'Atendente da padaria');
    expect(saved).toMatchObject({ queueId: h.queueIds[0], temperature: 0.7, maxTokens: 100, maxMessages: 10, voice: 'pt-BR-FranciscaNeural', apiKey: '••••1234', voiceKey: '••••5678' });
    expect(await row.getByTestId('prompt-row-queue').textContent()).toBe(saved!.queue!.name);

    // Opened again, the key shows as its mask.
    await row.getByTestId('prompt-edit').click();
    await page.getByTestId('prompt-form').waitFor();
    expect(await page.getByTestId('prompt-apiKey').inputValue()).toBe('••••1234');
    await page.getByTestId('prompt-cancel').click();
    await noToasts(page);
    await shot(page, 'prompts-list');
    await page.getByTestId('theme-toggle').first().click();
    await page.waitForTimeout(300);
    await shot(page, 'prompts-list-dark');
    await page.getByTestId('theme-toggle').first().click();
  });

  it('adds a signed webhook and a Typebot (its bot live in the modal), renames one, deletes the other', { timeout: 120_000 }, async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(page, h);
    await page.goto(`${h.url}/queue-integration`);

    // A webhook: its address and a generated signing secret.
    await page.getByTestId('integration-add').click();
    await page.getByTestId('integration-form').waitFor();
    await page.getByTestId('integration-type').selectOption('webhook');
    await page.getByTestId('integration-name').fill('CRM da loja');
    await page.getByTestId('integration-urlN8N').fill('https://crm.example.com/hooks/atendo');
    await page.getByTestId('integration-webhookSecret').fill('curto');
    await page.getByTestId('integration-submit').click();
    await page.locator('.bp6-form-helper-text', { hasText: 'must have at least 16 characters' }).waitFor();
    await page.getByTestId('integration-webhookSecret-generate').click();
    await page.getByTestId('integration-webhookSecret-toggle').click();
    const secret = await page.getByTestId('integration-webhookSecret').inputValue();
    expect(secret).toMatch(/^[A-Za-z0-9]{32}$/);
    await page.waitForTimeout(200);
    await shot(page, 'integration-webhook-modal');
    await page.getByTestId('integration-submit').click();
    await page.getByTestId('integration-row').filter({ hasText: 'CRM da loja' }).waitFor();
    const webhook = (await integrationNamed('CRM da loja')) as QueueIntegration;
    expect(webhook).toMatchObject({ type: 'webhook', projectName: 'CRM da loja', urlN8N: 'https://crm.example.com/hooks/atendo', webhookSecret: `••••${secret.slice(-4)}` });

    // A Typebot: the preview appears once the address and the slug are complete.
    await page.getByTestId('integration-add').click();
    await page.getByTestId('integration-form').waitFor();
    await page.getByTestId('integration-type').selectOption('typebot');
    expect(await page.getByTestId('integration-typebotDelayMessage').inputValue()).toBe('1000');
    expect(await page.getByTestId('integration-typebotExpires').inputValue()).toBe('1');
    await page.getByTestId('integration-name').fill('Typebot vendas');
    await page.getByTestId('integration-urlN8N').fill(typebotUrl);
    expect(await page.getByTestId('typebot-preview').count()).toBe(0);
    await page.getByTestId('integration-typebotSlug').fill('vendas-v2');
    await page.getByTestId('integration-typebotKeywordRestart').fill('#reiniciar');
    await page.getByTestId('integration-typebotRestartMessage').fill('Vamos começar de novo!');
    const iframe = page.getByTestId('typebot-preview').locator('iframe');
    await iframe.waitFor();
    expect(await iframe.getAttribute('src')).toBe(`${typebotUrl}/vendas-v2`);
    await page.frameLocator('[data-testid="typebot-preview"] iframe').getByText('Olá! Sou o bot de vendas').waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'integration-typebot-modal');
    await page.getByTestId('integration-submit').click();
    await page.getByTestId('integration-row').filter({ hasText: 'Typebot vendas' }).waitFor();
    expect(await integrationNamed('Typebot vendas')).toMatchObject({ type: 'typebot', projectName: 'Typebot vendas', urlN8N: typebotUrl, typebotSlug: 'vendas-v2', typebotDelayMessage: 1000, typebotExpires: 1, typebotKeywordRestart: '#reiniciar' });

    // Renamed with its secret left masked: the stored secret stays.
    await page.getByTestId('integration-row').filter({ hasText: 'CRM da loja' }).getByTestId('integration-edit').click();
    await page.getByTestId('integration-form').waitFor();
    expect(await page.getByTestId('integration-webhookSecret').inputValue()).toBe(`••••${secret.slice(-4)}`);
    await page.getByTestId('integration-name').fill('CRM da loja (pedidos)');
    await page.getByTestId('integration-submit').click();
    await page.getByTestId('integration-row').filter({ hasText: 'CRM da loja (pedidos)' }).waitFor();
    expect(await integrationNamed('CRM da loja (pedidos)')).toMatchObject({ id: webhook.id, projectName: 'CRM da loja (pedidos)', webhookSecret: `••••${secret.slice(-4)}` });

    // Deleted after confirmation.
    await page.getByTestId('integration-row').filter({ hasText: 'Typebot vendas' }).getByTestId('integration-delete').click();
    await page.getByTestId('integration-delete-dialog-confirm').click();
    await page.getByTestId('integration-row').filter({ hasText: 'Typebot vendas' }).waitFor({ state: 'detached' });
    expect(await integrationNamed('Typebot vendas')).toBeUndefined();
    await noToasts(page);
    await shot(page, 'integrations-list');
    await page.getByTestId('theme-toggle').first().click();
    await page.waitForTimeout(300);
    await shot(page, 'integrations-list-dark');
    // The Typebot modal in the dark theme, its bot live.
    await page.getByTestId('integration-add').click();
    await page.getByTestId('integration-type').selectOption('typebot');
    await page.getByTestId('integration-name').fill('Typebot suporte');
    await page.getByTestId('integration-urlN8N').fill(typebotUrl);
    await page.getByTestId('integration-typebotSlug').fill('suporte');
    await page.frameLocator('[data-testid="typebot-preview"] iframe').getByText('Olá! Sou o bot de vendas').waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'integration-typebot-modal-dark');
    await page.getByTestId('integration-cancel').click();
  });
});
