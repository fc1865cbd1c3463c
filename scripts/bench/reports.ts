/**
 * Reports at 100,000 cases on PostgreSQL: each report type over last year, computed as the report job
 * computes it (the same queries), and the case summary's PDF: its time and size.
 */
import { performance } from 'node:perf_hooks';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { createCaseFigures } from '../../src/cases/figures';
import { openDatabase } from '../../src/db/database';
import type { DB } from '../../src/db/schema';
import { buildReport, type ReportSources } from '../../src/reports/build';
import { reportPdf } from '../../src/reports/pdf';
import { filingFeeOf } from '../../src/rules';
import { todayIn } from '../../src/shared/dates';
import { periodOf, previousPeriod, REPORT_TYPES, type ReportType } from '../../src/shared/reports';
import { prepareDatabase } from '../../src/setup';
import { createUsersService } from '../../src/users/service';
import { createAiUsage } from '../../src/ai/usage';
import { createDocumentsStore } from '../../src/documents/store';
import { seedBenchFirm } from './cases';
import { freshSchema } from './services';

/** The goal for a last-year case summary over 100,000 cases on PostgreSQL. */
export const REPORT_GOAL_MS = 2000;
const TIME_ZONE = 'America/New_York';

export type ReportFigures = {
  cases: number;
  /** Median of three runs, per report type. */
  ms: Record<ReportType, number>;
  pdf: { ms: number; bytes: number; pages: number };
};

export async function measureReports(url: string): Promise<ReportFigures> {
  const scoped = await freshSchema(url);
  const database = await openDatabase({ url: scoped.url, dataDir: '' });
  // Seeding 100,000 cases takes longer than the app's statement timeout: a connection of its own.
  const seeder = new Kysely<DB>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: scoped.url, max: 1 }) }),
  });
  try {
    await prepareDatabase(database);
    const { db } = database;
    const { firmId } = await seedBenchFirm(seeder);
    await sql`VACUUM ANALYZE`.execute(seeder);
    const accounts = createUsersService(db);
    const usage = createAiUsage(db);
    const documents = createDocumentsStore(db);
    const sources: ReportSources = {
      figures: createCaseFigures(db),
      usersOf: async (id) =>
        (await accounts.listByFirm(id)).map((u) => ({
          id: u.id,
          name: `${u.first_name} ${u.last_name}`,
          role: u.role,
          status: u.status,
        })),
      uploadsByUser: documents.uploadsByUser,
      aiUsesByUser: usage.byUser,
      filingDatesOf: usage.filingDatesOf,
      filingFeeOf,
    };
    const range = 'last-year' as const;
    const period = periodOf({ range, start: undefined, end: undefined }, todayIn(TIME_ZONE));
    const context = (type: ReportType) => ({
      firmId,
      firmName: 'Bench Immigration Partners',
      color: '#1d4ed8',
      timeZone: TIME_ZONE,
      type,
      range,
      period,
      previous: previousPeriod(range, period),
      now: new Date(),
    });
    const ms = {} as Record<ReportType, number>;
    for (const type of REPORT_TYPES) {
      const runs: number[] = [];
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        await buildReport(sources, context(type));
        runs.push(performance.now() - started);
      }
      ms[type] = runs.sort((a, b) => a - b)[1];
    }
    const data = await buildReport(sources, context('case-summary'));
    const started = performance.now();
    const bytes = await reportPdf(data);
    const pdfMs = performance.now() - started;
    const pages = (
      Buffer.from(bytes)
        .toString('latin1')
        .match(/\/Type \/Page\b/g) ?? []
    ).length;
    const { count } = await db
      .selectFrom('cases')
      .select(({ fn }) => fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    return { cases: Number(count), ms, pdf: { ms: pdfMs, bytes: bytes.length, pages } };
  } finally {
    await seeder.destroy();
    await database.close();
  }
}
