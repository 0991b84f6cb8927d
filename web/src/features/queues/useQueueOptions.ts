import type { QueueOption } from '@atendo/contracts';
import { useCallback, useState } from 'react';
import { useFeed } from '../../realtime/useFeed';
import { errorMessage } from '../../ui/toaster';
import { useLatestRead } from '../../ui/useLatestRead';
import { queuesApi } from './queuesApi';

/**
 * A queue's chatbot menu as a tree. The server announces a change to a menu as an update of its queue on the `queue`
 * feed: the tree is read again then, as after each change made here; only the latest read is kept.
 */
export function useQueueOptions(queueId: number) {
  const [options, setOptions] = useState<QueueOption[]>();
  const [failure, setFailure] = useState<string>();
  const read = useCallback(() => queuesApi.options(queueId), [queueId]);
  const { reload: load } = useLatestRead(
    read,
    (tree) => {
      setFailure(undefined);
      setOptions(tree ?? []);
    },
    (error) => setFailure(errorMessage(error)),
  );

  useFeed('queue', (payload) => {
    if (payload.action !== 'delete' && payload.id === queueId) load();
  });

  return { options, failure, reload: load };
}
