import type { BlockTexts } from '@atendo/flow-engine';

/** The block's words in each language the console speaks (decision 0044). */
export const texts: BlockTexts = {
  pt: {
    'flows.blocks.ticket': 'Ticket',
    'flows.fields.queue': 'Fila',
  },
  en: {
    'flows.blocks.ticket': 'Ticket',
    'flows.fields.queue': 'Queue',
  },
  es: {
    'flows.blocks.ticket': 'Ticket',
    'flows.fields.queue': 'Cola',
  },
};
