import { Classes, Icon, Spinner } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaUrl } from './useMediaUrl';

interface FetchedMediaProps {
  mediaUrl: string | null;
  /** What to show once the file is here, with its object URL. */
  children(url: string): ReactNode;
}

/** A spinner while a message's file loads, a note when it cannot be had, else the file. */
export function FetchedMedia({ mediaUrl, children }: FetchedMediaProps) {
  const { t } = useTranslation();
  const media = useMediaUrl(mediaUrl);
  if (media.status === 'loading') return <Spinner size={20} className="message-media-loading" aria-label={t('messages.media.loading')} />;
  if (media.status === 'unavailable') return <MediaUnavailable />;
  return <>{children(media.url)}</>;
}

export function MediaUnavailable() {
  const { t } = useTranslation();
  return (
    <div className={`message-media-unavailable ${Classes.TEXT_MUTED}`}>
      <Icon icon="media" size={12} /> {t('messages.media.unavailable')}
    </div>
  );
}
