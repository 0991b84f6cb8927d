import { defineErrors, type CodesOf } from '../errors.js';

/**
 * Codes of flows: the routes' (not found, refused save), why a flow cannot be saved (validation, each with the block it
 * concerns, in the refusal's details) and why an execution failed.
 */
export const FLOWS_ERRORS = defineErrors({
  ERR_FLOW_NOT_FOUND: {
    pt: 'Nenhum fluxo encontrado com este ID.',
    en: 'No flow found with this ID.',
    es: 'No se encontró ningún flujo con este ID.',
  },
  ERR_FLOW_CAMPAIGN_NOT_FOUND: {
    pt: 'Nenhuma campanha de fluxo encontrada com este ID.',
    en: 'No flow campaign found with this ID.',
    es: 'No se encontró ninguna campaña de flujo con este ID.',
  },
  ERR_FLOW_INVALID: {
    pt: 'O fluxo não pode ser salvo: corrija os blocos indicados.',
    en: 'The flow cannot be saved: fix the blocks shown.',
    es: 'El flujo no se puede guardar: corrija los bloques indicados.',
  },
  ERR_FLOW_NO_START: {
    pt: 'O fluxo precisa de um bloco de início.',
    en: 'The flow needs a start block.',
    es: 'El flujo necesita un bloque de inicio.',
  },
  ERR_FLOW_START_NOT_FIRST: {
    pt: 'O bloco de início deve ser o bloco 1.',
    en: 'The start block must be block 1.',
    es: 'El bloque de inicio debe ser el bloque 1.',
  },
  ERR_FLOW_DUPLICATE_BLOCK: {
    pt: 'Dois blocos têm o mesmo ID.',
    en: 'Two blocks have the same ID.',
    es: 'Dos bloques tienen el mismo ID.',
  },
  ERR_FLOW_UNKNOWN_BLOCK: {
    pt: 'O fluxo usa um tipo de bloco desconhecido.',
    en: 'The flow uses an unknown block type.',
    es: 'El flujo usa un tipo de bloque desconocido.',
  },
  ERR_FLOW_INVALID_BLOCK: {
    pt: 'A configuração de um bloco é inválida.',
    en: "A block's settings are not valid.",
    es: 'La configuración de un bloque no es válida.',
  },
  ERR_FLOW_FOREIGN_REFERENCE: {
    pt: 'Um bloco indica uma fila, um usuário ou um arquivo que não é desta empresa.',
    en: "A block names a queue, a user or a file that is not this company's.",
    es: 'Un bloque indica una cola, un usuario o un archivo que no es de esta empresa.',
  },
  ERR_FLOW_DANGLING_CONNECTION: {
    pt: 'Uma conexão liga a um bloco que não existe.',
    en: 'A connection leads to a block that does not exist.',
    es: 'Una conexión lleva a un bloque que no existe.',
  },
  ERR_FLOW_UNKNOWN_PORT: {
    pt: 'Uma conexão sai por uma saída que o bloco não tem.',
    en: 'A connection leaves by an output the block does not have.',
    es: 'Una conexión sale por una salida que el bloque no tiene.',
  },
  ERR_FLOW_PORT_TWICE: {
    pt: 'Uma saída de bloco está ligada duas vezes.',
    en: "A block's output is connected twice.",
    es: 'Una salida de un bloque está conectada dos veces.',
  },
  ERR_FLOW_PORT_UNCONNECTED: {
    pt: 'Uma saída obrigatória de um bloco não está ligada.',
    en: "A block's required output is not connected.",
    es: 'Una salida obligatoria de un bloque no está conectada.',
  },
  ERR_FLOW_LOOP_WITHOUT_WAIT: {
    pt: 'O fluxo tem um ciclo sem espera: ele nunca pararia.',
    en: 'The flow has a loop without a wait: it would never stop.',
    es: 'El flujo tiene un ciclo sin espera: nunca se detendría.',
  },
  ERR_FLOW_LOOP_GUARD: {
    pt: 'O fluxo foi interrompido: blocos demais sem espera.',
    en: 'The flow was stopped: too many blocks without a wait.',
    es: 'El flujo se detuvo: demasiados bloques sin espera.',
  },
  ERR_FLOW_BLOCK_FAILED: {
    pt: 'Um bloco do fluxo falhou.',
    en: 'A block of the flow failed.',
    es: 'Un bloque del flujo falló.',
  },
  ERR_FLOW_VERSION_MISMATCH: {
    pt: 'Esta execução segue outra versão do fluxo.',
    en: 'This execution follows another version of the flow.',
    es: 'Esta ejecución sigue otra versión del flujo.',
  },
  ERR_FLOW_NOT_STARTED: {
    pt: 'Esta execução de fluxo não começou.',
    en: 'This flow execution has not started.',
    es: 'Esta ejecución de flujo no ha comenzado.',
  },
  ERR_FLOW_ALREADY_STARTED: {
    pt: 'Esta execução de fluxo já começou.',
    en: 'This flow execution has already started.',
    es: 'Esta ejecución de flujo ya ha comenzado.',
  },
});

declare module '../errors.js' {
  interface ErrorCatalogue extends CodesOf<typeof FLOWS_ERRORS> {}
}

export type FlowErrorCode = keyof typeof FLOWS_ERRORS;

/** A reason a flow cannot be saved, tied to the block (or null for the whole flow) a person must fix. */
export interface FlowValidationError {
  code: FlowErrorCode;
  nodeId: string | null;
  message: string;
  /** For ERR_FLOW_INVALID_BLOCK: the field and its rule key. */
  field?: string;
}
