import { useTranslation } from 'react-i18next';
import { ClosedPage } from '../../ui/ClosedPage';
import { useCan } from '../../app/useCan';
import { UsersManager } from './UsersManager';

/** /users (admins): the company's users, searchable, page by page; add, edit and delete. */
export function UsersPage() {
  const { t } = useTranslation();
  const can = useCan();
  if (!can('users:manage')) return <ClosedPage text={t('users.noPermission')} />;
  return <UsersManager />;
}
