import type { User } from '@atendo/contracts';
import { Button, H3, HTMLTable, InputGroup, Intent, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInfiniteScroll } from '../../ui/useInfiniteScroll';
import { useDebouncedValue } from '../../ui/useDebouncedValue';
import { userAtom } from '../../app/sessionAtoms';
import { DeleteUserAlert } from './DeleteUserAlert';
import { UserDialog } from './UserDialog';
import { UserRow } from './UserRow';
import { useUserList } from './useUserList';
import './users.css';

/** Spec §9: searches wait 500 ms after the last key; the next page loads within 100 px of the bottom. */
const SEARCH_DEBOUNCE_MS = 500;

/** The dialog's user (none: a new one); `key` gives each opening a fresh form. */
interface DialogState {
  isOpen: boolean;
  user?: User;
  key: number;
}

/** The users table with its search, its dialogs and infinite scroll. */
export function UsersManager() {
  const { t } = useTranslation();
  const me = useAtomValue(userAtom);
  const [text, setText] = useState('');
  const searchParam = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const { users, count, loading, loadMore, reload } = useUserList(searchParam);
  const [dialog, setDialog] = useState<DialogState>();
  const [deleting, setDeleting] = useState<User>();
  const open = (user?: User) => setDialog((d) => ({ isOpen: true, user, key: (d?.key ?? 0) + 1 }));

  const { ref: scroller, onScroll } = useInfiniteScroll(loadMore, users);

  return (
    <div className="shell-page users-root" data-testid="page">
      <div className="users-page">
        <div className="users-header">
          <H3>
            {t('users.title')}{' '}
            <Tag minimal round data-testid="users-count">
              {t('users.count', { count })}
            </Tag>
          </H3>
          <InputGroup
            type="search"
            leftIcon="search"
            className="users-search"
            aria-label={t('users.searchLabel')}
            placeholder={t('users.searchPlaceholder')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            data-testid="users-search"
          />
          <Button intent={Intent.PRIMARY} icon="new-person" text={t('users.add')} onClick={() => open()} data-testid="users-add" />
        </div>
        <div className="users-table-scroll" ref={scroller} onScroll={onScroll} data-testid="users-scroll">
          <HTMLTable striped interactive className="users-table" data-testid="users-table">
            <thead>
              <tr>
                <th>{t('users.columns.name')}</th>
                <th className="users-col-email">{t('users.columns.email')}</th>
                <th className="users-col-profile">{t('users.columns.profile')}</th>
                <th>{t('users.columns.queues')}</th>
                <th className="users-col-status">{t('users.columns.online')}</th>
                <th className="users-actions">{t('users.columns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {users.map((user) => (
                <UserRow key={user.id} user={user} isSelf={user.id === me?.id} onEdit={open} onDelete={setDeleting} />
              ))}
            </tbody>
          </HTMLTable>
          {users.length === 0 && !loading && <NonIdealState icon="people" description={t('users.empty')} />}
          {loading && (
            <div className="users-loading">
              <Spinner size={24} />
            </div>
          )}
        </div>
      </div>
      {dialog && (
        <UserDialog key={dialog.key} isOpen={dialog.isOpen} user={dialog.user} onClose={() => setDialog({ ...dialog, isOpen: false })} onSaved={reload} />
      )}
      <DeleteUserAlert user={deleting} onClose={() => setDeleting(undefined)} onDeleted={reload} />
    </div>
  );
}
