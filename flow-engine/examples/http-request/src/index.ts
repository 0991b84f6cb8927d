/**
 * The package's entry, named by `"atendo": { "flowPlugin": "./src/index.ts" }` in package.json: the registry imports
 * it and registers the default export. `perform` is for the runtime, which carries out the block's effect.
 */
export { default } from './block.js';
export * from './block.js';
export * from './perform.js';
