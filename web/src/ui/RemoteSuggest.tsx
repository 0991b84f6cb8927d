import '@blueprintjs/select/lib/css/blueprint-select.css';
import { Button, Intent, MenuItem } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';
import { Suggest } from '@blueprintjs/select';
import { useState } from 'react';
import { useRemoteSearch, type RemoteSearch } from './useRemoteSearch';

interface RemoteSuggestProps<T extends { id: number }> {
  /** The input's id (a FormGroup's labelFor). */
  id: string;
  /** Test ids of the input and of each option. */
  testId: string;
  optionTestId: string;
  selected: T | null;
  onSelect(item: T | null): void;
  /** Asks the server; keep its identity between renders. */
  search(searchParam: string): Promise<T[]>;
  text(item: T): string;
  /** Shown at the option's right (a contact's number). */
  label?(item: T): string | undefined;
  icon?(item: T): IconName | undefined;
  placeholder: string;
  /** The clear button's name, shown once an item is chosen. */
  clearLabel: string;
  /** What the list says with no option to offer: too few characters typed, a search under way, or nothing found. */
  emptyText(state: Omit<RemoteSearch<T>, 'items'>): string;
  /** The field's error, when the form shows it. */
  error?: string;
}

/**
 * A picker whose options the server finds as the person types (spec §5: from 3 characters, 500 ms after the last
 * keystroke): the transfer's user, the new ticket's contact.
 */
export function RemoteSuggest<T extends { id: number }>(props: RemoteSuggestProps<T>) {
  const { id, testId, optionTestId, selected, onSelect, search, text, label, icon, placeholder, clearLabel, emptyText, error } = props;
  const [query, setQuery] = useState('');
  const { items, ...state } = useRemoteSearch(query, search);

  const clear = () => {
    onSelect(null);
    setQuery('');
  };

  return (
    <Suggest<T>
      fill
      items={items}
      query={query}
      onQueryChange={setQuery}
      selectedItem={selected}
      onItemSelect={onSelect}
      itemsEqual="id"
      inputValueRenderer={text}
      itemRenderer={(item, { handleClick, handleFocus, modifiers, ref }) => (
        <MenuItem
          key={item.id}
          ref={ref}
          text={text(item)}
          label={label?.(item)}
          icon={icon?.(item)}
          roleStructure="listoption"
          selected={selected?.id === item.id}
          active={modifiers.active}
          onClick={handleClick}
          onFocus={handleFocus}
          data-testid={optionTestId}
        />
      )}
      noResults={<MenuItem disabled multiline roleStructure="listoption" text={emptyText(state)} data-testid={`${optionTestId}-none`} />}
      inputProps={{
        id,
        placeholder,
        intent: error ? Intent.DANGER : Intent.NONE,
        'aria-invalid': error ? true : undefined,
        ...{ 'data-testid': testId },
        rightElement: selected ? <Button variant="minimal" icon="cross" aria-label={clearLabel} title={clearLabel} onClick={clear} /> : undefined,
      }}
      popoverProps={{ minimal: true, matchTargetWidth: true }}
    />
  );
}
