import { AppError } from '@atendo/core';

/** What decides whether a company's users may work: switched on, and not past its due date. */
export interface CompanyStanding {
  status: boolean;
  disabledAt: Date | string | null;
  dueDate: Date | string | null;
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/** Why a company's users may not work now (the answer login gives), or null when they may. */
export function companyRefusal(company: CompanyStanding): AppError | null {
  if (!company.status) {
    const since = company.disabledAt ? new Date(company.disabledAt) : null;
    return new AppError('ERR_COMPANY_DISABLED', 403, `The company was switched off${since ? ` on ${day(since)}` : ''}: contact support`, {
      disabledAt: since ? since.toISOString() : null,
    });
  }
  const dueDate = company.dueDate ? new Date(company.dueDate) : null;
  if (dueDate && dueDate.getTime() < Date.now()) {
    return new AppError('ERR_SUBSCRIPTION_EXPIRED', 402, `The subscription expired on ${day(dueDate)}: contact support`, { dueDate: dueDate.toISOString() });
  }
  return null;
}

/**
 * Checks every authenticated request (and feed socket) against its company's standing, so a company switched off or
 * past its due date stops within seconds rather than when its access tokens expire. The standing is cached per company
 * for `ttlMs`: one read per company every few seconds, whichever API node the change was made on.
 */
export class CompanyGate {
  private readonly cache = new Map<number, { standing: CompanyStanding | null; until: number }>();

  constructor(
    private readonly read: (companyId: number) => Promise<CompanyStanding | null>,
    private readonly ttlMs = 3_000,
  ) {}

  /** The refusal for the company's users now; a company that no longer exists ends their sessions. */
  async refusal(companyId: number): Promise<AppError | null> {
    const now = Date.now();
    let entry = this.cache.get(companyId);
    if (!entry || entry.until <= now) {
      entry = { standing: await this.read(companyId), until: now + this.ttlMs };
      this.cache.set(companyId, entry);
      // Companies nobody asks about again do not pile up.
      if (this.cache.size > 10_000) for (const [id, e] of this.cache) if (e.until <= now) this.cache.delete(id);
    }
    return entry.standing ? companyRefusal(entry.standing) : new AppError('ERR_SESSION_EXPIRED', 401, 'This company no longer exists');
  }
}
