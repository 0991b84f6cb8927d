import { Button, Dialog, DialogBody, DialogFooter, FormGroup, Icon, Intent, TextArea } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface AttachDialogProps {
  /** The chosen files; the dialog is open while there are some. */
  files: File[];
  onChange(files: File[]): void;
  onClose(): void;
  onSend(caption: string): void;
}

const size = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`);

/** The files about to be sent, each removable, and the caption that goes with them. */
export function AttachDialog({ files, onChange, onClose, onSend }: AttachDialogProps) {
  const { t } = useTranslation();
  const [caption, setCaption] = useState('');
  const open = files.length > 0;
  useEffect(() => {
    if (!open) setCaption('');
  }, [open]);

  return (
    <Dialog isOpen={open} onClose={onClose} title={t('messages.attach.title')} icon="paperclip">
      <DialogBody>
        <ul className="attach-files" data-testid="attach-files">
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`}>
              <Icon icon="document" size={14} />
              <span className="attach-file-name">{file.name}</span>
              <span className="attach-file-size">{size(file.size)}</span>
              <Button
                icon="cross"
                variant="minimal"
                size="small"
                aria-label={t('messages.attach.remove', { name: file.name })}
                onClick={() => onChange(files.filter((_, i) => i !== index))}
              />
            </li>
          ))}
        </ul>
        <FormGroup label={t('messages.attach.caption')} labelFor="attach-caption">
          <TextArea id="attach-caption" className="attach-caption" autoFocus fill rows={2} value={caption} onChange={(event) => setCaption(event.currentTarget.value)} />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('messages.attach.cancel')} onClick={onClose} />
            <Button intent={Intent.PRIMARY} icon="send-message" text={t('messages.attach.send')} onClick={() => onSend(caption)} data-testid="attach-send" />
          </>
        }
      />
    </Dialog>
  );
}
