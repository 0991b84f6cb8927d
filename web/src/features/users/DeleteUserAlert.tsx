import type { User } from '@atendo/contracts';
import { Alert, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError, toastSuccess } from '../../ui/toaster';
import { usersApi } from './usersApi';

interface DeleteUserAlertProps {
  /** The user to delete; none when closed. */
  user: User | undefined;
  onClose(): void;
  onDeleted?(user: User): void;
}

/** Asks before DELETE /users/{id} (spec: deletion asks confirmation). */
export function DeleteUserAlert({ user, onClose, onDeleted }: DeleteUserAlertProps) {
  const { t } = useTranslation();
  const [deleting, setDeleting] = useState(false);
  const confirm = async () => {
    if (!user) return;
    setDeleting(true);
    try {
      await usersApi.remove(user.id);
      toastSuccess(t('users.deleted'));
      onDeleted?.(user);
      onClose();
    } catch (error) {
      toastError(error);
    } finally {
      setDeleting(false);
    }
  };
  return (
    <Alert
      isOpen={user !== undefined}
      intent={Intent.DANGER}
      icon="trash"
      confirmButtonText={t('users.confirmDelete.confirm')}
      cancelButtonText={t('users.confirmDelete.cancel')}
      loading={deleting}
      canEscapeKeyCancel
      onConfirm={() => void confirm()}
      onCancel={onClose}
      className="user-dialog"
    >
      <p data-testid="user-delete-alert">{t('users.confirmDelete.message', { name: user?.name ?? '' })}</p>
    </Alert>
  );
}
