import type { Queue } from '@atendo/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useFeed, useFeedReload } from '../../realtime/useFeed';
import { toastError } from '../../ui/toaster';
import { queuesApi } from './queuesApi';

/**
 * The company's queues, read again on each entry of the `queue` feed (its entries carry only the queue's id).
 * Entries come in bursts (a menu's renumbering announces its queue once per option): only the latest read is kept.
 */
export function useQueueList() {
  const [queues, setQueues] = useState<Queue[]>([]);
  const [loading, setLoading] = useState(true);
  const latest = useRef(0);

  const load = useCallback(() => {
    const read = ++latest.current;
    setLoading(true);
    queuesApi
      .list()
      .then((list) => read === latest.current && setQueues(list ?? []), toastError)
      .finally(() => read === latest.current && setLoading(false));
  }, []);

  useEffect(() => {
    load();
    // Unmounted: no answer still on its way is the latest any more.
    return () => {
      latest.current += 1;
    };
  }, [load]);

  useFeed('queue', load);
  useFeedReload(load);

  return { queues, loading, reload: load };
}
