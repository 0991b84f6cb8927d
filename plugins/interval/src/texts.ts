import type { BlockTexts } from '@atendo/flow-engine';

/** The block's words in each language the console speaks (decision 0044). */
export const texts: BlockTexts = {
  pt: {
    'flows.blocks.interval': 'Intervalo',
    'flows.fields.seconds': 'Segundos',
    'flows.ports.next': 'Próximo',
    'flows.validation.intervalRequired': 'Informe quantos segundos aguardar',
    'flows.validation.intervalTooLong': 'O intervalo pode ter no máximo 120 segundos',
  },
  en: {
    'flows.blocks.interval': 'Interval',
    'flows.fields.seconds': 'Seconds',
    'flows.ports.next': 'Next',
    'flows.validation.intervalRequired': 'Type how many seconds to wait',
    'flows.validation.intervalTooLong': 'The interval can be at most 120 seconds',
  },
  es: {
    'flows.blocks.interval': 'Intervalo',
    'flows.fields.seconds': 'Segundos',
    'flows.ports.next': 'Siguiente',
    'flows.validation.intervalRequired': 'Indica cuántos segundos esperar',
    'flows.validation.intervalTooLong': 'El intervalo puede ser de 120 segundos como máximo',
  },
};
