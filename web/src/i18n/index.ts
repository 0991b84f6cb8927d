import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { resources } from './resources';

export const LANGUAGES = ['pt', 'en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

const STORAGE_KEY = 'i18nextLng';

function isLanguage(value: string | null): value is Language {
  return LANGUAGES.some((language) => language === value);
}

function storedLanguage(): Language {
  const stored = localStorage.getItem(STORAGE_KEY);
  return isLanguage(stored) ? stored : 'en';
}

void i18n.use(initReactI18next).init({
  resources: { en: { translation: resources.en }, pt: { translation: resources.pt }, es: { translation: resources.es } },
  lng: storedLanguage(),
  fallbackLng: 'pt',
  interpolation: { escapeValue: false },
  initAsync: false,
});
document.documentElement.lang = i18n.language;

export function changeLanguage(language: Language): void {
  localStorage.setItem(STORAGE_KEY, language);
  document.documentElement.lang = language;
  void i18n.changeLanguage(language);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

export { i18n };
