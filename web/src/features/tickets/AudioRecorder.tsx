import { Button, Intent, Spinner } from '@blueprintjs/core';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { VoiceRecorder } from './useVoiceRecorder';

const pad = (n: number) => String(n).padStart(2, '0');
const clock = (ms: number) => `${Math.floor(ms / 60_000)}:${pad(Math.floor(ms / 1000) % 60)}`;

/** The reply box while a voice note is recorded: cancel, the elapsed time, send; Escape cancels. */
export function AudioRecorder({ recorder }: { recorder: VoiceRecorder }) {
  const { t } = useTranslation();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && recorder.state === 'recording') {
      event.preventDefault();
      recorder.cancel();
    }
  };

  if (recorder.state === 'processing') {
    return (
      <div className="audio-recorder" role="status" data-testid="audio-recorder">
        <Spinner size={16} />
        <span>{t('messages.recorder.preparing')}</span>
      </div>
    );
  }
  return (
    <div className="audio-recorder" role="group" aria-label={t('messages.recorder.recording')} onKeyDown={onKeyDown} data-testid="audio-recorder">
      <Button icon="cross" variant="minimal" aria-label={t('messages.recorder.cancel')} title={t('messages.recorder.cancel')} onClick={recorder.cancel} data-testid="recording-cancel" />
      <span className="audio-recorder-dot" aria-hidden />
      <time className="audio-recorder-time" aria-label={t('messages.recorder.elapsed')}>
        {clock(recorder.elapsedMs)}
      </time>
      <Button
        icon="send-message"
        intent={Intent.PRIMARY}
        aria-label={t('messages.recorder.send')}
        title={t('messages.recorder.send')}
        onClick={recorder.send}
        autoFocus
        data-testid="recording-send"
      />
    </div>
  );
}
