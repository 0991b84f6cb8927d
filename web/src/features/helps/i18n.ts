/** The helps feature's texts. The console merges every feature's bundle (web/src/i18n/resources.ts). */
const en = {};

export const helpsTranslations = {
  en,
  pt: {} satisfies typeof en,
  es: {} satisfies typeof en,
};
