/**
 * What a firm's backup holds: every table with a firm's rows, in the order a restore writes them (each
 * after the tables it refers to), and the tables deliberately left out, with why. A test reads the firm's
 * tables from the database itself and fails when one is in neither list, so a new table cannot be forgotten.
 */

/** How a table's rows are found for one firm. */
export type Scope =
  /** The firms table: the firm's own row. */
  | { kind: 'firm' }
  /** A firm_id column. */
  | { kind: 'firm_id' }
  /** Through a parent table that has one: `column` names a row of `parent`. */
  | { kind: 'parent'; column: string; parent: 'cases' | 'users' };

export type TablePlan = {
  table: string;
  scope: Scope;
  /** The columns that order the rows and page through them (unique together). */
  key: string[];
  /** UUID columns naming rows of the backup (always in it): they get the restored rows' IDs. */
  ids: string[];
  /** Columns naming a user, who may be outside the backup (platform staff): null unless restored. */
  userRefs?: string[];
  /**
   * Columns never written to an archive: secrets (a restored account sets a new password, makes a new
   * calendar address, enrolls two-factor sign-in again, types the SMTP password again) and columns the
   * database computes itself.
   */
  omit?: string[];
  /** Columns holding document-storage keys ("<firm ID>/<row ID>"): each row has one file in the archive. */
  fileKey?: string;
};

const byFirm = { kind: 'firm_id' } as const;

export const BACKED_UP: TablePlan[] = [
  { table: 'firms', scope: { kind: 'firm' }, key: ['id'], ids: ['id'] },
  {
    table: 'firm_settings',
    scope: byFirm,
    key: ['firm_id'],
    ids: ['firm_id'],
    omit: ['smtp_password_sealed'],
  },
  {
    table: 'users',
    scope: byFirm,
    key: ['id'],
    ids: ['id', 'firm_id'],
    userRefs: ['requested_by'],
    omit: ['password_hash', 'totp_secret_sealed', 'totp_enabled_at', 'totp_last_step', 'failed_login_count'],
  },
  {
    table: 'invitations',
    scope: byFirm,
    key: ['id'],
    ids: ['id', 'firm_id', 'user_id'],
    userRefs: ['created_by'],
    // The outbox is not backed up: its email is not sent again from a restore.
    omit: ['token_hash', 'outbox_id'],
  },
  {
    table: 'calendar_feeds',
    scope: { kind: 'parent', column: 'user_id', parent: 'users' },
    key: ['id'],
    ids: ['id', 'user_id'],
    omit: ['token_hash'],
  },
  { table: 'clients', scope: byFirm, key: ['id'], ids: ['id', 'firm_id'] },
  { table: 'case_counters', scope: byFirm, key: ['year'], ids: ['firm_id'] },
  {
    table: 'cases',
    scope: byFirm,
    key: ['id'],
    ids: ['id', 'firm_id', 'client_id'],
    userRefs: ['assignee_id'],
    omit: ['search_text', 'client_name'],
  },
  {
    table: 'case_history',
    scope: { kind: 'parent', column: 'case_id', parent: 'cases' },
    key: ['seq'],
    ids: ['id', 'case_id'],
    userRefs: ['actor_user_id'],
    omit: ['seq'],
  },
  { table: 'case_payments', scope: byFirm, key: ['id'], ids: ['id', 'firm_id', 'case_id'] },
  {
    table: 'case_facts',
    scope: byFirm,
    key: ['case_id'],
    ids: ['case_id', 'firm_id'],
    userRefs: ['updated_by'],
  },
  {
    table: 'documents',
    scope: byFirm,
    key: ['id'],
    ids: ['id', 'firm_id', 'case_id', 'client_id'],
    userRefs: ['uploaded_by'],
    omit: ['search_text'],
    fileKey: 'storage_key',
  },
  {
    table: 'form_editions',
    scope: byFirm,
    key: ['id'],
    ids: ['id', 'firm_id'],
    userRefs: ['uploaded_by'],
    fileKey: 'storage_key',
  },
  {
    table: 'generated_forms',
    scope: byFirm,
    key: ['id'],
    ids: ['id', 'firm_id', 'case_id', 'document_id'],
    userRefs: ['generated_by'],
  },
  { table: 'reports', scope: byFirm, key: ['id'], ids: ['id', 'firm_id'], userRefs: ['created_by'] },
  { table: 'ai_usage', scope: byFirm, key: ['id'], ids: ['id', 'firm_id', 'case_id'], userRefs: ['user_id'] },
  {
    table: 'deadline_reminders',
    scope: byFirm,
    key: ['id'],
    ids: ['id', 'firm_id', 'user_id', 'case_id'],
  },
  { table: 'reminder_runs', scope: byFirm, key: ['day'], ids: ['firm_id'] },
  {
    table: 'audit_log',
    scope: byFirm,
    key: ['seq'],
    ids: ['id', 'firm_id'],
    userRefs: ['actor_user_id'],
    omit: ['seq'],
  },
];

/** Tables with a firm's rows that a backup leaves out, and why. */
export const LEFT_OUT: Record<string, string> = {
  sessions: 'Signed-in sessions: a restore never signs anyone in.',
  password_resets: 'Reset links last an hour; a restored account gets a new one.',
  recovery_codes: 'Two-factor sign-in is enrolled again after a restore (its secret is not kept).',
  outbox: 'Emails waiting to go: a restore must not send them again.',
  jobs: 'Work under way; what was unfinished is marked so after a restore.',
  backups: 'The archives themselves: a restored firm starts with none.',
  restores: "The platform's record of restores into the firm, not the firm's data.",
};

export const planOf = (table: string) => BACKED_UP.find((p) => p.table === table);
