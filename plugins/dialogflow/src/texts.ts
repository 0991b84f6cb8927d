import type { BlockTexts } from '@atendo/flow-engine';

/** The block's words in each language the console speaks (decision 0044). */
export const texts: BlockTexts = {
  pt: {
    'flows.blocks.dialogflow': 'Dialogflow',
    'flows.fields.dialogflowCredentials': 'Chave da conta de serviço (JSON)',
    'flows.fields.dialogflowProject': 'ID do projeto',
    'flows.fields.language': 'Idioma',
    'flows.fields.timeoutMinutes': 'Aguardar resposta (minutos)',
    'flows.languages.en': 'Inglês',
    'flows.languages.es': 'Espanhol',
    'flows.languages.pt-BR': 'Português (Brasil)',
    'flows.ports.error': 'Erro',
    'flows.ports.timeout': 'Sem resposta',
    'flows.validation.dialogflowProject': 'Use o ID do projeto no Google Cloud: letras, dígitos, hífens, pontos ou dois-pontos',
  },
  en: {
    'flows.blocks.dialogflow': 'Dialogflow',
    'flows.fields.dialogflowCredentials': 'Service account key (JSON)',
    'flows.fields.dialogflowProject': 'Project ID',
    'flows.fields.language': 'Language',
    'flows.fields.timeoutMinutes': 'Wait for an answer (minutes)',
    'flows.languages.en': 'English',
    'flows.languages.es': 'Spanish',
    'flows.languages.pt-BR': 'Portuguese (Brazil)',
    'flows.ports.error': 'Error',
    'flows.ports.timeout': 'No answer',
    'flows.validation.dialogflowProject': 'Use the Google Cloud project ID: letters, digits, dashes, dots or colons',
  },
  es: {
    'flows.blocks.dialogflow': 'Dialogflow',
    'flows.fields.dialogflowCredentials': 'Clave de la cuenta de servicio (JSON)',
    'flows.fields.dialogflowProject': 'ID del proyecto',
    'flows.fields.language': 'Idioma',
    'flows.fields.timeoutMinutes': 'Esperar respuesta (minutos)',
    'flows.languages.en': 'Inglés',
    'flows.languages.es': 'Español',
    'flows.languages.pt-BR': 'Portugués (Brasil)',
    'flows.ports.error': 'Error',
    'flows.ports.timeout': 'Sin respuesta',
    'flows.validation.dialogflowProject': 'Usa el ID del proyecto de Google Cloud: letras, dígitos, guiones, puntos o dos puntos',
  },
};
