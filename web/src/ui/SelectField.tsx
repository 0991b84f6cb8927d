import { FormGroup, HTMLSelect, Intent, type HTMLSelectProps } from '@blueprintjs/core';
import type { FieldInputProps } from 'formik';
import type { ReactNode } from 'react';

export interface SelectFieldProps extends Omit<HTMLSelectProps, 'id'> {
  /** The select's id, also its test id (`connection-promptId`). */
  id: string;
  label: ReactNode;
  /** The field's error when it is to be shown; it replaces `helper`. */
  error?: string;
  helper?: ReactNode;
  /** The form group's class. */
  groupClassName?: string;
}

/** A labelled select of a formik form that fills its row, with its error under it. */
export function SelectField({ id, label, error, helper, groupClassName, ...select }: SelectFieldProps) {
  return (
    <FormGroup label={label} labelFor={id} helperText={error ?? helper} intent={error ? Intent.DANGER : Intent.NONE} className={groupClassName}>
      <HTMLSelect id={id} data-testid={id} fill {...select} />
    </FormGroup>
  );
}

/** Formik's props of a field, for a select: one value, so without the checkbox's `checked` and the multi-select's `multiple`. */
export function selectFieldProps({ multiple: _multiple, checked: _checked, ...field }: FieldInputProps<unknown>): Pick<SelectFieldProps, 'name' | 'value' | 'onChange' | 'onBlur'> {
  return field as Pick<SelectFieldProps, 'name' | 'value' | 'onChange' | 'onBlur'>;
}
