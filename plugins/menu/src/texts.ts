import type { BlockTexts } from '@atendo/flow-engine';

/** The block's words in each language the console speaks (decision 0044). */
export const texts: BlockTexts = {
  pt: {
    'flows.blocks.menu': 'Menu',
    'flows.fields.message': 'Mensagem',
    'flows.fields.optionNumber': 'Número',
    'flows.fields.optionValue': 'Texto',
    'flows.fields.options': 'Opções',
    'flows.fields.timeoutMinutes': 'Aguardar resposta (minutos)',
    'flows.ports.invalid': 'Resposta inválida',
    'flows.ports.timeout': 'Sem resposta',
    'flows.validation.optionNumberTwice': 'Duas opções têm o mesmo número',
  },
  en: {
    'flows.blocks.menu': 'Menu',
    'flows.fields.message': 'Message',
    'flows.fields.optionNumber': 'Number',
    'flows.fields.optionValue': 'Text',
    'flows.fields.options': 'Options',
    'flows.fields.timeoutMinutes': 'Wait for an answer (minutes)',
    'flows.ports.invalid': 'Invalid answer',
    'flows.ports.timeout': 'No answer',
    'flows.validation.optionNumberTwice': 'Two options have the same number',
  },
  es: {
    'flows.blocks.menu': 'Menú',
    'flows.fields.message': 'Mensaje',
    'flows.fields.optionNumber': 'Número',
    'flows.fields.optionValue': 'Texto',
    'flows.fields.options': 'Opciones',
    'flows.fields.timeoutMinutes': 'Esperar respuesta (minutos)',
    'flows.ports.invalid': 'Respuesta inválida',
    'flows.ports.timeout': 'Sin respuesta',
    'flows.validation.optionNumberTwice': 'Dos opciones tienen el mismo número',
  },
};
