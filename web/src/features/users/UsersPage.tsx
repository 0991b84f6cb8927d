import { NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../app/useCan';
import { UsersManager } from './UsersManager';

/** /users (admins): the company's users, searchable, page by page; add, edit and delete. */
export function UsersPage() {
  const { t } = useTranslation();
  const can = useCan();
  if (!can('users:manage')) {
    return (
      <div className="shell-page" data-testid="page">
        <NonIdealState icon="lock" description={t('users.noPermission')} />
      </div>
    );
  }
  return <UsersManager />;
}
