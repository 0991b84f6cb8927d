import type { Prompt, PromptFeedPayload } from '@atendo/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useFeed, useFeedReload } from '../../realtime/useFeed';
import { toastError } from '../../ui/toaster';
import { applyPromptFeed } from './promptList';
import { promptsApi } from './promptsApi';

/** The company's prompts (GET /prompt), kept current by the `prompt` channel. */
export function usePrompts() {
  const [prompts, setPrompts] = useState<Prompt[]>([]);
  const [loading, setLoading] = useState(true);
  const reload = useCallback(() => {
    let live = true;
    setLoading(true);
    promptsApi
      .list()
      .then((page) => live && setPrompts(page.prompts), toastError)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, []);
  useEffect(reload, [reload]);
  useFeed('prompt', (payload) => setPrompts((list) => applyPromptFeed(list, payload)));
  useFeedReload(reload);
  const apply = useCallback((payload: PromptFeedPayload) => setPrompts((list) => applyPromptFeed(list, payload)), []);
  return { prompts, loading, apply };
}
