import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { featureNames } from './names.js';
import { featureFiles } from './templates.js';

/**
 * `npm run new-feature <name>`: writes a small working feature in its own folders (an event, a decider with its spec,
 * a projection, a route, a console page with a menu entry and texts in three languages, and their tests), then adds
 * one line to each of the two feature lists. Nothing else of the house is edited (docs/adding-a-feature.md).
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER_LIST = 'services/runtime/src/features/index.ts';
const CONSOLE_LIST = 'web/src/features/index.ts';

/** UTC minute, as migration names start (`YYYYMMDDHHMM_what`): after every migration already written. */
const stamp = (at: Date) => at.toISOString().slice(0, 16).replace(/[-T:]/g, '');

/** The server's list: the module's import beside the others, and its name at the end of the list. */
export function addToServerList(source: string, feature: string): string {
  const imports = [...source.matchAll(/^import \{ \w+ \} from '\.\/\w+\/index\.js';$/gm)];
  const last = imports.at(-1);
  const list = /^(export const features: FeatureModule\[\] = \[)(.*)(\];)$/m.exec(source);
  if (!last || last.index === undefined || !list) throw new Error(`${SERVER_LIST}: its feature list is not where the scaffold looks for it`);
  const withImport = `${source.slice(0, last.index + last[0].length)}\nimport { ${feature} } from './${feature}/index.js';${source.slice(last.index + last[0].length)}`;
  return withImport.replace(list[0], `${list[1]}${list[2]}, ${feature}${list[3]}`);
}

/** The console's list: one export line. */
export const addToConsoleList = (source: string, feature: string) => `${source.trimEnd()}\nexport { ${feature}Feature } from './${feature}/feature';\n`;

export async function newFeature(name: string, root = ROOT, at = new Date()): Promise<string[]> {
  const names = featureNames(name);
  const files = featureFiles(names, stamp(at));
  const taken = Object.keys(files).map((f) => path.dirname(f)).filter((dir, i, all) => all.indexOf(dir) === i && existsSync(path.join(root, dir)));
  if (taken.length) throw new Error(`A feature named ${name} has folders already: ${taken.join(', ')}`);
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  const server = path.join(root, SERVER_LIST);
  await writeFile(server, addToServerList(await readFile(server, 'utf8'), name));
  const console_ = path.join(root, CONSOLE_LIST);
  await writeFile(console_, addToConsoleList(await readFile(console_, 'utf8'), name));
  return [...Object.keys(files), SERVER_LIST, CONSOLE_LIST];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const name = process.argv[2];
  if (!name) {
    console.error('Usage: npm run new-feature <name>   (one lower-camel-case word, e.g. bookmarks)');
    process.exit(2);
  }
  newFeature(name).then(
    (written) => {
      console.log(`Feature ${name}: wrote ${written.length - 2} files and one line in each feature list:`);
      for (const file of written) console.log(`  ${file}`);
      console.log('Next: make test (its decider spec, its route through the product, its page), then shape it to what it is for.');
    },
    (error: Error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
