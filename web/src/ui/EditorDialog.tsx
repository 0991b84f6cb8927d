import { Dialog, DialogBody, Spinner } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';

interface EditorDialogProps {
  isOpen: boolean;
  onClose(): void;
  /** A record is edited (the edit icon), or one is added (the add icon). */
  editing: boolean;
  title: string;
  /** The dialog's class; its spinner is `<className>-loading` (class and test id). */
  className: string;
  /** While false the record is still being read: a spinner named `loadingLabel` stands for the form. */
  ready?: boolean;
  loadingLabel?: string;
  /** The form, told how to report that it holds changes: then a click outside no longer closes the dialog. */
  children(onDirty: (dirty: boolean) => void): ReactNode;
}

/** The dialog around a record's form that says whether it was changed (queues, tags, connections). */
export function EditorDialog({ isOpen, onClose, editing, title, className, ready = true, loadingLabel, children }: EditorDialogProps) {
  const [dirty, setDirty] = useState(false);
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={title} icon={editing ? 'edit' : 'add'} className={className} canOutsideClickClose={!dirty}>
      {ready ? (
        children(setDirty)
      ) : (
        <DialogBody>
          <div className={`${className}-loading`} aria-label={loadingLabel} data-testid={`${className}-loading`}>
            <Spinner size={32} />
          </div>
        </DialogBody>
      )}
    </Dialog>
  );
}
