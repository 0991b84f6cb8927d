import type { Knex } from 'knex';

/**
 * How many tickets each company has by status, queue and agent (`ticket_counts`), kept by PostgreSQL itself: three
 * statement triggers on `tickets` add what a statement inserted and take away what it deleted, so whoever writes
 * tickets (the projector, a rebuild's last stretch, a test) keeps the counts true. A list whose filters are only
 * status, queue, agent and visibility counts its tabs' badge from these few rows instead of walking the list's index
 * (decision 0026). A group that falls to zero is deleted, so the table holds exactly what a GROUP BY would give.
 *
 * Table names are unqualified: a rebuild's search path points them at its shadow tables, and the triggers it puts
 * on its shadow `tickets` write its shadow `ticket_counts`.
 */
const GROUP = 'company_id, status, queue_id, user_id';
const KEY = '(company_id, status, coalesce(queue_id, 0), coalesce(user_id, 0))';
const UPSERT = `ON CONFLICT ${KEY} DO UPDATE SET n = c.n + excluded.n`;
/** Groups of `rows` whose count fell to zero. */
const dropEmpty = (rows: string) =>
  `DELETE FROM ticket_counts c USING (SELECT DISTINCT ${GROUP} FROM ${rows}) o
    WHERE c.n = 0 AND c.company_id = o.company_id AND c.status = o.status
      AND coalesce(c.queue_id, 0) = coalesce(o.queue_id, 0) AND coalesce(c.user_id, 0) = coalesce(o.user_id, 0)`;

export const TICKET_COUNTS_TABLE = `
  CREATE TABLE ticket_counts (company_id bigint NOT NULL, status text NOT NULL, queue_id bigint, user_id bigint, n bigint NOT NULL);
  CREATE UNIQUE INDEX ticket_counts_key ON ticket_counts ${KEY};`;

/** The trigger functions (shared by the live table and a rebuild's shadow one). Rows are upserted in key order. */
export const TICKET_COUNTS_FUNCTIONS = `
  CREATE OR REPLACE FUNCTION atendo_ticket_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO ticket_counts AS c (${GROUP}, n)
    SELECT ${GROUP}, count(*) FROM inserted GROUP BY ${GROUP} ORDER BY ${GROUP} ${UPSERT};
    RETURN NULL;
  END $$;
  CREATE OR REPLACE FUNCTION atendo_ticket_counts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO ticket_counts AS c (${GROUP}, n)
    SELECT ${GROUP}, sum(d) FROM (SELECT ${GROUP}, 1 AS d FROM after_rows UNION ALL SELECT ${GROUP}, -1 FROM before_rows) x
     GROUP BY ${GROUP} HAVING sum(d) <> 0 ORDER BY ${GROUP} ${UPSERT};
    -- Most updates change neither status, queue nor agent (a message, a read): nothing was written above.
    IF FOUND THEN ${dropEmpty('before_rows')}; END IF;
    RETURN NULL;
  END $$;
  CREATE OR REPLACE FUNCTION atendo_ticket_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO ticket_counts AS c (${GROUP}, n)
    SELECT ${GROUP}, -count(*) FROM deleted GROUP BY ${GROUP} ORDER BY ${GROUP} ${UPSERT};
    ${dropEmpty('deleted')};
    RETURN NULL;
  END $$;`;

/** The triggers on `tickets` (the one the search path finds first). */
export const TICKET_COUNTS_TRIGGERS = `
  CREATE TRIGGER ticket_counts_inserted AFTER INSERT ON tickets REFERENCING NEW TABLE AS inserted
    FOR EACH STATEMENT EXECUTE FUNCTION atendo_ticket_counts_inserted();
  CREATE TRIGGER ticket_counts_updated AFTER UPDATE ON tickets REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows
    FOR EACH STATEMENT EXECUTE FUNCTION atendo_ticket_counts_updated();
  CREATE TRIGGER ticket_counts_deleted AFTER DELETE ON tickets REFERENCING OLD TABLE AS deleted
    FOR EACH STATEMENT EXECUTE FUNCTION atendo_ticket_counts_deleted();`;

/** Counts every ticket there is into an empty `ticket_counts`. */
export const COUNT_ALL_TICKETS = `INSERT INTO ticket_counts (${GROUP}, n) SELECT ${GROUP}, count(*) FROM tickets GROUP BY ${GROUP}`;

/**
 * A rebuild's shadow tables once the bulk of the log is folded into them (Projection.afterBulk): the tickets written
 * so far are counted in one pass, and the triggers keep the counts from there on.
 */
export async function countShadowTickets(trx: Knex.Transaction): Promise<void> {
  await trx.raw(COUNT_ALL_TICKETS);
  await trx.raw(TICKET_COUNTS_TRIGGERS);
  await trx.raw('ANALYZE ticket_counts');
}
