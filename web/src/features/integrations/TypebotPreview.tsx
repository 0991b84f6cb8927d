import Typebot from 'typebot-js';
import { useEffect, useId } from 'react';

/**
 * typebot-js runs any `codeToExecute` and opens any `redirectUrl` a window posts to the console as `{ from: 'typebot' }`,
 * whoever sent it. The preview is only to look at: such messages stop here, before the library's own listener.
 */
function dropTypebotCommands(event: MessageEvent) {
  const data = event.data as { from?: unknown; codeToExecute?: unknown; redirectUrl?: unknown } | null;
  if (data?.from === 'typebot' && (data.codeToExecute || data.redirectUrl)) event.stopImmediatePropagation();
}
if (typeof window !== 'undefined') window.addEventListener('message', dropTypebotCommands, true);

/** The Typebot at `url` (`<server>/<slug>`), live in the modal, as typebot-js embeds it (an iframe in a container). */
export function TypebotPreview({ url }: { url: string }) {
  const id = `typebot-preview-${useId().replace(/[^\w-]/g, '')}`;
  useEffect(() => {
    const container = document.getElementById(id);
    if (!container) return;
    // The library keeps a container's first iframe: a new address needs an empty container.
    container.replaceChildren();
    Typebot.initContainer(id, { url, loadWhenVisible: false });
    return () => container.replaceChildren();
  }, [id, url]);
  return <div id={id} className="typebot-preview" data-testid="typebot-preview" />;
}
