import type { User } from '@atendo/contracts';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { toastSuccess } from '../../ui/toaster';
import { usersApi } from './usersApi';

interface DeleteUserAlertProps {
  /** The user to delete; none when closed. */
  user: User | undefined;
  onClose(): void;
  onDeleted?(user: User): void;
}

/** Asks before DELETE /users/{id} (spec: deletion asks confirmation); a refusal keeps it open to try again. */
export function DeleteUserAlert({ user, onClose, onDeleted }: DeleteUserAlertProps) {
  const { t } = useTranslation();
  const remove = async () => {
    if (!user) return;
    await usersApi.remove(user.id);
    toastSuccess(t('users.deleted'));
    onDeleted?.(user);
  };
  return (
    <ConfirmDialog
      isOpen={user !== undefined}
      title={t('users.confirmDelete.title')}
      confirmText={t('users.confirmDelete.confirm')}
      cancelText={t('users.confirmDelete.cancel')}
      onConfirm={remove}
      onClose={onClose}
      testId="user-delete-alert"
      keepOpenOnError
    >
      <p>{t('users.confirmDelete.message', { name: user?.name ?? '' })}</p>
    </ConfirmDialog>
  );
}
