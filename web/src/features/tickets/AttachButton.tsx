import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AttachDialog } from './AttachDialog';
import { RowButton } from '../../ui/listPage/RowButton';
import { ACCEPTED_MEDIA, type MediaDraft } from '../../ui/mediaFiles';

interface AttachButtonProps {
  disabled: boolean;
  onSend(draft: MediaDraft): void;
}

/** The paperclip: picks files, then a dialog takes an optional caption before they are sent. */
export function AttachButton({ disabled, onSend }: AttachButtonProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);

  return (
    <>
      <RowButton icon="paperclip" label={t('messages.attach.button')} disabled={disabled} onClick={() => input.current?.click()} testId="message-attach" />
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={ACCEPTED_MEDIA}
        aria-label={t('messages.attach.pick')}
        data-testid="message-attach-input"
        onChange={(event) => {
          setFiles([...(event.currentTarget.files ?? [])]);
          // The same file chosen again (after cancelling) must still open the dialog.
          event.currentTarget.value = '';
        }}
      />
      <AttachDialog
        files={files}
        onChange={setFiles}
        onClose={() => setFiles([])}
        onSend={(caption) => {
          onSend({ files, caption, voice: false });
          setFiles([]);
        }}
      />
    </>
  );
}
