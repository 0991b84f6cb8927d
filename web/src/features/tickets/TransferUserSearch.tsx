import '@blueprintjs/select/lib/css/blueprint-select.css';
import type { UserRef } from '@atendo/contracts';
import { Button, MenuItem } from '@blueprintjs/core';
import { Suggest } from '@blueprintjs/select';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserSearch } from './useUserSearch';

interface TransferUserSearchProps {
  id: string;
  selected: UserRef | null;
  onSelect(user: UserRef | null): void;
}

/** Picks the user a ticket goes to, searched on the server by name; clearing it transfers to the queue alone. */
export function TransferUserSearch({ id, selected, onSelect }: TransferUserSearchProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const { users, searching, tooShort } = useUserSearch(query);
  let emptyText = t('tickets.transfer.noUsers');
  if (tooShort) emptyText = t('tickets.transfer.typeMore');
  else if (searching) emptyText = t('tickets.transfer.searching');

  const clear = () => {
    onSelect(null);
    setQuery('');
  };

  return (
    <Suggest<UserRef>
      fill
      items={users}
      query={query}
      onQueryChange={setQuery}
      selectedItem={selected}
      onItemSelect={onSelect}
      itemsEqual="id"
      inputValueRenderer={(user) => user.name}
      itemRenderer={(user, { handleClick, handleFocus, modifiers, ref }) => (
        <MenuItem
          key={user.id}
          ref={ref}
          text={user.name}
          roleStructure="listoption"
          selected={selected?.id === user.id}
          active={modifiers.active}
          onClick={handleClick}
          onFocus={handleFocus}
          data-testid="transfer-user-option"
        />
      )}
      noResults={<MenuItem disabled roleStructure="listoption" text={emptyText} />}
      inputProps={{
        id,
        placeholder: t('tickets.transfer.userPlaceholder'),
        ...{ 'data-testid': 'transfer-user-search' },
        rightElement: selected ? <Button variant="minimal" icon="cross" aria-label={t('tickets.transfer.clearUser')} title={t('tickets.transfer.clearUser')} onClick={clear} /> : undefined,
      }}
      popoverProps={{ minimal: true, matchTargetWidth: true }}
    />
  );
}
