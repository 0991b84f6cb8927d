import type { User } from '@atendo/contracts';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../ui/listPage/ListPage';
import { ListTable } from '../../ui/listPage/ListTable';
import { PagedList } from '../../ui/listPage/PagedList';
import { useListPage } from '../../ui/listPage/useListPage';
import { userAtom } from '../../app/sessionAtoms';
import { DeleteUserAlert } from './DeleteUserAlert';
import { UserDialog } from './UserDialog';
import { UserRow } from './UserRow';
import { useUserList } from './useUserList';
import './users.css';

/** The users table with its search, its dialogs and infinite scroll. */
export function UsersManager() {
  const { t } = useTranslation();
  const me = useAtomValue(userAtom);
  const page = useListPage<User>();
  const { users, count, loading, loadMore, reload } = useUserList(page.search);
  const columns = [
    { label: t('users.columns.name') },
    { label: t('users.columns.email'), className: 'users-col-email' },
    { label: t('users.columns.profile'), className: 'users-col-profile' },
    { label: t('users.columns.queues') },
    { label: t('users.columns.online'), className: 'users-col-status' },
    { label: t('users.columns.actions'), className: 'list-page-actions' },
  ];

  return (
    <ListPage
      title={t('users.title')}
      count={{ text: t('users.count', { count }), testId: 'users-count' }}
      search={{ text: page.text, onText: page.setText, label: t('users.searchLabel'), placeholder: t('users.searchPlaceholder'), testId: 'users-search' }}
      add={{ text: t('users.add'), icon: 'new-person', onClick: () => page.open(), testId: 'users-add' }}
    >
      <PagedList items={users} loading={loading} loadMore={loadMore} empty={{ icon: 'people', text: t('users.empty') }} testId="users-scroll">
        <ListTable columns={columns} interactive className="users-table" testId="users-table">
          {users.map((user) => (
            <UserRow key={user.id} user={user} isSelf={user.id === me?.id} onEdit={page.open} onDelete={page.askDelete} />
          ))}
        </ListTable>
      </PagedList>
      {page.dialog && <UserDialog key={page.dialog.key} isOpen={page.dialog.isOpen} user={page.dialog.editing} onClose={page.close} onSaved={reload} />}
      <DeleteUserAlert user={page.deleting} onClose={page.stopDeleting} onDeleted={reload} />
    </ListPage>
  );
}
