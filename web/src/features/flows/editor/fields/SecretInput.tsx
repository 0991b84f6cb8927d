import { Button, InputGroup, Intent } from '@blueprintjs/core';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface SecretInputProps {
  id: string;
  value: string;
  invalid: boolean;
  onChange(event: ChangeEvent<HTMLInputElement>): void;
  onBlur(event: unknown): void;
  name: string;
}

/** A secret (an API key): hidden unless shown. A stored one comes masked (`••••abcd`); sent back as is, it is kept. */
export function SecretInput({ id, value, invalid, ...input }: SecretInputProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <InputGroup
      id={id}
      data-testid={id}
      type={shown ? 'text' : 'password'}
      autoComplete="off"
      value={value}
      intent={invalid ? Intent.DANGER : Intent.NONE}
      {...input}
      rightElement={
        <Button
          variant="minimal"
          icon={shown ? 'eye-off' : 'eye-open'}
          aria-label={shown ? t('flows.dialog.hide') : t('flows.dialog.show')}
          title={shown ? t('flows.dialog.hide') : t('flows.dialog.show')}
          aria-pressed={shown}
          onClick={() => setShown((s) => !s)}
          data-testid={`${id}-toggle`}
        />
      }
    />
  );
}

/** Whether a secret is the server's mask of a stored one. */
export const isMaskedSecret = (value: unknown) => typeof value === 'string' && value.startsWith('••');
