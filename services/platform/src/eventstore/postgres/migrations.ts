import { sqlMigration, type Migration } from '../../db/migrations.js';

/** The append function; `CREATE OR REPLACE` by later migrations that change it. */
function appendBatchFunction(verb: 'CREATE' | 'CREATE OR REPLACE'): string {
  return `
  -- Appends to several streams in one call and one transaction (the store groups concurrent appends; a
  -- batch names each stream once). Each append is checked on its own and gets its own status.
  -- expected: -1 no stream, -2 any, -3 exists, >= 0 exact revision.
  ${verb} FUNCTION atendo_append_batch(p_appends jsonb)
  RETURNS TABLE (idx int, status text, revision bigint, commit_position xid8, prepare_position bigint)
  LANGUAGE plpgsql
  -- A batch touches a handful of streams: index lookups always beat scanning (the planner cannot know the
  -- size of a jsonb array and would otherwise hash-join against whole tables).
  SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off
  SET plan_cache_mode = force_generic_plan
  AS $fn$
  BEGIN
    -- Streams are created, then locked, in id order: two batches never wait on each other in a circle.
    INSERT INTO event_streams (stream_id, company_id, revision)
    SELECT x->>'stream', (x->>'company')::bigint, -1 FROM jsonb_array_elements(p_appends) x
     ORDER BY x->>'stream' COLLATE "C"
    ON CONFLICT (stream_id) DO NOTHING;

    PERFORM 1 FROM event_streams s
     WHERE s.stream_id IN (SELECT x->>'stream' FROM jsonb_array_elements(p_appends) x)
     ORDER BY s.stream_id COLLATE "C" FOR UPDATE;

    -- A new statement, so a new snapshot: it sees everything committed before our locks were granted.
    RETURN QUERY
    WITH req AS (
      SELECT (x.ord - 1)::int AS i, x.e->>'stream' AS stream, (x.e->>'company')::bigint AS company,
             (x.e->>'expected')::bigint AS expected, x.e->'events' AS events,
             jsonb_array_length(x.e->'events') AS n
        FROM jsonb_array_elements(p_appends) WITH ORDINALITY AS x(e, ord)
    ), present AS (
      -- One lookup per event id (the LIMIT keeps it a lookup): joined instead, the planner may walk the
      -- whole stream by position and filter by id, and a long-lived stream would make every append slower.
      SELECT r.i, count(*) AS n, max(f.global_position) AS last_position
        FROM req r CROSS JOIN LATERAL jsonb_array_elements(r.events) ev
        CROSS JOIN LATERAL (
          SELECT e.global_position FROM events e
           WHERE e.stream_id = r.stream AND e.event_id = (ev->>'id')::uuid LIMIT 1
        ) f
       GROUP BY r.i
    ), decided AS (
      SELECT r.i, r.stream, r.company, r.events, r.n, s.revision AS current, p.last_position,
             CASE
               WHEN s.company_id <> r.company THEN 'company_mismatch'
               WHEN coalesce(p.n, 0) = r.n THEN 'duplicate'
               WHEN coalesce(p.n, 0) > 0 THEN 'partial_duplicate'
               WHEN (r.expected = -1 AND s.revision <> -1)
                 OR (r.expected = -3 AND s.revision = -1)
                 OR (r.expected >= 0 AND s.revision <> r.expected) THEN 'wrong_expected_revision'
               ELSE 'ok'
             END AS status
        FROM req r
        JOIN event_streams s ON s.stream_id = r.stream
        LEFT JOIN present p ON p.i = r.i
    ), moved AS (
      UPDATE event_streams s SET revision = d.current + d.n
        FROM decided d WHERE d.status = 'ok' AND s.stream_id = d.stream
    ), written AS (
      INSERT INTO events (stream_id, stream_position, event_id, event_type, schema_version, company_id, data, metadata)
      SELECT d.stream, d.current + x.ord, (x.e->>'id')::uuid, x.e->>'type', (x.e->>'v')::int, d.company,
             x.e->'data', x.e->'meta'
        FROM decided d CROSS JOIN LATERAL jsonb_array_elements(d.events) WITH ORDINALITY AS x(e, ord)
       WHERE d.status = 'ok'
      RETURNING stream_id, global_position
    ), last_written AS (
      SELECT w.stream_id, max(w.global_position) AS last_position FROM written w GROUP BY w.stream_id
    )
    SELECT d.i, d.status,
           CASE WHEN d.status = 'ok' THEN d.current + d.n ELSE d.current END,
           CASE WHEN d.status = 'ok' THEN pg_current_xact_id()
                WHEN d.status = 'duplicate' THEN (SELECT e.transaction_id FROM events e WHERE e.global_position = d.last_position)
           END,
           CASE WHEN d.status = 'ok' THEN lw.last_position
                WHEN d.status = 'duplicate' THEN d.last_position
           END
      FROM decided d LEFT JOIN last_written lw ON lw.stream_id = d.stream;
  END
  $fn$;
  `;
}

/**
 * The event log. Events are ordered globally by (transaction_id, global_position): a reader only reads rows of
 * transactions older than the oldest one still running (the snapshot's xmin), so a transaction that commits
 * late can never land behind a checkpoint. See docs/decisions/0002-postgres-event-order.md.
 */
export const eventStoreMigrations: Migration[] = [
  sqlMigration(
    '202611220001_event_store',
    `
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

        ${appendBatchFunction('CREATE')}
      `,
    'DROP FUNCTION atendo_append_batch; DROP TABLE events; DROP TABLE event_streams;',
  ),
  {
    name: '202611230002_append_looks_ids_up',
    up: (knex) => knex.raw(appendBatchFunction('CREATE OR REPLACE')),
    // The earlier body differs only in how it finds repeated ids; keeping this one is harmless.
    down: async () => undefined,
  },
];
