import type { BlockTexts } from '@atendo/flow-engine';

/** The block's words in each language the console speaks (decision 0044). */
export const texts: BlockTexts = {
  pt: {
    'flows.blocks.webhook': 'Webhook',
    'flows.fields.timeoutMinutes': 'Aguardar resposta (minutos)',
    'flows.fields.webhookRetries': 'Novas tentativas após uma falha',
    'flows.fields.webhookSecret': 'Segredo de assinatura',
    'flows.fields.webhookUrl': 'Endereço para onde enviar',
    'flows.ports.error': 'Erro',
    'flows.ports.retry': 'Nova tentativa (ligue de volta a este bloco)',
    'flows.ports.timeout': 'Sem resposta',
    'flows.validation.webhookUrl': 'Digite um endereço que comece com http:// ou https://',
  },
  en: {
    'flows.blocks.webhook': 'Webhook',
    'flows.fields.timeoutMinutes': 'Wait for an answer (minutes)',
    'flows.fields.webhookRetries': 'Retries after a failure',
    'flows.fields.webhookSecret': 'Signing secret',
    'flows.fields.webhookUrl': 'Address to post to',
    'flows.ports.error': 'Error',
    'flows.ports.retry': 'Retry (connect back to this block)',
    'flows.ports.timeout': 'No answer',
    'flows.validation.webhookUrl': 'Type an address starting with http:// or https://',
  },
  es: {
    'flows.blocks.webhook': 'Webhook',
    'flows.fields.timeoutMinutes': 'Esperar respuesta (minutos)',
    'flows.fields.webhookRetries': 'Reintentos tras un fallo',
    'flows.fields.webhookSecret': 'Secreto de firma',
    'flows.fields.webhookUrl': 'Dirección a la que enviar',
    'flows.ports.error': 'Error',
    'flows.ports.retry': 'Reintento (conéctalo de vuelta a este bloque)',
    'flows.ports.timeout': 'Sin respuesta',
    'flows.validation.webhookUrl': 'Escribe una dirección que empiece por http:// o https://',
  },
};
