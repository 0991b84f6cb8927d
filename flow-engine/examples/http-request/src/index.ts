import { defineBlock } from '@atendo/flow-engine';
import block, { HTTP_REQUEST_EFFECT } from './block.js';
import { performHttpRequest } from './perform.js';

/**
 * The package's entry, named by `"atendo": { "flowPlugin": "./src/index.ts" }` in package.json: the registry imports
 * it and registers the default export, the block with the performer of its effect, which the runtime finds by the
 * effect's name (`registry.performer('http-request')`). `perform` stays exported for a caller that wants it alone.
 */
export default defineBlock({ ...block, effects: { [HTTP_REQUEST_EFFECT]: performHttpRequest } });
export * from './block.js';
export * from './perform.js';
