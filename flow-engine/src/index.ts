export * from './plugin.js';
export * from './registry.js';
export * from './validate.js';
export * from './execution.js';
export * from './variables.js';
export * from './errors.js';
export * from './effects.js';
export * from './schemas.js';
export * from './references.js';
export { randomOf, drawsFor } from './random.js';
export { runBlock, configOf, type BlockRun, type RunScope } from './runBlock.js';
export { runBlockForTest, blockDataErrors, effectContextForTest, TEST_AT, type BlockTestCase } from './testKit.js';
export * as yup from 'yup';
/** The message and result shapes a block handles, so a plugin package needs no other dependency than the engine. */
export type { BlockTexts, EffectResult, IncomingMessage, OutgoingMessage, PromptFields, QueueIntegrationFields } from '@atendo/contracts';
