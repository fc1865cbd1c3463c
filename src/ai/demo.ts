import type { Kysely } from 'kysely';
import { createCaseRecords } from '../cases/service';
import type { DB } from '../db/schema';
import { AI_TOOL_CODES, type AiTool } from '../shared/ai';
import { createAiStore } from './store';

/** How the demo firm's 24 past uses (SPEC §9: its "AI tools used" card) fall among the tools. */
const SHARE: Record<AiTool, number> = {
  'document-analysis': 9,
  'deadline-tracker': 7,
  'compliance-checker': 5,
  'brief-generator': 3,
};

/**
 * The demo firm's 24 past uses of the AI tools, over the last four weeks, by its members on its cases.
 * A demo data folder seeded before the AI tools existed gets them on its next start.
 */
export async function seedDemoAiUsage(
  trx: Kysely<DB>,
  firm: { id: string; today: string; staff: Array<{ id: string }> },
): Promise<number> {
  const store = createAiStore(trx);
  if ((await store.countUses(firm.id)) > 0) return 0;
  const { cases } = await createCaseRecords(trx).ofFirm(firm.id, new Map());
  const tools = AI_TOOL_CODES.flatMap((tool) => Array<AiTool>(SHARE[tool]).fill(tool));
  const uses = tools.map((tool, i) => ({
    firmId: firm.id,
    userId: firm.staff[i % firm.staff.length]?.id ?? null,
    tool,
    caseId: cases.length ? cases[(i * 7) % cases.length].id : null,
    // One a day or so, in the firm's working hours, going back from yesterday.
    at: Date.parse(`${firm.today}T15:00:00Z`) - (1 + i) * 27 * 3_600_000,
  }));
  await store.insertPastUses(uses.map((u) => ({ ...u, at: new Date(u.at) })));
  return uses.length;
}
