import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, VALIDATION_TEXTS, type EditorField, type Language } from '@atendo/contracts';
import { discoverPlugins, yup, type FlowPlugin } from '@atendo/flow-engine';

/**
 * Every text a block names by key has words in each language the console speaks, and the block brings them itself
 * (`texts`, decision 0044): the console holds no block's words. The blocks are the ones the server finds at boot
 * (atendo.ts), built-in or installed from outside (the http-request example), so a plugin added under plugins/ is
 * checked without a change here. The one shared vocabulary is the forms' `validation.*` (contracts' VALIDATION_TEXTS).
 */

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const registry = await discoverPlugins(REPO_ROOT);

/** A block's keys start with its label's first segment (`flows.`, `httpRequest.`): a choice labelled otherwise (a model's name) is named as it is. */
const namespaceOf = (plugin: FlowPlugin) => `${plugin.label.split('.')[0]}.`;

/** The labels and help of the fields, list items' fields included, and the choices' labels that are the block's keys. */
function fieldKeys(fields: EditorField[], namespace: string): string[] {
  return fields.flatMap((field) => [
    field.label,
    ...(field.help ? [field.help] : []),
    ...(field.choices ?? []).map((choice) => choice.label).filter((label) => label.startsWith(namespace)),
    ...fieldKeys(field.item ?? [], namespace),
  ]);
}

/** Per-item ports (`outputsPerItem`) have no label key: each is labelled by its item's value (a menu option's number). */
const labelKeys = (plugin: FlowPlugin) => [
  plugin.label,
  ...(plugin.description ? [plugin.description] : []),
  ...plugin.outputs.map((port) => port.label),
  ...fieldKeys(plugin.fields, namespaceOf(plugin)),
];

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

const hasText = (text: unknown) => typeof text === 'string' && /\S/.test(text);

/** `<language>: <key>` for each key with no words in that language, the block's own or, for `validation.*`, the forms'. */
function untranslated(plugin: FlowPlugin, keys: string[]): string[] {
  return LANGUAGES.flatMap((language: Language) =>
    [...new Set(keys)]
      .filter((key) => {
        const rule = key.startsWith('validation.') ? key.slice('validation.'.length) : null;
        const text = rule === null ? plugin.texts?.[language]?.[key] : (VALIDATION_TEXTS[language] as Record<string, string>)[rule];
        return !hasText(text);
      })
      .map((key) => `${language}: ${key}`),
  );
}

const plugins = registry.list().map((plugin) => [plugin.type, plugin] as const);

describe('the texts of the discovered flow blocks', () => {
  it('finds the blocks and their messages as the server does', () => {
    expect(registry.list().length).toBeGreaterThan(0);
    expect(registry.list().map((plugin) => plugin.type)).toContain('http-request');
    // A yup that stopped showing its tests' messages would make the check below pass on nothing.
    expect(registry.list().flatMap((plugin) => schemaMessages(plugin.schema))).toContain('flows.validation.percent');
  });

  it.each(plugins)('%s: every label key has words of its own in pt, en and es', (_type, plugin) => {
    expect(untranslated(plugin, labelKeys(plugin))).toEqual([]);
  });

  it.each(plugins)('%s: every message of its schema has words in pt, en and es', (_type, plugin) => {
    const messages = schemaMessages(plugin.schema).filter((message) => /^[\w-]+(\.[\w-]+)+$/.test(message));
    expect(untranslated(plugin, messages)).toEqual([]);
  });

  it.each(plugins)('%s: its words are the same keys in every language, and the console receives them', (_type, plugin) => {
    const [first, ...others] = LANGUAGES.map((language) => Object.keys(plugin.texts?.[language] ?? {}).sort());
    for (const keys of others) expect(keys).toEqual(first);
    expect(registry.descriptions().find((d) => d.type === plugin.type)?.texts).toEqual(plugin.texts);
  });
});
