export * from './plugin.js';
export * from './registry.js';
export * from './validate.js';
export * from './execution.js';
export * from './variables.js';
export * from './errors.js';
export { runBlock, configOf, type BlockRun } from './runBlock.js';
export { runBlockForTest, blockDataErrors, type BlockTestCase } from './testKit.js';
export * as yup from 'yup';
