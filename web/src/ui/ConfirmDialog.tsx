import { Button, Dialog, DialogBody, DialogFooter, Intent, type IconName } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import { toastError } from './toaster';

interface ConfirmDialogProps {
  isOpen: boolean;
  title: string;
  confirmText: string;
  cancelText: string;
  children: ReactNode;
  /** The action; the dialog waits for it (its button spins). A failure is toasted from the catalogue. */
  onConfirm(): Promise<unknown>;
  onClose(): void;
  /** On the dialog's text; its buttons are `<testId>-confirm` and `<testId>-cancel`. */
  testId: string;
  /** A deletion unless told: the trash icon and a red button. */
  icon?: IconName;
  intent?: Intent;
  /** Stays open when the action fails, to try again; otherwise it closes either way. */
  keepOpenOnError?: boolean;
}

const WIDTH = { width: 'min(420px, calc(100vw - 24px))' };

/** Asks "are you sure?" before an action. Blueprint's Alert takes no test ids on its buttons, which the browser tests need. */
export function ConfirmDialog({ isOpen, title, confirmText, cancelText, children, onConfirm, onClose, testId, icon = 'trash', intent = Intent.DANGER, keepOpenOnError = false }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    let failed = false;
    try {
      await onConfirm();
    } catch (error) {
      failed = true;
      toastError(error);
    } finally {
      setBusy(false);
    }
    if (!failed || !keepOpenOnError) onClose();
  };
  return (
    <Dialog isOpen={isOpen} onClose={busy ? undefined : onClose} title={title} icon={icon} role="alertdialog" style={WIDTH}>
      <DialogBody data-testid={testId}>{children}</DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={cancelText} onClick={onClose} disabled={busy} data-testid={`${testId}-cancel`} />
            <Button intent={intent} text={confirmText} loading={busy} onClick={() => void confirm()} data-testid={`${testId}-confirm`} />
          </>
        }
      />
    </Dialog>
  );
}
