import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient, sql } from 'kysely';
import pg from 'pg';
import { isConnectionFailure } from './failures';
import type { DB } from './schema';

export type Database = {
  db: Kysely<DB>;
  /**
   * For long work in many statements (imports, exports, maintenance): on PGlite, whose one connection
   * every request shares, each statement lets waiting requests go first; on PostgreSQL, `db` itself.
   */
  bulk: Kysely<DB>;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
  /** PGlite only: the data as a file PGlite can start from (the tests' template). */
  dump?(): Promise<Blob>;
  /** PGlite only: long work waits while `busy` says requests are being answered (src/db/pglite.ts). */
  deferBulkWhile?(busy: () => boolean): void;
};

const INT8 = 20;
const DATE = 1082;
// Dates stay 'yyyy-mm-dd' strings (no time-zone shifts); counts fit in a JS number.
pg.types.setTypeParser(DATE, (v: string) => v);
pg.types.setTypeParser(INT8, (v: string) => Number(v));

/** PostgreSQL's answer when a unique index refused a row: two requests raced for one name. */
export const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === '23505';

/** PostgreSQL's answer when a row's reference names a row that is gone (removed by a concurrent request). */
export const isForeignKeyViolation = (error: unknown) => (error as { code?: string })?.code === '23503';

/** PostgreSQL when a URL is given; otherwise embedded PGlite in `dataDir` (or in memory for `memory://`). */
export async function openDatabase(options: {
  url?: string;
  dataDir: string;
  /** A PGlite data folder to start an in-memory database from (a prepared copy: the tests' template). */
  template?: Blob;
  /** Told when the embedded database broke and was reopened. */
  onReopen?: (cause: unknown) => void;
}): Promise<Database> {
  return options.url
    ? openPostgres(options.url)
    : openPglite(options.dataDir, options.template, options.onReopen);
}

/** PostgreSQL cancels a statement that runs longer than this. */
const STATEMENT_TIMEOUT_MS = 5000;

function openPostgres(url: string): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 2000,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    // No answer at all (a half-open connection) fails too, a little after a live server would cancel.
    query_timeout: STATEMENT_TIMEOUT_MS + 1000,
    // Probes find a peer that has gone away while the connection sat idle in the pool.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: evictingPool(pool) }) });
  return { db, bulk: db, kind: 'postgres', close: () => db.destroy() };
}

type Lendable = { generation: number; failure?: Error; lent: PostgresPoolClient };

/**
 * The pool as Kysely gets it, except that a client whose connection failed (a query that got no answer
 * in time, a server that went away) is destroyed rather than lent out again: pg would keep it, and
 * every later query on it would wait for the same timeout. The clients connected before such a
 * failure go too, when next asked for, since they most likely share its path to the server.
 */
function evictingPool(pool: pg.Pool): PostgresPool {
  let generation = 0;
  const clients = new WeakMap<pg.PoolClient, Lendable>();
  const failed = (entry: Lendable, error: Error) => {
    entry.failure = error;
    generation++;
  };
  pool.on('connect', (client: pg.PoolClient) => {
    const entry: Lendable = {
      generation,
      lent: {
        query: ((sql: string, parameters: readonly unknown[]) => {
          // Its connection is broken: the rollback Kysely sends next would only wait for the timeout again.
          if (entry.failure) return Promise.reject(entry.failure);
          return client.query(sql, parameters as unknown[]).catch((error: unknown) => {
            if (isConnectionFailure(error)) failed(entry, error as Error);
            throw error;
          });
        }) as PostgresPoolClient['query'],
        release: () => client.release(entry.failure),
      },
    };
    clients.set(client, entry);
    // pg emits a broken connection's error on the client, which pg-pool listens to only while the
    // client is idle: unheard while Kysely holds it, the error would end the process.
    client.on('error', (error) => failed(entry, error));
  });

  async function connect(): Promise<PostgresPoolClient> {
    const client = await pool.connect();
    const entry = clients.get(client)!;
    if (entry.generation === generation) return entry.lent;
    client.release(true);
    return connect();
  }
  return { connect, end: () => pool.end() };
}

/** The extensions the migrations create, which PGlite must load: pg_trgm for the cases search box. */
export async function pgliteExtensions() {
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return { pg_trgm };
}

async function openPglite(
  dataDir: string,
  template?: Blob,
  onReopen: (cause: unknown) => void = () => undefined,
): Promise<Database> {
  const { openEmbedded } = await import('./pglite');
  const folder = dataDir === 'memory://' ? undefined : path.join(dataDir, 'pgdata');
  const releaseLock = folder ? takeLock(`${folder}.lock`) : () => undefined;
  let db: Kysely<DB> | undefined;
  try {
    const embedded = openEmbedded<DB>(
      { folder, template },
      {
        parsers: { [DATE]: (v: string) => v, [INT8]: (v: string) => Number(v) },
        extensions: await pgliteExtensions(),
      },
      onReopen,
    );
    db = embedded.db;
    // Opened now rather than at the first query, so that a folder that cannot be opened fails here.
    await sql`SELECT 1`.execute(db);
    return {
      db,
      bulk: embedded.bulk,
      kind: 'pglite',
      dump: embedded.dump,
      deferBulkWhile: embedded.deferBulkWhile,
      close: async () => {
        await embedded.db.destroy();
        releaseLock();
      },
    };
  } catch (error) {
    await db?.destroy().catch(() => undefined);
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
