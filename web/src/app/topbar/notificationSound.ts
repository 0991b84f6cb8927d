/** The sound's frequencies and length: two short rising tones, about a third of a second in all. */
const TONES = [
  { hz: 880, at: 0 },
  { hz: 1320, at: 0.15 },
];
const TONE_SECONDS = 0.15;

let context: AudioContext | undefined;

/**
 * A short chime at `volume` (0 to 1) for a ticket that starts waiting. Made with Web Audio rather than a sound file:
 * nothing to download, and the gain is the stored volume. A browser that blocks sound before a click stays silent.
 */
export function playNotificationSound(volume: number): void {
  if (volume <= 0 || typeof AudioContext === 'undefined') return;
  try {
    context ??= new AudioContext();
    const now = context.currentTime;
    for (const tone of TONES) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = tone.hz;
      gain.gain.setValueAtTime(0.0001, now + tone.at);
      gain.gain.exponentialRampToValueAtTime(Math.max(0.0001, volume * 0.4), now + tone.at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + tone.at + TONE_SECONDS);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(now + tone.at);
      oscillator.stop(now + tone.at + TONE_SECONDS);
    }
  } catch {
    // No sound is better than a broken top bar.
  }
}
