import { useTranslation } from 'react-i18next';
import { RowButton } from '../../ui/listPage/RowButton';

/** Reloads the page: the way out of a console that went stale. */
export function RefreshButton() {
  const { t } = useTranslation();
  return <RowButton icon="refresh" label={t('topBar.refresh')} testId="refresh-button" onClick={() => window.location.reload()} />;
}
