import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeDecoder } from './fakeAudio';
import { toMp3, voiceNoteFile } from './voiceNote';

const recorded = (bytes = 3000) => new Blob([new Uint8Array(bytes).fill(7)], { type: 'audio/webm;codecs=opus' });

describe('voice note', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('encodes the recording as MP3 at 128 kbit, mono 44.1 kHz', async () => {
    const decoded = fakeDecoder(2, 2);
    const mp3 = await toMp3(recorded());
    expect(decoded[0]!.byteLength).toBe(3000);
    expect(mp3.type).toBe('audio/mpeg');
    const bytes = new Uint8Array(await mp3.arrayBuffer());
    // An MPEG-1 Layer III frame header: sync, bitrate index 9 (128 kbit), sampling index 0 (44.1 kHz), channel mode 3 (mono).
    expect([bytes[0], bytes[1]! & 0xfe]).toEqual([0xff, 0xfa]);
    expect(bytes[2]! >> 4).toBe(9);
    expect((bytes[2]! >> 2) & 0b11).toBe(0);
    expect(bytes[3]! >> 6).toBe(3);
    // 2 s at 128 kbit: 32000 bytes, give or take the encoder's padding.
    expect(bytes.length).toBeGreaterThan(31_000);
    expect(bytes.length).toBeLessThan(34_000);
  });

  it('makes an .mp3 file of it, or keeps the recording when the browser cannot decode it', async () => {
    fakeDecoder(1);
    const file = await voiceNoteFile(recorded(), new Date(2026, 10, 24, 9, 5, 7));
    expect([file.name, file.type]).toEqual(['voice-20261124-090507.mp3', 'audio/mpeg']);

    vi.stubGlobal('OfflineAudioContext', undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const kept = await voiceNoteFile(recorded(12_000), new Date(2026, 10, 24, 9, 5, 7));
    expect([kept.name, kept.type, kept.size]).toEqual(['voice-20261124-090507.webm', 'audio/webm', 12_000]);
    warn.mockRestore();
  });
});
