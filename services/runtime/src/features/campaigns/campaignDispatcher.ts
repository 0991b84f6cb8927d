import { createHash } from 'node:crypto';
import mimeTypes from 'mime-types';
import type { CampaignSettings, CampaignView, MediaType, RecordedEvent } from '@atendo/contracts';
import { campaignDecider, campaignMessageId, campaignStream, composeCampaignMessage, gapAfterSeconds, handleCommand, loadState, PostgresSnapshotStore, StateCache, type CampaignCommand, type CampaignState, type ContactStreamService } from '@atendo/core';
import { DomainError, type EventStore } from '@atendo/platform';
import { CampaignQueries, FileListQueries, type CampaignRecipientRow, type DispatchableCampaign } from '@atendo/read';
import { LeaderProcess, type RunnerOptions } from '../../platform/process/leaderProcess.js';
import { LogFollower } from '../../platform/process/logFollower.js';
import type { SendGovernors } from '../../platform/sendGovernors.js';

/** Where the dispatcher stands in the log, reading the outcomes of the messages it sent. */
const CHECKPOINT = 'campaign-outcomes';
/** Recipients read from the list at a time. */
const PAGE = 500;
/** Sends a campaign makes in one tick at most (with no interval), so one campaign does not starve the others. */
const SENDS_PER_TICK = 200;
/** A message refused with one of these words was refused for sending too fast (WhatsApp's 429, rate-overlimit). */
const RATE_LIMITED = /\b429\b|rate-?overlimit|rate.?limit|too many/i;

export interface CampaignDispatcherOptions extends RunnerOptions {
  store: EventStore;
  conversations: ContactStreamService;
  /** Longest wait between two looks for work. */
  idleMs?: number;
  /** A number in [0, 1) for a key (`{campaignId}:{number}`): which variant a contact gets (tests seed it). */
  random?: (key: string) => number;
  /** The connections' send governors, shared with the other senders of the jobs role. */
  governors: SendGovernors;
}

/** What goes after a contact's message: its file list's message, then each option's file. */
type Extra = { body: string; media?: { mediaType: MediaType; mediaUrl: string; voice: false } };

/** Where the dispatcher is in one running campaign. */
interface Cursor {
  campaign: CampaignView;
  settings: CampaignSettings;
  extras: Extra[];
  /** The list's key of the last recipient read. */
  afterKey: number;
  buffer: Array<CampaignRecipientRow & { known: boolean }>;
  exhausted: boolean;
  /** Messages queued so far (for the longer pause after every `longerIntervalAfter`). */
  sent: number;
  /** When the next message may go (epoch ms). */
  nextAt: number;
  /** When finishing was last asked for (the list is done; outcomes may still be coming). */
  finishAskedAt: number;
  /**
   * Recipients taken from the buffer whose message is being handed over and recorded: the list is not done while one
   * is, though the buffer is empty (an outcome that comes meanwhile must not finish the campaign before it is queued).
   */
  sending: number;
}

/** The longest pause before a campaign whose steps keep failing is tried again. */
const FAILING_RETRY_MAX_MS = 60_000;

/** A number in [0, 1) from a key: the same contact of the same campaign always draws the same variant. */
export function keyedRandom(key: string): number {
  return createHash('sha256').update(key).digest().readUInt32BE(0) / 2 ** 32;
}

/**
 * The jobs role's campaign dispatcher (issue 14, decision 0028): starts scheduled campaigns at their time, walks each
 * running campaign's valid recipients in order and sends each one message, paced by the campaign settings and by the
 * connection's send governor; and follows the log for those messages' outcomes (delivered to the phone, or failed).
 *
 * Durable without a memory of its own: a contact's message id is derived from the campaign and the number, and the
 * message is handed to the conversation before the campaign records it, so a crash in between sends it again with the
 * same id (the conversation takes it once) and a restart skips every number the campaign has recorded.
 */
export class CampaignDispatcher extends LeaderProcess {
  readonly name = 'campaigns';
  private readonly queries: CampaignQueries;
  private readonly random: (key: string) => number;
  private readonly governors: SendGovernors;
  private readonly cursors = new Map<number, Cursor>();
  /** Campaigns whose last step failed: when each may be tried again. */
  private readonly failing = new Map<number, { failures: number; retryAt: number }>();
  /** Campaigns' states (a few counts each) and their snapshots: a command reads only the events after them. */
  private readonly states = new StateCache<CampaignState>(256);
  private readonly snapshots: PostgresSnapshotStore;
  /** The log, read for the outcomes of the messages it sent. */
  private readonly outcomesOfSends: LogFollower;
  /** Messages handed to connections since start (for the benchmark and the logs). */
  sent = 0;

  constructor(private readonly options: CampaignDispatcherOptions) {
    super({ databaseUrl: options.databaseUrl, lock: 'atendo:jobs:campaigns', log: options.log, what: 'campaign dispatcher', clock: options.clock });
    this.queries = new CampaignQueries(options.knex);
    this.random = options.random ?? keyedRandom;
    this.governors = options.governors;
    this.outcomesOfSends = new LogFollower({ knex: options.knex, store: options.store, log: options.log, checkpoint: CHECKPOINT, what: 'campaign dispatcher', handle: (batch) => this.outcomes(batch) });
    this.snapshots = new PostgresSnapshotStore(options.knex);
  }

  protected override async beforeRelease(): Promise<void> {
    await this.outcomesOfSends.stop();
    await this.governors.save(true).catch((err) => this.options.log.warn({ err }, 'storing the send governors failed'));
  }

  /** The loop's tick: follow the outcomes, start and send, store the governors; answers the wait until the next. */
  protected async look(): Promise<number> {
    if (!this.outcomesOfSends.following) await this.outcomesOfSends.start();
    const next = await this.tick();
    await this.governors.save();
    return Math.max(0, Math.min(this.options.idleMs ?? 250, next - this.clock().getTime()));
  }

  /** One look: start what is due, send what may go. Answers when it next has something to do (epoch ms). */
  private async tick(): Promise<number> {
    const now = this.clock();
    let next = now.getTime() + 60_000;
    const campaigns = await this.queries.dispatchable(now);
    const live = new Set(campaigns.map((c) => c.id));
    for (const id of this.cursors.keys()) if (!live.has(id)) this.cursors.delete(id);
    await this.governors.follow(campaigns.filter((c) => c.status === 'EM_ANDAMENTO').map((c) => c.whatsappId), now);
    for (const campaign of campaigns) {
      if (!this.loop.running) break;
      const failing = this.failing.get(campaign.id);
      if (failing && failing.retryAt > now.getTime()) {
        next = Math.min(next, failing.retryAt);
        continue;
      }
      try {
        next = Math.min(next, await this.step(campaign, now));
        this.failing.delete(campaign.id);
      } catch (err) {
        // One campaign's failure (its list, its file, its stream) holds only that campaign, tried again later and later;
        // every other company's campaigns go on.
        const failures = (failing?.failures ?? 0) + 1;
        const retryAt = now.getTime() + Math.min(FAILING_RETRY_MAX_MS, 1_000 * 2 ** Math.min(failures, 10));
        this.failing.set(campaign.id, { failures, retryAt });
        this.options.log.error({ err, campaignId: campaign.id, companyId: campaign.companyId, failures }, 'a campaign could not be dispatched; trying it again later');
        next = Math.min(next, retryAt);
      }
    }
    for (const id of this.failing.keys()) if (!live.has(id)) this.failing.delete(id);
    return next;
  }

  /** Starts a campaign that is due, or sends what may go of a running one; answers when it next has something to do. */
  private async step(campaign: DispatchableCampaign, now: Date): Promise<number> {
    if (campaign.status === 'PROGRAMADA') {
      const validContacts = await this.queries.countRecipients(campaign);
      await this.decide(campaign, { type: 'StartCampaign', validContacts, at: now.toISOString() });
      return now.getTime();
    }
    return this.dispatch(campaign, now);
  }

  /** Sends what may go now of one running campaign; answers when its next message may go. */
  private async dispatch(c: DispatchableCampaign, now: Date): Promise<number> {
    const cursor = this.cursors.get(c.id) ?? (await this.open(c, now));
    if (!cursor) return now.getTime() + 60_000;
    const t = now.getTime();
    for (let sends = 0; sends < SENDS_PER_TICK; sends++) {
      if (cursor.nextAt > t) return cursor.nextAt;
      const recipient = await this.nextRecipient(c, cursor);
      if (!recipient) {
        // Every recipient has its message: the campaign finishes once their outcomes are in (the decider checks).
        if (t - cursor.finishAskedAt >= 5_000) {
          cursor.finishAskedAt = t;
          await this.decide(c, { type: 'FinishCampaign', at: now.toISOString() }, true);
        }
        return t + 5_000;
      }
      cursor.sending++;
      try {
        // The log, not the tick's list, says whether it still sends: a cancel a moment ago stops this very message.
        if (!(await this.stillSending(c))) {
          this.cursors.delete(c.id);
          return t + 60_000;
        }
        const decision = this.governors.decide(c.whatsappId, now, !recipient.known);
        if (decision.send === 'later') {
          cursor.buffer.unshift(recipient);
          cursor.nextAt = Date.parse(decision.notBefore);
          if ((await this.decide(c, { type: 'DeferCampaign', notBefore: decision.notBefore, reason: decision.reason })) === null) this.cursors.delete(c.id);
          return cursor.nextAt;
        }
        // One the read model had not shown as sent yet (just after a restart): the log took it once, nothing went.
        if (!(await this.send(c, cursor, recipient, now))) continue;
      } finally {
        cursor.sending--;
      }
      this.governors.sent(c.whatsappId, now, !recipient.known);
      cursor.sent++;
      cursor.nextAt = t + gapAfterSeconds(cursor.sent, cursor.settings) * 1000;
    }
    return cursor.nextAt;
  }

  /** A campaign's cursor: its settings, and pacing going on from the last message it queued (after a restart too). */
  private async open(c: DispatchableCampaign, now: Date): Promise<Cursor | undefined> {
    const campaign = await this.queries.find(c.companyId, c.id, now);
    if (!campaign) return undefined;
    const settings = await this.queries.settings(c.companyId);
    // The log, not the read model, says how many went and when the last was due.
    const { state } = await loadState(this.options.store, campaignDecider, campaignStream(c.companyId, c.id), this.states as StateCache<CampaignState>, this.snapshots);
    const sent = state.status === 'absent' || state.status === 'deleted' ? 0 : state.queued;
    const lastDueAt = state.status === 'absent' || state.status === 'deleted' ? null : state.lastDueAt;
    const nextAt = lastDueAt === null ? now.getTime() : Date.parse(lastDueAt) + gapAfterSeconds(sent, settings) * 1000;
    const cursor: Cursor = { campaign, settings, extras: await this.extras(campaign), afterKey: 0, buffer: [], exhausted: false, sent, nextAt, finishAskedAt: 0, sending: 0 };
    this.cursors.set(c.id, cursor);
    return cursor;
  }

  /** The next recipient without a message from this campaign, reading the list a page at a time. */
  private async nextRecipient(c: DispatchableCampaign, cursor: Cursor): Promise<(CampaignRecipientRow & { known: boolean }) | undefined> {
    while (cursor.buffer.length === 0 && !cursor.exhausted) {
      const rows = await this.queries.recipients(c, cursor.afterKey, PAGE);
      if (rows.length < PAGE) cursor.exhausted = true;
      if (rows.length === 0) break;
      cursor.afterKey = rows[rows.length - 1]!.key;
      const numbers = [...new Set(rows.map((r) => r.number))];
      const queued = await this.queries.alreadyQueued(c.id, numbers);
      // A number the company has a contact for was written to (or wrote) before: not a new recipient for the governor.
      const known = new Set(
        ((await this.options.knex('contacts').where({ company_id: c.companyId }).whereIn('number', numbers).select('number')) as Array<{ number: string }>).map((r) => r.number),
      );
      const seen = new Set<string>();
      for (const row of rows) {
        if (queued.has(row.number) || seen.has(row.number)) continue;
        seen.add(row.number);
        cursor.buffer.push({ ...row, known: known.has(row.number) });
      }
    }
    return cursor.buffer.shift();
  }

  /**
   * Hands one contact's message to the conversation (which sends it once), then records it in the campaign. False when
   * the campaign had it already (the conversation and the log each take it once: nothing went twice).
   */
  private async send(c: DispatchableCampaign, cursor: Cursor, recipient: CampaignRecipientRow, now: Date): Promise<boolean> {
    const { campaign, settings } = cursor;
    const composed = composeCampaignMessage(campaign, recipient, settings.variables, () => this.random(`${c.id}:${recipient.number}`));
    if (!composed) return false;
    const messageId = campaignMessageId(c.companyId, c.id, recipient.number);
    const media = campaign.mediaPath ? { mediaType: mediaTypeOf(campaign.mediaPath), mediaUrl: campaign.mediaPath, voice: false } : undefined;
    await this.options.conversations.sendExternal({
      companyId: c.companyId,
      whatsappId: c.whatsappId,
      number: recipient.number,
      messageId,
      body: composed.body,
      queueId: null,
      resolveOpened: true,
      sender: 'campaign',
      ...(media ? { media } : {}),
    });
    // Its file list after it, each part with an id of its own derived from the contact's (sent once too).
    for (const [i, extra] of cursor.extras.entries()) {
      await this.options.conversations.sendExternal({
        companyId: c.companyId,
        whatsappId: c.whatsappId,
        number: recipient.number,
        messageId: `${messageId}-f${i}`,
        body: extra.body,
        queueId: null,
        resolveOpened: true,
        sender: 'campaign',
        ...(extra.media ? { media: extra.media } : {}),
      });
    }
    const recorded = await this.decide(c, { type: 'QueueCampaignMessage', number: recipient.number, variant: composed.variant, body: composed.body, dueAt: now.toISOString() });
    // Refused: the campaign stopped meanwhile (this one message went; the next tick no longer sees the campaign).
    if (recorded === null) this.cursors.delete(c.id);
    if (!recorded) return false;
    this.sent++;
    return true;
  }

  /**
   * A command to a campaign: true when it wrote something, false when it was already so (a repeat), null when the
   * campaign's status refuses it (cancelled meanwhile …), which is logged unless `quiet`.
   */
  private async decide(c: Pick<DispatchableCampaign, 'companyId' | 'id'>, command: CampaignCommand, quiet = false): Promise<boolean | null> {
    try {
      const result = await handleCommand(this.options.store, campaignDecider, campaignStream(c.companyId, c.id), command, { actor: { type: 'system', name: 'campaigns' } }, {
        cache: this.states as StateCache<unknown>,
        snapshots: this.snapshots,
      });
      return result.events.length > 0;
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      if (!quiet) this.options.log.info({ campaignId: c.id, command: command.type, code: err.code }, 'campaign command refused');
      return null;
    }
  }

  /** Whether the campaign is still EM_ANDAMENTO in its stream (the cached state, and the events after it). */
  private async stillSending(c: Pick<DispatchableCampaign, 'companyId' | 'id'>): Promise<boolean> {
    const { state } = await loadState(this.options.store, campaignDecider, campaignStream(c.companyId, c.id), this.states as StateCache<CampaignState>, this.snapshots);
    return state.status === 'EM_ANDAMENTO';
  }

  /** The campaign's file list, as messages: its text, then each option that has its file. */
  private async extras(campaign: CampaignView): Promise<Extra[]> {
    if (campaign.fileListId === null) return [];
    const list = await new FileListQueries(this.options.knex).fileListWithOptions(campaign.companyId, campaign.fileListId);
    if (!list) return [];
    const extras: Extra[] = list.message.trim() ? [{ body: list.message }] : [];
    for (const option of list.options) {
      if (option.path && option.mediaType) extras.push({ body: option.name, media: { mediaType: option.mediaType, mediaUrl: option.path, voice: false } });
    }
    return extras;
  }

  // ---- outcomes ----------------------------------------------------------------------------------------------------

  /**
   * Delivered to the phone (ack 2 or more) or failed: the campaign records it, once; a 429 slows the connection down.
   * The external API's messages are counted in their connection's governor here too.
   */
  private async outcomes(batch: RecordedEvent[]): Promise<void> {
    for (const event of batch) {
      const data = event.data as { messageId?: string; ack?: number; reason?: string; whatsappId?: number };
      // A message of the external API counts in its connection's budget too (the API reads the governor, decision 0028).
      if (event.type === 'MessageQueued' && (event.metadata.actor as { name?: string } | undefined)?.name === 'external-api' && typeof data.whatsappId === 'number') {
        const now = this.clock();
        await this.governors.follow([data.whatsappId], now);
        this.governors.sent(data.whatsappId, now, false);
        continue;
      }
      if (typeof data.messageId !== 'string' || !data.messageId.startsWith('campaign-')) continue;
      // The contact's own message (`campaign-{company}-{campaign}-{number}`) counts; its file list's parts do not.
      const parts = data.messageId.split('-');
      if (parts.length !== 4) continue;
      const [, company, campaign, number] = parts;
      const c = { companyId: Number(company), id: Number(campaign) };
      if (!Number.isSafeInteger(c.companyId) || !Number.isSafeInteger(c.id) || !number) continue;
      const at = event.recordedAt.toISOString();
      if (event.type === 'MessageAckChanged' && (data.ack ?? 0) >= 2) {
        await this.decide(c, { type: 'RecordCampaignDelivery', number, at }, true);
      } else if (event.type === 'MessageDispatchFailed' || event.type === 'MessageDeliveryFailed') {
        const reason = data.reason ?? 'failed';
        await this.decide(c, { type: 'RecordCampaignDeliveryFailure', number, reason, at }, true);
        if (RATE_LIMITED.test(reason)) await this.rateLimited(c.id, this.clock());
      } else continue;
      // The list is done: the last outcome finishes it.
      const cursor = this.cursors.get(c.id);
      if (cursor?.exhausted && cursor.buffer.length === 0 && cursor.sending === 0) await this.decide(c, { type: 'FinishCampaign', at }, true);
    }
  }

  /** WhatsApp said "too many" to one of a campaign's messages: its connection pauses, then sends slower. */
  private async rateLimited(campaignId: number, now: Date): Promise<void> {
    const row = (await this.options.knex('campaigns').where({ id: campaignId }).first('whatsapp_id')) as { whatsapp_id: string } | undefined;
    if (!row) return;
    const whatsappId = Number(row.whatsapp_id);
    await this.governors.follow([whatsappId], now);
    this.governors.signal(whatsappId, 'rateLimited', now);
    // The connections page shows the pause at once.
    await this.governors.save(true);
  }
}

/** The kind of a campaign's file, by its name. */
function mediaTypeOf(path: string): MediaType {
  const mime = mimeTypes.lookup(path) || '';
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('audio/')) return 'audio';
  if (mime.startsWith('video/')) return 'video';
  return 'application';
}
