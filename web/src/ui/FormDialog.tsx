import { Dialog, type DialogProps } from '@blueprintjs/core';
import { DialogForm, type DialogFormProps } from './DialogForm';

export interface FormDialogProps extends Omit<DialogFormProps, 'onCancel' | 'cancelWaits'>, Pick<DialogProps, 'title' | 'icon' | 'className' | 'style' | 'canOutsideClickClose'> {
  isOpen?: boolean;
  onClose(): void;
  /** While saving: the dialog neither closes nor cancels ('locked', the default), only cancel waits, or both stay open to the user. */
  whileSaving?: 'locked' | 'cancel waits' | 'open';
}

/** A create-or-update form in its own dialog (see DialogForm). */
export function FormDialog({ form, isOpen = true, onClose, whileSaving = 'locked', children, ...rest }: FormDialogProps) {
  const { testIds, cancelText, saveText, saveDisabled, saveHidden, leading, ...dialog } = rest;
  return (
    <Dialog isOpen={isOpen} onClose={whileSaving === 'locked' && form.isSubmitting ? undefined : onClose} {...dialog}>
      <DialogForm form={form} onCancel={onClose} testIds={testIds} cancelText={cancelText} saveText={saveText} saveDisabled={saveDisabled} saveHidden={saveHidden} leading={leading} cancelWaits={whileSaving !== 'open'}>
        {children}
      </DialogForm>
    </Dialog>
  );
}
export { recordTexts, type RecordWording } from './DialogForm';
