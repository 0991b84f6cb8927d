import type { Queue } from '@atendo/contracts';
import { useState } from 'react';
import { useFeed, useFeedReload } from '../../realtime/useFeed';
import { useLatestRead } from '../../ui/useLatestRead';
import { queuesApi } from './queuesApi';

/**
 * The company's queues, read again on each entry of the `queue` feed (its entries carry only the queue's id).
 * Entries come in bursts (a menu's renumbering announces its queue once per option): only the latest read is kept.
 */
export function useQueueList() {
  const [queues, setQueues] = useState<Queue[]>([]);
  const { loading, reload } = useLatestRead(queuesApi.list, (list) => setQueues(list ?? []));

  useFeed('queue', reload);
  useFeedReload(reload);

  return { queues, loading, reload };
}
