import type { BlockTexts } from '@atendo/flow-engine';

/** The block's words in each language the console speaks (decision 0044). */
export const texts: BlockTexts = {
  pt: {
    'flows.blocks.randomizer': 'Randomizador',
    'flows.fields.percent': 'Porcentagem',
    'flows.ports.a': 'Caminho A',
    'flows.ports.b': 'Caminho B',
    'flows.validation.percent': 'Escolha uma porcentagem de 0 a 100, de 10 em 10',
  },
  en: {
    'flows.blocks.randomizer': 'Randomizer',
    'flows.fields.percent': 'Percent',
    'flows.ports.a': 'Path A',
    'flows.ports.b': 'Path B',
    'flows.validation.percent': 'Choose a percentage from 0 to 100, in steps of 10',
  },
  es: {
    'flows.blocks.randomizer': 'Aleatorizador',
    'flows.fields.percent': 'Porcentaje',
    'flows.ports.a': 'Camino A',
    'flows.ports.b': 'Camino B',
    'flows.validation.percent': 'Elige un porcentaje de 0 a 100, de 10 en 10',
  },
};
