import type { ErrorCode } from '@atendo/contracts';

/** An error a person can act on: a catalogue code, the HTTP status it maps to, and context. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    message?: string,
    readonly details?: unknown,
  ) {
    super(message ?? code);
    this.name = 'AppError';
  }
}

/** A rule of the domain refused a command (the decider throws it). */
export class DomainError extends AppError {
  constructor(code: ErrorCode, message?: string, details?: unknown, status = 409) {
    super(code, status, message, details);
    this.name = 'DomainError';
  }
}
