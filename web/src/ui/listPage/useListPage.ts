import { useCallback, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '../useRemoteSearch';
import { useDebouncedValue } from '../useDebouncedValue';

/** The open dialog: what it edits (nothing: a new record) and a key that gives each opening a fresh form. */
export interface EditDialog<T> {
  key: number;
  editing: T | undefined;
  /** False while it closes: it stays mounted for Blueprint's closing transition. */
  isOpen: boolean;
}

/**
 * The state a record list keeps: the search as typed and as asked (trimmed, 500 ms after the last key, spec §9),
 * the add-or-edit dialog and the record waiting for its delete confirmation.
 */
export function useListPage<T>() {
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const [dialog, setDialog] = useState<EditDialog<T>>();
  const [deleting, setDeleting] = useState<T>();
  const open = useCallback((editing?: T) => setDialog((d) => ({ key: (d?.key ?? 0) + 1, editing, isOpen: true })), []);
  const close = useCallback(() => setDialog((d) => d && { ...d, isOpen: false }), []);
  const stopDeleting = useCallback(() => setDeleting(undefined), []);
  return { text, setText, search, dialog, open, close, deleting, askDelete: setDeleting, stopDeleting };
}
