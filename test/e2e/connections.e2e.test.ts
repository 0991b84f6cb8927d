import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { eventually } from '@atendo/core/testing';
import { artifacts, signIn, startBrowserHarness } from './browser.js';
import type { Harness } from '../../services/runtime/src/testing/harness.js';

/**
 * A connection's life as an admin sees it: added on the connections page, its session moving OPENING → QR code →
 * CONNECTED live, an image and a voice note sent from a ticket (the microphone is Chromium's fake one), then
 * disconnected. The API and the simulated phone are asked afterwards only to confirm what the pages claim.
 */
describe('browser: connections and media', () => {
  let h: Harness;
  let browser: Browser;
  let withMic: Browser;
  let stop: () => Promise<void>;
  let png: string;

  beforeAll(async () => {
    ({ h, browser, stop } = await startBrowserHarness());
    // The same Chromium with a fake microphone that needs no permission prompt.
    withMic = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1'],
    });
    png = path.join(artifacts, 'connections-upload.png');
    await sharp({ create: { width: 120, height: 80, channels: 3, background: { r: 20, g: 139, b: 234 } } }).png().toFile(png);
  });
  afterAll(async () => {
    await withMic?.close();
    await stop?.();
  });

  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(artifacts, `connections-${name}.png`) });


  it('an admin adds a simulated connection, watches it go OPENING → QR → CONNECTED, sends an image and a voice note, and disconnects it', { timeout: 120_000 }, async () => {
    const page = await withMic.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(page, h);
    await page.goto(`${h.url}/connections`);
    await page.getByTestId('connections-table').waitFor();
    await page.getByTestId('connections-add').click();
    await page.getByTestId('connection-form').waitFor();
    await page.getByTestId('connection-name').fill('Balcão');
    await page.getByTestId('connection-channel-simulator').check({ force: true });
    await shot(page, 'edit');
    await page.getByTestId('connection-save').click();

    const row = page.getByTestId('connection-row').filter({ hasText: 'Balcão' });
    await row.waitFor();
    // Live: the new session shows its QR code without a reload.
    await row.getByTestId('session-show-qr').waitFor({ timeout: 15_000 });
    // (Signing in through the API would end the page's session: one session per user.)
    const id = Number((await h.atendo.knex('whatsapps').where({ name: 'Balcão' }).first('id')).id);
    await row.getByTestId('session-show-qr').click();
    await page.getByTestId('connection-qr-image').waitFor();
    // (A string: the server's TypeScript has no DOM types.)
    const qr = await page.evaluate(`(() => { const img = document.querySelector('[data-testid="connection-qr-image"]'); return { w: img.naturalWidth, src: img.src.slice(0, 22) }; })()`);
    expect(qr).toEqual({ w: 256, src: 'data:image/png;base64,' });
    await shot(page, 'qr');
    // The phone scans: the modal closes by itself and the row says connected.
    await h.pair(id);
    await page.getByTestId('connection-qr-image').waitFor({ state: 'detached', timeout: 10_000 });
    await row.getByTestId('session-disconnect').waitFor();
    expect(await row.getByTestId('connection-status').innerText()).toMatch(/connected/i);
    await shot(page, 'connected');

    // A customer writes on it; the admin takes the ticket and answers with an image and a voice note.
    await h.customerSays('5511933330001', 'Vocês têm o catálogo?', 'Elisa', id);
    await page.goto(`${h.url}/tickets`);
    await page.getByTestId('tab-pending').click();
    const item = page.getByTestId('ticket-list-item').filter({ hasText: 'Elisa' });
    await item.waitFor({ timeout: 10_000 });
    await item.getByTestId('ticket-accept').click();
    await page.getByTestId('message-input').waitFor();
    await page.getByTestId('message-attach-input').setInputFiles(png);
    await page.getByTestId('attach-send').click();
    await page.getByTestId('message-bubble').locator('img').first().waitFor({ timeout: 10_000 });
    await page.getByTestId('message-record').click();
    await page.getByTestId('recording-send').waitFor();
    await page.waitForTimeout(2_500);
    await page.getByTestId('recording-send').click();
    await page.getByTestId('message-audio').first().waitFor({ timeout: 15_000 });
    await shot(page, 'media');

    // The simulated phone got both, as what they are.
    await eventually(async () => {
      const view = (await (await fetch(`${h.simulator.url}/simulator/sessions/${id}/customers/5511933330001/messages`)).json()) as {
        messages: Array<{ sender: string; media?: { mediaType: string; mimetype: string; voice?: boolean; size: number } }>;
      };
      const sent = view.messages.filter((m) => m.sender === 'platform').map((m) => m.media);
      expect(sent).toEqual([expect.objectContaining({ mediaType: 'image', mimetype: 'image/png' }), expect.objectContaining({ mediaType: 'audio', mimetype: 'audio/mpeg', voice: true })]);
      expect(sent[1]!.size).toBeGreaterThanOrEqual(10_000);
    }, 15_000);

    // Disconnect from the page.
    await page.goto(`${h.url}/connections`);
    const again = page.getByTestId('connection-row').filter({ hasText: 'Balcão' });
    await again.getByTestId('session-disconnect').click();
    await page.getByTestId('connection-disconnect-confirm-confirm').click();
    await again.getByTestId('session-try-again').waitFor({ timeout: 10_000 }).catch(async (error: unknown) => {
      await shot(page, 'disconnect-failed');
      throw new Error(`${String(error)}; status: ${JSON.stringify(await h.atendo.knex('whatsapps').where({ id }).first('status', 'qrcode', 'status_reason'))}`);
    });
    await shot(page, 'disconnected');
    await page.close();
  });

  it('on a phone-sized screen the connections table scrolls and its actions stay reachable', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 800 } });
    await signIn(page, h);
    await page.goto(`${h.url}/connections`);
    await page.getByTestId('connection-row').first().waitFor();
    await shot(page, 'phone');
    await page.getByTestId('connections-add').waitFor();
    await page.close();
  });
});
