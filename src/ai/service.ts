import crypto from 'node:crypto';
import { createAuditService } from '../audit/service';
import { complianceOf, deadlinesOf } from '../rules';
import type { ComplianceAnswer, DeadlinesAnswer } from '../rules/types';
import type { CaseDeadline } from '../shared/ai';
import { addDays, todayIn } from '../shared/dates';
import { ServiceError } from '../shared/errors';
import type { RulesRequest } from '../shared/facts';
import { pages } from '../shared/paths';
import type { SessionUser } from '../shared/session';
import { PRODUCT_NAME } from '../shared/constants';
import { buildCalendar } from './calendar';
import { type CaseFactsDeps, createCaseFacts } from './case-facts';
import { createAiStore } from './store';
import { createAiUsage } from './usage';

/** The dashboard lists the deadlines of this many days ahead. */
const UPCOMING_DAYS = 30;

/** A calendar feed's secret: 32 random bytes, base64url (43 characters). */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const hashOf = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

type AiServiceDeps = CaseFactsDeps & {
  publicUrl: string;
  /**
   * The account as sign-in sees it now (active, its firm not inactive), or null: a calendar feed's owner
   * reads it only while they could sign in.
   */
  signedInAs(id: string): Promise<SessionUser | null>;
};

/** The firm a person's AI tools work on; platform staff have none. */
function firmOf(actor: SessionUser): string {
  if (!actor.firmId)
    throw new ServiceError('forbidden', 'The AI tools work on a firm’s cases: platform staff have none.');
  return actor.firmId;
}

/**
 * The Deadline Tracker and the Compliance Checker over the rules library (for a stored case or for facts
 * given), the firm's deadlines (dashboard, calendar feeds), and the facts entered for cases. Every use of
 * a tool is recorded.
 */
export function createAiService(deps: AiServiceDeps) {
  const caseFacts = createCaseFacts(deps);
  const usage = createAiUsage(deps.db);
  const store = createAiStore(deps.db);

  const todayOf = async (firmId: string) => todayIn(await deps.timeZoneOf(firmId));

  /** The facts a request names (a case's, or those given) and the day it asks about. */
  async function factsFor(actor: SessionUser, request: RulesRequest) {
    const firmId = firmOf(actor);
    const asOf = request.asOf ?? (await todayOf(firmId));
    if (request.caseId) return { asOf, ...(await caseFacts.caseFactsOf(actor, request.caseId)) };
    return { asOf, caseId: null, facts: request.facts ?? {}, documentTypes: undefined };
  }

  /** Each open case's deadlines as of `asOf` (the rule versions in force that day). */
  async function firmDeadlines(firmId: string, asOf: string): Promise<CaseDeadline[]> {
    const open = await caseFacts.openCasesOf(firmId);
    return open.flatMap(({ record, facts }) =>
      deadlinesOf(facts.facts, asOf).deadlines.map((deadline) => ({
        case: {
          id: record.id,
          caseNumber: record.caseNumber,
          clientName: record.client.name,
          assignee: record.assignee,
        },
        deadline,
      })),
    );
  }

  return {
    caseFactsOf: caseFacts.caseFactsOf,
    enterFacts: caseFacts.enter,
    firmDeadlines,
    /** Records a use of a tool whose work another feature does (the documents' analysis, a brief). */
    recordUse: usage.record,

    /** Deadline Tracker: the deadlines the facts give, each with its rule and citation. */
    async deadlines(actor: SessionUser, request: RulesRequest): Promise<DeadlinesAnswer> {
      const { asOf, caseId, facts } = await factsFor(actor, request);
      const answer = deadlinesOf(facts, asOf);
      await usage.record(actor, 'deadline-tracker', caseId);
      return answer;
    },

    /** Compliance Checker: passed, failed and unknown checks; a case's documents count as its evidence. */
    async compliance(actor: SessionUser, request: RulesRequest): Promise<ComplianceAnswer> {
      const { asOf, caseId, facts, documentTypes } = await factsFor(actor, request);
      const answer = complianceOf(facts, asOf, documentTypes && { documentTypes });
      await usage.record(actor, 'compliance-checker', caseId);
      return answer;
    },

    /** The firm's deadlines from today to 30 days ahead, the soonest first: the dashboard's list. */
    async upcoming(actor: SessionUser): Promise<{ today: string; deadlines: CaseDeadline[] }> {
      const firmId = firmOf(actor);
      const today = await todayOf(firmId);
      const last = addDays(today, UPCOMING_DAYS);
      const deadlines = (await firmDeadlines(firmId, today))
        .filter(({ deadline }) => deadline.date >= today && deadline.date <= last)
        .sort((a, b) => a.deadline.date.localeCompare(b.deadline.date));
      return { today, deadlines };
    },

    /** Whether the person has a calendar feed now, and since when. */
    async calendarOf(actor: SessionUser): Promise<{ since: string } | null> {
      firmOf(actor);
      const feed = await store.liveFeedOf(actor.id);
      return feed ? { since: feed.created_at.toISOString() } : null;
    },

    /**
     * A new secret address for the person's calendar feed (any earlier one stops working). Only its hash
     * is kept: the address is shown this once.
     */
    async subscribe(actor: SessionUser): Promise<{ url: string }> {
      firmOf(actor);
      const token = crypto.randomBytes(32).toString('base64url');
      await store.replaceFeed(actor.id, hashOf(token));
      await createAuditService(deps.db).record({
        actorUserId: actor.id,
        action: 'calendar-feed.created',
        entity: 'user',
        entityId: actor.id,
      });
      return { url: `${deps.publicUrl}${pages.calendarFeed(token)}` };
    },

    /** Revokes the person's calendar feed: its address answers 404 from now on. */
    async revoke(actor: SessionUser): Promise<void> {
      if (!(await store.revokeFeed(actor.id)))
        throw new ServiceError('not-found', 'You have no calendar address to revoke.');
      await createAuditService(deps.db).record({
        actorUserId: actor.id,
        action: 'calendar-feed.revoked',
        entity: 'user',
        entityId: actor.id,
      });
    },

    /**
     * The calendar a feed's secret opens: the firm's deadlines, as all-day events. An unknown or revoked
     * secret, or one whose owner may not sign in now (suspended, removed, their firm inactive), opens
     * nothing.
     */
    async feed(token: string): Promise<string | undefined> {
      if (!TOKEN.test(token)) return undefined;
      const ownerId = await store.feedOwner(hashOf(token));
      const owner = ownerId ? await deps.signedInAs(ownerId) : null;
      if (!owner?.firmId) return undefined;
      const deadlines = await firmDeadlines(owner.firmId, await todayOf(owner.firmId));
      const host = new URL(deps.publicUrl).host;
      return buildCalendar({
        productId: `-//Reti//${PRODUCT_NAME}//EN`,
        name: `${PRODUCT_NAME} deadlines`,
        description: 'The deadlines of the firm’s open cases, from the rules the product applies.',
        stamp: new Date(),
        events: deadlines.map(({ case: c, deadline }) => ({
          uid: `${c.id}-${deadline.id}@${host}`,
          date: deadline.date,
          summary: `${deadline.title}: ${c.caseNumber} (${c.clientName})`,
          description: [
            deadline.explanation,
            `Rule ${deadline.ruleId}: ${deadline.citation}, in force from ${deadline.effectiveFrom}.`,
            deadline.sourceUrl,
          ].join('\n'),
          url: `${deps.publicUrl}${pages.cases('user').view(c.id)}`,
        })),
      });
    },
  };
}

export type AiService = ReturnType<typeof createAiService>;
