import { sqlMigration, type Migration } from '@atendo/platform';

export const billingMigrations: Migration[] = [
  sqlMigration(
    '202611291331_invoices',
    `
        CREATE TABLE invoices (
          id bigint PRIMARY KEY, company_id bigint NOT NULL, detail text NOT NULL, value numeric(12,2) NOT NULL,
          due_date timestamptz NOT NULL, status text NOT NULL, paid_at timestamptz, txid text, plan_id bigint,
          to_due_date timestamptz, paid_event_id uuid, created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL
        );
        CREATE INDEX invoices_company ON invoices (company_id, due_date DESC, id DESC);
        CREATE INDEX invoices_due ON invoices (due_date DESC, id DESC);
        CREATE INDEX invoices_paid_event ON invoices (paid_event_id) WHERE paid_event_id IS NOT NULL;
        CREATE TABLE invoice_charges (
          txid text PRIMARY KEY, company_id bigint NOT NULL, invoice_id bigint NOT NULL, provider text NOT NULL,
          value numeric(12,2) NOT NULL, created_at timestamptz NOT NULL
        );
        CREATE INDEX invoice_charges_invoice ON invoice_charges (company_id, invoice_id);
        CREATE TABLE flagged_payments (
          event_id uuid PRIMARY KEY, company_id bigint NOT NULL, invoice_id bigint, txid text NOT NULL, amount numeric(12,2) NOT NULL,
          end_to_end_id text, reason text NOT NULL, received_at timestamptz NOT NULL
        );
        CREATE INDEX flagged_payments_company ON flagged_payments (company_id, received_at DESC);
      `,
    'DROP TABLE flagged_payments; DROP TABLE invoice_charges; DROP TABLE invoices',
  ),
];
