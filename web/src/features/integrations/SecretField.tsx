import { Button, FormGroup, InputGroup, Intent, type InputGroupProps } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface SecretFieldProps extends Omit<InputGroupProps, 'id' | 'intent' | 'type' | 'rightElement'> {
  /** The input's id, also its test id; the toggle is `<id>-toggle`. */
  id: string;
  label: ReactNode;
  error?: string;
  helper?: ReactNode;
  /** More buttons beside the show/hide toggle (a "generate" button). */
  extra?: ReactNode;
}

/**
 * A secret (an API key, a signing secret): hidden while typed, with a show/hide toggle. On edit it holds the server's
 * mask (`••••`, and the last four characters of a secret of 12 or more): sent back as it is, the stored secret stays.
 */
export function SecretField({ id, label, error, helper, extra, ...input }: SecretFieldProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const intent = error ? Intent.DANGER : Intent.NONE;
  const toggle = (
    <>
      {extra}
      <Button
        variant="minimal"
        icon={shown ? 'eye-off' : 'eye-open'}
        aria-label={shown ? t('prompts.form.hideSecret') : t('prompts.form.showSecret')}
        title={shown ? t('prompts.form.hideSecret') : t('prompts.form.showSecret')}
        onClick={() => setShown((s) => !s)}
        data-testid={`${id}-toggle`}
      />
    </>
  );
  return (
    <FormGroup label={label} labelFor={id} helperText={error ?? helper} intent={intent}>
      <InputGroup id={id} data-testid={id} type={shown ? 'text' : 'password'} autoComplete="off" intent={intent} aria-invalid={error ? true : undefined} rightElement={toggle} {...input} />
    </FormGroup>
  );
}
