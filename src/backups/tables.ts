/**
 * What a firm's backup holds: each feature declares its tables (src/<feature>/feature.ts), with how a
 * backup takes each one's rows, or why it leaves a table out. In the features' order (src/features.ts)
 * they are the order a restore writes them, each after the tables it refers to. A test reads the firm's
 * tables from the database itself and fails when one is declared by no feature, and another checks that
 * order against the foreign keys, so a new table cannot be forgotten or restored too soon.
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

/** A firm_id column: the scope of most of a firm's tables. */
export const byFirm = { kind: 'firm_id' } as const;

/** A table a feature declares: how a backup takes a firm's rows of it, or why it takes none. */
export type BackupTable = TablePlan | { table: string; leftOut: string };

/** The features' tables, split into what a backup takes (in order) and what it leaves out (with why). */
export function backupContentsOf(tables: BackupTable[]): {
  backedUp: TablePlan[];
  leftOut: Record<string, string>;
} {
  const backedUp: TablePlan[] = [];
  const leftOut: Record<string, string> = {};
  for (const table of tables) {
    if ('leftOut' in table) leftOut[table.table] = table.leftOut;
    else backedUp.push(table);
  }
  return { backedUp, leftOut };
}
