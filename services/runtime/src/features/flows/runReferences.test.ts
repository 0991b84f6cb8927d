import { describe, expect, it } from 'vitest';
import type { FlowExecutionEvent } from '@atendo/contracts';
import { failedAt, namedIn } from './runReferences.js';

const image = (url: string) => ({ kind: 'media' as const, mediaType: 'image' as const, url, caption: '', voice: false, typingMs: 0 });
const text = (body: string) => ({ kind: 'text' as const, body, typingMs: 0 });

const decision: FlowExecutionEvent[] = [
  { type: 'BlockEntered', data: { nodeId: 'bot', blockType: 'typebot' } },
  { type: 'MessagesRequested', data: { nodeId: 'bot', messages: [text('Olá'), image('/public/company-1/2026/11/aaaaaaaaaaaaaaaa.png'), image('/public/company-2/2026/11/bbbbbbbbbbbbbbbb.png'), text('Tchau')] } },
  { type: 'TicketHandedOver', data: { nodeId: 'bot', queueId: 7, userId: null } },
  { type: 'FlowFinished', data: { reason: 'handedOver', nodeId: 'bot' } },
];

describe("what a run's decision names", () => {
  it('is each file of its messages and the queue and person of its hand-over', () => {
    expect(namedIn(decision)).toEqual([
      { kind: 'media', value: '/public/company-1/2026/11/aaaaaaaaaaaaaaaa.png', event: 1, message: 1 },
      { kind: 'media', value: '/public/company-2/2026/11/bbbbbbbbbbbbbbbb.png', event: 1, message: 2 },
      { kind: 'queue', value: 7, event: 2 },
    ]);
  });

  it.each([
    [
      'a file that is not the company’s: the messages before it are sent, then the run fails',
      { kind: 'media' as const, value: '/public/company-2/2026/11/bbbbbbbbbbbbbbbb.png', event: 1, message: 2 },
      [decision[0], { type: 'MessagesRequested', data: { nodeId: 'bot', messages: [text('Olá'), image('/public/company-1/2026/11/aaaaaaaaaaaaaaaa.png')] } }],
      "the file /public/company-2/2026/11/bbbbbbbbbbbbbbbb.png is not one of this company's",
    ],
    ['a queue that is not the company’s: every message is sent, the hand-over is not', { kind: 'queue' as const, value: 7, event: 2 }, decision.slice(0, 2), "queue 7 is not one of this company's"],
    ['the first message’s file: nothing of that block is sent', { kind: 'media' as const, value: 'x', event: 1, message: 0 }, decision.slice(0, 1), "the file x is not one of this company's"],
  ])('cut at %s', (_, first, kept, message) => {
    expect(failedAt(decision, first)).toEqual([...kept, { type: 'FlowFailed', data: { code: 'ERR_FLOW_FOREIGN_REFERENCE', nodeId: 'bot', message } }]);
  });
});
