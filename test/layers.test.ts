import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('..', import.meta.url).pathname;

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((f) => f.isFile() && /\.tsx?$/.test(f.name) && !/\.test\.tsx?$/.test(f.name))
    .map((f) => path.join(f.parentPath, f.name));
}

// Decision 0014: events are the shared language (contracts). Decision 0049: the platform's ports (the event store,
// migrations, the database's connections, AppError) are their own package, so the read side takes nothing from core.
describe('layers', () => {
  it('the read side never imports the write side: its platform ports come from @atendo/platform', () => {
    const offending = sources('services/read/src').filter((f) => /from '@atendo\/core[/']/.test(readFileSync(f, 'utf8')));
    expect(offending.map((f) => path.relative(root, f))).toEqual([]);
  });

  it('the platform imports no side: not the write side, the read side, the API or the runtime', () => {
    const offending = sources('services/platform/src').filter((f) => /from '@atendo\/(core|read|api|runtime|channels)[/']/.test(readFileSync(f, 'utf8')));
    expect(offending.map((f) => path.relative(root, f))).toEqual([]);
  });

  it('the write side never imports the read side', () => {
    const offending = sources('services/core/src').filter((f) => readFileSync(f, 'utf8').includes("from '@atendo/read'"));
    expect(offending).toEqual([]);
  });

  it('services/core has no import circle: a rule family never reaches back into another (decision 0045)', () => {
    // Relative imports only (packages are layers, checked above); `import type` counts too, as a reader follows it.
    const files = sources('services/core/src');
    const imports = new Map(
      files.map((file) => {
        const text = readFileSync(file, 'utf8');
        const targets = [...text.matchAll(/(?:from|import)\s+'(\.{1,2}\/[^']+)'/g)].map((m) => path.resolve(path.dirname(file), m[1]!).replace(/\.js$/, '.ts'));
        return [file, targets.filter((t) => files.includes(t))];
      }),
    );
    const circles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (file: string, trail: string[]) => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') {
        circles.push([...trail.slice(trail.indexOf(file)), file].map((f) => path.relative(path.join(root, 'services/core/src'), f)).join(' → '));
        return;
      }
      state.set(file, 'open');
      for (const next of imports.get(file) ?? []) visit(next, [...trail, file]);
      state.set(file, 'done');
    };
    for (const file of files) visit(file, []);
    expect(circles).toEqual([]);
  });
});
