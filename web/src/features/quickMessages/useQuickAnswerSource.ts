import type { QuickMessage } from '@atendo/contracts';
import { useAtomValue } from 'jotai';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useFeed, useFeedReload } from '../../realtime/useFeed';
import { toastError } from '../../ui/toaster';
import { userAtom } from '../../app/sessionAtoms';
import type { MessageInputTool } from '../feature';
import { useQuickAnswers } from './QuickAnswers';
import { applyQuickMessageFeed } from './quickMessageList';
import { quickMessagesApi } from './quickMessagesApi';

/** The quick messages the message input suggests from; `request()` loads them the first time it is called. */
export interface QuickAnswerSource {
  records: QuickMessage[];
  request(): void;
}

/**
 * What the signed-in user may use (GET /quick-messages/list), fetched once per ticket view when a slash is first typed
 * and kept current by the `quickmessage` feed.
 */
export function useQuickAnswerSource(): QuickAnswerSource {
  const userId = useAtomValue(userAtom)?.id;
  const [records, setRecords] = useState<QuickMessage[]>([]);
  const requested = useRef(false);
  const loaded = useRef(false);

  const request = useCallback(() => {
    if (requested.current) return;
    requested.current = true;
    quickMessagesApi.usable().then(
      (list) => {
        loaded.current = true;
        setRecords(list);
      },
      (error: unknown) => {
        // The next slash tries again.
        requested.current = false;
        toastError(error);
      },
    );
  }, []);

  useFeed('quickmessage', (payload) => {
    if (loaded.current) setRecords((list) => applyQuickMessageFeed(list, payload, userId));
  });

  useFeedReload(() => {
    if (!loaded.current) return;
    loaded.current = false;
    requested.current = false;
    request();
  });

  return useMemo(() => ({ records, request }), [records, request]);
}

/** The message input's quick answers from what the signed-in user may use: the quick messages' `messageInputTools` part. */
export const useQuickAnswerTool: MessageInputTool = (text, target) => useQuickAnswers(useQuickAnswerSource(), text, target);
