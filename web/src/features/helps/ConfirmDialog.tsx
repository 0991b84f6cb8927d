import { Button, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';

interface ConfirmDialogProps {
  isOpen: boolean;
  title: string;
  confirmText: string;
  cancelText: string;
  children: ReactNode;
  /** The action; the dialog waits for it (its button spins) and closes after. */
  onConfirm(): Promise<void>;
  onClose(): void;
  testId: string;
}

/** Asks before a deletion. Blueprint's Alert takes no test ids on its buttons, which the browser tests need. */
export function ConfirmDialog({ isOpen, title, confirmText, cancelText, children, onConfirm, onClose, testId }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      onClose();
    }
  };
  return (
    <Dialog isOpen={isOpen} onClose={busy ? undefined : onClose} title={title} icon="trash" className="confirm-dialog">
      <DialogBody data-testid={testId}>{children}</DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={cancelText} onClick={onClose} disabled={busy} data-testid={`${testId}-cancel`} />
            <Button intent={Intent.DANGER} text={confirmText} loading={busy} onClick={() => void confirm()} data-testid={`${testId}-confirm`} />
          </>
        }
      />
    </Dialog>
  );
}
