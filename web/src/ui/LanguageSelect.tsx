import { HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, LANGUAGES, type Language } from '../i18n';

export function LanguageSelect() {
  const { t } = useTranslation();
  return (
    <HTMLSelect
      aria-label={t('languages.label')}
      data-testid="language-select"
      value={currentLanguage()}
      onChange={(event) => changeLanguage(event.currentTarget.value as Language)}
      options={LANGUAGES.map((language) => ({ value: language, label: t(`languages.${language}`) }))}
    />
  );
}
