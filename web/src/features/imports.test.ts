import { describe, expect, it } from 'vitest';

/**
 * Every console file under a feature's folder, as text: web/src/features/<feature>/…, tests and fixtures included.
 * The files beside the folders (index.ts, consoleFeatures.ts, feature.ts) are the console's list of features and what
 * a feature is; they are not a feature's.
 */
const sources = import.meta.glob<string>('./*/**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true });

/** What a file names as a module: static and type imports, re-exports, dynamic imports and a test's module mocks. */
const specifierPattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.mock\(\s*)['"]([^'"]+)['"]/g;

/** The feature folder of a path under web/src (`features/tickets/MessageInput.tsx` → `tickets`), if it is in one. */
function featureOf(path: string): string | undefined {
  const parts = path.split('/');
  return parts[0] === 'features' && parts.length > 2 ? parts[1] : undefined;
}

/** Where a relative specifier of a file leads, as a path under web/src (`..` above web/src is kept). */
function resolve(file: string, specifier: string): string {
  const folders = file.split('/').slice(0, -1);
  for (const part of specifier.split('/')) {
    if (part === '..') folders.length > 0 ? folders.pop() : folders.push('..');
    else if (part !== '.') folders.push(part);
  }
  return folders.join('/');
}

/** Each import of a feature's file from another feature's folder, as `file → specifier`. */
function crossFeatureImports(): string[] {
  return Object.entries(sources).flatMap(([relative, text]) => {
    const file = `features/${relative.slice(2)}`;
    const own = featureOf(file);
    return [...text.matchAll(specifierPattern)]
      .map((match) => match[1] ?? '')
      .filter((specifier) => specifier.startsWith('.'))
      .filter((specifier) => {
        const other = featureOf(resolve(file, specifier));
        return other !== undefined && other !== own;
      })
      .map((specifier) => `${file} → ${specifier}`);
  });
}

describe("the console's features", () => {
  it('are all read by the check', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    expect(Object.keys(sources)).toContain('./tickets/feature.tsx');
  });

  it("import ui/, api/, app/ and their own folders, never another feature's", () => {
    expect(crossFeatureImports()).toEqual([]);
  });
});
