import type { Tag } from '@atendo/contracts';

/** A tag as GET /tags lists it. */
export function aTag(id: number, change: Partial<Tag> = {}): Tag {
  return { id, name: `Tag ${id}`, color: '#3366cc', kanban: 0, userId: 3, ticketsCount: 0, ...change };
}
