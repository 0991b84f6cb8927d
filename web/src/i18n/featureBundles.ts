import { composeErrors, PLATFORM_ERRORS, type ComposedErrors, type ErrorCode, type ErrorDefinitions, type Language } from '@atendo/contracts';
import type { ConsoleTranslations } from '../features/feature';

export type Tree = { [key: string]: unknown };
export const isTree = (value: unknown): value is Tree => typeof value === 'object' && value !== null && !Array.isArray(value);
const isBundle = (value: unknown): value is ConsoleTranslations => isTree(value) && isTree(value.en) && isTree(value.pt) && isTree(value.es);

/**
 * The listed features' bundles, read from each feature's folder (`<feature>/i18n.ts`, the bundle its `translations`
 * names) rather than through the feature list: the texts are loaded first, by every page and every component test,
 * and the list would bring every feature's modules with them (a test's `vi.mock` then comes too late for those).
 * The translation test checks that every listed feature's bundle is here.
 */
export const featureBundles: readonly ConsoleTranslations[] = Object.values(import.meta.glob<Record<string, unknown>>('../features/*/i18n.ts', { eager: true })).flatMap(
  (module) => Object.values(module).filter(isBundle),
);

/** The errors objects of some bundles, each once (two features may list the same contracts' object). */
export function errorsOf(bundles: readonly ConsoleTranslations[]): ErrorDefinitions[] {
  return [...new Set(bundles.flatMap((bundle) => bundle.errors ?? []))];
}

/**
 * The console's error catalogue: the platform's codes and those the features' bundles list, with their texts in each
 * language (the shell's `errors` namespace, web/src/i18n/{en,pt,es}.ts). A code two objects declare stops the console.
 */
export const consoleErrors: ComposedErrors = composeErrors([PLATFORM_ERRORS, ...errorsOf(featureBundles)]);

/**
 * The texts the shell's `errors` namespace takes, typed as a text for every code: the translation test holds the
 * composition to every code the server may answer with (test/catalogues.test.ts).
 */
export const ERROR_TEXTS = consoleErrors.texts as Readonly<Record<Language, Readonly<Record<ErrorCode, string>>>>;
