// @vitest-environment jsdom
// The console's catalogues are composed from its features (web/src/features/*), the server's from its feature list;
// a feature present on both sides brings the same contracts' objects to each and edits nothing central. The console's
// modules expect a browser's globals and are loaded by paths the server's type check does not follow (the console has
// its own, web/tsconfig.json).
import { describe, expect, it } from 'vitest';
import type { ComposedErrors, ComposedPlanFlags, Language, PermissionRegistry } from '@atendo/contracts';
import { errorCatalogue, permissionRegistry, planFlags } from '../services/runtime/src/features/index.js';

const consoleBundles: string = '../web/src/i18n/featureBundles.js';
const consoleCan: string = '../web/src/app/useCan.js';
const { consoleErrors } = (await import(consoleBundles)) as { consoleErrors: ComposedErrors };
const { consolePermissions } = (await import(consoleCan)) as { consolePermissions: () => PermissionRegistry };
const consoleFlags: string = '../web/src/app/planFlags.js';
const { consolePlanFlags } = (await import(consoleFlags)) as { consolePlanFlags: () => ComposedPlanFlags };

describe("the console's catalogues and the server's", () => {
  it('every code the server may answer with has the same texts on the console, in each language', () => {
    expect(errorCatalogue.codes.filter((code) => !consoleErrors.codes.includes(code))).toEqual([]);
    for (const language of ['pt', 'en', 'es'] as const satisfies readonly Language[]) {
      for (const code of errorCatalogue.codes) expect(consoleErrors.texts[language][code], `${language} ${code}`).toBe(errorCatalogue.texts[language][code]);
    }
  });

  it('every permission key the server checks is known to the console, held by the same people', () => {
    const known = consolePermissions();
    for (const [key, definition] of Object.entries(permissionRegistry)) expect(known[key as keyof PermissionRegistry], key).toEqual(definition);
    expect(Object.keys(known).filter((key) => !(key in permissionRegistry))).toEqual([]);
  });

  it("the console's plan form has a switch for each flag the server's plans keep, with the same default and labels", () => {
    expect(consolePlanFlags()).toEqual(planFlags);
  });
});
