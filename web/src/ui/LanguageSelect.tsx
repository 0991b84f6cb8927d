import { HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import { getToken } from '../api/session';
import { changeLanguage, currentLanguage, LANGUAGES, type Language } from '../i18n';
import { toastError } from './toaster';

/**
 * The interface language, kept in the browser; once signed in, kept for the user too (`POST /users/set-language`),
 * so the API answers in it and the user's other devices start in it.
 */
export function LanguageSelect() {
  const { t } = useTranslation();
  return (
    <HTMLSelect
      aria-label={t('languages.label')}
      data-testid="language-select"
      value={currentLanguage()}
      onChange={(event) => {
        const language = event.currentTarget.value as Language;
        changeLanguage(language);
        if (getToken()) api.post(`/users/set-language/${language}`).catch(toastError);
      }}
      options={LANGUAGES.map((language) => ({ value: language, label: t(`languages.${language}`) }))}
    />
  );
}
