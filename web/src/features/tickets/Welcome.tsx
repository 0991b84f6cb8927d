import { NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

export function Welcome() {
  const { t } = useTranslation();
  return <NonIdealState icon="chat" title={t('tickets.welcomeTitle')} description={t('tickets.welcomeText')} />;
}
