/** A failed call: the catalogue code from `{ error }` (or ERR_NETWORK when the server could not be reached). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly details?: unknown,
  ) {
    super(code);
    this.name = 'ApiError';
  }
}
