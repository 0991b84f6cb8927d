import { Button, Intent, TextArea } from '@blueprintjs/core';
import { Fragment, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/ApiError';
import { toastError } from '../../ui/toaster';
import type { MessageInputAddOn, MessageInputTarget, MessageInputTool } from '../feature';
import { AttachButton } from './AttachButton';
import { AttachDialog } from './AttachDialog';
import { AudioRecorder } from './AudioRecorder';
import { newIdempotencyKey } from './idempotencyKey';
import type { MediaDraft } from '../../ui/mediaFiles';
import { PendingUploads } from './PendingUploads';
import { useMediaUploads } from './useMediaUploads';
import { useVoiceRecorder } from './useVoiceRecorder';

/** Spec §9: the input grows up to 5 rows. */
const MAX_ROWS = 5;

const RETRY_DELAYS_MS = [1_000, 3_000];

interface MessageInputProps {
  /** Only open tickets take messages (typed, attached or recorded). */
  disabled: boolean;
  /** Sends a reply; the same idempotency key again (a retry) gives the same message, never a second one. */
  onSend(body: string, idempotencyKey: string): Promise<unknown>;
  /** Sends files (attached, or a recorded voice note), under the same promise about the key. */
  onSendMedia(draft: MediaDraft, idempotencyKey: string): Promise<unknown>;
  /** Pauses before the automatic retries of a send whose outcome is unknown. */
  retryDelaysMs?: number[];
  /**
   * What other features offer as the user types (their `messageInputTools`, the quick answers); none, nothing. The same
   * tools for as long as the input is shown.
   */
  tools?: readonly MessageInputTool[];
}

const NO_TOOLS: readonly MessageInputTool[] = [];

/**
 * Whether the reply may have been stored although the answer did not say so: the server was not reached or did not
 * answer (network), or it failed or timed out waiting for its read models. Retrying with the same key is safe.
 */
const unresolved = (error: unknown) => error instanceof ApiError && (error.status === 0 || error.status >= 500);

export function MessageInput({ disabled, onSend, onSendMedia, retryDelaysMs = RETRY_DELAYS_MS, tools = NO_TOOLS }: MessageInputProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  /** One key per reply: kept while the text is unchanged and its send unresolved, so every retry reuses it. */
  const reply = useRef<{ body: string; key: string } | null>(null);
  const blank = text.trim() === '';
  const uploads = useMediaUploads(onSendMedia);
  const recorder = useVoiceRecorder((file) => uploads.send({ files: [file], caption: '', voice: true }));
  const recording = recorder.state === 'recording' || recorder.state === 'processing';
  const micButton = useRef<HTMLButtonElement>(null);
  const wasRecording = useRef(false);
  /** A file a tool picked (a quick message's), waiting in the attach dialog. */
  const [quickFiles, setQuickFiles] = useState<File[]>([]);
  const target: MessageInputTarget = { setText, addFiles: setQuickFiles };
  // The tools are hooks, called in the same order on every render: the list does not change while the input is shown.
  const addOns = tools.map((useTool) => useTool(text, target));
  const inputProps = addOns.reduce<MessageInputAddOn['inputProps']>((props, addOn) => ({ ...props, ...addOn.inputProps }), {});

  // After a recording the keyboard goes on from the microphone button, which the recorder's buttons replaced.
  useEffect(() => {
    if (wasRecording.current && !recording) micButton.current?.focus();
    wasRecording.current = recording;
  }, [recording]);

  const send = async () => {
    if (blank || sending || disabled) return;
    const body = text.trim();
    if (reply.current?.body !== body) reply.current = { body, key: newIdempotencyKey() };
    const { key } = reply.current;
    setSending(true);
    try {
      for (let attempt = 0; ; attempt++) {
        try {
          await onSend(body, key);
          break;
        } catch (error) {
          if (!unresolved(error) || attempt >= retryDelaysMs.length) throw error;
          await new Promise((resolve) => setTimeout(resolve, retryDelaysMs[attempt]));
        }
      }
      reply.current = null;
      setText('');
    } catch (error) {
      // What the user typed stays in the box, with its key: sending it again cannot make a second message.
      toastError(error);
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (addOns.some((addOn) => addOn.onKeyDown(event))) return;
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <>
      <PendingUploads uploads={uploads.pending} onRetry={uploads.retry} onDiscard={uploads.discard} />
      {addOns.map((addOn, index) => (
        <Fragment key={index}>{addOn.above}</Fragment>
      ))}
      <form
        className="message-input"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        {recording ? (
          <AudioRecorder recorder={recorder} />
        ) : (
          <>
            <AttachButton disabled={disabled} onSend={uploads.send} />
            <TextArea
              fill
              aria-label={t('messages.input.label')}
              placeholder={disabled ? t('messages.input.closed') : t('messages.input.placeholder')}
              rows={Math.min(MAX_ROWS, text.split('\n').length)}
              value={text}
              disabled={disabled}
              readOnly={sending}
              onChange={(event) => setText(event.currentTarget.value)}
              onKeyDown={onKeyDown}
              {...inputProps}
              data-testid="message-input"
            />
            <Button
              ref={micButton}
              icon="microphone"
              variant="minimal"
              aria-label={t('messages.recorder.record')}
              title={t('messages.recorder.record')}
              disabled={disabled}
              loading={recorder.state === 'starting'}
              onClick={recorder.start}
              data-testid="message-record"
            />
            <Button
              type="submit"
              icon="send-message"
              intent={Intent.PRIMARY}
              aria-label={t('messages.input.send')}
              title={t('messages.input.send')}
              disabled={disabled || blank}
              loading={sending}
              data-testid="message-send"
            />
          </>
        )}
      </form>
      <AttachDialog
        files={quickFiles}
        onChange={setQuickFiles}
        onClose={() => setQuickFiles([])}
        onSend={(caption) => {
          uploads.send({ files: quickFiles, caption, voice: false });
          setQuickFiles([]);
        }}
      />
    </>
  );
}
