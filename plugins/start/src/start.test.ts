import { describe, expect, it } from 'vitest';
import { runBlockForTest } from '@atendo/flow-engine';
import start from './index.js';

describe('start block', () => {
  it('takes no input and goes straight on', () => {
    expect(start.input).toBe(false);
    expect(runBlockForTest(start)).toMatchObject({ messages: [], next: { type: 'follow', port: 'default' } });
  });
});
