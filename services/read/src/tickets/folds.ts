import type { ContactStreamEvent, RecordedEvent } from '@atendo/contracts';
import type { RowCache } from '../projections/rowCache.js';
import type { ContactRow, MessageRow, TicketRow } from './rows.js';

/** A row change the realtime entries of the batch are built from, once every row of the batch is folded. */
export interface Touched {
  event: RecordedEvent;
  ticketId: number;
  messageKey?: string;
  /** A message update keeps its row as of that event, so each delivery state is told even within one batch. */
  messageAt?: MessageRow;
  previousUserId?: number | null;
  unreadReset?: boolean;
}

/** What folding one batch of the customer's stream works on. */
export interface StreamRows {
  contacts: RowCache<ContactRow>;
  tickets: RowCache<TicketRow>;
  messages: RowCache<MessageRow>;
  touched: Touched[];
  deleted: Array<{ companyId: number; ticket: TicketRow }>;
}

type Data<T extends ContactStreamEvent['type']> = Extract<ContactStreamEvent, { type: T }>['data'];

/**
 * How one family's events change the rows (decision 0013 on the write side): each feature of the customer's stream
 * folds its own event types; the tickets projection composes them.
 */
export type RowFolds = { [T in ContactStreamEvent['type']]?: (rows: StreamRows, event: RecordedEvent, data: Data<T>) => void };

/** The families' folds in one map; an event type two families fold is a mistake caught at start-up. */
export function composeFolds(...families: RowFolds[]): RowFolds {
  const all: Record<string, unknown> = {};
  for (const family of families) {
    for (const [type, fold] of Object.entries(family)) {
      if (type in all) throw new Error(`Two families fold ${type} into the tickets read model`);
      all[type] = fold;
    }
  }
  return all as RowFolds;
}
