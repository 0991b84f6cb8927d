import type { Migration } from '../../db/migrations.js';

/**
 * The event log. Events are ordered globally by (transaction_id, global_position): a reader only reads rows of
 * transactions older than the oldest one still running (the snapshot's xmin), so a transaction that commits
 * late can never land behind a checkpoint. See docs/decisions/0002-postgres-event-order.md.
 */
export const eventStoreMigrations: Migration[] = [
  {
    name: '202611220001_event_store',
    async up(knex) {
      await knex.raw(`
        CREATE TABLE event_streams (
          stream_id   text   PRIMARY KEY,
          company_id  bigint NOT NULL,
          revision    bigint NOT NULL
        );
        CREATE TABLE events (
          global_position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
          transaction_id  xid8   NOT NULL DEFAULT pg_current_xact_id(),
          stream_id       text   NOT NULL,
          stream_position bigint NOT NULL,
          event_id        uuid   NOT NULL,
          event_type      text   NOT NULL,
          schema_version  int    NOT NULL,
          company_id      bigint NOT NULL,
          data            jsonb  NOT NULL,
          metadata        jsonb  NOT NULL,
          recorded_at     timestamptz NOT NULL DEFAULT now(),
          UNIQUE (stream_id, stream_position),
          UNIQUE (stream_id, event_id)
        );
        CREATE INDEX events_global_order ON events (transaction_id, global_position);
        CREATE INDEX events_company_order ON events (company_id, transaction_id, global_position);

        -- One round trip per append: lock the stream, recognise a repeat, check the expected revision, write.
        -- p_expected: -1 no stream, -2 any, -3 exists, >= 0 exact revision.
        CREATE FUNCTION atendo_append(p_stream text, p_company bigint, p_expected bigint, p_events jsonb)
        RETURNS TABLE (revision bigint, commit_position xid8, prepare_position bigint, duplicate boolean)
        LANGUAGE plpgsql AS $fn$
        DECLARE
          v_current bigint;
          v_company bigint;
          v_count   int := jsonb_array_length(p_events);
          v_present int;
          v_last    bigint;
        BEGIN
          SELECT s.revision, s.company_id INTO v_current, v_company
            FROM event_streams s WHERE s.stream_id = p_stream FOR UPDATE;
          IF NOT FOUND THEN
            INSERT INTO event_streams (stream_id, company_id, revision) VALUES (p_stream, p_company, -1)
              ON CONFLICT (stream_id) DO NOTHING;
            IF FOUND THEN
              v_current := -1;
              v_company := p_company;
            ELSE
              SELECT s.revision, s.company_id INTO v_current, v_company
                FROM event_streams s WHERE s.stream_id = p_stream FOR UPDATE;
            END IF;
          END IF;

          IF v_company <> p_company THEN
            RAISE EXCEPTION 'stream % belongs to another company', p_stream USING ERRCODE = 'AT403';
          END IF;

          IF v_current >= 0 THEN
            SELECT count(*) INTO v_present FROM events e
             WHERE e.stream_id = p_stream
               AND e.event_id IN (SELECT (x->>'id')::uuid FROM jsonb_array_elements(p_events) x);
            IF v_present = v_count THEN
              RETURN QUERY SELECT v_current, e.transaction_id, e.global_position, true
                FROM events e WHERE e.stream_id = p_stream
                 AND e.event_id IN (SELECT (x->>'id')::uuid FROM jsonb_array_elements(p_events) x)
               ORDER BY e.stream_position DESC LIMIT 1;
              RETURN;
            ELSIF v_present > 0 THEN
              RAISE EXCEPTION 'partial duplicate append to %', p_stream USING ERRCODE = 'AT422';
            END IF;
          END IF;

          IF (p_expected = -1 AND v_current <> -1)
             OR (p_expected = -3 AND v_current = -1)
             OR (p_expected >= 0 AND v_current <> p_expected) THEN
            RAISE EXCEPTION 'wrong expected revision' USING ERRCODE = 'AT409', DETAIL = v_current::text;
          END IF;

          UPDATE event_streams SET revision = v_current + v_count WHERE stream_id = p_stream;

          WITH ins AS (
            INSERT INTO events (stream_id, stream_position, event_id, event_type, schema_version, company_id, data, metadata)
            SELECT p_stream, v_current + x.ord, (x.e->>'id')::uuid, x.e->>'type', (x.e->>'v')::int, p_company,
                   x.e->'data', x.e->'meta'
              FROM jsonb_array_elements(p_events) WITH ORDINALITY AS x(e, ord)
            RETURNING global_position
          )
          SELECT max(global_position) INTO v_last FROM ins;

          RETURN QUERY SELECT v_current + v_count, pg_current_xact_id(), v_last, false;
        END
        $fn$;
      `);
    },
    async down(knex) {
      await knex.raw('DROP FUNCTION atendo_append; DROP TABLE events; DROP TABLE event_streams;');
    },
  },
];
