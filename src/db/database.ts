import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { DB } from './schema';

export type Database = {
  db: Kysely<DB>;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
};

const INT8 = 20;
const DATE = 1082;
// Dates stay 'yyyy-mm-dd' strings (no time-zone shifts); counts fit in a JS number.
pg.types.setTypeParser(DATE, (v: string) => v);
pg.types.setTypeParser(INT8, (v: string) => Number(v));

/** PostgreSQL's answer when a unique index refused a row: two requests raced for one name. */
export const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === '23505';

/** PostgreSQL when a URL is given; otherwise embedded PGlite in `dataDir` (or in memory for `memory://`). */
export async function openDatabase(options: { url?: string; dataDir: string }): Promise<Database> {
  return options.url ? openPostgres(options.url) : openPglite(options.dataDir);
}

function openPostgres(url: string): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 2000,
    query_timeout: 10000,
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'postgres', close: () => db.destroy() };
}

async function openPglite(dataDir: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const inMemory = dataDir === 'memory://';
  const folder = inMemory ? undefined : path.join(dataDir, 'pgdata');
  const releaseLock = folder ? takeLock(`${folder}.lock`) : () => undefined;
  try {
    const client = await PGlite.create(folder ?? 'memory://', {
      parsers: { [DATE]: (v: string) => v, [INT8]: (v: string) => Number(v) },
    });
    const db = new Kysely<DB>({ dialect: new PGliteDialect(client) });
    return {
      db,
      kind: 'pglite',
      close: async () => {
        await db.destroy();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/** PGlite has no lock of its own: a lock file keeps a second process off the same folder. */
function takeLock(file: string): () => void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  for (;;) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(fs.readFileSync(file, 'utf8'));
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new Error(`The data folder is in use by process ${owner} (lock file ${file}).`);
      }
      fs.rmSync(file, { force: true });
    }
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
