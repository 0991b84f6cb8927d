import type { ReactNode } from 'react';
import { ConfirmDialog } from '../ConfirmDialog';

interface ConfirmRemoveProps<T> {
  /** The record asked about; none: closed. */
  record: T | undefined;
  title: string;
  confirmText: string;
  cancelText: string;
  testId: string;
  onConfirm(record: T): Promise<unknown>;
  onClose(): void;
  /** The question, naming the record. */
  children: ReactNode;
}

/** "Delete this?" for a record of a list; the deletion waits for the confirmation. */
export function ConfirmRemove<T>({ record, onConfirm, children, ...dialog }: ConfirmRemoveProps<T>) {
  return (
    <ConfirmDialog {...dialog} isOpen={record !== undefined} onConfirm={() => (record === undefined ? Promise.resolve() : onConfirm(record))}>
      {children}
    </ConfirmDialog>
  );
}
