import { AppError } from '@atendo/platform';

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
 * past its due date stops within seconds rather than when its access tokens expire. A company in good standing is cached
 * for `ttlMs` (one read per company every few seconds, whichever API node the change was made on); a refused one is
 * read again at each request, so switching it back on or renewing it works at once.
 */
export class CompanyGate {
  private readonly cache = new Map<number, number>();

  constructor(
    private readonly read: (companyId: number) => Promise<CompanyStanding | null>,
    private readonly ttlMs = 3_000,
  ) {}

  /** The refusal for the company's users now; a company that no longer exists ends their sessions. */
  async refusal(companyId: number): Promise<AppError | null> {
    const now = Date.now();
    if ((this.cache.get(companyId) ?? 0) > now) return null;
    const standing = await this.read(companyId);
    const refused = standing ? companyRefusal(standing) : new AppError('ERR_SESSION_EXPIRED', 401, 'This company no longer exists');
    if (refused) this.cache.delete(companyId);
    else {
      this.cache.set(companyId, now + this.ttlMs);
      // Companies nobody asks about again do not pile up.
      if (this.cache.size > 10_000) for (const [id, until] of this.cache) if (until <= now) this.cache.delete(id);
    }
    return refused;
  }
}
