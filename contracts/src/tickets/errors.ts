import { defineErrors, type CodesOf } from '../errors.js';

/** Catalogue codes of tickets: Tickets, with their texts in each language. */
export const TICKETS_ERRORS = defineErrors({
  ERR_OTHER_OPEN_TICKET: {
    pt: 'Já existe um ticket aberto para este contato.',
    en: 'There is already an open ticket for this contact.',
    es: 'Ya existe un ticket abierto para este contacto.',
  },
  ERR_NO_TICKET_FOUND: {
    pt: 'Nenhum ticket encontrado com este ID.',
    en: 'No ticket found with this ID.',
    es: 'No se encontró ningún ticket con este ID.',
  },
  ERR_CREATING_TICKET: {
    pt: 'Erro ao criar o ticket no banco de dados.',
    en: 'Error while creating the ticket in the database.',
    es: 'Error al crear el ticket en la base de datos.',
  },
  ERR_TICKET_ALREADY_ACCEPTED: {
    pt: 'Outro atendente já aceitou este ticket.',
    en: 'Another agent has already accepted this ticket.',
    es: 'Otro agente ya aceptó este ticket.',
  },
  ERR_AGENT_AT_CAPACITY: {
    pt: 'Este atendente já tem o máximo de atendimentos abertos.',
    en: 'This agent already holds as many open tickets as the company allows.',
    es: 'Este agente ya tiene el máximo de tickets abiertos.',
  },
  ERR_TICKET_CLOSED: {
    pt: 'Este ticket está resolvido. Reabra-o para enviar mensagens.',
    en: 'This ticket is resolved. Reopen it to send messages.',
    es: 'Este ticket está resuelto. Reábrelo para enviar mensajes.',
  },
  ERR_INVALID_TICKET_TRANSITION: {
    pt: 'Esta ação não é possível no status atual do ticket.',
    en: 'This action is not possible in the ticket’s current status.',
    es: 'Esta acción no es posible en el estado actual del ticket.',
  },
});

declare module '../errors.js' {
  interface ErrorCatalogue extends CodesOf<typeof TICKETS_ERRORS> {}
}
