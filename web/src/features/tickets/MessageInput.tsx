import { Button, Intent, TextArea } from '@blueprintjs/core';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/ApiError';
import { toastError } from '../../ui/toaster';

/** Spec §9: the input grows up to 5 rows. */
const MAX_ROWS = 5;

const RETRY_DELAYS_MS = [1_000, 3_000];

/** A v4 UUID: `crypto.randomUUID` exists only in secure contexts, and the console may be served over plain HTTP. */
function newIdempotencyKey(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

interface MessageInputProps {
  /** Only open tickets take messages. */
  disabled: boolean;
  /** Sends a reply; the same idempotency key again (a retry) gives the same message, never a second one. */
  onSend(body: string, idempotencyKey: string): Promise<unknown>;
  /** Pauses before the automatic retries of a send whose outcome is unknown. */
  retryDelaysMs?: number[];
}

/**
 * Whether the reply may have been stored although the answer did not say so: the server was not reached or did not
 * answer (network), or it failed or timed out waiting for its read models. Retrying with the same key is safe.
 */
const unresolved = (error: unknown) => error instanceof ApiError && (error.status === 0 || error.status >= 500);

export function MessageInput({ disabled, onSend, retryDelaysMs = RETRY_DELAYS_MS }: MessageInputProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  /** One key per reply: kept while the text is unchanged and its send unresolved, so every retry reuses it. */
  const reply = useRef<{ body: string; key: string } | null>(null);
  const blank = text.trim() === '';

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
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <form
      className="message-input"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
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
        data-testid="message-input"
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
    </form>
  );
}
