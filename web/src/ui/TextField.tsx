import { FormGroup, InputGroup, Intent, type InputGroupProps } from '@blueprintjs/core';
import type { ReactNode } from 'react';

export interface TextFieldProps extends Omit<InputGroupProps, 'id' | 'intent'> {
  /** The input's id, also its test id (`company-name`). */
  id: string;
  label: ReactNode;
  /** The field's error when it is to be shown (the form decides: touched, submitted); it replaces `helper`. */
  error?: string;
  helper?: ReactNode;
}

/**
 * A labelled text input of a formik form, red with its error under it: `<TextField id="plan-name" label={…}
 * error={errorOf('name')} {...formik.getFieldProps('name')} />`.
 */
export function TextField({ id, label, error, helper, ...input }: TextFieldProps) {
  const intent = error ? Intent.DANGER : Intent.NONE;
  return (
    <FormGroup label={label} labelFor={id} helperText={error ?? helper} intent={intent}>
      <InputGroup id={id} data-testid={id} intent={intent} aria-invalid={error ? true : undefined} {...input} />
    </FormGroup>
  );
}
