/** The announcements feature's texts. The console merges every feature's bundle (web/src/i18n/resources.ts). */
const en = {};

export const announcementsTranslations = {
  en,
  pt: {} satisfies typeof en,
  es: {} satisfies typeof en,
};
