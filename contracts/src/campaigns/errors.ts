import { defineErrors, type CodesOf } from '../errors.js';

/** Catalogue codes of campaigns, with their texts in each language. */
export const CAMPAIGNS_ERRORS = defineErrors({
  ERR_CAMPAIGN_NOT_FOUND: {
    pt: 'Nenhuma campanha encontrada com este ID.',
    en: 'No campaign found with this ID.',
    es: 'No se encontró ninguna campaña con este ID.',
  },
  ERR_CAMPAIGN_NOT_EDITABLE: {
    pt: 'Esta campanha não pode mais ser alterada: ela está em andamento, finalizada ou programada para daqui a 1 hora ou menos.',
    en: 'This campaign can no longer be changed: it is in progress, finished, or scheduled to start within the hour.',
    es: 'Esta campaña ya no se puede modificar: está en curso, finalizada o programada para dentro de 1 hora o menos.',
  },
  ERR_CAMPAIGN_INVALID_TRANSITION: {
    pt: 'Esta ação não é possível no status atual da campanha.',
    en: "This action is not possible in the campaign's current status.",
    es: 'Esta acción no es posible en el estado actual de la campaña.',
  },
  ERR_CAMPAIGN_IN_PROGRESS: {
    pt: 'Esta campanha está em andamento. Cancele-a antes de excluí-la.',
    en: 'This campaign is in progress. Cancel it before deleting it.',
    es: 'Esta campaña está en curso. Cancélala antes de eliminarla.',
  },
  ERR_CAMPAIGN_SCHEDULE_IN_PAST: {
    pt: 'O agendamento da campanha deve ser uma data futura.',
    en: "The campaign's schedule must be in the future.",
    es: 'La programación de la campaña debe ser una fecha futura.',
  },
  ERR_CAMPAIGN_NO_MESSAGE: {
    pt: 'Escreva ao menos uma mensagem antes de programar a campanha.',
    en: 'Write at least one message before scheduling the campaign.',
    es: 'Escribe al menos un mensaje antes de programar la campaña.',
  },
  ERR_CAMPAIGN_NO_RECIPIENTS: {
    pt: 'Escolha uma lista de contatos ou uma tag antes de programar a campanha.',
    en: 'Choose a contact list or a tag before scheduling the campaign.',
    es: 'Elige una lista de contactos o una etiqueta antes de programar la campaña.',
  },
});

declare module '../errors.js' {
  interface ErrorCatalogue extends CodesOf<typeof CAMPAIGNS_ERRORS> {}
}
