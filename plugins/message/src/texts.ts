import type { BlockTexts } from '@atendo/flow-engine';

/** The block's words in each language the console speaks (decision 0044). */
export const texts: BlockTexts = {
  pt: {
    'flows.blocks.message': 'Mensagem',
    'flows.fields.message': 'Mensagem',
    'flows.fields.typingMs': 'Tempo digitando (ms)',
    'flows.ports.next': 'Próximo',
  },
  en: {
    'flows.blocks.message': 'Message',
    'flows.fields.message': 'Message',
    'flows.fields.typingMs': 'Typing time (ms)',
    'flows.ports.next': 'Next',
  },
  es: {
    'flows.blocks.message': 'Mensaje',
    'flows.fields.message': 'Mensaje',
    'flows.fields.typingMs': 'Tiempo escribiendo (ms)',
    'flows.ports.next': 'Siguiente',
  },
};
