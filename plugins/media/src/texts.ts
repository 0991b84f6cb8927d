import type { BlockTexts } from '@atendo/flow-engine';

/** The block's words in each language the console speaks (decision 0044). */
export const texts: BlockTexts = {
  pt: {
    'flows.blocks.audio': 'Áudio',
    'flows.blocks.img': 'Imagem',
    'flows.blocks.video': 'Vídeo',
    'flows.fields.record': 'Enviar como mensagem de voz',
    'flows.fields.url': 'Arquivo',
    'flows.ports.next': 'Próximo',
    'flows.validation.mediaRequired': 'Envie um arquivo',
    'flows.validation.mediaUrl': 'O endereço do arquivo não é válido',
  },
  en: {
    'flows.blocks.audio': 'Audio',
    'flows.blocks.img': 'Image',
    'flows.blocks.video': 'Video',
    'flows.fields.record': 'Send as a voice note',
    'flows.fields.url': 'File',
    'flows.ports.next': 'Next',
    'flows.validation.mediaRequired': 'Upload a file',
    'flows.validation.mediaUrl': 'The file’s address is not valid',
  },
  es: {
    'flows.blocks.audio': 'Audio',
    'flows.blocks.img': 'Imagen',
    'flows.blocks.video': 'Vídeo',
    'flows.fields.record': 'Enviar como mensaje de voz',
    'flows.fields.url': 'Archivo',
    'flows.ports.next': 'Siguiente',
    'flows.validation.mediaRequired': 'Sube un archivo',
    'flows.validation.mediaUrl': 'La dirección del archivo no es válida',
  },
};
