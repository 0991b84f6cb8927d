import { defineErrors, type CodesOf } from '../errors.js';

/** Catalogue codes of messages: Messages, with their texts in each language. */
export const MESSAGES_ERRORS = defineErrors({
  ERR_SENDING_WAPP_MSG: {
    pt: 'Erro ao enviar a mensagem do WhatsApp. Verifique a página de conexões.',
    en: 'Error sending the WhatsApp message. Check the connections page.',
    es: 'Error al enviar el mensaje de WhatsApp. Revisa la página de conexiones.',
  },
  ERR_DELETE_WAPP_MSG: {
    pt: 'Não foi possível apagar a mensagem do WhatsApp.',
    en: 'Could not delete the WhatsApp message.',
    es: 'No se pudo eliminar el mensaje de WhatsApp.',
  },
  ERR_CREATING_MESSAGE: {
    pt: 'Erro ao criar a mensagem no banco de dados.',
    en: 'Error while creating the message in the database.',
    es: 'Error al crear el mensaje en la base de datos.',
  },
  ERR_FETCH_WAPP_MSG: {
    pt: 'Erro ao buscar a mensagem no WhatsApp; talvez ela seja muito antiga.',
    en: 'Error fetching the message from WhatsApp; it may be too old.',
    es: 'Error al obtener el mensaje de WhatsApp; puede que sea demasiado antiguo.',
  },
  ERR_IDEMPOTENCY_KEY_REUSED: {
    pt: 'Esta resposta já foi enviada em outro ticket. Digite-a de novo para enviá-la aqui.',
    en: 'This reply was already sent on another ticket. Type it again to send it here.',
    es: 'Esta respuesta ya se envió en otro ticket. Escríbela de nuevo para enviarla aquí.',
  },
});

declare module '../errors.js' {
  interface ErrorCatalogue extends CodesOf<typeof MESSAGES_ERRORS> {}
}
