import { defineErrors, type CodesOf } from '../errors.js';

/** Catalogue codes of prompts and queue integrations, with their texts in each language. */
export const INTEGRATIONS_ERRORS = defineErrors({
  ERR_PROMPT_NOT_FOUND: {
    pt: 'Nenhum prompt encontrado com este ID.',
    en: 'No prompt found with this ID.',
    es: 'No se encontró ningún prompt con este ID.',
  },
  ERR_QUEUE_INTEGRATION_NOT_FOUND: {
    pt: 'Nenhuma integração encontrada com este ID.',
    en: 'No integration found with this ID.',
    es: 'No se encontró ninguna integración con este ID.',
  },
  ERR_INTEGRATION_IN_USE: {
    pt: 'Está em uso por filas ou conexões: retire-o delas antes de excluir.',
    en: 'It is in use by queues or connections: remove it from them before deleting it.',
    es: 'Está en uso por colas o conexiones: quítelo de ellas antes de eliminarlo.',
  },
  ERR_INTEGRATION_TEST_FAILED: {
    pt: 'O teste da integração falhou: confira as credenciais e o projeto.',
    en: 'The integration test failed: check the credentials and the project.',
    es: 'La prueba de la integración falló: revise las credenciales y el proyecto.',
  },
});

declare module '../errors.js' {
  interface ErrorCatalogue extends CodesOf<typeof INTEGRATIONS_ERRORS> {}
}
