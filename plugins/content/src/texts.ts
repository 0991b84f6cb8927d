import type { BlockTexts } from '@atendo/flow-engine';

/** The block's words in each language the console speaks (decision 0044). */
export const texts: BlockTexts = {
  pt: {
    'flows.blocks.content': 'Conteúdo',
    'flows.blocks.singleBlock': 'Bloco único',
    'flows.fields.content': 'Conteúdo',
    'flows.ports.next': 'Próximo',
    'flows.validation.contentCardTwice': 'O mesmo item aparece duas vezes',
    'flows.validation.contentEmpty': 'Adicione pelo menos um item',
    'flows.validation.contentEmptyMedia': 'Envie o arquivo de cada imagem, áudio ou vídeo',
    'flows.validation.contentEmptyMessage': 'Um texto está vazio',
    'flows.validation.contentInterval': 'Um intervalo deve ser de 1 a 120 segundos',
    'flows.validation.contentUnknownCard': 'A ordem cita um item que não existe',
    'flows.validation.mediaUrl': 'O endereço do arquivo não é válido',
  },
  en: {
    'flows.blocks.content': 'Content',
    'flows.blocks.singleBlock': 'Single block',
    'flows.fields.content': 'Content',
    'flows.ports.next': 'Next',
    'flows.validation.contentCardTwice': 'The same item appears twice',
    'flows.validation.contentEmpty': 'Add at least one item',
    'flows.validation.contentEmptyMedia': 'Upload the file of each image, audio or video',
    'flows.validation.contentEmptyMessage': 'A text is empty',
    'flows.validation.contentInterval': 'An interval must be from 1 to 120 seconds',
    'flows.validation.contentUnknownCard': 'The order names an item that does not exist',
    'flows.validation.mediaUrl': 'The file’s address is not valid',
  },
  es: {
    'flows.blocks.content': 'Contenido',
    'flows.blocks.singleBlock': 'Bloque único',
    'flows.fields.content': 'Contenido',
    'flows.ports.next': 'Siguiente',
    'flows.validation.contentCardTwice': 'El mismo elemento aparece dos veces',
    'flows.validation.contentEmpty': 'Añade al menos un elemento',
    'flows.validation.contentEmptyMedia': 'Sube el archivo de cada imagen, audio o vídeo',
    'flows.validation.contentEmptyMessage': 'Un texto está vacío',
    'flows.validation.contentInterval': 'Un intervalo debe ser de 1 a 120 segundos',
    'flows.validation.contentUnknownCard': 'El orden menciona un elemento que no existe',
    'flows.validation.mediaUrl': 'La dirección del archivo no es válida',
  },
};
