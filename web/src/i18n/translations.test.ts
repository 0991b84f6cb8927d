import { ERROR_CODES } from '@atendo/contracts';
import { describe, expect, it } from 'vitest';
import { consoleFeatures } from '../features/consoleFeatures';
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

  it('translates every code of the error catalogue', () => {
    for (const code of ERROR_CODES) expect(Object.keys(en.errors)).toContain(code);
  });
});
