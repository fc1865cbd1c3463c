import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';
import type { AiTool, FeedScope } from '../shared/ai';
import type { Facts } from '../shared/facts';

/** The AI feature's tables: uses of the tools, facts entered for cases, calendar feeds and reminders. */
export function createAiStore(db: Kysely<DB>) {
  return {
    async recordUse(use: { firmId: string; userId: string | null; tool: AiTool; caseId: string | null }) {
      await db
        .insertInto('ai_usage')
        .values({ firm_id: use.firmId, user_id: use.userId, tool: use.tool, case_id: use.caseId })
        .execute();
    },

    /** Uses that happened earlier (the demo firm's past ones). */
    async insertPastUses(
      uses: Array<{ firmId: string; userId: string | null; tool: AiTool; caseId: string | null; at: Date }>,
    ) {
      if (uses.length === 0) return;
      await db
        .insertInto('ai_usage')
        .values(
          uses.map((u) => ({
            firm_id: u.firmId,
            user_id: u.userId,
            tool: u.tool,
            case_id: u.caseId,
            created_at: u.at,
          })),
        )
        .execute();
    },

    async countUses(firmId: string): Promise<number> {
      const row = await db
        .selectFrom('ai_usage')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('firm_id', '=', firmId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Uses in [from, to) by each person. */
    async usesByUser(firmId: string, from: Date, to: Date) {
      const rows = await db
        .selectFrom('ai_usage')
        .select(['user_id', (eb) => eb.fn.countAll<string>().as('count')])
        .where('firm_id', '=', firmId)
        .where('created_at', '>=', from)
        .where('created_at', '<', to)
        .where('user_id', 'is not', null)
        .groupBy('user_id')
        .execute();
      return new Map(rows.map((r) => [r.user_id!, Number(r.count)]));
    },

    /** The filing date entered in each case's facts, for the cases that have one. */
    async filingDatesOf(firmId: string) {
      const rows = await db
        .selectFrom('case_facts')
        .select(['case_id', sql<string | null>`facts ->> 'filingDate'`.as('filing_date')])
        .where('firm_id', '=', firmId)
        .where(sql<boolean>`facts ->> 'filingDate' IS NOT NULL`)
        .execute();
      return new Map(rows.flatMap((r) => (r.filing_date ? [[r.case_id, r.filing_date] as const] : [])));
    },

    /** The facts entered for a case, with who entered them last and when. */
    async factsOf(firmId: string, caseId: string) {
      return db
        .selectFrom('case_facts')
        .select(['case_id', 'facts', 'updated_by', 'updated_at'])
        .where('firm_id', '=', firmId)
        .where('case_id', '=', caseId)
        .executeTakeFirst();
    },

    /** The facts entered for several cases of a firm at once (the firm's deadlines). */
    async factsOfCases(firmId: string, caseIds: string[]) {
      if (caseIds.length === 0) return [];
      // One array parameter, however many open cases (PGlite reads at most 32,767 parameters).
      return db
        .selectFrom('case_facts')
        .select(['case_id', 'facts', 'updated_by', 'updated_at'])
        .where('firm_id', '=', firmId)
        .where('case_id', '=', sql<string>`ANY(${caseIds}::uuid[])`)
        .execute();
    },

    async saveFacts(firmId: string, caseId: string, facts: Facts, userId: string): Promise<void> {
      await db
        .insertInto('case_facts')
        .values({ case_id: caseId, firm_id: firmId, facts: JSON.stringify(facts), updated_by: userId })
        .onConflict((oc) =>
          oc.column('case_id').doUpdateSet({
            facts: JSON.stringify(facts),
            updated_by: userId,
            updated_at: sql<Date>`now()`,
          }),
        )
        .execute();
    },

    /** The person's calendar feed of a scope now (not revoked), if any. */
    async liveFeedOf(userId: string, scope: FeedScope) {
      return db
        .selectFrom('calendar_feeds')
        .select(['id', 'created_at'])
        .where('user_id', '=', userId)
        .where('scope', '=', scope)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
    },

    /** Revokes the person's feed of the scope, if any, and keeps a new one: one live feed per scope. */
    async replaceFeed(userId: string, tokenHash: string, scope: FeedScope): Promise<void> {
      await this.revokeFeed(userId, scope);
      await db
        .insertInto('calendar_feeds')
        .values({ user_id: userId, token_hash: tokenHash, scope })
        .execute();
    },

    async revokeFeed(userId: string, scope: FeedScope): Promise<boolean> {
      const result = await db
        .updateTable('calendar_feeds')
        .set({ revoked_at: sql<Date>`now()` })
        .where('user_id', '=', userId)
        .where('scope', '=', scope)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Whose live feed a token's hash opens, and of which scope. */
    async feedOwner(tokenHash: string): Promise<{ userId: string; scope: FeedScope } | undefined> {
      const row = await db
        .selectFrom('calendar_feeds')
        .select(['user_id', 'scope'])
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return row && { userId: row.user_id, scope: row.scope };
    },

    /** Claims a firm's reminder run for a day: true only for the first claim of that day. */
    async claimRun(firmId: string, day: string): Promise<boolean> {
      const row = await db
        .insertInto('reminder_runs')
        .values({ firm_id: firmId, day })
        .onConflict((oc) => oc.doNothing())
        .returning('day')
        .executeTakeFirst();
      return Boolean(row);
    },

    /**
     * Claims one reminder (a person, a case's deadline, a threshold): true only for the first claim, so
     * that each reminder is sent once however often or wherever the run happens.
     */
    async claimReminder(reminder: {
      firmId: string;
      userId: string;
      caseId: string;
      deadlineId: string;
      deadlineDate: string;
      daysBefore: number;
    }): Promise<boolean> {
      const row = await db
        .insertInto('deadline_reminders')
        .values({
          firm_id: reminder.firmId,
          user_id: reminder.userId,
          case_id: reminder.caseId,
          deadline_id: reminder.deadlineId,
          deadline_date: reminder.deadlineDate,
          days_before: reminder.daysBefore,
        })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      return Boolean(row);
    },
  };
}
