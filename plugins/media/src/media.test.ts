import { describe, expect, it } from 'vitest';
import { blockDataErrors, runBlockForTest } from '@atendo/flow-engine';
import plugins, { audio, img, video } from './index.js';

describe('image, audio and video blocks', () => {
  it('are one package exporting the three blocks', () => {
    expect(plugins.map((p) => p.type)).toEqual(['img', 'audio', 'video']);
  });
  it.each([
    [img, 'image', '/public/1/menu.png'],
    [video, 'video', '/public/1/tour.mp4'],
  ] as const)('%s sends its file and goes on', (plugin, mediaType, url) => {
    const run = runBlockForTest(plugin, { data: { url } });
    expect(run.messages).toEqual([{ kind: 'media', mediaType, url, caption: '', voice: false, typingMs: 1000 }]);
    expect(run.next).toEqual({ type: 'follow', port: 'default' });
  });
  it('audio is a voice note unless told it is a file', () => {
    expect(runBlockForTest(audio, { data: { url: '/public/1/hello.ogg' } }).messages).toEqual([
      { kind: 'media', mediaType: 'audio', url: '/public/1/hello.ogg', caption: '', voice: true, typingMs: 1000 },
    ]);
    expect(runBlockForTest(audio, { data: { url: '/public/1/song.mp3', record: false } }).messages[0]).toMatchObject({ voice: false });
  });
  it('refuses a block with no file, or with something that is not a stored file’s URL (an outside address included)', () => {
    for (const plugin of plugins) {
      expect(blockDataErrors(plugin, {}).map((e) => e.field)).toEqual(['url']);
      expect(blockDataErrors(plugin, { url: 'javascript:alert(1)' }).map((e) => e.message)).toEqual([expect.stringContaining('flows.validation.mediaUrl')]);
      expect(blockDataErrors(plugin, { url: '//evil.test/x.png' }).map((e) => e.field)).toEqual(['url']);
      expect(blockDataErrors(plugin, { url: 'https://cdn.example.test/tour.mp4' }).map((e) => e.field)).toEqual(['url']);
      expect(blockDataErrors(plugin, { url: '/public/../internal/x.png' }).map((e) => e.field)).toEqual(['url']);
      expect(blockDataErrors(plugin, { url: `/public/${'a'.repeat(2048)}` }).map((e) => e.field)).toEqual(['url']);
      expect(blockDataErrors(plugin, { url: '/public/1/ok.bin' })).toEqual([]);
    }
    expect(blockDataErrors(audio, { url: '/public/a.ogg', record: 'sometimes' }).map((e) => e.field)).toEqual(['record']);
  });
});
