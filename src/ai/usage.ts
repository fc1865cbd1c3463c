import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { AiTool } from '../shared/ai';
import { ServiceError } from '../shared/errors';
import type { SessionUser } from '../shared/session';
import { createAiStore } from './store';

/** Each use of an AI tool (tool, person, case, when): the administrator's "AI tools used" card counts them. */
export function createAiUsage(db: Kysely<DB>) {
  const store = createAiStore(db);
  return {
    /** Records one use by a firm's member; `caseId` names the case it was for, when it was for one. */
    async record(actor: SessionUser, tool: AiTool, caseId: string | null): Promise<void> {
      if (!actor.firmId)
        throw new ServiceError('forbidden', 'The AI tools work on a firm’s cases: platform staff have none.');
      await store.recordUse({ firmId: actor.firmId, userId: actor.id, tool, caseId });
    },

    countOfFirm: (firmId: string): Promise<number> => store.countUses(firmId),
    /** Uses in [from, to) by each person (reports). */
    byUser: (firmId: string, from: Date, to: Date) => store.usesByUser(firmId, from, to),
    /** The filing date entered in each case's facts (reports: the fee schedule in force that day). */
    filingDatesOf: (firmId: string) => store.filingDatesOf(firmId),
  };
}

export type AiUsage = ReturnType<typeof createAiUsage>;
