import type { Message } from '@atendo/contracts';
import { Alert, Button, Intent } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError, toastSuccess } from '../../ui/toaster';
import { userAtom } from '../../app/sessionAtoms';
import { ticketsApi } from './ticketsApi';

/** Deletes one's own sent message, after asking (spec: only own messages can be deleted); the feed shows it deleted. */
export function DeleteMessageButton({ message }: { message: Message }) {
  const { t } = useTranslation();
  const user = useAtomValue(userAtom);
  const [asking, setAsking] = useState(false);
  const [deleting, setDeleting] = useState(false);
  if (!message.fromMe || message.isDeleted || message.userId == null || message.userId !== user?.id) return null;
  const remove = async () => {
    setDeleting(true);
    try {
      await ticketsApi.deleteMessage(message.id);
      toastSuccess(t('messages.delete.done'));
      setAsking(false);
    } catch (error) {
      toastError(error);
    } finally {
      setDeleting(false);
    }
  };
  return (
    <>
      <Button
        size="small"
        variant="minimal"
        icon="trash"
        className="message-delete"
        aria-label={t('messages.delete.label')}
        title={t('messages.delete.label')}
        onClick={() => setAsking(true)}
        data-testid="message-delete"
      />
      <Alert
        isOpen={asking}
        intent={Intent.DANGER}
        icon="trash"
        confirmButtonText={t('messages.delete.confirm')}
        cancelButtonText={t('messages.delete.cancel')}
        loading={deleting}
        onConfirm={() => void remove()}
        onCancel={() => setAsking(false)}
      >
        {t('messages.delete.question')}
      </Alert>
    </>
  );
}
