import type { ListedFeature } from '../features/consoleFeatures';
import { en } from './en';
import { es } from './es';
import { featureBundles, isTree, type Tree } from './featureBundles';
import { pt } from './pt';

type UnionToIntersection<U> = (U extends unknown ? (each: U) => void : never) extends (all: infer I) => void ? I : never;
type EnglishOf<F> = F extends { translations: { en: infer E } } ? E : never;

/**
 * The console's texts: the shell's own (./en, ./pt, ./es: app, languages, top bar, the side menu's entries still to
 * come, errors) and the bundle of every listed feature (its `translations`). The keys' type is the shell's English and
 * every feature's English together, so `t('…')` is checked against them; no feature is named here.
 */
export type Resources = typeof en & UnionToIntersection<EnglishOf<ListedFeature>>;


/** Adds `bundle` into `into`, namespace by namespace; a key two bundles both give is a mistake and stops the console. */
function mergeInto(into: Tree, bundle: object, where: string): void {
  for (const [key, value] of Object.entries(bundle)) {
    const present = into[key];
    if (present !== undefined && !(isTree(present) && isTree(value))) throw new Error(`Two translation bundles give the key ${where}${key}`);
    if (!isTree(value)) {
      into[key] = value;
      continue;
    }
    const namespace: Tree = isTree(present) ? present : {};
    into[key] = namespace;
    mergeInto(namespace, value, `${where}${key}.`);
  }
}

function merged(language: 'en' | 'pt' | 'es', shell: object): Resources {
  const texts: Tree = {};
  mergeInto(texts, shell, `${language}:`);
  for (const bundle of featureBundles) mergeInto(texts, bundle[language], `${language}:`);
  return texts as Resources;
}

export const resources = { en: merged('en', en), pt: merged('pt', pt), es: merged('es', es) };
