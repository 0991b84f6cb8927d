import { vi } from 'vitest';

/** Test doubles of the browser's audio: its decoder (OfflineAudioContext), the microphone and MediaRecorder. */

/** The decoder gives `seconds` of a tone on each channel, resampled to the rate asked; returns what it was given. */
export function fakeDecoder(seconds: number, channels = 1): ArrayBuffer[] {
  const decoded: ArrayBuffer[] = [];
  class FakeOfflineAudioContext {
    constructor(
      readonly outputChannels: number,
      readonly outputLength: number,
      readonly sampleRate: number,
    ) {}
    async decodeAudioData(bytes: ArrayBuffer) {
      decoded.push(bytes);
      const length = Math.round(seconds * this.sampleRate);
      const data = Array.from({ length: channels }, (_, c) => Float32Array.from({ length }, (_, i) => 0.5 * Math.sin(i / (8 + c))));
      return { numberOfChannels: channels, length, sampleRate: this.sampleRate, duration: seconds, getChannelData: (i: number) => data[i]! };
    }
  }
  vi.stubGlobal('OfflineAudioContext', FakeOfflineAudioContext);
  return decoded;
}

/** A recorder that, when stopped, hands over `bytes` of recorded audio in one chunk. */
export class FakeMediaRecorder extends EventTarget {
  static bytes = 20_000;
  static latest: FakeMediaRecorder | undefined;
  static isTypeSupported = (type: string) => type === 'audio/webm;codecs=opus';
  state: 'inactive' | 'recording' = 'inactive';

  constructor(
    readonly stream: MediaStream,
    readonly options?: { mimeType?: string },
  ) {
    super();
    FakeMediaRecorder.latest = this;
  }

  get mimeType() {
    return this.options?.mimeType ?? '';
  }

  start() {
    this.state = 'recording';
  }

  stop() {
    this.state = 'inactive';
    const data = new Blob([new Uint8Array(FakeMediaRecorder.bytes)], { type: 'audio/webm;codecs=opus' });
    this.dispatchEvent(Object.assign(new Event('dataavailable'), { data }));
    this.dispatchEvent(new Event('stop'));
  }
}

/** A microphone: `getUserMedia` answers with a stream of one track (or refuses with `refusal`). */
export function fakeMicrophone(refusal?: string) {
  const track = { stop: vi.fn() };
  const getUserMedia = vi.fn(async () => {
    if (refusal) throw new DOMException('refused', refusal);
    return { getTracks: () => [track] } as unknown as MediaStream;
  });
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  return { track, getUserMedia };
}

/** jsdom has no microphone: takes the fake one away again. */
export function removeMicrophone() {
  Reflect.deleteProperty(navigator, 'mediaDevices');
}
