import type { Message } from '@atendo/contracts';
import { Dialog, DialogBody } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FetchedMedia } from './FetchedMedia';

/** An image message: a preview in the bubble that opens full size in a dialog. */
export function MediaImage({ message }: { message: Message }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const alt = message.body || t('messages.media.image');
  return (
    <FetchedMedia mediaUrl={message.mediaUrl}>
      {(url) => (
        <>
          <button type="button" className="message-image-button" title={t('messages.media.openImage')} onClick={() => setOpen(true)}>
            <img className="message-image" src={url} alt={alt} />
          </button>
          <Dialog isOpen={open} onClose={() => setOpen(false)} title={alt} className="message-image-dialog">
            <DialogBody>
              <img className="message-image-full" src={url} alt={alt} />
            </DialogBody>
          </Dialog>
        </>
      )}
    </FetchedMedia>
  );
}
