import { defineErrors, type CodesOf } from '../errors.js';

/** Catalogue codes of scheduled messages, with their texts in each language. */
export const SCHEDULES_ERRORS = defineErrors({
  ERR_SCHEDULE_NOT_FOUND: {
    pt: 'Nenhum agendamento encontrado com este ID.',
    en: 'No schedule found with this ID.',
    es: 'No se encontró ningún agendamiento con este ID.',
  },
  ERR_SCHEDULE_IN_PAST: {
    pt: 'A data do agendamento deve ser no futuro.',
    en: "The schedule's date must be in the future.",
    es: 'La fecha del agendamiento debe ser en el futuro.',
  },
  ERR_SCHEDULE_ALREADY_SENT: {
    pt: 'Este agendamento já foi enviado e não pode ser alterado.',
    en: 'This schedule has already been sent and can no longer be changed.',
    es: 'Este agendamiento ya fue enviado y no se puede cambiar.',
  },
});

declare module '../errors.js' {
  interface ErrorCatalogue extends CodesOf<typeof SCHEDULES_ERRORS> {}
}
