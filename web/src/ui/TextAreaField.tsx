import { FormGroup, Intent, TextArea, type TextAreaProps } from '@blueprintjs/core';
import type { ReactNode } from 'react';

export interface TextAreaFieldProps extends Omit<TextAreaProps, 'id' | 'intent'> {
  /** The text area's id, also its test id (`queue-greetingMessage`). */
  id: string;
  label: ReactNode;
  /** The field's error when it is to be shown; it replaces `helper`. */
  error?: string;
  helper?: ReactNode;
  /** The form group's class. */
  groupClassName?: string;
}

/** A labelled text area of a formik form, red with its error under it; it fills its row and grows with its text. */
export function TextAreaField({ id, label, error, helper, groupClassName, ...area }: TextAreaFieldProps) {
  const intent = error ? Intent.DANGER : Intent.NONE;
  return (
    <FormGroup label={label} labelFor={id} helperText={error ?? helper} intent={intent} className={groupClassName}>
      <TextArea id={id} data-testid={id} intent={intent} aria-invalid={error ? true : undefined} fill autoResize {...area} />
    </FormGroup>
  );
}
