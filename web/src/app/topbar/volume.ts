import { atom } from 'jotai';
import { atomWithDefault } from 'jotai/utils';

/** Spec §1, §9: the notification volume, 0 to 1 in steps of 0.1, kept in browser storage under `volume`. */
const STORAGE_KEY = 'volume';
export const VOLUME_STEP = 0.1;

/** A stored or chosen volume, kept within 0 to 1 and on a step (no 0.30000000000000004). */
export function normaliseVolume(value: number): number {
  if (!Number.isFinite(value)) return 1;
  return Math.round(Math.min(1, Math.max(0, value)) / VOLUME_STEP) / 10;
}

function storedVolume(): number {
  const stored = localStorage.getItem(STORAGE_KEY);
  return stored === null || stored === '' ? 1 : normaliseVolume(Number(stored));
}

const currentVolumeAtom = atomWithDefault<number>(storedVolume);

export const volumeAtom = atom(
  (get) => get(currentVolumeAtom),
  (_get, set, volume: number) => {
    const value = normaliseVolume(volume);
    localStorage.setItem(STORAGE_KEY, String(value));
    set(currentVolumeAtom, value);
  },
);
