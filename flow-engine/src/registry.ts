import { readdir, readFile, realpath } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BlockDescription } from '@atendo/contracts';
import { DEFAULT_RETRY_POLICY, describe, effectOf, type EffectPerformer, type FlowPlugin, type RetryPolicy } from './plugin.js';

/** The block types an engine knows. Nothing else in the engine names one. */
export interface PluginRegistry {
  register(plugin: FlowPlugin): void;
  get(type: string): FlowPlugin | undefined;
  list(): FlowPlugin[];
  /** What the console draws its block menu and forms from. */
  descriptions(): BlockDescription[];
  /** Who carries out the effect of that name, whichever plugin declared it. */
  performer(effectName: string): EffectPerformer | undefined;
  /** How the runtime tries the effect of that name again: its plugin's policy, or the default one. */
  retryPolicy(effectName: string): RetryPolicy;
  /** The plugin whose block runs the bots of that record kind (`prompt`, a queue integration's type), if any. */
  botBlock(kind: string): FlowPlugin | undefined;
}

export function createRegistry(plugins: FlowPlugin[] = []): PluginRegistry {
  const byType = new Map<string, FlowPlugin>();
  const performers = new Map<string, { type: string; perform: EffectPerformer; retry: RetryPolicy }>();
  const bots = new Map<string, FlowPlugin>();
  const registry: PluginRegistry = {
    register(plugin) {
      if (!isPlugin(plugin)) throw new Error('not a flow plugin: it needs a type, a schema and run()');
      if (byType.has(plugin.type)) throw new Error(`two flow plugins for block type "${plugin.type}"`);
      const effects = Object.entries(plugin.effects ?? {});
      // Checked before anything is kept, so a refused plugin leaves the registry as it was.
      for (const [name, declared] of effects) {
        const perform = typeof declared === 'function' ? declared : declared?.perform;
        if (typeof perform !== 'function') throw new Error(`block type "${plugin.type}": effect "${name}" has no performer function`);
        const known = performers.get(name);
        if (known) throw new Error(`two performers for effect "${name}": block types "${known.type}" and "${plugin.type}"`);
      }
      for (const kind of plugin.bot?.serves ?? []) {
        const known = bots.get(kind);
        if (known) throw new Error(`two flow plugins run bots of kind "${kind}": block types "${known.type}" and "${plugin.type}"`);
      }
      byType.set(plugin.type, plugin);
      for (const [name, declared] of effects) performers.set(name, { type: plugin.type, ...effectOf(declared) });
      for (const kind of plugin.bot?.serves ?? []) bots.set(kind, plugin);
    },
    get: (type) => byType.get(type),
    list: () => [...byType.values()],
    descriptions: () => [...byType.values()].map(describe),
    performer: (effectName) => performers.get(effectName)?.perform,
    retryPolicy: (effectName) => ({ ...(performers.get(effectName)?.retry ?? DEFAULT_RETRY_POLICY) }),
    botBlock: (kind) => bots.get(kind),
  };
  plugins.forEach(registry.register);
  return registry;
}

function isPlugin(value: unknown): value is FlowPlugin {
  const p = value as FlowPlugin | undefined;
  return !!p && typeof p.type === 'string' && p.type.length > 0 && typeof p.run === 'function' && typeof p.schema?.validateSync === 'function';
}

/** A package that brings a block says so in its package.json: `"atendo": { "flowPlugin": "./src/index.ts" }`. */
interface PluginManifest {
  name?: string;
  atendo?: { flowPlugin?: string };
}

/**
 * The real directories of the packages that declare a flow plugin: the workspace's `plugins/*` and every package installed
 * under `node_modules` (scoped ones too). A workspace plugin is also linked into node_modules; it is found once.
 */
export async function findPluginPackages(root: string): Promise<string[]> {
  const candidates = [
    ...(await subdirectories(join(root, 'plugins'))),
    ...(await installedPackages(join(root, 'node_modules'))),
  ];
  const found = new Set<string>();
  for (const dir of candidates) {
    const manifest = await readManifest(dir);
    if (!manifest?.atendo?.flowPlugin) continue;
    found.add(await realpath(dir));
  }
  return [...found].sort();
}

/**
 * Imports each declared plugin and registers it. The entry's default export (or `plugin`) is one plugin, or a list
 * of them for a package that brings related blocks (img, audio and video share one package). A package whose entry
 * has no plugin is an error, not a silent skip.
 */
export async function discoverPlugins(root: string, registry: PluginRegistry = createRegistry()): Promise<PluginRegistry> {
  for (const dir of await findPluginPackages(root)) {
    const manifest = (await readManifest(dir))!;
    // `dir` is the package's real place, so the plugin's own imports resolve from where it lives.
    const entry = resolve(dir, manifest.atendo!.flowPlugin!);
    const module = (await import(pathToFileURL(entry).href)) as { default?: unknown; plugin?: unknown };
    const exported = module.default ?? module.plugin;
    const plugins = Array.isArray(exported) ? exported : [exported];
    if (plugins.length === 0 || !plugins.every(isPlugin)) {
      throw new Error(`${manifest.name ?? dir}: ${entry} exports no flow plugin (default or "plugin": a plugin or a list of plugins)`);
    }
    plugins.forEach(registry.register);
  }
  return registry;
}

async function installedPackages(nodeModules: string): Promise<string[]> {
  const dirs: string[] = [];
  for (const name of await subdirectoryNames(nodeModules)) {
    if (name.startsWith('.')) continue;
    if (name.startsWith('@')) dirs.push(...(await subdirectories(join(nodeModules, name))));
    else dirs.push(join(nodeModules, name));
  }
  return dirs;
}

async function subdirectories(dir: string): Promise<string[]> {
  return (await subdirectoryNames(dir)).map((name) => join(dir, name));
}

async function subdirectoryNames(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { withFileTypes: true });
    return entries.filter((e) => e.isDirectory() || e.isSymbolicLink()).map((e) => e.name);
  } catch {
    return [];
  }
}

async function readManifest(dir: string): Promise<PluginManifest | null> {
  try {
    return JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as PluginManifest;
  } catch {
    return null;
  }
}
