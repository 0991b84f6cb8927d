import type { BlockDescription, BlockTexts, FlowGraph } from '@atendo/contracts';

/** A block's words as its plugin declares them, written here as key → [pt, en, es]. */
function words(entries: Record<string, [string, string, string]>): BlockTexts {
  const language = (i: number) => Object.fromEntries(Object.entries(entries).map(([key, texts]) => [key, texts[i]!]));
  return { pt: language(0), en: language(1), es: language(2) };
}

const MESSAGE_WORDS = words({ 'flows.blocks.message': ['Mensagem', 'Message', 'Mensaje'], 'flows.ports.next': ['Próximo', 'Next', 'Siguiente'], 'flows.fields.message': ['Mensagem', 'Message', 'Mensaje'], 'flows.fields.typingMs': ['Tempo digitando (ms)', 'Typing time (ms)', 'Tiempo escribiendo (ms)'] });
const START_WORDS = words({ 'flows.blocks.start': ['Início', 'Start', 'Inicio'], 'flows.ports.next': ['Próximo', 'Next', 'Siguiente'] });
const MENU_WORDS = words({
    'flows.blocks.menu': ['Menu', 'Menu', 'Menú'], 'flows.ports.invalid': ['Resposta inválida', 'Invalid answer', 'Respuesta inválida'], 'flows.ports.timeout': ['Sem resposta', 'No answer', 'Sin respuesta'],
    'flows.fields.message': ['Mensagem', 'Message', 'Mensaje'], 'flows.fields.options': ['Opções', 'Options', 'Opciones'], 'flows.fields.optionNumber': ['Número', 'Number', 'Número'], 'flows.fields.optionValue': ['Texto', 'Text', 'Texto'],
  });
const TICKET_WORDS = words({ 'flows.blocks.ticket': ['Ticket', 'Ticket', 'Ticket'], 'flows.fields.queue': ['Fila', 'Queue', 'Cola'] });
const QUESTION_WORDS = words({
    'flows.blocks.question': ['Pergunta', 'Question', 'Pregunta'], 'flows.ports.answered': ['Respondida', 'Answered', 'Respondida'], 'flows.ports.timeout': ['Sem resposta', 'No answer', 'Sin respuesta'],
    'flows.fields.message': ['Mensagem', 'Message', 'Mensaje'], 'flows.fields.answerKey': ['Salvar resposta', 'Save the answer in', 'Guardar la respuesta en'],
  });

/**
 * Descriptors as GET /flowbuilder/blocks gives them: some built-ins, with their words and their places in the add menu,
 * and an installed plugin the console never heard of, which brings no words.
 */
export const BLOCKS: BlockDescription[] = [
  { type: 'message', label: 'flows.blocks.message', icon: 'chat', texts: MESSAGE_WORDS, input: true, outputs: [{ name: 'default', label: 'flows.ports.next' }], waits: false, defaults: { label: '', typingMs: 1000 }, fields: [
    { name: 'label', kind: 'textarea', label: 'flows.fields.message', rows: 7 },
    { name: 'typingMs', kind: 'number', label: 'flows.fields.typingMs', min: 0, max: 10_000, step: 500 },
  ] },
  { type: 'start', label: 'flows.blocks.start', icon: 'play', texts: START_WORDS, menuOrder: 1, input: false, outputs: [{ name: 'default', label: 'flows.ports.next' }], waits: false, defaults: { label: 'Inicio do fluxo' }, fields: [] },
  {
    type: 'http-request',
    label: 'httpRequest.block',
    icon: 'globe-network',
    input: true,
    outputs: [
      { name: 'success', label: 'httpRequest.ports.success' },
      { name: 'error', label: 'httpRequest.ports.error' },
    ],
    waits: true,
    defaults: { method: 'GET', url: '', headers: [], body: '', saveAs: '', jsonPath: '', timeoutSeconds: 10 },
    fields: [
      { name: 'method', kind: 'select', label: 'httpRequest.fields.method', choices: [{ value: 'GET', label: 'GET' }, { value: 'POST', label: 'POST' }] },
      { name: 'url', kind: 'text', label: 'httpRequest.fields.url' },
      { name: 'headers', kind: 'list', label: 'httpRequest.fields.headers', item: [
        { name: 'name', kind: 'text', label: 'httpRequest.fields.headerName' },
        { name: 'value', kind: 'text', label: 'httpRequest.fields.headerValue' },
      ] },
      { name: 'token', kind: 'secret', label: 'httpRequest.fields.token' },
      { name: 'saveAs', kind: 'variable', label: 'httpRequest.fields.saveAs' },
      { name: 'timeoutSeconds', kind: 'number', label: 'httpRequest.fields.timeoutSeconds', min: 1, max: 60 },
    ],
  },
  {
    type: 'menu',
    label: 'flows.blocks.menu',
    icon: 'numbered-list',
    texts: MENU_WORDS,
    menuOrder: 3,
    input: true,
    outputs: [
      { name: 'invalid', label: 'flows.ports.invalid' },
      { name: 'timeout', label: 'flows.ports.timeout' },
    ],
    outputsPerItem: { list: 'arrayOption', key: 'number', prefix: 'option:', required: true },
    waits: true,
    defaults: { message: '', arrayOption: [], timeoutMinutes: 1440 },
    fields: [
      { name: 'message', kind: 'textarea', label: 'flows.fields.message', rows: 4 },
      { name: 'arrayOption', kind: 'list', label: 'flows.fields.options', item: [
        { name: 'number', kind: 'number', label: 'flows.fields.optionNumber', min: 1 },
        { name: 'value', kind: 'text', label: 'flows.fields.optionValue' },
      ] },
    ],
  },
  { type: 'ticket', label: 'flows.blocks.ticket', icon: 'inbox', texts: TICKET_WORDS, menuOrder: 6, input: true, outputs: [], waits: false, defaults: {}, fields: [{ name: 'queue', kind: 'queue', label: 'flows.fields.queue' }] },
  { type: 'question', label: 'flows.blocks.question', icon: 'help', texts: QUESTION_WORDS, menuOrder: 9, input: true, outputs: [{ name: 'default', label: 'flows.ports.answered' }, { name: 'timeout', label: 'flows.ports.timeout' }], waits: true, defaults: { typebotIntegration: { message: '', answerKey: '' } }, fields: [
    { name: 'typebotIntegration.message', kind: 'textarea', label: 'flows.fields.message', rows: 7 },
    { name: 'typebotIntegration.answerKey', kind: 'variable', label: 'flows.fields.answerKey' },
  ] },
];

/** A saved flow: start → menu (option 1 → message, option 2 → call) and a question keeping `name`. */
export const GRAPH: FlowGraph = {
  nodes: [
    { id: '1', type: 'start', position: { x: 0, y: 0 }, data: { label: 'Inicio do fluxo' } },
    { id: 'menu', type: 'menu', position: { x: 300, y: 0 }, data: { message: 'Choose', arrayOption: [{ number: 1, value: 'Sales' }, { number: 2, value: 'Status' }], timeoutMinutes: 1440 } },
    { id: 'hello', type: 'message', position: { x: 600, y: -100 }, data: { label: 'Hello there', typingMs: 1000 } },
    { id: 'call', type: 'http-request', position: { x: 600, y: 100 }, data: { method: 'GET', url: 'https://shop.example/orders', headers: [{ name: 'Accept', value: 'application/json' }], token: '••••abcd', saveAs: 'status', timeoutSeconds: 10 } },
    { id: 'ask', type: 'question', position: { x: 900, y: 300 }, data: { typebotIntegration: { message: 'Your name?', answerKey: 'name' } } },
  ],
  connections: [
    { source: '1', sourceHandle: 'default', target: 'menu' },
    { source: 'menu', sourceHandle: 'option:1', target: 'hello' },
    { source: 'menu', sourceHandle: 'option:2', target: 'call' },
    { source: 'call', sourceHandle: 'success', target: 'ask' },
  ],
};

/** A media block: its `url` field gets an upload button. */
export const IMAGE: BlockDescription = {
  type: 'img',
  label: 'flows.blocks.img',
  icon: 'media',
  texts: words({ 'flows.blocks.img': ['Imagem', 'Image', 'Imagen'], 'flows.ports.next': ['Próximo', 'Next', 'Siguiente'], 'flows.fields.url': ['Arquivo', 'File', 'Archivo'] }),
  input: true,
  outputs: [{ name: 'default', label: 'flows.ports.next' }],
  waits: false,
  defaults: { url: '' },
  fields: [{ name: 'url', kind: 'text', label: 'flows.fields.url' }],
};
