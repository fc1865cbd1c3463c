import type { Kysely, Selectable, Updateable } from 'kysely';
import type { DB, FirmSettingsTable } from '../db/schema';

export type FirmSettingsRow = Selectable<FirmSettingsTable>;
export type LightSettingsRow = Omit<FirmSettingsRow, 'logo'>;
export type FirmSettingsChange = Omit<Updateable<FirmSettingsTable>, 'firm_id' | 'updated_at'>;

/** The settings row's columns but the logo's bytes (a request's context reads them, so kept light). */
const LIGHT_COLUMNS = [
  'firm_id',
  'two_factor_admins',
  'session_timeout_minutes',
  'password_policy',
  'login_attempts',
  'approve_new_users',
  'smtp_host',
  'smtp_port',
  'smtp_encryption',
  'smtp_user',
  'smtp_password_sealed',
  'smtp_from',
  'backup_retention_days',
  'primary_color',
  'logo_type',
  'updated_at',
] as const;

/** A firm's settings row; a firm without one has the defaults (see the migration). */
export function createSettingsStore(db: Kysely<DB>) {
  return {
    /** The whole row, the logo's bytes too: only for serving the logo. */
    findWithLogo(firmId: string): Promise<FirmSettingsRow | undefined> {
      return db.selectFrom('firm_settings').selectAll().where('firm_id', '=', firmId).executeTakeFirst();
    },

    /** The row without the logo's bytes. */
    find(firmId: string): Promise<LightSettingsRow | undefined> {
      return db
        .selectFrom('firm_settings')
        .select(LIGHT_COLUMNS)
        .where('firm_id', '=', firmId)
        .executeTakeFirst();
    },

    /**
     * The firm's name and time zone with its settings row (none when it has none yet), in one statement:
     * read on every page of a firm's member (src/http/context.ts).
     */
    async withFirm(
      firmId: string,
    ): Promise<{ name: string; timeZone: string | null; row?: LightSettingsRow } | undefined> {
      const found = await db
        .selectFrom('firms')
        .leftJoin('firm_settings', 'firm_settings.firm_id', 'firms.id')
        .select(['firms.name as firm_name', 'firms.time_zone as firm_time_zone'])
        .select(LIGHT_COLUMNS.map((c) => `firm_settings.${c}` as const))
        .where('firms.id', '=', firmId)
        .executeTakeFirst();
      if (!found) return undefined;
      const { firm_name, firm_time_zone, ...row } = found;
      return {
        name: firm_name,
        timeZone: firm_time_zone,
        row: row.firm_id ? (row as LightSettingsRow) : undefined,
      };
    },

    /** The row with `change` applied, created with the defaults first when the firm has none yet. */
    save(firmId: string, change: FirmSettingsChange): Promise<FirmSettingsRow> {
      return db
        .insertInto('firm_settings')
        .values({ firm_id: firmId, ...change })
        .onConflict((oc) => oc.column('firm_id').doUpdateSet({ ...change, updated_at: new Date() }))
        .returningAll()
        .executeTakeFirstOrThrow();
    },
  };
}

export type SettingsStore = ReturnType<typeof createSettingsStore>;
