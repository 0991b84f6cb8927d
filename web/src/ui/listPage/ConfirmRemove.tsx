import type { ReactNode } from 'react';
import { ConfirmDialog } from '../ConfirmDialog';
import { toastSuccess } from '../toaster';

interface ConfirmRemoveProps<T> {
  /** The record asked about; none: closed. */
  record: T | undefined;
  title: string;
  confirmText: string;
  cancelText: string;
  testId: string;
  onConfirm(record: T): Promise<unknown>;
  /** Toasted once the deletion is done. */
  doneText?: string;
  onClose(): void;
  /** The question, naming the record. */
  children: ReactNode;
}

/** "Delete this?" for a record of a list; the deletion waits for the confirmation. */
export function ConfirmRemove<T>({ record, onConfirm, doneText, children, ...dialog }: ConfirmRemoveProps<T>) {
  const confirm = async () => {
    if (record === undefined) return;
    await onConfirm(record);
    if (doneText) toastSuccess(doneText);
  };
  return (
    <ConfirmDialog {...dialog} isOpen={record !== undefined} onConfirm={confirm}>
      {children}
    </ConfirmDialog>
  );
}
