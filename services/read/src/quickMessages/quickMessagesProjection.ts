import { sqlMigration, type Migration } from '@atendo/platform';
import type { QuickMessageFeedPayload } from '@atendo/contracts';
import type { Projection } from '../projections/projection.js';
import { applyRecordEvent, recordEventTypes } from '../projections/records.js';
import { QuickMessageQueries } from './queries.js';

export const quickMessagesMigrations: Migration[] = [
  sqlMigration(
    '202611271101_quick_messages',
    `
        CREATE TABLE quick_messages (
          id bigint PRIMARY KEY, company_id bigint NOT NULL, user_id bigint NOT NULL, shortcode text NOT NULL,
          message text NOT NULL, geral boolean NOT NULL, media_path text, media_name text,
          created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL
        );
        CREATE INDEX quick_messages_company ON quick_messages (company_id, shortcode);
      `,
    'DROP TABLE quick_messages',
  ),
];

const TABLE = { kind: 'QuickMessage', table: 'quick_messages', columns: new Set(['company_id', 'user_id', 'shortcode', 'message', 'geral', 'media_path', 'media_name']) };

/**
 * Quick messages, for their page and the message input's suggestions. A company's general ones reach all its
 * consoles; a personal one only its author's sessions (and admins').
 */
export const quickMessagesProjection: Projection = {
  name: 'quick_messages',
  tables: ['quick_messages'],
  eventTypes: recordEventTypes('QuickMessage'),
  async apply(events, { trx, emit, rebuilding }) {
    const queries = new QuickMessageQueries(trx);
    for (const event of events) {
      const { id } = event.data as { id: number };
      const before = await queries.find(event.metadata.companyId, id);
      const change = await applyRecordEvent(TABLE, event, trx);
      if (!change || rebuilding) continue;
      const record = change === 'delete' ? null : await queries.find(event.metadata.companyId, id);
      const shown = record ?? before;
      if (!shown) continue;
      const payload: QuickMessageFeedPayload = record ? { action: change as 'create' | 'update', record } : { action: 'delete', id };
      // Made general or personal: both sets of consoles hear it.
      const everyone = shown.geral || before?.geral === true;
      emit({ companyId: event.metadata.companyId, channel: 'quickmessage', payload, audience: everyone ? { kind: 'company' } : { kind: 'users', userIds: [shown.userId] } });
    }
  },
};
