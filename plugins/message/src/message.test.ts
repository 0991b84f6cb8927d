import { describe, expect, it } from 'vitest';
import { blockDataErrors, runBlockForTest } from '@atendo/flow-engine';
import message from './index.js';

describe('message block', () => {
  it('sends its text with variables filled in and the typing time, then goes on', () => {
    const run = runBlockForTest(message, { data: { label: 'Olá {{nome}}!', typingMs: 2500 }, variables: { nome: 'Ana' } });
    expect(run.messages).toEqual([{ kind: 'text', body: 'Olá Ana!', typingMs: 2500 }]);
    expect(run.next).toEqual({ type: 'follow', port: 'default' });
  });
  it('types for a second unless told otherwise', () => {
    expect(runBlockForTest(message, { data: { label: 'Oi' } }).messages).toEqual([{ kind: 'text', body: 'Oi', typingMs: 1000 }]);
  });
  it('refuses an empty or blank text and one longer than WhatsApp takes', () => {
    expect(blockDataErrors(message, { label: '   ' }).map((e) => e.field)).toEqual(['label']);
    expect(blockDataErrors(message, { label: 'x'.repeat(4097) }).map((e) => e.message)).toEqual([expect.stringContaining('validation.tooLong')]);
    expect(blockDataErrors(message, { label: 'ok' })).toEqual([]);
  });
});
