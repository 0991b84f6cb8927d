import { Classes } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { userAtom } from '../sessionAtoms';
import { formatDate } from '../../ui/dates';

/** "Hello Ana" and, for admins, when the company's subscription is due (spec §2). */
export function Greeting() {
  const { t } = useTranslation();
  const user = useAtomValue(userAtom);
  if (!user) return null;
  const dueDate = user.profile === 'admin' ? user.company.dueDate : null;
  return (
    <span className="top-bar-greeting" data-testid="greeting">
      <span className={Classes.TEXT_OVERFLOW_ELLIPSIS}>{t('topBar.greeting', { name: user.name })}</span>
      {dueDate && (
        <span className={Classes.TEXT_MUTED} data-testid="greeting-due-date">
          {t('topBar.dueDate', { date: formatDate(dueDate) })}
        </span>
      )}
    </span>
  );
}
