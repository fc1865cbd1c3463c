import type { Kysely } from 'kysely';
import { runStatements } from '../../db/statements';

/**
 * The client portal: the `client` role (an account of a firm, linked to one of its people), the documents
 * the firm asks a client for, and the message thread between the firm and a client about a matter.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE users DROP CONSTRAINT users_role_check;
    ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('user', 'admin', 'reti', 'client'));
    ALTER TABLE permissions DROP CONSTRAINT permissions_role_check;
    ALTER TABLE permissions ADD CONSTRAINT permissions_role_check
      CHECK (role IN ('user', 'admin', 'reti', 'client'));

    CREATE TABLE portal_accounts (
      user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      person_id uuid NOT NULL UNIQUE REFERENCES clients (id) ON DELETE CASCADE,
      firm_id uuid NOT NULL REFERENCES firms (id) ON DELETE CASCADE,
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX portal_accounts_firm_idx ON portal_accounts (firm_id);

    CREATE TABLE document_requests (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      firm_id uuid NOT NULL REFERENCES firms (id) ON DELETE CASCADE,
      case_id uuid NOT NULL REFERENCES cases (id) ON DELETE CASCADE,
      person_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
      title text NOT NULL,
      note text,
      status text NOT NULL DEFAULT 'requested'
        CHECK (status IN ('requested', 'uploaded', 'accepted', 'returned')),
      reason text,
      document_id uuid REFERENCES documents (id) ON DELETE SET NULL,
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      decided_by uuid REFERENCES users (id) ON DELETE SET NULL,
      uploaded_at timestamptz,
      decided_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (status <> 'returned' OR reason IS NOT NULL)
    );
    CREATE INDEX document_requests_case_idx ON document_requests (case_id, created_at);
    CREATE INDEX document_requests_person_idx ON document_requests (person_id, created_at);

    CREATE TABLE portal_messages (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      firm_id uuid NOT NULL REFERENCES firms (id) ON DELETE CASCADE,
      case_id uuid NOT NULL REFERENCES cases (id) ON DELETE CASCADE,
      person_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
      from_client boolean NOT NULL,
      author_id uuid REFERENCES users (id) ON DELETE SET NULL,
      body text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX portal_messages_thread_idx ON portal_messages (case_id, person_id, created_at);
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TABLE portal_messages;
    DROP TABLE document_requests;
    DROP TABLE portal_accounts;
    DELETE FROM users WHERE role = 'client';
    DELETE FROM permissions WHERE role = 'client';
    ALTER TABLE users DROP CONSTRAINT users_role_check;
    ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('user', 'admin', 'reti'));
    ALTER TABLE permissions DROP CONSTRAINT permissions_role_check;
    ALTER TABLE permissions ADD CONSTRAINT permissions_role_check CHECK (role IN ('user', 'admin', 'reti'));
    `,
  );
}
