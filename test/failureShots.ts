import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeEach } from 'vitest';

/** What this needs of playwright-core's Browser and Page (not imported: most server suites start no browser). */
interface OpenPage {
  url(): string;
  screenshot(options: { path: string; fullPage?: boolean }): Promise<unknown>;
  evaluate<T>(expression: string): Promise<T>;
}
interface OpenBrowser {
  contexts(): Array<{ pages(): OpenPage[] }>;
}

declare global {
  /** The browsers the browser tests have open (test/e2e/browser.ts keeps it). */
  var atendoOpenBrowsers: Set<OpenBrowser> | undefined;
}

const artifacts = path.resolve(import.meta.dirname, '../test-artifacts');

/**
 * When a browser test fails, each page it has open is kept as it was: a screenshot and its text in test-artifacts
 * (`failed-…`), and the start of its text in the output, so that a CI log says what the page showed.
 */
beforeEach(({ task, onTestFailed }) => {
  if (!globalThis.atendoOpenBrowsers?.size) return;
  onTestFailed(async () => {
    const name = `failed-${task.name.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 60)}`;
    await mkdir(artifacts, { recursive: true });
    let n = 0;
    for (const browser of globalThis.atendoOpenBrowsers ?? []) {
      for (const context of browser.contexts()) {
        for (const page of context.pages()) {
          n += 1;
          try {
            const file = path.join(artifacts, `${name}-${n}`);
            await page.screenshot({ path: `${file}.png`, fullPage: true });
            const text = await page.evaluate<string>('document.body.innerText');
            await writeFile(`${file}.txt`, `${page.url()}\n\n${text}`);
            console.log(`[failed test: page ${n}] ${page.url()} (${file}.png)\n${text.replace(/\s+/g, ' ').slice(0, 600)}`);
          } catch (error) {
            console.log(`[failed test: page ${n}] could not be kept: ${String(error)}`);
          }
        }
      }
    }
  });
});
