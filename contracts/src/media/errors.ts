import { defineErrors, type CodesOf } from '../errors.js';

/** Catalogue codes of media (uploads kept for a company), with their texts in each language. */
export const MEDIA_ERRORS = defineErrors({
  ERR_STORAGE_QUOTA: {
    pt: 'O espaço de arquivos do plano da empresa acabou. Exclua arquivos ou mude de plano para enviar mais.',
    en: "The company's plan has no file space left. Delete files or change plans to upload more.",
    es: 'El espacio de archivos del plan de la empresa se agotó. Elimina archivos o cambia de plan para subir más.',
  },
});

declare module '../errors.js' {
  interface ErrorCatalogue extends CodesOf<typeof MEDIA_ERRORS> {}
}
