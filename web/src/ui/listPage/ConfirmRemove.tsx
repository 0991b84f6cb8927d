import type { ReactNode } from 'react';
import { ConfirmDialog } from '../ConfirmDialog';
import { toastSuccess } from '../toaster';

/** What a delete confirmation says: its title (the confirm button's text unless told), its buttons, and the toast once done. */
export interface RemoveWording {
  title?: string;
  confirm: string;
  cancel: string;
  done?: string;
}

interface ConfirmRemoveProps<T> {
  /** The record asked about; none: closed. */
  record: T | undefined;
  words: RemoveWording;
  testId: string;
  onConfirm(record: T): Promise<unknown>;
  onClose(): void;
  /** The question, naming the record. */
  children: ReactNode;
}

/** "Delete this?" for a record of a list; the deletion waits for the confirmation. */
export function ConfirmRemove<T>({ record, words, testId, onConfirm, onClose, children }: ConfirmRemoveProps<T>) {
  const confirm = async () => {
    if (record === undefined) return;
    await onConfirm(record);
    if (words.done) toastSuccess(words.done);
  };
  return (
    <ConfirmDialog isOpen={record !== undefined} title={words.title ?? words.confirm} confirmText={words.confirm} cancelText={words.cancel} testId={testId} onConfirm={confirm} onClose={onClose}>
      {children}
    </ConfirmDialog>
  );
}
