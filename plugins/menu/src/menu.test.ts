import { describe, expect, it } from 'vitest';
import { outputPortsOf } from '@atendo/contracts';
import { blockDataErrors, runBlockForTest } from '@atendo/flow-engine';
import menu from './index.js';

const data = { message: 'Olá {{nome}}, escolha:', arrayOption: [{ number: 1, value: 'Vendas' }, { number: 2, value: 'Suporte' }], timeoutMinutes: 10 };
const menuText = 'Olá Ana, escolha:\n\n*1* - Vendas\n*2* - Suporte';

describe('menu block', () => {
  it('has one output per option, plus invalid and timeout', () => {
    expect(outputPortsOf(menu, data).map((p) => [p.name, p.required ?? false])).toEqual([
      ['option:1', true], ['option:2', true], ['invalid', false], ['timeout', false],
    ]);
  });
  it('sends the numbered options and waits', () => {
    const run = runBlockForTest(menu, { data, variables: { nome: 'Ana' } });
    expect(run.messages.map((m) => (m.kind === 'text' ? m.body : ''))).toEqual([menuText]);
    expect(run.next).toEqual({ type: 'awaitReply', timeoutSeconds: 600, timeoutPort: 'timeout' });
  });
  it('a reply picks an option by its number or by its text', () => {
    expect(runBlockForTest(menu, { data, reply: ' 2 ' }).next).toEqual({ type: 'follow', port: 'option:2' });
    expect(runBlockForTest(menu, { data, reply: 'vendas' }).next).toEqual({ type: 'follow', port: 'option:1' });
  });
  it('a reply that picks nothing leaves by "invalid" when it leads somewhere, else the menu is sent again', () => {
    expect(runBlockForTest(menu, { data, reply: '9', connected: ['option:1', 'option:2', 'invalid'] }).next).toEqual({ type: 'follow', port: 'invalid' });
    const again = runBlockForTest(menu, { data, reply: '9', variables: { nome: 'Ana' }, connected: ['option:1', 'option:2'] });
    expect(again.messages.map((m) => (m.kind === 'text' ? m.body : ''))).toEqual([menuText]);
    expect(again.next.type).toBe('awaitReply');
  });
  it('needs a message and at least one option, each number once', () => {
    expect(blockDataErrors(menu, { message: 'Escolha', arrayOption: [] }).map((e) => e.field)).toEqual(['arrayOption']);
    expect(blockDataErrors(menu, { message: 'Escolha', arrayOption: [{ number: 1, value: 'A' }, { number: 1, value: 'B' }] }).map((e) => e.message)).toEqual([
      expect.stringContaining('flows.validation.optionNumberTwice'),
    ]);
    expect(blockDataErrors(menu, data)).toEqual([]);
  });
});
