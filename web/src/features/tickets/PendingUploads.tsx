import { Button, Card, Classes, Icon, Intent, ProgressBar } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { PendingUpload } from './useMediaUploads';

interface PendingUploadsProps {
  uploads: PendingUpload[];
  onRetry(upload: PendingUpload): void;
  onDiscard(upload: PendingUpload): void;
}

/**
 * Our files while they upload (fetch tells nothing of an upload's progress: the bar runs until the server answers),
 * and those that failed, kept to send again.
 */
export function PendingUploads({ uploads, onRetry, onDiscard }: PendingUploadsProps) {
  const { t } = useTranslation();
  if (uploads.length === 0) return null;
  return (
    <div className="pending-uploads">
      {uploads.map((upload) => {
        const { files, caption, voice } = upload.draft;
        return (
          <div className="message-row message-row-me" key={upload.id}>
            <Card className="message-bubble pending-upload" data-testid="pending-upload" data-status={upload.status}>
              <div className="pending-upload-files">
                <Icon icon={voice ? 'microphone' : 'paperclip'} size={14} />
                <span>{voice ? t('messages.recorder.voiceNote') : files.map((f) => f.name).join(', ')}</span>
              </div>
              {caption && <div className="message-body">{caption}</div>}
              {upload.status === 'sending' ? (
                <ProgressBar intent={Intent.PRIMARY} aria-label={t('messages.attach.sending')} />
              ) : (
                <div className="message-failure">
                  <span className={Classes.INTENT_DANGER}>
                    <Icon icon="warning-sign" size={12} intent={Intent.DANGER} /> {t('messages.ack.failed')}
                  </span>
                  <Button size="small" variant="minimal" icon="refresh" intent={Intent.PRIMARY} text={t('messages.failure.sendAgain')} onClick={() => onRetry(upload)} />
                  <Button size="small" variant="minimal" icon="trash" text={t('messages.attach.discard')} onClick={() => onDiscard(upload)} />
                </div>
              )}
            </Card>
          </div>
        );
      })}
    </div>
  );
}
