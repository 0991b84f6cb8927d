import { TICKET_NOTES_ERRORS } from '@atendo/contracts/ticketNotes';
/** The notes staff keep on a ticket, in the contact's drawer of the tickets screen. The console merges every feature's bundle (web/src/i18n/resources.ts). */
const en = {
  ticketNotes: {
    title: 'Notes',
    label: 'New note',
    placeholder: 'Write a note about this ticket',
    add: 'Add note',
    added: 'Note added successfully!',
    deleted: 'Note deleted successfully!',
    delete: 'Delete note',
    empty: 'No notes yet',
    fieldError: 'The note {{message}}',
    deleteDialog: {
      title: 'Delete note',
      text: 'Delete this note by {{name}}?',
      confirm: 'Delete',
      cancel: 'Cancel',
    },
  },
};

export const ticketNotesTranslations = {
  en,
  pt: {
    ticketNotes: {
      title: 'Observações',
      label: 'Nova observação',
      placeholder: 'Escreva uma observação sobre este ticket',
      add: 'Adicionar observação',
      added: 'Observação adicionada com sucesso!',
      deleted: 'Observação excluída com sucesso!',
      delete: 'Excluir observação',
      empty: 'Nenhuma observação ainda',
      fieldError: 'A observação {{message}}',
      deleteDialog: {
        title: 'Excluir observação',
        text: 'Excluir esta observação de {{name}}?',
        confirm: 'Excluir',
        cancel: 'Cancelar',
      },
    },
  } satisfies typeof en,
  es: {
    ticketNotes: {
      title: 'Observaciones',
      label: 'Nueva observación',
      placeholder: 'Escribe una observación sobre este ticket',
      add: 'Agregar observación',
      added: '¡Observación agregada con éxito!',
      deleted: '¡Observación eliminada con éxito!',
      delete: 'Eliminar observación',
      empty: 'Aún no hay observaciones',
      fieldError: 'La observación {{message}}',
      deleteDialog: {
        title: 'Eliminar observación',
        text: '¿Eliminar esta observación de {{name}}?',
        confirm: 'Eliminar',
        cancel: 'Cancelar',
      },
    },
  } satisfies typeof en,
  errors: [TICKET_NOTES_ERRORS],
};
