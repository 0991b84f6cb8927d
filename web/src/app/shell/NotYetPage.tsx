import { NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { menuEntries } from './menu';

/** A page whose feature comes in a later release: said plainly, inside the console, with a way back. */
export function NotYetPage({ menuPath }: { menuPath: string }) {
  const { t } = useTranslation();
  const entry = menuEntries().find((m) => m.path === menuPath);
  const title = entry ? t(`menu.${entry.label}` as 'menu.tickets') : '';
  return (
    <div className="shell-page" data-testid="not-yet-page">
      <NonIdealState icon={entry?.icon ?? 'build'} title={title} description={t('shell.notYet')} action={<Link to="/tickets">{t('shell.backToTickets')}</Link>} />
    </div>
  );
}

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="shell-page" data-testid="not-found-page">
      <NonIdealState icon="search" title={t('shell.notFound')} action={<Link to="/tickets">{t('shell.backToTickets')}</Link>} />
    </div>
  );
}
