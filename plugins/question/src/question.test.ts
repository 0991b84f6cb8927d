import { describe, expect, it } from 'vitest';
import { blockDataErrors, runBlockForTest } from '@atendo/flow-engine';
import question from './index.js';

const data = { typebotIntegration: { message: 'Qual é o seu nome, {{cliente}}?', answerKey: 'nome' }, timeoutMinutes: 30 };

describe('question block', () => {
  it('asks (variables filled in) and waits for the answer, leaving by "timeout" when none comes', () => {
    const run = runBlockForTest(question, { data, variables: { cliente: 'Ana' } });
    expect(run.messages).toEqual([{ kind: 'text', body: 'Qual é o seu nome, Ana?', typingMs: 1000 }]);
    expect(run.next).toEqual({ type: 'awaitReply', timeoutSeconds: 1800, timeoutPort: 'timeout' });
  });
  it('keeps the answer, trimmed, in its variable and goes on without sending anything', () => {
    const run = runBlockForTest(question, { data, reply: '  Bia Souza ' });
    expect(run.set).toEqual({ nome: 'Bia Souza' });
    expect(run.messages).toEqual([]);
    expect(run.next).toEqual({ type: 'follow', port: 'default' });
  });
  it('needs a message and a variable name that can be written as {{name}}', () => {
    expect(blockDataErrors(question, { typebotIntegration: { message: '', answerKey: 'nome' } }).map((e) => e.field)).toEqual(['typebotIntegration.message']);
    expect(blockDataErrors(question, { typebotIntegration: { message: 'Oi?', answerKey: 'meu nome' } }).map((e) => e.message)).toEqual([expect.stringContaining('flows.validation.variableName')]);
    expect(blockDataErrors(question, { typebotIntegration: { message: 'Oi?', answerKey: 'nome' } })).toEqual([]);
  });
});
