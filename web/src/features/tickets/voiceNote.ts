import { VOICE_KBPS } from '../../ui/mediaFiles';

/** What the browser records in, best first (Chrome and Firefox: Opus in WebM or Ogg; Safari: AAC in MP4). */
const RECORDING_TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/webm', 'audio/mp4'];

export function recordingMimeType(): string | undefined {
  return RECORDING_TYPES.find((type) => MediaRecorder.isTypeSupported(type));
}

/** 44.1 kHz mono: what a voice needs, and a rate MP3 encoders take. */
const SAMPLE_RATE = 44_100;
/** An MP3 frame's samples; the encoder is fed whole frames. */
const FRAME = 1152;
/** Frames encoded between two pauses that let the page repaint (about 2.6 s of sound each). */
const FRAMES_PER_SLICE = 100;

/** The recording's sound, decoded and resampled by the browser, mixed down to one channel of 16-bit samples. */
async function decodeMono(recording: Blob): Promise<Int16Array> {
  const Offline = globalThis.OfflineAudioContext as typeof OfflineAudioContext | undefined;
  if (!Offline) throw new Error('This browser cannot decode audio');
  const audio = await new Offline(1, 1, SAMPLE_RATE).decodeAudioData(await recording.arrayBuffer());
  const channels = Array.from({ length: audio.numberOfChannels }, (_, i) => audio.getChannelData(i));
  const samples = new Int16Array(audio.length);
  for (let i = 0; i < audio.length; i++) {
    let sum = 0;
    for (const channel of channels) sum += channel[i] ?? 0;
    const value = Math.max(-1, Math.min(1, sum / channels.length));
    samples[i] = value < 0 ? value * 0x8000 : value * 0x7fff;
  }
  return samples;
}

/**
 * Spec §9: recorded audio is MP3 at 128 kbit. Browsers record only compressed formats of their own (Opus, AAC), so the
 * recording is decoded and encoded again with LAME (loaded only when a recording is sent), in slices so the page
 * stays responsive.
 */
export async function toMp3(recording: Blob): Promise<Blob> {
  const [samples, { Mp3Encoder }] = await Promise.all([decodeMono(recording), import('@breezystack/lamejs')]);
  const encoder = new Mp3Encoder(1, SAMPLE_RATE, VOICE_KBPS);
  const parts: Uint8Array[] = [];
  for (let start = 0; start < samples.length; start += FRAME) {
    parts.push(encoder.encodeBuffer(samples.subarray(start, start + FRAME)));
    if ((start / FRAME) % FRAMES_PER_SLICE === FRAMES_PER_SLICE - 1) await new Promise((resolve) => setTimeout(resolve, 0));
  }
  parts.push(encoder.flush());
  return new Blob(parts as BlobPart[], { type: 'audio/mpeg' });
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The voice note to send: the recording as MP3, or as the browser recorded it when this browser cannot decode it
 * (the server takes Opus and AAC voice notes too).
 */
export async function voiceNoteFile(recording: Blob, at = new Date()): Promise<File> {
  let audio = recording;
  try {
    audio = await toMp3(recording);
  } catch (error) {
    console.warn('Voice note kept as recorded:', error);
  }
  const type = audio.type.split(';')[0] || 'audio/webm';
  const ext = type === 'audio/mpeg' ? 'mp3' : type === 'audio/ogg' ? 'ogg' : type === 'audio/mp4' ? 'm4a' : 'webm';
  const stamp = `${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}-${pad(at.getHours())}${pad(at.getMinutes())}${pad(at.getSeconds())}`;
  return new File([audio], `voice-${stamp}.${ext}`, { type });
}
