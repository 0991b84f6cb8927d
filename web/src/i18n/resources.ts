import { authTranslations } from '../features/auth/i18n';
import { ticketsTranslations } from '../features/tickets/i18n';
import { en } from './en';
import { es } from './es';
import { pt } from './pt';

/**
 * The console's texts: the shell's own (./en, ./pt, ./es: app, languages, top bar, errors) and each feature's
 * bundle (`web/src/features/<feature>/i18n.ts`). A feature with texts adds its bundle to both lines below.
 */
export type Resources = typeof en & typeof authTranslations.en & typeof ticketsTranslations.en;
const bundles = [authTranslations, ticketsTranslations];

const merged = (shell: object, language: 'en' | 'pt' | 'es'): Resources => Object.assign({}, shell, ...bundles.map((b) => b[language])) as Resources;

export const resources = { en: merged(en, 'en'), pt: merged(pt, 'pt'), es: merged(es, 'es') };
