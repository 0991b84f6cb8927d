import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, VALIDATION_TEXTS, type EditorField, type Language } from '@atendo/contracts';
import { discoverPlugins, yup, type FlowPlugin } from '@atendo/flow-engine';
import { flowsTranslations } from '../../../web/src/features/flows/i18n.js';

/**
 * Every text a block names by key has words in each language the console speaks. The blocks are the ones the server
 * finds at boot (atendo.ts), so a plugin added under plugins/ is checked without a change here.
 *
 * The product's keys are in the `flows.` namespace, translated by the console's flows feature. A package installed
 * from outside names its own texts (the http-request example: `httpRequest.*`), which the console cannot have and
 * shows as the type's name; of its keys only the product's it reuses are checked. A block is the product's when its
 * own label is a `flows.` key: then every label of it must have texts there.
 */

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const registry = await discoverPlugins(REPO_ROOT);

const PRODUCT_NAMESPACE = 'flows.';
const isProductKey = (key: string) => key.startsWith(PRODUCT_NAMESPACE);

/** The labels of the fields, list items' fields included; a choice's label is a key only when it is a product key (models and voices are named as they are). */
function fieldLabels(fields: EditorField[]): string[] {
  return fields.flatMap((field) => [
    field.label,
    ...(field.choices ?? []).map((choice) => choice.label).filter(isProductKey),
    ...fieldLabels(field.item ?? []),
  ]);
}

/** Per-item ports (`outputsPerItem`) have no label key: each is labelled by its item's value (a menu option's number). */
const labelKeys = (plugin: FlowPlugin) => [plugin.label, ...plugin.outputs.map((port) => port.label), ...fieldLabels(plugin.fields)];

/**
 * The messages of the schema's tests, nested objects and lists included. yup's describe() gives each test's name and
 * params but not its message, so they are read from the tests themselves (`OPTIONS`, in yup's types). That reaches
 * min, max, matches, moreThan, a string's required and test(); it does not reach the messages yup keeps apart
 * (typeError, oneOf, required of other types), those of tests added under when() (they exist only for a value, as
 * `flows.validation.regex` and `voiceSettings`), nor those a test makes with createError (the content block's cards).
 */
function schemaMessages(schema: unknown): string[] {
  if (!(schema instanceof yup.Schema)) return [];
  const own = schema.tests.map((test) => test.OPTIONS?.message).filter((message): message is string => typeof message === 'string');
  const inner = schema instanceof yup.ObjectSchema ? Object.values(schema.fields) : schema instanceof yup.ArraySchema ? [schema.innerType] : [];
  return [...own, ...inner.flatMap(schemaMessages)];
}

function flowsText(language: Language, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], flowsTranslations[language]);
}

const hasText = (text: unknown) => typeof text === 'string' && /\S/.test(text);

/** `<language>: <key>` for each key with no text in that language. */
function untranslated(keys: string[]): string[] {
  return LANGUAGES.flatMap((language) =>
    [...new Set(keys)]
      .filter((key) => {
        const rule = key.startsWith('validation.') ? key.slice('validation.'.length) : null;
        const text = rule === null ? flowsText(language, key) : (VALIDATION_TEXTS[language] as Record<string, string>)[rule];
        return !hasText(text);
      })
      .map((key) => `${language}: ${key}`),
  );
}

describe('the texts of the discovered flow blocks', () => {
  it('finds the blocks and their messages as the server does', () => {
    expect(registry.list().length).toBeGreaterThan(0);
    // A yup that stopped showing its tests' messages would make the check below pass on nothing.
    expect(registry.list().flatMap((plugin) => schemaMessages(plugin.schema))).toContain('flows.validation.percent');
  });

  it.each(registry.list().map((plugin) => [plugin.type, plugin] as const))('%s: every label key has a text in pt, en and es', (_type, plugin) => {
    const keys = labelKeys(plugin);
    expect(untranslated(isProductKey(plugin.label) ? keys : keys.filter(isProductKey))).toEqual([]);
  });

  it.each(registry.list().map((plugin) => [plugin.type, plugin] as const))('%s: every message of its schema has a text in pt, en and es', (_type, plugin) => {
    const messages = schemaMessages(plugin.schema).filter((message) => isProductKey(message) || message.startsWith('validation.'));
    expect(untranslated(messages)).toEqual([]);
  });
});
