import { describe, expect, it } from 'vitest';
import { consoleFeatures } from '../features/consoleFeatures';
import { consoleErrors, errorsOf } from './featureBundles';
import { resources } from './resources';

const { en, pt, es } = resources;

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('translations', () => {
  it.each([
    ['pt', pt],
    ['es', es],
  ])('%s has every English key, and only those, each with text', (_language, translation) => {
    expect(keys(translation).sort()).toEqual(keys(en).sort());
    for (const key of keys(translation)) {
      const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], translation);
      expect(text, key).toMatch(/\S/);
    }
  });

  it("holds every listed feature's texts, in each language", () => {
    for (const feature of consoleFeatures()) {
      for (const language of ['en', 'pt', 'es'] as const) {
        const theirs = feature.translations ? keys(feature.translations[language]) : [];
        expect(keys(resources[language]), `${feature.name} (${language})`).toEqual(expect.arrayContaining(theirs));
      }
    }
  });

  it("translates every code of the console's error catalogue (the platform's and the features'), in each language", () => {
    for (const feature of consoleFeatures()) {
      const theirs = feature.translations ? errorsOf([feature.translations]).flatMap((errors) => Object.keys(errors)) : [];
      expect(consoleErrors.codes, feature.name).toEqual(expect.arrayContaining(theirs));
    }
    for (const [language, texts] of Object.entries(resources)) {
      for (const code of consoleErrors.codes) expect((texts.errors as Record<string, string>)[code], `${language} ${code}`).toMatch(/\S/);
    }
  });
});
