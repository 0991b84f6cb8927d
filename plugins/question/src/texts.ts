import type { BlockTexts } from '@atendo/flow-engine';

/** The block's words in each language the console speaks (decision 0044). */
export const texts: BlockTexts = {
  pt: {
    'flows.blocks.question': 'Pergunta',
    'flows.fields.answerKey': 'Salvar resposta',
    'flows.fields.message': 'Mensagem',
    'flows.fields.timeoutMinutes': 'Aguardar resposta (minutos)',
    'flows.ports.answered': 'Respondida',
    'flows.ports.timeout': 'Sem resposta',
    'flows.validation.variableName': 'Use apenas letras, dígitos, pontos, hífens ou sublinhados',
  },
  en: {
    'flows.blocks.question': 'Question',
    'flows.fields.answerKey': 'Save the answer in',
    'flows.fields.message': 'Message',
    'flows.fields.timeoutMinutes': 'Wait for an answer (minutes)',
    'flows.ports.answered': 'Answered',
    'flows.ports.timeout': 'No answer',
    'flows.validation.variableName': 'Use letters, digits, dots, dashes or underscores only',
  },
  es: {
    'flows.blocks.question': 'Pregunta',
    'flows.fields.answerKey': 'Guardar la respuesta en',
    'flows.fields.message': 'Mensaje',
    'flows.fields.timeoutMinutes': 'Esperar respuesta (minutos)',
    'flows.ports.answered': 'Respondida',
    'flows.ports.timeout': 'Sin respuesta',
    'flows.validation.variableName': 'Usa solo letras, dígitos, puntos, guiones o guiones bajos',
  },
};
