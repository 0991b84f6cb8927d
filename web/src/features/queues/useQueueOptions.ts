import type { QueueOption } from '@atendo/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useFeed } from '../../realtime/useFeed';
import { errorMessage } from '../../ui/toaster';
import { queuesApi } from './queuesApi';

/**
 * A queue's chatbot menu as a tree. The server announces a change to a menu as an update of its queue on the `queue`
 * feed: the tree is read again then, as after each change made here; only the latest read is kept.
 */
export function useQueueOptions(queueId: number) {
  const [options, setOptions] = useState<QueueOption[]>();
  const [failure, setFailure] = useState<string>();
  const latest = useRef(0);

  const load = useCallback(() => {
    const read = ++latest.current;
    queuesApi.options(queueId).then(
      (tree) => {
        if (read !== latest.current) return;
        setFailure(undefined);
        setOptions(tree ?? []);
      },
      (error: unknown) => read === latest.current && setFailure(errorMessage(error)),
    );
  }, [queueId]);

  useEffect(() => {
    load();
    return () => {
      latest.current += 1;
    };
  }, [load]);

  useFeed('queue', (payload) => {
    if (payload.action !== 'delete' && payload.id === queueId) load();
  });

  return { options, failure, reload: load };
}
