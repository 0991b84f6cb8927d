import { Button, Callout, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError, toastSuccess } from '../../ui/toaster';
import { connectionsApi } from './connectionsApi';

interface ConnectionTokenProps {
  /** The connection; none while it is being added (a token is made for a saved connection). */
  connectionId?: number;
  /** What the server shows of the current token (`••••abcd`), '' for none. */
  shown: string;
}

/**
 * The connection's API token: made by the server (issue 32), shown whole once right after it is made, with a copy
 * button; afterwards only its last four characters.
 */
export function ConnectionToken({ connectionId, shown }: ConnectionTokenProps) {
  const { t } = useTranslation();
  const [made, setMade] = useState<string>();
  const [busy, setBusy] = useState(false);
  if (connectionId === undefined) {
    return (
      <FormGroup label={t('connections.fields.token')}>
        <p className="bp6-text-muted" data-testid="connection-token-later">{t('connections.token.afterSave')}</p>
      </FormGroup>
    );
  }
  const generate = async () => {
    setBusy(true);
    try {
      setMade((await connectionsApi.newToken(connectionId)).token);
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };
  const copy = async () => {
    await navigator.clipboard.writeText(made!);
    toastSuccess(t('connections.token.copied'));
  };
  return (
    <FormGroup label={t('connections.fields.token')} labelFor="connection-token" helperText={t('connections.hints.token')}>
      <InputGroup
        id="connection-token"
        data-testid="connection-token"
        readOnly
        value={made ?? (shown || t('connections.token.none'))}
        spellCheck={false}
        rightElement={made ? <Button variant="minimal" icon="duplicate" text={t('connections.token.copy')} onClick={() => void copy()} data-testid="connection-token-copy" /> : undefined}
      />
      {made && (
        <Callout intent={Intent.WARNING} data-testid="connection-token-once">
          {t('connections.token.once')}
        </Callout>
      )}
      <Button icon="key" text={t('connections.token.generate')} loading={busy} onClick={() => void generate()} data-testid="connection-token-generate" />
    </FormGroup>
  );
}
