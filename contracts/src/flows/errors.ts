/**
 * Codes of flows: the routes' (not found, refused save), why a flow cannot be saved (validation, each with the block it
 * concerns, in the refusal's details) and why an execution failed.
 */
export const FLOWS_ERRORS = [
  'ERR_FLOW_NOT_FOUND',
  'ERR_FLOW_CAMPAIGN_NOT_FOUND',
  'ERR_FLOW_INVALID',
  'ERR_FLOW_NO_START',
  'ERR_FLOW_START_NOT_FIRST',
  'ERR_FLOW_DUPLICATE_BLOCK',
  'ERR_FLOW_UNKNOWN_BLOCK',
  'ERR_FLOW_INVALID_BLOCK',
  'ERR_FLOW_FOREIGN_REFERENCE',
  'ERR_FLOW_DANGLING_CONNECTION',
  'ERR_FLOW_UNKNOWN_PORT',
  'ERR_FLOW_PORT_TWICE',
  'ERR_FLOW_PORT_UNCONNECTED',
  'ERR_FLOW_LOOP_WITHOUT_WAIT',
  'ERR_FLOW_LOOP_GUARD',
  'ERR_FLOW_BLOCK_FAILED',
  'ERR_FLOW_VERSION_MISMATCH',
  'ERR_FLOW_NOT_STARTED',
  'ERR_FLOW_ALREADY_STARTED',
] as const;

export type FlowErrorCode = (typeof FLOWS_ERRORS)[number];

/** A reason a flow cannot be saved, tied to the block (or null for the whole flow) a person must fix. */
export interface FlowValidationError {
  code: FlowErrorCode;
  nodeId: string | null;
  message: string;
  /** For ERR_FLOW_INVALID_BLOCK: the field and its rule key. */
  field?: string;
}
