import { mkdtemp, mkdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_POLICY, defineBlock, describe as describeBlock, finish, yup } from './index.js';
import { createRegistry, discoverPlugins, findPluginPackages } from './registry.js';
import type { EffectPerformer } from './plugin.js';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '../..');
const block = (type: string) =>
  defineBlock({ type, label: type, icon: 'cube', input: true, outputs: [], waits: false, defaults: {}, fields: [], schema: yup.object({}), run: () => ({ next: finish() }) });

const temporary: string[] = [];
afterAll(async () => {
  await Promise.all(temporary.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('the plugin registry', () => {
  it('refuses two plugins for one block type, and what is not a plugin', () => {
    const registry = createRegistry([block('a')]);
    expect(() => registry.register(block('a'))).toThrow(/two flow plugins for block type "a"/);
    expect(() => registry.register({ type: 'b' } as never)).toThrow(/not a flow plugin/);
  });
  it('finds an effect’s performer by its name, across plugins; two performers for one name are refused', async () => {
    const ask: EffectPerformer = async () => 'asked';
    const tell: EffectPerformer = async () => 'told';
    const registry = createRegistry([{ ...block('a'), effects: { 'acme.ask': ask } }, { ...block('b'), effects: { 'acme.tell': tell } }]);
    expect(registry.performer('acme.ask')).toBe(ask);
    expect(registry.performer('acme.tell')).toBe(tell);
    expect(registry.performer('acme.none')).toBeUndefined();
    expect(() => registry.register({ ...block('c'), effects: { 'acme.ask': tell } })).toThrow(/two performers for effect "acme.ask": block types "a" and "c"/);
    // The refused plugin was not kept either.
    expect(registry.get('c')).toBeUndefined();
    expect(() => registry.register({ ...block('d'), effects: { 'acme.bad': 'nope' as never } })).toThrow(/no performer function/);
  });
  it('keeps each effect’s retry policy: the plugin’s own over the default, the default for a bare performer', () => {
    const ask: EffectPerformer = async () => 'asked';
    const tell: EffectPerformer = async () => 'told';
    const registry = createRegistry([{ ...block('a'), effects: { 'acme.ask': ask, 'acme.tell': { perform: tell, retry: { tries: 1 } } } }]);
    expect(registry.performer('acme.tell')).toBe(tell);
    expect(registry.retryPolicy('acme.ask')).toEqual(DEFAULT_RETRY_POLICY);
    expect(registry.retryPolicy('acme.tell')).toEqual({ ...DEFAULT_RETRY_POLICY, tries: 1 });
    expect(registry.retryPolicy('acme.none')).toEqual(DEFAULT_RETRY_POLICY);
    expect(() => registry.register({ ...block('b'), effects: { 'acme.bad': { perform: 'nope' as never } } })).toThrow(/no performer function/);
  });
  it('finds the block that runs a kind of bot record; two plugins for one kind are refused', () => {
    const bot = (kinds: string[]) => ({ serves: kinds, data: () => ({ said: 'hi' }) });
    const registry = createRegistry([{ ...block('a'), bot: bot(['prompt']) }, { ...block('b'), bot: bot(['n8n', 'webhook']) }]);
    expect(registry.botBlock('prompt')?.type).toBe('a');
    expect(registry.botBlock('webhook')?.type).toBe('b');
    expect(registry.botBlock('flowbuilder')).toBeUndefined();
    expect(() => registry.register({ ...block('c'), bot: bot(['webhook']) })).toThrow(/two flow plugins run bots of kind "webhook": block types "b" and "c"/);
    expect(registry.get('c')).toBeUndefined();
  });
  it('describes blocks for the console with their words, without their schema, behaviour, performers or bots', () => {
    const texts = { pt: { a: 'Um' }, en: { a: 'One' }, es: { a: 'Uno' } };
    expect(describeBlock({ ...block('a'), texts, bot: { serves: ['prompt'], data: () => ({}) } })).toEqual({ ...describeBlock(block('a')), texts });

    expect(describeBlock({ ...block('a'), effects: { 'acme.ask': async () => null } })).not.toHaveProperty('effects');
    const description = describeBlock(block('a'));
    expect(description).toEqual({ type: 'a', label: 'a', icon: 'cube', input: true, outputs: [], waits: false, defaults: {}, fields: [] });
    expect(JSON.parse(JSON.stringify(createRegistry([block('a')]).descriptions()))).toEqual([description]);
  });
  it('discovers the workspace’s built-in plugins once each (they are also linked into node_modules)', async () => {
    const dirs = await findPluginPackages(repoRoot);
    // The built-ins, and the example outside plugin installed as a package (flow-engine/examples/), each once.
    expect(dirs.filter((d) => d.startsWith(join(repoRoot, 'plugins')))).toHaveLength(14);
    expect(new Set(dirs).size).toBe(dirs.length);
    const registry = await discoverPlugins(repoRoot);
    const types = registry.list().map((p) => p.type).sort();
    // plugins/media brings img, audio and video; plugins/content brings content and singleBlock.
    expect(types).toEqual([
      'audio', 'condition', 'content', 'dialogflow', 'http-request', 'img', 'interval', 'menu', 'message', 'openai', 'question', 'randomizer', 'singleBlock', 'start',
      'ticket', 'typebot', 'video', 'webhook',
    ]);
    for (const effect of ['http-request', 'openai.chat', 'typebot.chat', 'dialogflow.detectIntent', 'webhook.post']) expect(registry.performer(effect)).toBeTypeOf('function');
  });
  it('discovers an installed package that declares a flow plugin in its package.json, with no engine change', async () => {
    const root = await mkdtemp(join(tmpdir(), 'atendo-plugins-'));
    temporary.push(root);
    await mkdir(join(root, 'node_modules', '@acme'), { recursive: true });
    await mkdir(join(root, 'node_modules', 'unrelated'), { recursive: true });
    await symlink(join(here, 'fixtures', 'echo'), join(root, 'node_modules', '@acme', 'echo-block'));
    const registry = await discoverPlugins(root);
    expect(registry.list().map((p) => p.type)).toEqual(['acme-echo']);
    expect(registry.descriptions()[0]).toMatchObject({ label: 'acme.echo', fields: [{ name: 'words', kind: 'text', label: 'acme.words' }] });
  });
  it('registers every block of a package whose entry exports a list of plugins', async () => {
    const root = await mkdtemp(join(tmpdir(), 'atendo-plugins-'));
    temporary.push(root);
    await mkdir(join(root, 'node_modules'), { recursive: true });
    await symlink(join(here, 'fixtures', 'pair'), join(root, 'node_modules', 'acme-pair'));
    expect((await discoverPlugins(root)).list().map((p) => p.type)).toEqual(['acme-left', 'acme-right']);
  });
});
