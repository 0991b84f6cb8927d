import type { UserRef } from '@atendo/contracts';
import { useTranslation } from 'react-i18next';
import { RemoteSuggest } from '../../ui/RemoteSuggest';
import { lookups } from '../../api/lookups';

interface TransferUserSearchProps {
  id: string;
  selected: UserRef | null;
  onSelect(user: UserRef | null): void;
}

/** Picks the user a ticket goes to, searched by name (GET /users/list, which any user may ask); clearing it transfers to the queue alone. */
export function TransferUserSearch({ id, selected, onSelect }: TransferUserSearchProps) {
  const { t } = useTranslation();
  return (
    <RemoteSuggest<UserRef>
      id={id}
      testId="transfer-user-search"
      optionTestId="transfer-user-option"
      selected={selected}
      onSelect={onSelect}
      search={lookups.userRefs}
      text={(user) => user.name}
      placeholder={t('tickets.transfer.userPlaceholder')}
      clearLabel={t('tickets.transfer.clearUser')}
      emptyText={({ tooShort, searching }) => {
        if (tooShort) return t('tickets.transfer.typeMore');
        return searching ? t('tickets.transfer.searching') : t('tickets.transfer.noUsers');
      }}
    />
  );
}
