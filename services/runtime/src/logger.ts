import { pino, type Logger } from 'pino';

export type { Logger };

/** Structured JSON logs on stdout (pipe through pino-pretty to read them by eye). */
export function createLogger(level: string, base: Record<string, unknown> = {}): Logger {
  return pino({ level, base: { service: 'atendo', ...base } });
}
