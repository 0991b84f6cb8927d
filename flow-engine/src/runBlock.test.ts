import { describe, expect, it, vi } from 'vitest';
import { defineBlock, finish, follow, text, yup } from './index.js';
import { runBlock, type RunScope } from './runBlock.js';

const scope: RunScope = { input: { type: 'enter' }, isConnected: () => true, random: () => 0, at: '2026-11-28T10:00:00.000Z' };

describe('running a block', () => {
  it('checks a block’s data once per node and plugin, and gives every run what the check gave', () => {
    const schema = yup.object({ greeting: yup.string().required(), times: yup.number().integer().min(1).default(1) });
    const check = vi.spyOn(schema, 'validateSync');
    const greet = defineBlock<{ greeting: string; times: number }>({
      type: 'greet', label: 'greet', icon: 'chat', input: true, outputs: [{ name: 'next', label: 'next' }], waits: false, defaults: {}, fields: [], schema,
      run: ({ config }) => ({ send: [text(`${config.greeting} ×${config.times}, {{name}}`)], next: follow('next') }),
    });
    const node = { data: { greeting: 'Olá' } };
    const first = runBlock(greet, node, { name: 'Ana' }, scope);
    const second = runBlock(greet, node, { name: 'Bia' }, scope);
    expect(first).toMatchObject({ ok: true, messages: [{ body: 'Olá ×1, Ana' }] });
    expect(second).toMatchObject({ ok: true, messages: [{ body: 'Olá ×1, Bia' }] });
    expect(check).toHaveBeenCalledTimes(1);

    // Other data (another node, or a draft's edited copy) is checked on its own, and a refusal is kept as well.
    expect(runBlock(greet, { data: { greeting: 'Oi', times: 2 } }, { name: 'Caio' }, scope)).toMatchObject({ ok: true, messages: [{ body: 'Oi ×2, Caio' }] });
    const broken = { data: { times: 0 } };
    for (let i = 0; i < 2; i++) {
      const run = runBlock(greet, broken, {}, scope);
      expect(run).toMatchObject({ ok: false, code: 'ERR_FLOW_INVALID_BLOCK' });
      expect((run as { message: string }).message).toBe('validation.required, validation.min');
    }
    expect(check).toHaveBeenCalledTimes(3);
  });

  it('says a block failed when it throws, without losing the check', () => {
    const failing = defineBlock({
      type: 'fails', label: 'fails', icon: 'error', input: true, outputs: [], waits: false, defaults: {}, fields: [], schema: yup.object({}),
      run: () => {
        throw new Error('boom');
      },
    });
    expect(runBlock(failing, { data: {} }, {}, scope)).toEqual({ ok: false, code: 'ERR_FLOW_BLOCK_FAILED', message: 'boom' });
    expect(runBlock({ ...failing, run: () => ({ next: finish() }) }, { data: {} }, {}, scope)).toMatchObject({ ok: true, next: { type: 'finish' } });
  });
});
