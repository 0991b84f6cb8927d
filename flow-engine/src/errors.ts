import type { FlowErrorCode } from '@atendo/contracts';

/** A command the execution cannot take (a runtime's mistake rather than the contact's): a catalogue code and context. */
export class FlowError extends Error {
  constructor(
    readonly code: FlowErrorCode,
    message?: string,
  ) {
    super(message ?? code);
    this.name = 'FlowError';
  }
}
