import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { createAuditService } from '../audit/service';
import { type Redis, reloadEverywhere } from '../db/redis';
import type { DB } from '../db/schema';
import { inTransaction } from '../db/transaction';
import { type StaffTables, useStaffTables } from '../rules';
import { FEE_SCHEDULES } from '../rules/data/fees';
import { POVERTY_GUIDELINES, type PovertyGuidelines } from '../rules/data/poverty-guidelines';
import { holidayOn } from '../rules/holidays';
import type { FormType } from '../shared/cases';
import { formatDate } from '../shared/dates';
import { ServiceError } from '../shared/errors';
import type { RuleTable } from '../shared/rule-tables';
import type { SessionUser } from '../shared/session';
import type { RuleTableInput } from './schema';
import { createRuleTablesStore, type RuleTableRow } from './store';

export const RULE_TABLE_NOT_FOUND = 'No such table in force.';

type PovertyData = Pick<PovertyGuidelines, 'year' | 'regions'>;
type FeeData = { form: FormType; paper: number };
type HolidayData = { name: string };

const money = (n: number) => `$${n.toLocaleString('en-US')}`;

function povertySummary(t: PovertyData): string {
  const { contiguous, alaska, hawaii } = t.regions;
  const region = (r: { firstPerson: number; eachAdditional: number }) =>
    `${money(r.firstPerson)} + ${money(r.eachAdditional)} a person`;
  return `${t.year} guidelines: 48 states and DC ${region(contiguous)}; Alaska ${region(alaska)}; Hawaii ${region(hawaii)}`;
}

function summaryOf(row: RuleTableRow): string {
  if (row.kind === 'poverty-guidelines') return povertySummary(row.data as PovertyData);
  if (row.kind === 'fee') {
    const fee = row.data as FeeData;
    return `Form ${fee.form}, paper filing by the usual filer: ${money(fee.paper)}`;
  }
  return `${(row.data as HolidayData).name} (${formatDate(row.effective_from)})`;
}

/** The tables in force, as the rules read them. */
function staffTablesOf(rows: RuleTableRow[]): StaffTables {
  const live = rows.filter((row) => !row.withdrawn_at);
  const of = (kind: RuleTableRow['kind']) => live.filter((row) => row.kind === kind);
  return {
    poverty: of('poverty-guidelines').map((row) => ({
      ...(row.data as PovertyData),
      effectiveFrom: row.effective_from,
      publishedIn: row.citation,
      sourceUrl: row.source_url,
    })),
    fees: of('fee').map((row) => ({
      ...(row.data as FeeData),
      effectiveFrom: row.effective_from,
      citation: row.citation,
      sourceUrl: row.source_url,
    })),
    holidays: of('holiday').map((row) => ({
      date: row.effective_from,
      name: (row.data as HolidayData).name,
      citation: row.citation,
      sourceUrl: row.source_url,
    })),
  };
}

const toTable = (row: RuleTableRow): RuleTable => ({
  id: row.id,
  kind: row.kind,
  builtIn: false,
  effectiveFrom: row.effective_from,
  summary: summaryOf(row),
  citation: row.citation,
  sourceUrl: row.source_url,
  addedAt: row.created_at.toISOString(),
  withdrawnAt: row.withdrawn_at?.toISOString() ?? null,
  withdrawnReason: row.withdrawn_reason,
});

/** The editions the product's own data holds, listed beside staff's (they cannot be withdrawn). */
const BUILT_IN: RuleTable[] = [
  ...POVERTY_GUIDELINES.map((t) => ({
    kind: 'poverty-guidelines' as const,
    effectiveFrom: t.effectiveFrom,
    summary: povertySummary(t),
    citation: t.publishedIn,
    sourceUrl: t.sourceUrl,
  })),
  ...FEE_SCHEDULES.map((s) => ({
    kind: 'fee' as const,
    effectiveFrom: s.effectiveFrom,
    summary: `Fee schedule of ${s.regulation} (${Object.keys(s.fees).length} forms)`,
    citation: s.rule,
    sourceUrl: s.sourceUrl,
  })),
  {
    kind: 'holiday' as const,
    effectiveFrom: '1971-01-01',
    summary:
      'The legal holidays of 5 U.S.C. 6103(a), as observed (Juneteenth from 2021), computed for every year',
    citation: '5 U.S.C. 6103; 8 CFR 1.2',
    sourceUrl: 'https://www.law.cornell.edu/uscode/text/5/6103',
  },
].map((t) => ({ ...t, id: null, builtIn: true, addedAt: null, withdrawnAt: null, withdrawnReason: null }));

/** Why a new table would clash with one held: two tables may never answer the same question. */
function clashOf(input: RuleTableInput, live: StaffTables): string | undefined {
  if (input.kind === 'poverty-guidelines') {
    const held = [...POVERTY_GUIDELINES, ...live.poverty].find((t) => t.year === input.year);
    return held && `The ${input.year} guidelines are already held (from ${formatDate(held.effectiveFrom)}).`;
  }
  if (input.kind === 'holiday') {
    const held = holidayOn(input.effectiveFrom);
    return held && `${formatDate(input.effectiveFrom)} is already a legal holiday: ${held.name}.`;
  }
  const same = live.fees.find((f) => f.form === input.form && f.effectiveFrom === input.effectiveFrom);
  return same && `A fee for Form ${input.form} from ${formatDate(input.effectiveFrom)} is already held.`;
}

function dataOf(input: RuleTableInput): unknown {
  if (input.kind === 'poverty-guidelines') return { year: input.year, regions: input.regions };
  if (input.kind === 'fee') return { form: input.form, paper: input.paper };
  return { name: input.name };
}

/**
 * The dated tables staff add to the rules: kept in the database, held in memory by every process (the rules
 * read them with no query), and reloaded on every process when staff change them (Redis pub/sub; in process
 * when there is no Redis). Every change is audited.
 */
export function createRuleTablesService(deps: {
  db: Kysely<DB>;
  redis?: Redis;
  redisPrefix: string;
  logger: Logger;
}) {
  const store = createRuleTablesStore(deps.db);

  async function reload(): Promise<void> {
    useStaffTables(staffTablesOf(await store.all()));
  }

  // Every process holds the tables; a change reloads them on all of them.
  const everywhere = reloadEverywhere({
    redis: deps.redis,
    channel: `${deps.redisPrefix}rule-tables:changed`,
    logger: deps.logger,
    reload,
    what: 'rule tables',
  });

  const staffOnly = (actor: SessionUser) => {
    if (actor.role !== 'reti')
      throw new ServiceError('forbidden', 'Only platform staff change the rules’ tables.');
  };

  return {
    async start(): Promise<void> {
      everywhere.listen();
      await reload();
    },

    stop: everywhere.stop,

    /** The product's own editions and those staff added (withdrawn ones too), newest first. */
    async list(): Promise<RuleTable[]> {
      const added = (await store.all()).map(toTable);
      return [...added, ...BUILT_IN.toSorted((a, b) => b.effectiveFrom.localeCompare(a.effectiveFrom))];
    },

    async add(actor: SessionUser, input: RuleTableInput): Promise<RuleTable> {
      staffOnly(actor);
      const row = await inTransaction(deps.db, async (trx) => {
        const clash = clashOf(input, staffTablesOf(await createRuleTablesStore(trx).all()));
        if (clash) throw new ServiceError('conflict', clash);
        const added = await createRuleTablesStore(trx).add({
          kind: input.kind,
          effectiveFrom: input.effectiveFrom,
          citation: input.citation,
          sourceUrl: input.sourceUrl,
          data: dataOf(input),
          createdBy: actor.id,
        });
        await createAuditService(trx).record({
          actorUserId: actor.id,
          action: 'rule-table.added',
          entity: 'rule-table',
          entityId: added.id,
          after: {
            kind: added.kind,
            summary: summaryOf(added),
            effectiveFrom: added.effective_from,
            citation: added.citation,
          },
          firmId: null,
        });
        return added;
      });
      await everywhere.changed();
      return toTable(row);
    },

    async withdraw(actor: SessionUser, id: string, reason: string): Promise<RuleTable> {
      staffOnly(actor);
      const row = await inTransaction(deps.db, async (trx) => {
        const done = await createRuleTablesStore(trx).withdraw(id, actor.id, reason);
        if (!done) throw new ServiceError('not-found', RULE_TABLE_NOT_FOUND);
        await createAuditService(trx).record({
          actorUserId: actor.id,
          action: 'rule-table.withdrawn',
          entity: 'rule-table',
          entityId: id,
          before: { kind: done.kind, summary: summaryOf(done), effectiveFrom: done.effective_from },
          after: { reason },
          firmId: null,
        });
        return done;
      });
      await everywhere.changed();
      return toTable(row);
    },
  };
}

export type RuleTablesService = ReturnType<typeof createRuleTablesService>;
