import { type Kysely, sql } from 'kysely';
import { runStatements } from '../../db/statements';

/** An arbitrary constant naming the lock that keeps two migrating schemas from creating pg_trgm at once. */
const EXTENSION_LOCK = 727_002;

/**
 * Clients and their cases. A case carries its client's name (kept in step by two triggers) so that one
 * trigram index serves the search box over case number, client, receipt number and description, and the
 * table sorts by client without a join. Case numbers come from a counter row per firm and year: taken
 * under that row's lock in the creating transaction, so they are consecutive and never repeat.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${EXTENSION_LOCK})`.execute(db);
  // In public, never in a schema of its own that could be dropped with the extension's indexes elsewhere.
  const { rows } = await sql<{ schema: string }>`
    SELECT coalesce(
      (SELECT extnamespace::regnamespace::text FROM pg_extension WHERE extname = 'pg_trgm'),
      (SELECT nspname FROM pg_namespace WHERE nspname = 'public'),
      current_schema()) AS schema`.execute(db);
  const trgm = `${rows[0].schema}.gin_trgm_ops`;
  await sql.raw(`CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA ${rows[0].schema}`).execute(db);
  await runStatements(
    db,
    `
    CREATE TABLE clients (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      firm_id uuid NOT NULL REFERENCES firms (id) ON DELETE CASCADE,
      first_name text NOT NULL,
      last_name text NOT NULL,
      email text,
      phone text,
      date_of_birth date,
      country_of_citizenship text,
      a_number text,
      address text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX clients_firm_name_idx ON clients (firm_id, lower(last_name || ' ' || first_name), id);
    CREATE INDEX clients_full_name_idx ON clients (firm_id, lower(trim(first_name || ' ' || last_name)));
    CREATE UNIQUE INDEX clients_a_number_idx ON clients (firm_id, a_number) WHERE a_number IS NOT NULL;

    CREATE TABLE case_counters (
      firm_id uuid NOT NULL REFERENCES firms (id) ON DELETE CASCADE,
      year integer NOT NULL,
      last integer NOT NULL,
      PRIMARY KEY (firm_id, year)
    );

    CREATE TABLE cases (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      firm_id uuid NOT NULL REFERENCES firms (id) ON DELETE CASCADE,
      case_number text NOT NULL,
      client_id uuid NOT NULL REFERENCES clients (id),
      client_name text NOT NULL DEFAULT '',
      case_type text NOT NULL CHECK (case_type IN ('visa', 'citizenship', 'asylum', 'family')),
      form_type text NOT NULL,
      status text NOT NULL DEFAULT 'pending'
        CHECK (status IN ('pending', 'processing', 'on-hold', 'approved', 'rejected')),
      assignee_id uuid REFERENCES users (id) ON DELETE SET NULL,
      due_date date,
      description text NOT NULL DEFAULT '',
      receipt_number text,
      priority_date date,
      legal_fee_cents bigint CHECK (legal_fee_cents >= 0),
      amount_paid_cents bigint CHECK (amount_paid_cents >= 0),
      decided_at timestamptz,
      search_text text GENERATED ALWAYS AS (
        lower(case_number || ' ' || client_name || ' ' || coalesce(receipt_number, '') || ' ' || description)
      ) STORED,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (firm_id, case_number)
    );
    CREATE UNIQUE INDEX cases_receipt_idx ON cases (firm_id, receipt_number) WHERE receipt_number IS NOT NULL;
    CREATE INDEX cases_search_idx ON cases USING gin (search_text ${trgm});
    CREATE INDEX cases_created_idx ON cases (firm_id, created_at DESC, id DESC);
    CREATE INDEX cases_updated_idx ON cases (firm_id, updated_at DESC, id DESC);
    CREATE INDEX cases_due_idx ON cases (firm_id, due_date, id);
    CREATE INDEX cases_status_due_idx ON cases (firm_id, status, due_date, id);
    CREATE INDEX cases_assignee_idx ON cases (firm_id, assignee_id, status, due_date);
    CREATE INDEX cases_client_name_idx ON cases (firm_id, lower(client_name), id);
    CREATE INDEX cases_type_idx ON cases (firm_id, case_type, created_at DESC);
    CREATE INDEX cases_form_idx ON cases (firm_id, form_type, created_at DESC);
    CREATE INDEX cases_client_idx ON cases (client_id);
    CREATE INDEX cases_decided_idx ON cases (firm_id, decided_at) WHERE decided_at IS NOT NULL;

    CREATE TABLE case_history (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      case_id uuid NOT NULL REFERENCES cases (id) ON DELETE CASCADE,
      actor_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
      actor_name text,
      field text NOT NULL,
      from_value text,
      to_value text,
      created_at timestamptz NOT NULL DEFAULT now(),
      seq bigint GENERATED ALWAYS AS IDENTITY
    );
    CREATE INDEX case_history_case_idx ON case_history (case_id, created_at DESC, seq DESC);

    CREATE FUNCTION cases_take_client_name() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN SELECT trim(first_name || ' ' || last_name) INTO NEW.client_name FROM clients WHERE id = NEW.client_id; RETURN NEW; END $$;
    CREATE TRIGGER cases_client_name BEFORE INSERT OR UPDATE OF client_id ON cases
      FOR EACH ROW EXECUTE FUNCTION cases_take_client_name();

    CREATE FUNCTION clients_rename_cases() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE cases SET client_name = trim(NEW.first_name || ' ' || NEW.last_name) WHERE client_id = NEW.id; RETURN NEW; END $$;
    CREATE TRIGGER clients_renamed AFTER UPDATE OF first_name, last_name ON clients
      FOR EACH ROW WHEN (OLD.first_name <> NEW.first_name OR OLD.last_name <> NEW.last_name)
      EXECUTE FUNCTION clients_rename_cases();
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TABLE case_history;
    DROP FUNCTION clients_rename_cases CASCADE;
    DROP FUNCTION cases_take_client_name CASCADE;
    DROP TABLE cases;
    DROP TABLE case_counters;
    DROP TABLE clients;
  `,
  );
}
