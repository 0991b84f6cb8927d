import { describe, expect, it } from 'vitest';
import type { FlowConnection, FlowNode } from '@atendo/contracts';
import { defineBlock, follow, awaitReply, yup, type FlowPlugin } from './index.js';
import { createRegistry } from './registry.js';
import { validateFlow } from './validate.js';

const base = { label: 'test', icon: 'cube', fields: [], defaults: {}, input: true, waits: false, outputs: [{ name: 'next', label: 'next' }] };
const begin = defineBlock({ ...base, type: 'begin', input: false, schema: yup.object({}), run: () => ({ next: follow('next') }) });
const say = defineBlock({ ...base, type: 'say', schema: yup.object({ text: yup.string().required('validation.required') }), run: () => ({ next: follow('next') }) });
const ask = defineBlock({ ...base, type: 'ask', waits: true, schema: yup.object({}), run: () => ({ next: awaitReply(60, 'next') }) });
const pick = defineBlock({
  ...base,
  type: 'pick',
  waits: true,
  outputs: [{ name: 'invalid', label: 'invalid' }],
  outputsPerItem: { list: 'options', key: 'n', prefix: 'pick:', required: true },
  schema: yup.object({ options: yup.array(yup.object({ n: yup.number().required() })).min(1).required() }),
  run: () => ({ next: awaitReply(60, 'invalid') }),
});
const registry = createRegistry([begin, say, ask, pick] as FlowPlugin[]);

const node = (id: string, type: string, data: Record<string, unknown> = {}): FlowNode => ({ id, type, position: { x: 0, y: 0 }, data });
const edge = (source: string, sourceHandle: string, target: string): FlowConnection => ({ source, sourceHandle, target });
const codes = (nodes: FlowNode[], connections: FlowConnection[] = []) => validateFlow({ nodes, connections }, registry).map((e) => [e.code, e.nodeId]);

describe('validating a flow before it is saved', () => {
  it('a well-formed flow has no errors, cycles through a waiting block included', () => {
    expect(codes([node('1', 'begin'), node('a', 'say', { text: 'hi' }), node('q', 'ask')], [edge('1', 'next', 'a'), edge('a', 'next', 'q'), edge('q', 'next', 'a')])).toEqual([]);
  });
  it('exactly one start, and it is block "1"', () => {
    expect(codes([node('a', 'say', { text: 'hi' })])).toEqual([['ERR_FLOW_NO_START', null]]);
    expect(codes([node('x', 'begin')])).toEqual([['ERR_FLOW_START_NOT_FIRST', 'x'], ['ERR_FLOW_NO_START', null]]);
    expect(codes([node('1', 'say', { text: 'hi' }), node('x', 'begin')])).toEqual([['ERR_FLOW_START_NOT_FIRST', 'x'], ['ERR_FLOW_START_NOT_FIRST', '1']]);
    expect(codes([node('1', 'begin'), node('x', 'begin')])).toEqual([['ERR_FLOW_START_NOT_FIRST', 'x']]);
  });
  it('block ids are unique and every type has a plugin', () => {
    expect(codes([node('1', 'begin'), node('a', 'say', { text: 'x' }), node('a', 'say', { text: 'y' }), node('b', 'ghost')])).toEqual([
      ['ERR_FLOW_DUPLICATE_BLOCK', 'a'], ['ERR_FLOW_UNKNOWN_BLOCK', 'b'],
    ]);
  });
  it('each block’s data passes its plugin’s schema; the error names the field and its rule', () => {
    const errors = validateFlow({ nodes: [node('1', 'begin'), node('a', 'say', {})], connections: [] }, registry);
    expect(errors).toEqual([{ code: 'ERR_FLOW_INVALID_BLOCK', nodeId: 'a', field: 'text', message: 'block "a" (say): text: validation.required' }]);
  });
  it('connections join existing blocks, by ports they have, into blocks that take input; a port leads to one place', () => {
    const nodes = [node('1', 'begin'), node('a', 'say', { text: 'hi' }), node('b', 'say', { text: 'ho' })];
    expect(codes(nodes, [edge('1', 'next', 'zz')])).toEqual([['ERR_FLOW_DANGLING_CONNECTION', '1']]);
    expect(codes(nodes, [edge('zz', 'next', 'a')])).toEqual([['ERR_FLOW_DANGLING_CONNECTION', 'a']]);
    expect(codes(nodes, [edge('1', 'nope', 'a')])).toEqual([['ERR_FLOW_UNKNOWN_PORT', '1']]);
    expect(codes(nodes, [edge('a', 'next', '1')])).toEqual([['ERR_FLOW_UNKNOWN_PORT', '1']]);
    expect(codes(nodes, [edge('1', 'next', 'a'), edge('1', 'next', 'b')])).toEqual([['ERR_FLOW_PORT_TWICE', '1']]);
  });
  it('ports derived from the configuration: each option is a port, and each must lead somewhere', () => {
    const nodes = [node('1', 'begin'), node('m', 'pick', { options: [{ n: 1 }, { n: 2 }] }), node('a', 'say', { text: 'hi' })];
    expect(codes(nodes, [edge('1', 'next', 'm'), edge('m', 'pick:1', 'a')])).toEqual([['ERR_FLOW_PORT_UNCONNECTED', 'm']]);
    expect(codes(nodes, [edge('1', 'next', 'm'), edge('m', 'pick:1', 'a'), edge('m', 'pick:2', 'a')])).toEqual([]);
    expect(codes(nodes, [edge('1', 'next', 'm'), edge('m', 'pick:1', 'a'), edge('m', 'pick:2', 'a'), edge('m', 'pick:3', 'a')])).toEqual([['ERR_FLOW_UNKNOWN_PORT', 'm']]);
  });
  it('a cycle that never waits is refused, naming a block on it', () => {
    const nodes = [node('1', 'begin'), node('a', 'say', { text: 'a' }), node('b', 'say', { text: 'b' }), node('c', 'say', { text: 'c' })];
    expect(codes(nodes, [edge('1', 'next', 'a'), edge('a', 'next', 'b'), edge('b', 'next', 'c'), edge('c', 'next', 'a')])).toEqual([['ERR_FLOW_LOOP_WITHOUT_WAIT', 'a']]);
    expect(codes([node('1', 'begin'), node('a', 'say', { text: 'a' })], [edge('1', 'next', 'a'), edge('a', 'next', 'a')])).toEqual([['ERR_FLOW_LOOP_WITHOUT_WAIT', 'a']]);
  });
  it('a hostile graph (10,000 blocks in one long cycle) is answered, not crashed on', () => {
    const n = 10_000;
    const nodes = [node('1', 'begin'), ...Array.from({ length: n }, (_, i) => node(`s${i}`, 'say', { text: 'x' }))];
    const connections = [edge('1', 'next', 's0'), ...Array.from({ length: n }, (_, i) => edge(`s${i}`, 'next', `s${(i + 1) % n}`))];
    expect(codes(nodes, connections)).toEqual([['ERR_FLOW_LOOP_WITHOUT_WAIT', 's0']]);
  });
});
