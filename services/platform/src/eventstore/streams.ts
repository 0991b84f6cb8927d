/**
 * Stream ids carry their company: `{category}-{companyId}.{id}`, e.g. `ticket-7.42`. The company travels with
 * the id so an adapter can keep one company's events together (EventStoreDB category streams, audit, export).
 * Platform-wide records (plans, companies) use company 0.
 */
export function streamId(category: string, companyId: number, id: string | number): string {
  if (!/^[a-zA-Z][a-zA-Z0-9]*$/.test(category)) throw new Error(`Invalid stream category: ${category}`);
  return `${category}-${companyId}.${id}`;
}

export function parseStreamId(id: string): { category: string; companyId: number; id: string } {
  const match = /^([a-zA-Z][a-zA-Z0-9]*)-(\d+)\.(.+)$/.exec(id);
  if (!match) throw new Error(`Not an Atendo stream id: ${id}`);
  return { category: match[1]!, companyId: Number(match[2]), id: match[3]! };
}

export const PLATFORM_COMPANY = 0;
