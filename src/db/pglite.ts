/**
 * Embedded PGlite as Kysely sees it: one connection, lent to one caller at a time (a transaction holds
 * it to its end), requests before long work, and reopened on the same data when it breaks.
 */
import { messages, PGlite, type PGliteOptions } from '@electric-sql/pglite';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * PGlite's wire parser reads a statement's parameter count as a signed 16-bit number: from 32,768
 * parameters on it throws inside the database's write callback and never reads another answer.
 */
const MAX_PARAMETERS = 32_767;

/** SQLSTATE connection_failure: what the rest of the app treats as "the database is unavailable". */
const CONNECTION_FAILURE = '08006';

class EmbeddedConnectionError extends Error {
  readonly code = CONNECTION_FAILURE;
}

const isSync = (message: Uint8Array) => message.length === 5 && message[0] === 0x53; // 'S', length 4

/**
 * PGlite that notices when its parser has lost track of the answers: every exchange ends with Sync,
 * which PostgreSQL always answers with ReadyForQuery. A parser stuck on a message it could not read
 * (PGlite keeps it and puts every later answer behind it) yields none, and every later query would
 * silently come back empty.
 */
class CheckedPGlite extends PGlite {
  override async execProtocolStream(...args: Parameters<PGlite['execProtocolStream']>) {
    const answers = await super.execProtocolStream(...args);
    if (isSync(args[0]) && !answers.some((m) => m.name === 'readyForQuery'))
      throw new EmbeddedConnectionError(
        'The embedded database stopped answering in a form that can be read.',
      );
    return answers;
  }
}

/** Where the data lives: a folder, or in memory (started from `template`, a dump, when given). */
export type EmbeddedSource = { folder?: string; template?: Blob };

type Open = (from?: Blob) => Promise<CheckedPGlite>;

/** Who waits for the connection: a request, or long work that lets requests go first. */
type Priority = 'request' | 'bulk';

/**
 * Long work waits at most this long while requests are being answered: it goes on, slower, however busy
 * the server is.
 */
const BULK_MAX_WAIT_MS = 250;
/** How often waiting long work looks again whether the requests being answered are done. */
const BULK_RECHECK_MS = 5;
/**
 * Awaiting a PGlite statement never lets the event loop turn (it runs synchronously, its promise already
 * settled): statements awaited one after another for this long without a turn wait for one, so that
 * requests are read and timers fire between them.
 */
const TURN_AFTER_MS = 20;

/** One lending of the connection; it belongs to the connection as it was when lent. */
class Lent implements DatabaseConnection {
  constructor(
    private readonly connection: OneConnection,
    readonly generation: number,
  ) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.connection.run<R>(this, query);
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    yield await this.executeQuery<R>(query);
  }
}

type Waiter = { lend(connection: Lent): void; since: number };

/**
 * PGlite's one connection, lent to one caller at a time (a transaction keeps it to its end). PGlite runs
 * each statement synchronously, on the event loop itself: while a long work's statement runs, no request
 * is even read, and a request that needs several turns of the event loop (reading it, the session, its
 * statements, sending the page) would wait for one such statement at every turn. So long work ("bulk")
 * gets the connection only after the event loop has turned once, when no request waits for it and none
 * is being answered (`deferBulkWhile`), or once it has waited BULK_MAX_WAIT_MS.
 */
class OneConnection {
  #client?: CheckedPGlite;
  #opening?: Promise<CheckedPGlite>;
  #generation = 0;
  #lent = false;
  #turnPending = false;
  #busy: () => boolean = () => false;
  readonly #waiting: Record<Priority, Waiter[]> = { request: [], bulk: [] };
  /** Whether the event loop turned since #turnedAt (a setImmediate says so), and when it was last seen to. */
  #turned = true;
  #turnedAt = 0;

  constructor(
    private readonly open: Open,
    private readonly source: EmbeddedSource,
    private readonly onReopen: (cause: unknown) => void,
  ) {}

  async init() {
    this.#client ??= await (this.#opening ??= this.open(this.source.template));
  }

  acquire(priority: Priority): Promise<Lent> {
    return new Promise((lend) => {
      this.#waiting[priority].push({ lend, since: Date.now() });
      this.#dispatch();
    });
  }

  release() {
    this.#lent = false;
    this.#dispatch();
  }

  #bulkOverdue() {
    const first = this.#waiting.bulk[0];
    return first !== undefined && Date.now() - first.since > BULK_MAX_WAIT_MS;
  }

  #lendTo(queue: Waiter[]) {
    this.#lent = true;
    queue.shift()!.lend(new Lent(this, this.#generation));
  }

  /** Long work waits while `busy` says requests are being answered (the HTTP layer knows). */
  deferBulkWhile(busy: () => boolean) {
    this.#busy = busy;
  }

  #dispatch() {
    if (this.#lent) return;
    if (this.#waiting.request.length && !this.#bulkOverdue()) return this.#lendTo(this.#waiting.request);
    if (!this.#waiting.bulk.length || this.#turnPending) return;
    this.#turnPending = true;
    setImmediate(() => this.#bulkTurn());
  }

  #bulkTurn() {
    this.#turnPending = false;
    if (this.#lent || !this.#waiting.bulk.length) return;
    const overdue = this.#bulkOverdue();
    if (this.#waiting.request.length && !overdue) return this.#dispatch();
    if (!this.#busy() || overdue) return this.#lendTo(this.#waiting.bulk);
    this.#turnPending = true;
    setTimeout(() => this.#bulkTurn(), BULK_RECHECK_MS);
  }

  /**
   * A statement after TURN_AFTER_MS of statements with no turn of the event loop waits for one: a loop of
   * awaited statements (a thousand deadlines reconciled one by one) would otherwise hold every request, of
   * every firm, unread until it ends.
   */
  async #letTheLoopTurn() {
    if (this.#turned) {
      this.#turned = false;
      this.#turnedAt = performance.now();
      setImmediate(() => (this.#turned = true));
    } else if (performance.now() - this.#turnedAt > TURN_AFTER_MS)
      await new Promise<void>((resolve) => setImmediate(resolve));
  }

  async run<R>(connection: Lent, query: CompiledQuery): Promise<QueryResult<R>> {
    await this.#letTheLoopTurn();
    if (connection.generation !== this.#generation)
      throw new EmbeddedConnectionError(
        'The embedded database was reopened during this transaction, which has ended: nothing of it was saved.',
      );
    if (query.parameters.length > MAX_PARAMETERS)
      throw new Error(
        `A statement with ${query.parameters.length} parameters: the embedded database reads at most ${MAX_PARAMETERS} (pass a list as one array parameter).`,
      );
    const client = this.#client ?? (await this.reopen(new Error('the last reopening failed')));
    try {
      const result = await client.query<R>(query.sql, [...query.parameters]);
      return {
        rows: result.rows,
        ...(result.affectedRows ? { numAffectedRows: BigInt(result.affectedRows) } : {}),
      };
    } catch (error) {
      if (!(error instanceof messages.DatabaseError) && !(await answers(client))) {
        await this.reopen(error);
        throw error instanceof EmbeddedConnectionError
          ? error
          : new EmbeddedConnectionError('The embedded database failed and was reopened.', { cause: error });
      }
      throw error;
    }
  }

  /** A transaction begun before a reopen ended with the connection it was on. */
  isStale = (connection: Lent) => connection.generation !== this.#generation;

  /**
   * Closes the broken instance and opens the same data again; the caller holds the connection, so
   * nothing else runs meanwhile. Data in memory goes across as a dump (what was committed survives,
   * as after a crash); a folder is simply opened again, its lock file kept.
   */
  private async reopen(cause: unknown): Promise<CheckedPGlite> {
    const broken = this.#client;
    this.#client = undefined;
    this.#generation++;
    this.onReopen(cause);
    if (broken) {
      const dump = this.source.folder ? undefined : await broken.dumpDataDir('none').catch(() => undefined);
      await broken.close().catch(() => undefined);
      if (dump) this.source.template = dump;
    }
    this.#client = await this.open(this.source.template);
    return this.#client;
  }

  /** The data as a file PGlite can start from (the tests' template). */
  async dump(): Promise<Blob> {
    const client = this.#client ?? (await this.reopen(new Error('the last reopening failed')));
    return client.dumpDataDir('none');
  }

  async close() {
    await this.#client?.close();
    this.#client = undefined;
  }
}

/** Kysely's view of the one connection, for requests or for long work (one Kysely instance each). */
class EmbeddedDriver implements Driver {
  constructor(
    private readonly connection: OneConnection,
    private readonly priority: Priority,
  ) {}

  init = () => this.connection.init();
  acquireConnection = () => this.connection.acquire(this.priority);
  releaseConnection = async () => this.connection.release();

  async beginTransaction(connection: Lent, settings: TransactionSettings) {
    const { isolationLevel, accessMode } = settings;
    const start = [
      'start transaction',
      isolationLevel && `isolation level ${isolationLevel}`,
      accessMode,
    ].filter(Boolean);
    await connection.executeQuery(CompiledQuery.raw(start.length > 1 ? start.join(' ') : 'begin'));
  }

  async commitTransaction(connection: Lent) {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: Lent) {
    // Nothing to roll back when the transaction ended with the connection it was on.
    if (this.connection.isStale(connection)) return;
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  /** The requests' instance closes the database; the long work's only stops using it. */
  destroy = async () => {
    if (this.priority === 'request') await this.connection.close();
  };
}

/** Whether the instance still answers a query as it should (a query that failed may have broken it). */
async function answers(client: CheckedPGlite): Promise<boolean> {
  try {
    const { rows } = await client.query<{ ok: number }>('SELECT 1 AS ok');
    return rows[0]?.ok === 1;
  } catch {
    return false;
  }
}

/**
 * Embedded PGlite under Kysely, reopened when it breaks: `db` for requests, and `bulk` for long work
 * (imports, exports, maintenance), whose statements let waiting requests go first (see OneConnection).
 */
export function openEmbedded<DB>(
  source: EmbeddedSource,
  options: Omit<PGliteOptions, 'dataDir' | 'loadDataDir'>,
  onReopen: (cause: unknown) => void,
) {
  const open: Open = async (from) => {
    const client = new CheckedPGlite({ ...options, dataDir: source.folder, loadDataDir: from });
    await client.waitReady;
    return client;
  };
  const connection = new OneConnection(open, { ...source }, onReopen);
  const kysely = (priority: Priority) =>
    new Kysely<DB>({
      dialect: {
        createAdapter: () => new PostgresAdapter(),
        createDriver: () => new EmbeddedDriver(connection, priority),
        createQueryCompiler: () => new PostgresQueryCompiler(),
        createIntrospector: (db) => new PostgresIntrospector(db),
      },
    });
  return {
    db: kysely('request'),
    bulk: kysely('bulk'),
    dump: () => connection.dump(),
    deferBulkWhile: (busy: () => boolean) => connection.deferBulkWhile(busy),
  };
}
