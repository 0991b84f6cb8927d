import type { Message } from '@atendo/contracts';
import { AnchorButton, Icon } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { MediaUnavailable } from './FetchedMedia';
import { useMediaUrl } from './useMediaUrl';

/** The name a download gets: the file's name as the message has it, without any folder; the stored file's extension if it has none. */
export function downloadName(body: string, mediaUrl: string | null): string {
  const name = (body.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  const stored = (mediaUrl ?? '').split('/').pop() ?? '';
  const ext = /\.[A-Za-z0-9]{1,8}$/.exec(stored)?.[0] ?? '';
  if (!name) return stored || 'file';
  return /\.[A-Za-z0-9]{1,8}$/.test(name) ? name : `${name}${ext}`;
}

/** A document message: its icon and name, and a download of the file. */
export function MediaDocument({ message }: { message: Message }) {
  const { t } = useTranslation();
  const media = useMediaUrl(message.mediaUrl);
  const name = downloadName(message.body, message.mediaUrl);
  return (
    <div className="message-document" data-testid="message-document">
      <Icon icon="document" size={20} />
      <span className="message-document-name">{name}</span>
      {media.status === 'unavailable' ? (
        <MediaUnavailable />
      ) : (
        <AnchorButton
          icon="download"
          variant="minimal"
          text={t('messages.media.download')}
          href={media.status === 'ready' ? media.url : undefined}
          download={name}
          loading={media.status === 'loading'}
        />
      )}
    </div>
  );
}
