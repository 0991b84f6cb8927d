import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** Reloads the page: the way out of a console that went stale. */
export function RefreshButton() {
  const { t } = useTranslation();
  return (
    <Button
      variant="minimal"
      icon="refresh"
      aria-label={t('topBar.refresh')}
      title={t('topBar.refresh')}
      data-testid="refresh-button"
      onClick={() => window.location.reload()}
    />
  );
}
