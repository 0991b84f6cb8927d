import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('..', import.meta.url).pathname;

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((f) => f.isFile() && /\.tsx?$/.test(f.name) && !/\.test\.tsx?$/.test(f.name))
    .map((f) => path.join(f.parentPath, f.name));
}

/** The names a file imports from `pkg`. */
function importedNames(file: string, pkg: string): string[] {
  const text = readFileSync(file, 'utf8');
  const names: string[] = [];
  for (const m of text.matchAll(new RegExp(`import\\s+(?:type\\s+)?\\{([^}]*)\\}\\s+from\\s+'${pkg.replace('/', '\\/')}'`, 'g'))) {
    names.push(...m[1]!.split(',').map((n) => n.replace(/^\s*type\s+/, '').trim()).filter(Boolean));
  }
  return names;
}

// Decision 0014: events are the shared language (contracts); the read side takes only the platform's ports from core
// (and its database's connections for generic plans, decision 0026).
const PLATFORM_PORTS = ['AppError', 'EventStore', 'Migration', 'Subscription', 'SubscriptionState', 'genericPlanPool'];

describe('layers', () => {
  it('the read side imports from core only the platform ports, never a decider, a command or an event type', () => {
    const used = sources('services/read/src').flatMap((f) => importedNames(f, '@atendo/core').map((name) => `${path.relative(root, f)}: ${name}`));
    expect(used.filter((u) => !PLATFORM_PORTS.includes(u.split(': ')[1]!))).toEqual([]);
  });

  it('the write side never imports the read side', () => {
    const offending = sources('services/core/src').filter((f) => readFileSync(f, 'utf8').includes("from '@atendo/read'"));
    expect(offending).toEqual([]);
  });
});
