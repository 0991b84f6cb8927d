import { recordWhatsappVerdict } from '@atendo/core';
import { type EventStore } from '@atendo/platform';
import { ContactListQueries } from '@atendo/read';
import { LeaderProcess, type RunnerOptions } from '../../platform/process/leaderProcess.js';

export interface ContactListNumberCheckerOptions extends RunnerOptions {
  store: EventStore;
  /** The WhatsApp sessions of this process; without them this node checks nothing (and leaves the lead to one that can). */
  sessions?: { checkNumber?(companyId: number, whatsappId: number, number: string): Promise<boolean> };
  /** Wait between two rounds. */
  everyMs?: number;
  /** Numbers asked per company in one round: WhatsApp frowns on an account that asks about thousands at once. */
  perRound?: number;
  /** How long a number whose check failed (not a verdict: an error) waits before it is asked again. */
  retryAfterMs?: number;
}

/**
 * Asks WhatsApp, through each company's connection (its default one first, among those connected), whether the
 * numbers of its contact lists have WhatsApp, and records each verdict on the item (`isWhatsappValid`, decision 0029):
 * the read model and the `ContactListItem` channel carry it from there. Items not checked yet are rows of the read
 * model (`is_whatsapp_valid IS NULL`), so a restart, a connection that comes back or a new import is picked up by the
 * next round. One node checks at a time (a leader lock), and only a node whose process holds the sessions competes.
 */
/** How long a number just judged is left out of the rounds: far more than the read model takes to show its verdict. */
const JUDGED_REST_MS = 30_000;

export class ContactListNumberChecker extends LeaderProcess {
  readonly name = 'contactListNumbers';
  private readonly lists: ContactListQueries;
  /**
   * Items not to ask about until a time: those whose check failed (for `retryAfterMs`), and those just judged, until the
   * read model has their verdict (a round that follows at once would otherwise ask again).
   */
  private readonly resting = new Map<string, { id: number; number: string; until: number }>();
  /** Whether the last round left numbers it could have asked about (a company had more than a round takes). */
  private more = false;
  /** Verdicts recorded since start. */
  checked = 0;

  constructor(private readonly options: ContactListNumberCheckerOptions) {
    // A look every `everyMs`, leading or not, failed or not.
    const everyMs = options.everyMs ?? 2_000;
    super({ databaseUrl: options.databaseUrl, lock: 'atendo:jobs:contactListNumbers', log: options.log, what: 'checking contact list numbers', standbyMs: everyMs, retryMs: everyMs });
    this.lists = new ContactListQueries(options.knex);
  }

  override start(): void {
    if (!this.options.sessions?.checkNumber) {
      this.options.log.info('no WhatsApp sessions in this process: contact list numbers are checked by a node that has them');
      return;
    }
    super.start();
  }

  protected async look(): Promise<number> {
    await this.round();
    // A long list goes on at once (one question at a time is pace enough); an idle one waits for the next look.
    return this.more ? 0 : (this.options.everyMs ?? 2_000);
  }

  /** Leaves an item out of the rounds for a while, as long as it keeps this number (a new number is asked at once). */
  private rest(item: { id: number; number: string }, ms: number) {
    this.resting.set(`${item.id}:${item.number}`, { ...item, until: Date.now() + ms });
  }

  /** One round over the companies with numbers to check; answers how many verdicts it recorded. */
  async round(): Promise<number> {
    const now = Date.now();
    for (const [key, { until }] of this.resting) if (until <= now) this.resting.delete(key);
    let done = 0;
    this.more = false;
    for (const companyId of await this.lists.companiesWithUncheckedNumbers()) {
      if (!this.loop.running) break;
      done += await this.checkCompany(companyId);
    }
    this.checked += done;
    return done;
  }

  private async checkCompany(companyId: number): Promise<number> {
    const { knex, sessions, store, log } = this.options;
    const connection = (await knex('whatsapps')
      .where({ company_id: companyId, status: 'CONNECTED' })
      .orderBy([{ column: 'is_default', order: 'desc' }, { column: 'id' }])
      .first('id')) as { id: string | number } | undefined;
    // No connected number: nothing can be asked now; the items wait for the next round.
    if (!connection) return 0;
    const whatsappId = Number(connection.id);
    const perRound = this.options.perRound ?? 50;
    const items = await this.lists.uncheckedItems(companyId, perRound, [...this.resting.values()]);
    let done = 0;
    for (const item of items) {
      if (!this.loop.running) break;
      let valid: boolean;
      try {
        valid = await sessions!.checkNumber!(companyId, whatsappId, item.number);
      } catch (err) {
        // The session went away (or lives on another node): the company's other numbers wait for the next round.
        if ((err as { code?: string }).code === 'ERR_WAPP_NOT_INITIALIZED') return done;
        log.warn({ err, companyId, itemId: item.id }, 'checking a contact list number failed; trying it again later');
        this.rest(item, this.options.retryAfterMs ?? 5 * 60_000);
        continue;
      }
      try {
        await recordWhatsappVerdict(store, companyId, item.id, { number: item.number, valid }, { actor: { type: 'system' } });
        this.rest(item, JUDGED_REST_MS);
        done++;
      } catch (err) {
        // Deleted meanwhile: nothing to record.
        if ((err as { code?: string }).code !== 'ERR_CONTACT_LIST_ITEM_NOT_FOUND') throw err;
      }
    }
    if (items.length === perRound && done > 0) this.more = true;
    return done;
  }
}
