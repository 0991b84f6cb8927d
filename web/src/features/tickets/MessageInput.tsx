import { Button, Intent, TextArea } from '@blueprintjs/core';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../ui/toaster';

/** Spec §9: the input grows up to 5 rows. */
const MAX_ROWS = 5;

interface MessageInputProps {
  /** Only open tickets take messages. */
  disabled: boolean;
  onSend(body: string): Promise<unknown>;
}

export function MessageInput({ disabled, onSend }: MessageInputProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const blank = text.trim() === '';

  const send = async () => {
    if (blank || sending || disabled) return;
    setSending(true);
    try {
      await onSend(text.trim());
      setText('');
    } catch (error) {
      // What the user typed stays in the box so that they can try again.
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
