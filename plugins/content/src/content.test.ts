import { describe, expect, it } from 'vitest';
import { blockDataErrors, runBlockForTest } from '@atendo/flow-engine';
import plugins, { content, singleBlock } from './index.js';

type Card = { type: string; value: string; record?: boolean; original?: string };
/** Cards in order, numbered as the editor numbers them (`message1`, `interval2` …). */
const cards = (...list: Card[]) => {
  const elements = list.map((card, i) => ({ number: `${card.type}${i + 1}`, original: '', record: false, ...card }));
  return { seq: elements.map((e) => e.number), elements };
};

describe('content and single blocks', () => {
  it('are one package exporting the two blocks, which behave alike', () => {
    expect(plugins.map((p) => p.type)).toEqual(['content', 'singleBlock']);
    const data = cards({ type: 'message', value: 'Oi' });
    expect(runBlockForTest(singleBlock, { data })).toEqual(runBlockForTest(content, { data }));
  });
  it('sends its texts and files in order, variables filled in, then goes on', () => {
    const run = runBlockForTest(content, {
      data: cards(
        { type: 'message', value: 'Olá {{nome}}!' },
        { type: 'img', value: '/public/1/menu.png', original: 'menu.png' },
        { type: 'audio', value: '/public/1/hi.ogg', record: true },
        { type: 'video', value: '/public/1/tour.mp4' },
        { type: 'audio', value: '/public/1/song.mp3' },
      ),
      variables: { nome: 'Ana' },
    });
    expect(run.messages).toEqual([
      { kind: 'text', body: 'Olá Ana!', typingMs: 1000 },
      { kind: 'media', mediaType: 'image', url: '/public/1/menu.png', caption: '', voice: false, typingMs: 1000 },
      { kind: 'media', mediaType: 'audio', url: '/public/1/hi.ogg', caption: '', voice: true, typingMs: 1000 },
      { kind: 'media', mediaType: 'video', url: '/public/1/tour.mp4', caption: '', voice: false, typingMs: 1000 },
      { kind: 'media', mediaType: 'audio', url: '/public/1/song.mp3', caption: '', voice: false, typingMs: 1000 },
    ]);
    expect(run.next).toEqual({ type: 'follow', port: 'default' });
  });
  it('follows seq, not the order the elements are stored in', () => {
    const data = cards({ type: 'message', value: 'first' }, { type: 'message', value: 'second' });
    const run = runBlockForTest(content, { data: { ...data, seq: [...data.seq].reverse() } });
    expect(run.messages.map((m) => m.kind === 'text' && m.body)).toEqual(['second', 'first']);
  });
  it('an interval delays the message after it; intervals in a row add up', () => {
    const run = runBlockForTest(content, {
      data: cards(
        { type: 'message', value: 'one' },
        { type: 'interval', value: '5' },
        { type: 'message', value: 'two' },
        { type: 'interval', value: '3' },
        { type: 'interval', value: '2' },
        { type: 'img', value: '/public/1/a.png' },
      ),
    });
    expect(run.messages.map((m) => m.delayMs)).toEqual([undefined, 5000, 5000]);
    expect(run.next).toEqual({ type: 'follow', port: 'default' });
  });
  it('intervals at the end pause before the path goes on; one at the start delays the first message', () => {
    const run = runBlockForTest(content, { data: cards({ type: 'interval', value: '4' }, { type: 'message', value: 'hi' }, { type: 'interval', value: '120' }) });
    expect(run.messages).toEqual([{ kind: 'text', body: 'hi', typingMs: 1000, delayMs: 4000 }]);
    expect(run.next).toEqual({ type: 'delay', seconds: 120, port: 'default' });
  });
});

describe('content: what a flow cannot be saved with', () => {
  const errors = (data: Record<string, unknown>) => blockDataErrors(content, data).map((e) => `${e.field}: ${e.message.split(': ').at(-1)}`);
  it('accepts every kind of card', () => {
    expect(errors(cards({ type: 'message', value: 'a' }, { type: 'interval', value: '1' }, { type: 'img', value: '/public/x.png' }))).toEqual([]);
  });
  it.each([
    ['an empty text (spec: "Campos de mensagem vazio!")', cards({ type: 'message', value: '  ' }), 'elements[0].value: flows.validation.contentEmptyMessage'],
    ['an interval of 0', cards({ type: 'interval', value: '0' }), 'elements[0].value: flows.validation.contentInterval'],
    ['an interval above 120 seconds', cards({ type: 'interval', value: '121' }), 'elements[0].value: flows.validation.contentInterval'],
    ['an interval that is not a whole number', cards({ type: 'interval', value: '2.5' }), 'elements[0].value: flows.validation.contentInterval'],
    ['an empty file card (spec: "Delete os cards vazios")', cards({ type: 'video', value: '' }), 'elements[0].value: flows.validation.contentEmptyMedia'],
    ['a file card that is no file’s URL', cards({ type: 'img', value: 'file:///etc/passwd' }), 'elements[0].value: flows.validation.mediaUrl'],
    ['a file card with an outside address', cards({ type: 'video', value: 'https://cdn.example.test/tour.mp4' }), 'elements[0].value: flows.validation.mediaUrl'],
    ['a card of an unknown type', cards({ type: 'sticker', value: 'x' }), 'elements[0].type: validation.invalid'],
    ['no card', { seq: [], elements: [] }, 'seq: flows.validation.contentEmpty'],
    ['a card seq names but nobody defined', { seq: ['message1'], elements: [] }, 'seq: flows.validation.contentUnknownCard'],
    ['one card twice in seq', { ...cards({ type: 'message', value: 'a' }), seq: ['message1', 'message1'] }, 'seq: flows.validation.contentCardTwice'],
  ])('refuses %s', (_, data, expected) => {
    expect(errors(data)).toEqual([expected]);
  });
  it('refuses a text longer than WhatsApp takes and more than 30 cards', () => {
    expect(errors(cards({ type: 'message', value: 'x'.repeat(4097) }))).toEqual(['elements[0].value: validation.tooLong']);
    expect(errors(cards(...Array.from({ length: 31 }, () => ({ type: 'message', value: 'a' }))))).toEqual(['seq: validation.tooMany']);
  });
});
