import type { Help } from '@atendo/contracts';

/** A help entry for the tests. */
export function help(id: number, change: Partial<Help> = {}): Help {
  return {
    id,
    title: `Video ${id}`,
    video: `code${id}`,
    description: `About video ${id}`,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...change,
  };
}
