import pg from 'pg';
import { POSTGRES_TEMPLATE_VARIABLE } from './template';

/** Once the run is over: its PostgreSQL template database goes. */
export default async function globalTeardown(): Promise<void> {
  const name = process.env[POSTGRES_TEMPLATE_VARIABLE];
  if (!name || !process.env.TEST_DATABASE_URL) return;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
