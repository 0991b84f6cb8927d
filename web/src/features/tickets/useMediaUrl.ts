import { useEffect, useState } from 'react';
import { api, onSessionEnd } from '../../api/client';

export type MediaUrlState = { status: 'loading' } | { status: 'ready'; url: string } | { status: 'unavailable' };

interface Entry {
  /** Mounted components showing it. */
  users: number;
  loading: Promise<string>;
  url?: string;
  size: number;
  /** When the last user went away (the idle entries are evicted oldest first). */
  idleSince: number;
}

/**
 * Files fetched with the token, kept as object URLs while shown and for a while after: scrolling a bubble out of view
 * and back does not fetch its file again. Idle ones beyond these bounds are revoked, oldest first.
 */
const MAX_IDLE_ENTRIES = 40;
const MAX_IDLE_BYTES = 64 * 1024 * 1024;
const entries = new Map<string, Entry>();
let idleClock = 0;

function evictIdle(): void {
  const idle = [...entries].filter(([, e]) => e.users === 0 && e.url).sort(([, a], [, b]) => a.idleSince - b.idleSince);
  let bytes = idle.reduce((sum, [, e]) => sum + e.size, 0);
  let count = idle.length;
  for (const [path, entry] of idle) {
    if (count <= MAX_IDLE_ENTRIES && bytes <= MAX_IDLE_BYTES) break;
    URL.revokeObjectURL(entry.url!);
    entries.delete(path);
    count -= 1;
    bytes -= entry.size;
  }
}

function acquire(path: string): Entry {
  const known = entries.get(path);
  if (known) {
    known.users += 1;
    return known;
  }
  const entry: Entry = { users: 1, size: 0, idleSince: 0, loading: Promise.resolve('') };
  entry.loading = api.blob(path).then(
    (blob) => {
      entry.url = URL.createObjectURL(blob);
      entry.size = blob.size;
      // The session ended while it loaded: nothing keeps it.
      if (entries.get(path) !== entry) URL.revokeObjectURL(entry.url);
      else evictIdle();
      return entry.url;
    },
    (error: unknown) => {
      // A failure is not kept: the next time the file is shown it is asked for again.
      if (entries.get(path) === entry) entries.delete(path);
      throw error;
    },
  );
  entries.set(path, entry);
  return entry;
}

function release(path: string, entry: Entry): void {
  entry.users -= 1;
  if (entry.users > 0) return;
  entry.idleSince = ++idleClock;
  evictIdle();
}

// Another user may sign in on this console next: nothing of this session's files stays.
onSessionEnd(() => {
  for (const entry of entries.values()) if (entry.url) URL.revokeObjectURL(entry.url);
  entries.clear();
});

/** Only our own API's paths get the token; anything else (another host, another scheme) is not fetched. */
const isApiPath = (path: string) => path.startsWith('/') && !path.startsWith('//');

function initial(mediaUrl: string | null): MediaUrlState {
  const url = mediaUrl ? entries.get(mediaUrl)?.url : undefined;
  if (url) return { status: 'ready', url };
  return mediaUrl && isApiPath(mediaUrl) ? { status: 'loading' } : { status: 'unavailable' };
}

/**
 * A message's media as an object URL: `mediaUrl` is served only with the user's token, which an `<img src>` cannot
 * send, so it is fetched with the api client. 'unavailable' when there is none, it is gone (404) or failed to load.
 */
export function useMediaUrl(mediaUrl: string | null): MediaUrlState {
  const [state, setState] = useState(() => initial(mediaUrl));

  useEffect(() => {
    if (!mediaUrl || !isApiPath(mediaUrl)) {
      setState({ status: 'unavailable' });
      return;
    }
    let live = true;
    const entry = acquire(mediaUrl);
    setState(entry.url ? { status: 'ready', url: entry.url } : { status: 'loading' });
    entry.loading.then(
      (url) => live && setState({ status: 'ready', url }),
      () => live && setState({ status: 'unavailable' }),
    );
    return () => {
      live = false;
      release(mediaUrl, entry);
    };
  }, [mediaUrl]);

  return state;
}
