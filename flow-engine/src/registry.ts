import { readdir, readFile, realpath } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BlockDescription } from '@atendo/contracts';
import { describe, type FlowPlugin } from './plugin.js';

/** The block types an engine knows. Nothing else in the engine names one. */
export interface PluginRegistry {
  register(plugin: FlowPlugin): void;
  get(type: string): FlowPlugin | undefined;
  list(): FlowPlugin[];
  /** What the console draws its block menu and forms from. */
  descriptions(): BlockDescription[];
}

export function createRegistry(plugins: FlowPlugin[] = []): PluginRegistry {
  const byType = new Map<string, FlowPlugin>();
  const registry: PluginRegistry = {
    register(plugin) {
      if (!isPlugin(plugin)) throw new Error('not a flow plugin: it needs a type, a schema and run()');
      if (byType.has(plugin.type)) throw new Error(`two flow plugins for block type "${plugin.type}"`);
      byType.set(plugin.type, plugin);
    },
    get: (type) => byType.get(type),
    list: () => [...byType.values()],
    descriptions: () => [...byType.values()].map(describe),
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

/** Imports each declared plugin and registers it. A package whose entry has no plugin is an error, not a silent skip. */
export async function discoverPlugins(root: string, registry: PluginRegistry = createRegistry()): Promise<PluginRegistry> {
  for (const dir of await findPluginPackages(root)) {
    const manifest = (await readManifest(dir))!;
    // `dir` is the package's real place, so the plugin's own imports resolve from where it lives.
    const entry = resolve(dir, manifest.atendo!.flowPlugin!);
    const module = (await import(pathToFileURL(entry).href)) as { default?: unknown; plugin?: unknown };
    const plugin = module.default ?? module.plugin;
    if (!isPlugin(plugin)) throw new Error(`${manifest.name ?? dir}: ${entry} exports no flow plugin (default or "plugin")`);
    registry.register(plugin);
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
