import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startHarness, type Harness } from '../../services/runtime/src/testing/harness.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');
/** Where browser tests leave their screenshots (open them: they are how the console looks). */
export const artifacts = path.join(repoRoot, 'test-artifacts');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const webDist = path.join(repoRoot, 'web/dist');

/** The whole product serving the built console, and headless Chromium: what every browser test starts from. */
export async function startBrowserHarness(options: Omit<Parameters<typeof startHarness>[0], 'env'> = {}): Promise<{ h: Harness; browser: Browser; stop(): Promise<void> }> {
  if (!existsSync(CHROMIUM)) throw new Error(`No Chromium at ${CHROMIUM}: run \`make test\`, which installs Debian's chromium`);
  if (!existsSync(path.join(webDist, 'index.html'))) throw new Error('The console is not built: run `make test` (it builds web/dist)');
  await mkdir(artifacts, { recursive: true });
  const h = await startHarness({ ...options, env: { WEB_DIST: webDist } });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // Hermetic: the console's links to the outside (help videos' stills and player) resolve nowhere in tests.
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
    ],
  });
  // A failing test keeps a screenshot and the text of each page it has open (test/failureShots.ts).
  (globalThis.atendoOpenBrowsers ??= new Set()).add(browser);
  return {
    h,
    browser,
    async stop() {
      globalThis.atendoOpenBrowsers?.delete(browser);
      await browser.close();
      await h.stop();
    },
  };
}

/** Signs in on the login page (the demo's admin unless told) and waits for the console's frame. */
export async function signIn(page: Page, h: Harness, email = ADMIN_EMAIL, password = ADMIN_PASSWORD): Promise<void> {
  await page.goto(`${h.url}/login`);
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/tickets/);
  // The top bar's menu button: on a phone the side menu waits in a closed drawer.
  await page.getByTestId('menu-toggle').waitFor();
}
