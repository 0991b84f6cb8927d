import { sqlMigration, type Migration } from '@atendo/platform';
import { NUMBER_GRAMS_FUNCTION, foldedSql, numberGramsSql, wordsSql } from '../search.js';
import { COUNT_ALL_TICKETS, TICKET_COUNTS_FUNCTIONS, TICKET_COUNTS_TABLE, TICKET_COUNTS_TRIGGERS } from './counts.js';

export const ticketMigrations: Migration[] = [
  sqlMigration(
    '202611220040_conversations',
    `
        CREATE TABLE contacts (
          id bigint PRIMARY KEY, company_id bigint NOT NULL, name text NOT NULL, number text NOT NULL,
          email text NOT NULL DEFAULT '', profile_pic_url text NOT NULL DEFAULT '', is_group boolean NOT NULL,
          stream_id text NOT NULL, created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL
        );
        CREATE UNIQUE INDEX contacts_number ON contacts (company_id, number);
        CREATE TABLE tickets (
          id bigint PRIMARY KEY, uuid uuid NOT NULL UNIQUE, company_id bigint NOT NULL, status text NOT NULL,
          user_id bigint, queue_id bigint, whatsapp_id bigint NOT NULL, contact_id bigint NOT NULL,
          last_message text NOT NULL DEFAULT '', unread_messages int NOT NULL DEFAULT 0, is_group boolean NOT NULL,
          chatbot boolean NOT NULL DEFAULT false, stream_id text NOT NULL,
          created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL
        );
        CREATE INDEX tickets_list ON tickets (company_id, status, updated_at DESC, id DESC);
        CREATE INDEX tickets_contact ON tickets (contact_id);
        CREATE TABLE messages (
          key text PRIMARY KEY, id text NOT NULL, company_id bigint NOT NULL, ticket_id bigint NOT NULL, contact_id bigint NOT NULL,
          whatsapp_id bigint NOT NULL, body text NOT NULL, from_me boolean NOT NULL, media_type text NOT NULL,
          media_url text, quoted_id text, ack smallint NOT NULL, is_deleted boolean NOT NULL DEFAULT false,
          is_edited boolean NOT NULL DEFAULT false, read boolean NOT NULL, provider_message_id text,
          user_id bigint, failed boolean NOT NULL DEFAULT false,
          ordinal bigint NOT NULL, created_at timestamptz NOT NULL
        );
        CREATE INDEX messages_ticket ON messages (ticket_id, ordinal DESC);
        CREATE INDEX messages_provider ON messages (whatsapp_id, provider_message_id) WHERE provider_message_id IS NOT NULL;
      `,
    'DROP TABLE messages, tickets, contacts',
  ),
  {
    // The read model was named `conversations` before one name per feature (decision 0014): its checkpoint and
    // dead letters carry over, so an upgrade does not fold the log again.
    name: '202611240020_conversations_read_model_named_tickets',
    async up(knex) {
      await knex('projection_checkpoints').where({ name: 'conversations' }).whereNotExists(knex('projection_checkpoints').where({ name: 'tickets' })).update({ name: 'tickets' });
      await knex('projection_dead_letters').where({ projection: 'conversations' }).update({ projection: 'tickets' });
    },
    async down(knex) {
      await knex('projection_checkpoints').where({ name: 'tickets' }).update({ name: 'conversations' });
      await knex('projection_dead_letters').where({ projection: 'tickets' }).update({ projection: 'conversations' });
    },
  },
  {
    // Why a sent message failed (an error ack, no acknowledgement in time), shown on the message.
    name: '202611251200_message_failure_reason',
    up: (knex) => knex.raw('ALTER TABLE messages ADD COLUMN failure_reason text'),
    down: (knex) => knex.raw('ALTER TABLE messages DROP COLUMN failure_reason'),
  },
  {
    // Search at any size (issue 12): trigram indexes on what the searches compare — names and last messages folded
    // to lower case without accents (search.ts), numbers as they are — so a "contains" search reads the index, not
    // every row. pg_trgm ships with PostgreSQL; where the database refuses extensions the searches still work, slower.
    name: '202611271200_search_indexes',
    up: async (knex) => {
      // pg_trgm is a trusted extension: whoever may create in the database may add it (or it is there already).
      const { rows } = (await knex.raw(
        `SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm')
             OR (EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') AND has_database_privilege(current_database(), 'CREATE')) AS ok`,
      )) as { rows: Array<{ ok: boolean }> };
      if (!rows[0]?.ok) return;
      await knex.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
      await knex.raw(`
        CREATE INDEX IF NOT EXISTS contacts_name_search ON contacts USING gin ((${foldedSql('name')}) gin_trgm_ops);
        CREATE INDEX IF NOT EXISTS contacts_number_search ON contacts USING gin (number gin_trgm_ops);
        CREATE INDEX IF NOT EXISTS tickets_last_message_search ON tickets USING gin ((${foldedSql('last_message')}) gin_trgm_ops);
      `);
    },
    down: (knex) => knex.raw('DROP INDEX IF EXISTS contacts_name_search, contacts_number_search, tickets_last_message_search'),
  },
  {
    // An agent's own tickets of a status, newest first (the assigned tab): read from an index, not filtered out of
    // every open ticket of the company.
    name: '202611271300_tickets_by_user',
    up: async (knex) => {
      await knex.raw('CREATE INDEX IF NOT EXISTS tickets_user_list ON tickets (company_id, user_id, status, updated_at DESC, id DESC)');
      // The contacts page, by name.
      await knex.raw('CREATE INDEX IF NOT EXISTS contacts_by_name ON contacts (company_id, lower(name), id)');
    },
    down: (knex) => knex.raw('DROP INDEX IF EXISTS tickets_user_list, contacts_by_name'),
  },
  {
    // Names and last messages searched by their words (search.ts, wordsSql), not by trigrams: a trigram index reads
    // a long posting list for every common three letters ("mar", "ped"), a words index one short list per rare word
    // and skips through the common ones. Numbers are searched by their beginning and their end (btree indexes), and
    // by digits anywhere (their trigram index) when that finds nothing.
    name: '202611281000_word_search',
    up: (knex) =>
      knex.raw(`
        CREATE INDEX IF NOT EXISTS contacts_name_words ON contacts USING gin ((${wordsSql('name')}));
        CREATE INDEX IF NOT EXISTS tickets_last_message_words ON tickets USING gin ((${wordsSql('last_message')}));
        DROP INDEX IF EXISTS contacts_name_search, tickets_last_message_search;
        CREATE INDEX IF NOT EXISTS contacts_number_start ON contacts (company_id, number text_pattern_ops);
        CREATE INDEX IF NOT EXISTS contacts_number_end ON contacts (company_id, reverse(number) text_pattern_ops);
      `),
    down: async (knex) => {
      await knex.raw('DROP INDEX IF EXISTS contacts_name_words, tickets_last_message_words, contacts_number_start, contacts_number_end');
      const { rows } = (await knex.raw(`SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') AS ok`)) as { rows: Array<{ ok: boolean }> };
      if (!rows[0]?.ok) return;
      await knex.raw(`
        CREATE INDEX IF NOT EXISTS contacts_name_search ON contacts USING gin ((${foldedSql('name')}) gin_trgm_ops);
        CREATE INDEX IF NOT EXISTS tickets_last_message_search ON tickets USING gin ((${foldedSql('last_message')}) gin_trgm_ops);
      `);
    },
  },
  {
    // The prompt or integration talking on a ticket (spec: the ticket's useIntegration, promptId, integrationId).
    name: '202611281200_ticket_bots',
    up: (knex) => knex.raw('ALTER TABLE tickets ADD COLUMN IF NOT EXISTS prompt_id bigint, ADD COLUMN IF NOT EXISTS integration_id bigint'),
    down: (knex) => knex.raw('ALTER TABLE tickets DROP COLUMN IF EXISTS prompt_id, DROP COLUMN IF EXISTS integration_id'),
  },
  {
    // Tickets counted by company, status, queue and agent, kept by triggers (counts.ts): the tabs' badges read a few
    // rows instead of walking the list's index up to the cap.
    name: '202611281600_ticket_counts',
    up: async (knex) => {
      await knex.raw(TICKET_COUNTS_TABLE);
      await knex.raw(TICKET_COUNTS_FUNCTIONS);
      await knex.raw(TICKET_COUNTS_TRIGGERS);
      await knex.raw(COUNT_ALL_TICKETS);
    },
    down: (knex) =>
      knex.raw(`
        DROP TRIGGER IF EXISTS ticket_counts_inserted ON tickets;
        DROP TRIGGER IF EXISTS ticket_counts_updated ON tickets;
        DROP TRIGGER IF EXISTS ticket_counts_deleted ON tickets;
        DROP TABLE IF EXISTS ticket_counts;
        DROP FUNCTION IF EXISTS atendo_ticket_counts_inserted(), atendo_ticket_counts_updated(), atendo_ticket_counts_deleted();
      `),
  },
  {
    // Digits anywhere in a number read by its grams (search.ts, NUMBER_GRAMS_FUNCTION), not by its trigrams: digits
    // make only a thousand trigrams, each listing a good share of the numbers ("000" most of them), and a search
    // checks every number holding its rarest one; a gram of five digits lists a few numbers in a hundred thousand.
    // No extension is needed.
    name: '202611290900_number_grams',
    up: async (knex) => {
      await knex.raw(NUMBER_GRAMS_FUNCTION);
      await knex.raw(`
        DROP INDEX IF EXISTS contacts_number_search;
        CREATE INDEX IF NOT EXISTS contacts_number_grams ON contacts USING gin (${numberGramsSql('number')});
      `);
    },
    down: async (knex) => {
      await knex.raw('DROP INDEX IF EXISTS contacts_number_grams; DROP FUNCTION IF EXISTS atendo_number_grams(text)');
      const { rows } = (await knex.raw(`SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') AS ok`)) as { rows: Array<{ ok: boolean }> };
      if (rows[0]?.ok) await knex.raw('CREATE INDEX IF NOT EXISTS contacts_number_search ON contacts USING gin (number gin_trgm_ops)');
    },
  },
  {
    // A company's tickets newest first whatever their status: the console's search tab lists every status, and a word
    // most names hold is read by walking these until the page (and the capped count) is full, instead of sorting
    // every ticket of the company.
    name: '202611291000_tickets_recent',
    up: (knex) => knex.raw('CREATE INDEX IF NOT EXISTS tickets_recent ON tickets (company_id, updated_at DESC, id DESC)'),
    down: (knex) => knex.raw('DROP INDEX IF EXISTS tickets_recent'),
  },
  {
    // Replies not sent yet (no outcome recorded), by connection and age: /health reads each connection's outbox from
    // these few rows on any node, however many messages the table holds.
    name: '202611291200_messages_outbox',
    up: (knex) => knex.raw('CREATE INDEX IF NOT EXISTS messages_outbox ON messages (whatsapp_id, created_at) WHERE from_me AND provider_message_id IS NULL AND NOT failed AND NOT is_deleted'),
    down: (knex) => knex.raw('DROP INDEX IF EXISTS messages_outbox'),
  },
];
