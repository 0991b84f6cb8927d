import { describe, expect, it } from 'vitest';
import type { FlowNode } from '@atendo/contracts';
import { defineBlock, finish, yup, type FlowPlugin } from './index.js';
import { referencesOf } from './references.js';
import { createRegistry } from './registry.js';

const base = { label: 'test', icon: 'cube', defaults: {}, input: true, waits: false, outputs: [], run: () => ({ next: finish() }) };
const handOver = defineBlock({
  ...base,
  type: 'handOver',
  fields: [{ name: 'queue', kind: 'queue', label: 'q' }, { name: 'who.user', kind: 'user', label: 'u' }],
  schema: yup.object({ queue: yup.object({ id: yup.number() }).nullable().default(null), who: yup.object({ user: yup.number().nullable().default(null) }) }),
});
const picture = defineBlock({ ...base, type: 'picture', fields: [{ name: 'url', kind: 'media', label: 'u' }], schema: yup.object({ url: yup.string().trim() }) });
const cards = defineBlock({ ...base, type: 'cards', fields: [{ name: 'elements', kind: 'sequence', label: 'c' }], schema: yup.object({ elements: yup.array() }) });
const menu = defineBlock({
  ...base,
  type: 'menu',
  fields: [{ name: 'options', kind: 'list', label: 'o', item: [{ name: 'queue', kind: 'queue', label: 'q' }, { name: 'title', kind: 'text', label: 't' }] }],
  schema: yup.object({ options: yup.array() }),
});
const registry = createRegistry([handOver, picture, cards, menu] as FlowPlugin[]);
const node = (id: string, type: string, data: Record<string, unknown>): FlowNode => ({ id, type, position: { x: 0, y: 0 }, data });
const refs = (...nodes: FlowNode[]) => referencesOf({ nodes, connections: [] }, registry).map((r) => `${r.nodeId} ${r.field} ${r.kind} ${r.value}`);

describe('what a graph names outside itself, read from its fields’ kinds', () => {
  it.each([
    ['a queue and a person, at nested paths', node('h', 'handOver', { queue: { id: 4, name: 'Vendas' }, who: { user: 9 } }), ['h queue queue 4', 'h who.user user 9']],
    ['nothing when the fields are empty', node('h', 'handOver', {}), []],
    ['a file, as the block reads it (trimmed)', node('p', 'picture', { url: ' /public/company-1/x.png ' }), ['p url media /public/company-1/x.png']],
    [
      'the file cards of a sequence, not its texts',
      node('c', 'cards', { elements: [{ type: 'message', value: 'oi' }, { type: 'video', value: '/public/v.mp4' }, { type: 'interval', value: '2' }, { type: 'audio', value: '/public/a.ogg' }] }),
      ['c elements[1].value media /public/v.mp4', 'c elements[3].value media /public/a.ogg'],
    ],
    ['each item of a list', node('m', 'menu', { options: [{ queue: { id: 1 }, title: 'a' }, { title: 'b' }, { queue: { id: 3 } }] }), ['m options[0].queue queue 1', 'm options[2].queue queue 3']],
    ['nothing of a block no plugin runs', node('x', 'unknown', { queue: { id: 1 } }), []],
  ])('%s', (_, block, expected) => {
    expect(refs(block)).toEqual(expected);
  });
});
