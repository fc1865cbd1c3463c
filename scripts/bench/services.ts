// The external services some figures need. Unreachable services skip those figures instead of failing the run.
import crypto from 'node:crypto';
import pg from 'pg';
import { createClient } from 'redis';
import { onCleanUp } from './children';

export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** undefined when Redis answers PING; otherwise why not. */
export async function redisProblem(url: string): Promise<string | undefined> {
  const client = createClient({ url, socket: { connectTimeout: 1000, reconnectStrategy: false } });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
    return undefined;
  } catch (error) {
    return `Redis at ${redacted(url)} is not reachable (${describe(error)})`;
  } finally {
    if (client.isOpen) await client.close().catch(() => client.destroy());
  }
}

/**
 * A fresh, empty schema on the PostgreSQL at `url`, dropped when the bench ends. The app gets a URL whose
 * search_path points at it, so the run starts from zero (migrations and seeding included) without
 * touching anything else in that database.
 */
export async function freshSchema(url: string): Promise<{ url: string; schema: string }> {
  const schema = `bench_${crypto.randomBytes(6).toString('hex')}`;
  await withClient(url, (client) => client.query(`CREATE SCHEMA ${schema}`));
  onCleanUp(() =>
    withClient(url, (client) => client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)).then(
      () => undefined,
    ),
  );
  const scoped = new URL(url);
  scoped.searchParams.set('options', `-c search_path=${schema}`);
  return { url: scoped.toString(), schema };
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`PostgreSQL at ${redacted(url)} is not reachable (${describe(error)})`);
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Never print a password that came from the environment. */
export function redacted(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(invalid URL)';
  }
}

const describe = (error: unknown) => {
  const e = error as { message?: string; code?: string; errors?: Array<{ message: string }> };
  // Connection refusals to "localhost" arrive as an AggregateError (IPv6 and IPv4) with an empty message.
  return e.message || e.errors?.map((x) => x.message).join('; ') || e.code || String(error);
};
