import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { createLogger, loadConfig, startAtendo } from '@atendo/runtime';

export interface ConsoleWeight {
  /** Bytes on the wire (compressed where the server compressed), for the whole visit. */
  transferred: number;
  /** The same responses' bodies once decoded. */
  decoded: number;
  requests: number;
  byType: Record<string, number>;
}

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * A first visit as a new agent makes it, with an empty cache: /login, sign in, /tickets. Every response is counted
 * from Chromium's own network log (encoded bytes as they crossed the wire, headers excluded).
 */
export async function consoleWeight(databaseUrl: string, webDist: string): Promise<ConsoleWeight | string> {
  if (!existsSync(CHROMIUM)) return `skipped: no Chromium at ${CHROMIUM}`;
  if (!existsSync(path.join(webDist, 'index.html'))) return 'skipped: the console is not built (make build)';
  const env = { ADMIN_EMAIL: 'admin@bench.test', ADMIN_PASSWORD: 'Bench-pass-123', SUPER_ADMIN_PASSWORD: 'Bench-super-123' };
  const config = loadConfig({ DATABASE_URL: databaseUrl, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', WEB_DIST: webDist, ...env });
  const atendo = await startAtendo(config, { roles: ['api', 'read', 'channels'], log: createLogger('warn'), env });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const types = new Map<string, string>();
    const result: ConsoleWeight = { transferred: 0, decoded: 0, requests: 0, byType: {} };
    cdp.on('Network.responseReceived', (e: { requestId: string; type: string }) => types.set(e.requestId, e.type));
    cdp.on('Network.dataReceived', (e: { dataLength: number }) => (result.decoded += e.dataLength));
    cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => {
      const type = types.get(e.requestId) ?? 'Other';
      result.requests++;
      result.transferred += e.encodedDataLength;
      result.byType[type] = (result.byType[type] ?? 0) + e.encodedDataLength;
    });
    await page.goto(`${atendo.url}/login`, { waitUntil: 'networkidle' });
    await page.getByTestId('login-email').fill(env.ADMIN_EMAIL);
    await page.getByTestId('login-password').fill(env.ADMIN_PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/tickets/);
    await page.getByTestId('side-menu').waitFor();
    // Icons load one module each as they first show: wait until every icon on the page is drawn, or a first
    // visit is counted without the icons it still fetches (an undercount that varied from run to run).
    await page.waitForFunction("[...document.querySelectorAll('.bp6-icon')].every((icon) => icon.querySelector('path'))", undefined, { timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    return result;
  } finally {
    await browser.close();
    await atendo.stop();
  }
}
