import { describe, expect, it } from 'vitest';
import { BLOCKS, GRAPH } from './fixtures';
import { addBlock, duplicateBlock, fromCanvas, newBlockPosition, orderedBlocks, randomBlockId, readable, removeBlock, toCanvas, variablesOf, type BlockNode } from './graph';

const node = (id: string, x: number, y: number, width?: number): BlockNode => ({ id, type: 'message', position: { x, y }, data: {}, ...(width ? { width } : {}) });
const start = BLOCKS.find((b) => b.type === 'start')!;
const message = BLOCKS.find((b) => b.type === 'message')!;

describe('flow graph on the canvas', () => {
  it('reads and writes the saved graph unchanged', () => {
    const { nodes, edges } = toCanvas(GRAPH);
    expect(edges.map((e) => e.sourceHandle)).toEqual(['default', 'option:1', 'option:2', 'success']);
    expect(fromCanvas(nodes, edges)).toEqual(GRAPH);
    expect(toCanvas(null)).toEqual({ nodes: [], edges: [] });
  });

  it('places a new block right of the last one, 40 px after its measured width', () => {
    expect(newBlockPosition([node('a', 500, 10), node('b', 100, 70, 300)])).toEqual({ x: 440, y: 70 });
    expect(newBlockPosition([node('a', 100, 70)])).toEqual({ x: 380, y: 70 });
  });

  it('gives new blocks a random 30-character id, and the start block "1", replacing the one there', () => {
    expect(randomBlockId()).toMatch(/^[A-Za-z0-9]{30}$/);
    expect(randomBlockId()).not.toBe(randomBlockId());
    const withMessage = addBlock([node('1', 0, 0)], message, { label: 'hi' });
    expect(withMessage[1]!.id).toMatch(/^[A-Za-z0-9]{30}$/);
    const restarted = addBlock([{ ...node('1', 0, 0), type: 'start' }, node('x', 300, 50)], start, {});
    expect(restarted.map((n) => [n.id, n.type, n.position])).toEqual([
      ['x', 'message', { x: 300, y: 50 }],
      ['1', 'start', { x: 580, y: 50 }],
    ]);
  });

  it('copies a block 240 px right of the rightmost one, unselected, with its own data', () => {
    const nodes = [node('a', 0, 40), node('b', 700, 0)];
    nodes[0]!.data = { label: 'x' };
    const copy = duplicateBlock(nodes, 'a').at(-1)!;
    expect(copy).toMatchObject({ type: 'message', position: { x: 940, y: 40 }, data: { label: 'x' }, selected: false });
    expect(copy.data).not.toBe(nodes[0]!.data);
  });

  it('removes a block with every connection touching it', () => {
    const { nodes, edges } = toCanvas(GRAPH);
    const after = removeBlock(nodes, edges, 'menu');
    expect(after.nodes.map((n) => n.id)).toEqual(['1', 'hello', 'call', 'ask']);
    expect(after.edges.map((e) => e.id)).toEqual(['call:success->ask']);
  });

  it('orders the add menu as the spec lists blocks, then the others as the server sent them', () => {
    expect(orderedBlocks(BLOCKS).map((b) => b.type)).toEqual(['start', 'menu', 'ticket', 'question', 'message', 'http-request']);
  });

  it('finds the variables the blocks name, and reads names for untranslated labels', () => {
    expect(variablesOf(toCanvas(GRAPH).nodes, new Map(BLOCKS.map((b) => [b.type, b])))).toEqual(['status', 'name']);
    expect(readable('http-request')).toBe('Http request');
    expect(readable('singleBlock')).toBe('Single block');
    expect(readable('option:1')).toBe('Option 1');
  });
});
