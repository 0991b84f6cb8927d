import { describe, expect, it } from 'vitest';
import { richTextToWhatsApp, turnOf } from './protocol.js';

const paragraph = (...children: unknown[]) => ({ type: 'p', children });

describe('Typebot answers as WhatsApp messages', () => {
  it('rich text: one line a paragraph, bold, italic and struck runs marked, links spelled out', () => {
    const richText = [
      paragraph({ text: 'Olá, ' }, { text: 'Ana ', bold: true }, { text: '!' }),
      paragraph({ text: 'Veja ' }, { type: 'a', url: 'https://x.test/cardapio', children: [{ text: 'o cardápio' }] }, { text: ' hoje', italic: true }),
      paragraph({ type: 'inline-variable', children: [paragraph({ text: 'R$ 30' })] }, { text: ' antes', strikethrough: true }),
    ];
    expect(richTextToWhatsApp(richText)).toBe('Olá, *Ana* !\nVeja o cardápio (https://x.test/cardapio) _hoje_\nR$ 30 ~antes~');
  });
  it('turns bubbles into texts and files, and a buttons input into a list to answer from', () => {
    const turn = turnOf({
      sessionId: 's1',
      messages: [
        { id: 'b1', type: 'text', content: { type: 'richText', richText: [paragraph({ text: 'Escolha:' })] } },
        { id: 'b2', type: 'text', content: { type: 'markdown', markdown: '**Promo** do dia' } },
        { id: 'b3', type: 'image', content: { url: 'https://x.test/p.png' } },
        { id: 'b4', type: 'video', content: { url: 'https://x.test/v.mp4', type: 'url' } },
        { id: 'b5', type: 'video', content: { url: 'https://youtu.be/abc', type: 'youtube', id: 'abc' } },
        { id: 'b6', type: 'audio', content: { url: 'https://x.test/a.mp3' } },
        { id: 'b7', type: 'embed', content: { url: 'https://x.test/form' } },
        { id: 'b8', type: 'custom-embed', content: { initFunction: { args: {}, content: 'x()' } } },
        { id: 'b9', type: 'text', content: { richText: [] } },
      ],
      input: { id: 'i1', type: 'choice input', items: [{ id: 'c1', content: 'Calabresa' }, { id: 'c2', content: 'Mussarela' }] },
    });
    expect(turn).toEqual({
      sessionId: 's1',
      expectsReply: true,
      messages: [
        { kind: 'text', body: 'Escolha:' },
        { kind: 'text', body: '**Promo** do dia' },
        { kind: 'media', mediaType: 'image', url: 'https://x.test/p.png' },
        { kind: 'media', mediaType: 'video', url: 'https://x.test/v.mp4' },
        { kind: 'text', body: 'https://youtu.be/abc' },
        { kind: 'media', mediaType: 'audio', url: 'https://x.test/a.mp3' },
        { kind: 'text', body: 'https://x.test/form' },
        { kind: 'text', body: '▶️ Calabresa\n▶️ Mussarela' },
      ],
    });
  });
  it('a wait action delays the message after the bubble it follows, within 120 s', () => {
    const turn = turnOf(
      {
        messages: [
          { id: 'b1', type: 'text', content: { richText: [paragraph({ text: 'um' })] } },
          { id: 'b2', type: 'text', content: { richText: [paragraph({ text: 'dois' })] } },
        ],
        clientSideActions: [
          { type: 'wait', wait: { secondsToWaitFor: 3 } },
          { type: 'wait', wait: { secondsToWaitFor: 500 }, lastBubbleBlockId: 'b1' },
          { type: 'redirect', redirect: { url: 'https://x.test' } },
        ],
      },
      'kept',
    );
    expect(turn).toEqual({
      sessionId: 'kept',
      expectsReply: false,
      messages: [
        { kind: 'text', body: 'um', delayMs: 3000 },
        { kind: 'text', body: 'dois', delayMs: 120_000 },
      ],
    });
  });
  it('refuses what is not a chat answer', () => {
    expect(() => turnOf({ error: 'x' })).toThrow('typebot: not a chat answer');
    expect(() => turnOf({ messages: [] })).toThrow('typebot: the answer has no session');
  });
});
