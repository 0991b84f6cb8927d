import { Button, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import type { FormEvent, ReactNode } from 'react';

export interface DialogFormProps {
  /** The form's saving state and submit (formik's `isSubmitting` and `handleSubmit`). */
  form: { isSubmitting: boolean; handleSubmit(event?: FormEvent<HTMLFormElement>): void };
  onCancel(): void;
  /**
   * Test ids: the form's, and its buttons'; or their common start (`contact-list` for `contact-list-form`,
   * `contact-list-cancel`, `contact-list-submit`).
   */
  testIds: string | FormTestIds;
  cancelText: string;
  saveText: string;
  /** Cancel waits while saving. */
  cancelWaits?: boolean;
  /** Save waits too (for what the form still loads). */
  saveDisabled?: boolean;
  /** Nothing to save (a record shown read-only): cancel alone closes. */
  saveHidden?: boolean;
  /** Actions before cancel (a delete button). */
  leading?: ReactNode;
  /** The fields. */
  children: ReactNode;
}

export interface FormTestIds {
  form: string;
  cancel: string;
  submit: string;
}

const testIdsOf = (ids: string | FormTestIds): FormTestIds => (typeof ids === 'string' ? { form: `${ids}-form`, cancel: `${ids}-cancel`, submit: `${ids}-submit` } : ids);

/** A record form's texts as a feature words them (its `form` bundle): the two titles and the two buttons. */
export interface RecordWording {
  addTitle: string;
  editTitle: string;
  cancel: string;
  save: string;
}

/** A create-or-update dialog's title and buttons from its feature's wording, e.g. `t('flows.form', { returnObjects: true })`. */
export function recordTexts(wording: RecordWording, adding: boolean): { title: string; cancelText: string; saveText: string } {
  return { title: adding ? wording.addTitle : wording.editTitle, cancelText: wording.cancel, saveText: wording.save };
}

/** A create-or-update form inside a dialog: its fields, then cancel and save (busy while saving). */
export function DialogForm({ form, onCancel, testIds: ids, cancelText, saveText, cancelWaits = false, saveDisabled, saveHidden = false, leading, children }: DialogFormProps) {
  const testIds = testIdsOf(ids);
  return (
    <form onSubmit={form.handleSubmit} noValidate data-testid={testIds.form}>
      <DialogBody>{children}</DialogBody>
      <DialogFooter
        actions={
          <>
            {leading}
            <Button text={cancelText} onClick={onCancel} disabled={cancelWaits && form.isSubmitting} data-testid={testIds.cancel} />
            {!saveHidden && <Button type="submit" intent={Intent.PRIMARY} text={saveText} loading={form.isSubmitting} disabled={saveDisabled} data-testid={testIds.submit} />}
          </>
        }
      />
    </form>
  );
}
