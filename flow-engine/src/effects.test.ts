import { describe, expect, it } from 'vitest';
import { performEffect } from './effects.js';
import { effectContextForTest } from './testKit.js';

describe('performing an effect as the runtime does', () => {
  const { context } = effectContextForTest();
  it('the performer’s value is a result that went well', async () => {
    expect(await performEffect(async (input) => ({ echoed: input }), 'acme.echo', 42, context)).toEqual({ ok: true, value: { echoed: 42 } });
  });
  it('what it throws is a failed result with the error’s message; a missing performer is one too', async () => {
    expect(await performEffect(async () => { throw new Error('quota exceeded'); }, 'acme.ask', null, context)).toEqual({ ok: false, error: 'quota exceeded' });
    expect(await performEffect(undefined, 'acme.none', null, context)).toEqual({ ok: false, error: 'no performer for effect "acme.none"' });
  });
  it('a failure after the runtime’s deadline is a timeout', async () => {
    const late = effectContextForTest({ signal: AbortSignal.abort() }).context;
    expect(await performEffect(async () => { throw new Error('aborted'); }, 'acme.slow', null, late)).toEqual({ ok: false, error: 'timeout: effect "acme.slow" missed its deadline' });
  });
});

describe('the effect context for tests', () => {
  it('opens known secrets, refuses unknown ones, answers the last messages and keeps stored files', async () => {
    const history = [1, 2, 3].map((n) => ({ fromMe: n % 2 === 0, body: `m${n}` }));
    const { context, stored } = effectContextForTest({ secrets: { 'secret:k1': 'sk-test' }, history });
    expect(await context.resolveSecret('secret:k1')).toBe('sk-test');
    await expect(context.resolveSecret('secret:k2')).rejects.toThrow('unknown secret');
    expect((await context.history(2)).map((m) => m.body)).toEqual(['m2', 'm3']);
    expect(await context.history(0)).toEqual([]);
    const url = await context.storeMedia(new Uint8Array([1, 2]), 'audio/ogg', 'answer.ogg');
    expect(stored.get(url)?.mimeType).toBe('audio/ogg');
    expect([...(await context.fetchMedia(url))]).toEqual([1, 2]);
  });
});
