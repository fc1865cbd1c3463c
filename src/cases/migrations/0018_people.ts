import type { Kysely } from 'kysely';
import { runStatements } from '../../db/statements';

/** The letters a name is folded by (see foldedName): each of FOLD_FROM becomes the one at its place in FOLD_TO; the last two (apostrophes) are dropped. */
export const FOLD_FROM =
  "ÁÀÂÄÃÅĀĂĄáàâäãåāăąÉÈÊËĒĔĖĘĚéèêëēĕėęěÍÌÎÏĨĪĬĮíìîïĩīĭįÓÒÔÖÕØŌŎŐóòôöõøōŏőÚÙÛÜŨŪŬŮŰŲúùûüũūŭůűųÝŸýÿÑŃŅŇñńņňÇĆĈĊČçćĉċčĎďĐđĜĞĠĢĝğġģĤĥĴĵĶķĹĻĽĿŁĺļľŀłŔŖŘŕŗřŚŜŞŠśŝşšŢŤţťŹŻŽźżžßÆæŒœ-.'’";
export const FOLD_TO =
  'AAAAAAAAAaaaaaaaaaEEEEEEEEEeeeeeeeeeIIIIIIIIiiiiiiiiOOOOOOOOOoooooooooUUUUUUUUUUuuuuuuuuuuYYyyNNNNnnnnCCCCCcccccDdDdGGGGggggHhJjKkLLLLLlllllRRRrrrSSSSssssTTttZZZzzzsAaOo  ';

/**
 * A name as the firm's people are matched by it: lower case, accents taken off (María → maria), hyphens
 * and dots read as spaces, apostrophes dropped, runs of spaces made one. Plain SQL (translate, no
 * unaccent extension), so the stored keys and the searched name fold the same way on PostgreSQL and PGlite.
 */
const foldedName = (column: string) =>
  `btrim(regexp_replace(lower(translate(${column}, '${FOLD_FROM.replace(/'/g, "''")}', '${FOLD_TO}')), '\\s+', ' ', 'g'))`;

/**
 * The firm's people: the clients table gains every fact the USCIS forms ask of a person (lists and small
 * records as JSON, validated by the service), a sealed SSN with its last four digits, the person's language,
 * and folded name keys for finding possible duplicates. A case's parties name people in their roles. A
 * case's client is its beneficiary: every case's client becomes one, and a trigger keeps the two in step
 * however a case is written (a form, an import, a restore).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE clients
      ADD COLUMN middle_name text,
      ADD COLUMN other_names jsonb NOT NULL DEFAULT '[]',
      ADD COLUMN sex text CHECK (sex IN ('male', 'female')),
      ADD COLUMN city_of_birth text,
      ADD COLUMN country_of_birth text,
      ADD COLUMN other_citizenships jsonb NOT NULL DEFAULT '[]',
      ADD COLUMN uscis_account_number text,
      ADD COLUMN ssn_sealed text,
      ADD COLUMN ssn_last4 text,
      ADD COLUMN language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'es')),
      ADD COLUMN passport jsonb,
      ADD COLUMN i94 jsonb,
      ADD COLUMN last_entry jsonb,
      ADD COLUMN current_status text,
      ADD COLUMN addresses jsonb NOT NULL DEFAULT '[]',
      ADD COLUMN marriages jsonb NOT NULL DEFAULT '[]',
      ADD COLUMN parents jsonb NOT NULL DEFAULT '[]',
      ADD COLUMN children jsonb NOT NULL DEFAULT '[]',
      ADD COLUMN employment jsonb NOT NULL DEFAULT '[]',
      ADD COLUMN trips jsonb NOT NULL DEFAULT '[]',
      ADD COLUMN form_facts jsonb NOT NULL DEFAULT '{}',
      ADD COLUMN family_key text GENERATED ALWAYS AS (${foldedName('last_name')}) STORED,
      ADD COLUMN given_key text GENERATED ALWAYS AS (${foldedName('first_name')}) STORED;
    CREATE INDEX clients_family_key_idx ON clients (firm_id, family_key);
    CREATE INDEX clients_birth_idx ON clients (firm_id, date_of_birth) WHERE date_of_birth IS NOT NULL;

    CREATE TABLE case_parties (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      firm_id uuid NOT NULL REFERENCES firms (id) ON DELETE CASCADE,
      case_id uuid NOT NULL REFERENCES cases (id) ON DELETE CASCADE,
      role text NOT NULL CHECK (role IN ('petitioner', 'beneficiary', 'derivative', 'sponsor', 'joint-sponsor',
        'household-member', 'employer', 'interpreter', 'preparer')),
      person_id uuid REFERENCES clients (id),
      organization jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((role = 'employer') = (person_id IS NULL)),
      CHECK ((role = 'employer') = (organization IS NOT NULL))
    );
    CREATE UNIQUE INDEX case_parties_one_idx ON case_parties (case_id, role)
      WHERE role IN ('petitioner', 'beneficiary', 'sponsor');
    CREATE UNIQUE INDEX case_parties_person_idx ON case_parties (case_id, role, person_id) WHERE person_id IS NOT NULL;
    CREATE INDEX case_parties_case_idx ON case_parties (case_id, created_at);
    CREATE INDEX case_parties_person_of_idx ON case_parties (person_id) WHERE person_id IS NOT NULL;

    INSERT INTO case_parties (firm_id, case_id, role, person_id, created_at)
      SELECT firm_id, id, 'beneficiary', client_id, created_at FROM cases;

    CREATE FUNCTION cases_client_is_beneficiary() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP = 'UPDATE' AND OLD.client_id = NEW.client_id THEN RETURN NULL; END IF; DELETE FROM case_parties WHERE case_id = NEW.id AND role = 'beneficiary'; INSERT INTO case_parties (firm_id, case_id, role, person_id) VALUES (NEW.firm_id, NEW.id, 'beneficiary', NEW.client_id); RETURN NULL; END $$;
    CREATE TRIGGER cases_beneficiary AFTER INSERT OR UPDATE OF client_id ON cases
      FOR EACH ROW EXECUTE FUNCTION cases_client_is_beneficiary();
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP FUNCTION cases_client_is_beneficiary CASCADE;
    DROP TABLE case_parties;
    ALTER TABLE clients DROP COLUMN middle_name, DROP COLUMN other_names, DROP COLUMN sex, DROP COLUMN city_of_birth,
      DROP COLUMN country_of_birth, DROP COLUMN other_citizenships, DROP COLUMN uscis_account_number,
      DROP COLUMN ssn_sealed, DROP COLUMN ssn_last4, DROP COLUMN language, DROP COLUMN passport, DROP COLUMN i94,
      DROP COLUMN last_entry, DROP COLUMN current_status, DROP COLUMN addresses, DROP COLUMN marriages,
      DROP COLUMN parents, DROP COLUMN children, DROP COLUMN employment, DROP COLUMN trips, DROP COLUMN form_facts,
      DROP COLUMN family_key, DROP COLUMN given_key;
    `,
  );
}
