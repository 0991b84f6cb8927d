import type { BlockTexts } from '@atendo/flow-engine';

/** The block's words in each language the console speaks (decision 0044). */
export const texts: BlockTexts = {
  pt: {
    'flows.blocks.start': 'Início',
    'flows.ports.next': 'Próximo',
  },
  en: {
    'flows.blocks.start': 'Start',
    'flows.ports.next': 'Next',
  },
  es: {
    'flows.blocks.start': 'Inicio',
    'flows.ports.next': 'Siguiente',
  },
};
