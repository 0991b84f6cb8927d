import { Button, Dialog, DialogBody, DialogFooter, Intent, type DialogProps } from '@blueprintjs/core';
import type { FormEvent, ReactNode } from 'react';

export interface FormDialogProps extends Pick<DialogProps, 'title' | 'icon' | 'className' | 'canOutsideClickClose'> {
  /** The form's saving state and submit (formik's `isSubmitting` and `handleSubmit`). */
  form: { isSubmitting: boolean; handleSubmit(event?: FormEvent<HTMLFormElement>): void };
  isOpen?: boolean;
  onClose(): void;
  /** Test ids: the form's, and its buttons' (`contact-list-form`, `contact-list-cancel`, `contact-list-submit`). */
  testIds: { form: string; cancel: string; submit: string };
  cancelText: string;
  saveText: string;
  /** While saving, the dialog neither closes nor cancels (default); false keeps both open to the user. */
  lockWhileSaving?: boolean;
  /** The fields. */
  children: ReactNode;
}

/** A create-or-update form in a dialog: its fields, then cancel and save (busy while saving). */
export function FormDialog({ form, isOpen = true, onClose, testIds, cancelText, saveText, lockWhileSaving = true, children, ...dialog }: FormDialogProps) {
  const locked = lockWhileSaving && form.isSubmitting;
  return (
    <Dialog isOpen={isOpen} onClose={locked ? undefined : onClose} {...dialog}>
      <form onSubmit={form.handleSubmit} noValidate data-testid={testIds.form}>
        <DialogBody>{children}</DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={cancelText} onClick={onClose} disabled={locked} data-testid={testIds.cancel} />
              <Button type="submit" intent={Intent.PRIMARY} text={saveText} loading={form.isSubmitting} data-testid={testIds.submit} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
