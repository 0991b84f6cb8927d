import { Dialog, DialogBody, NonIdealState, Spinner, type DialogProps } from '@blueprintjs/core';
import type { ReactNode } from 'react';

interface LoadingDialogProps extends Pick<DialogProps, 'title' | 'icon' | 'className' | 'onClose'> {
  /** What the form starts from: a spinner while it is read, `failedText` when the read was refused (and toasted). */
  load: 'waiting' | 'failed' | 'ready';
  failedText: string;
  /** The form (a DialogForm), once what it starts from is read. */
  children: ReactNode;
}

/** A create-or-update dialog whose form waits for what it edits (the record, the options of its selects). */
export function LoadingDialog({ load, failedText, children, ...dialog }: LoadingDialogProps) {
  return (
    <Dialog isOpen {...dialog}>
      {load === 'waiting' && (
        <DialogBody>
          <Spinner size={32} />
        </DialogBody>
      )}
      {load === 'failed' && (
        <DialogBody>
          <NonIdealState icon="error" description={failedText} />
        </DialogBody>
      )}
      {load === 'ready' && children}
    </Dialog>
  );
}
