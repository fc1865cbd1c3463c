import crypto from 'node:crypto';
import { createAuditService } from '../audit/service';
import { complianceOf, deadlinesOf } from '../rules';
import type { ComplianceAnswer, DeadlinesAnswer } from '../rules/types';
import type { DocketDeadline, FeedScope, Upcoming } from '../shared/ai';
import { addDays, todayIn } from '../shared/dates';
import { ServiceError } from '../shared/errors';
import type { RulesRequest } from '../shared/facts';
import { pages } from '../shared/paths';
import type { SessionUser } from '../shared/session';
import { PRODUCT_NAME } from '../shared/constants';
import { buildCalendar } from './calendar';
import { type CaseFactsDeps, createCaseFacts } from './case-facts';
import { createDocket } from './docket';
import { createAiStore } from './store';
import { createAiUsage } from './usage';

/** The dashboard lists the deadlines of this many days ahead, and counts the person's of this many. */
const UPCOMING_DAYS = 30;
const DUE_SOON_DAYS = 7;

/** A deadline still to act on: open, or missed (open with its date passed). */
const isLive = (d: DocketDeadline) => d.state === 'open' || d.state === 'missed';

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
  const docket = createDocket({ ...deps, caseFacts });
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

  return {
    caseFactsOf: caseFacts.caseFactsOf,
    enterFacts: caseFacts.enter,
    docket,
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

    /**
     * The dashboard's part of the docket: the firm's missed deadlines and those of the next 30 days (the
     * missed first, then the soonest), and the person's own due within 7 days and missed.
     */
    async upcoming(actor: SessionUser): Promise<Upcoming> {
      const firmId = firmOf(actor);
      const { today, items } = await docket.listOfFirm(firmId);
      const live = items.filter(isLive);
      const last = addDays(today, UPCOMING_DAYS);
      const week = addDays(today, DUE_SOON_DAYS);
      const mine = live.filter((d) => d.owner?.id === actor.id);
      return {
        today,
        deadlines: live.filter((d) => d.state === 'missed' || (d.date >= today && d.date <= last)),
        mine: {
          dueSoon: mine.filter((d) => d.state === 'open' && d.date >= today && d.date <= week).length,
          missed: mine.filter((d) => d.state === 'missed').length,
        },
      };
    },

    /** Whether the person has a calendar feed now, and since when. */
    async calendarOf(actor: SessionUser, scope: FeedScope): Promise<{ since: string } | null> {
      firmOf(actor);
      const feed = await store.liveFeedOf(actor.id, scope);
      return feed ? { since: feed.created_at.toISOString() } : null;
    },

    /**
     * A new secret address for the person's calendar feed (any earlier one stops working). Only its hash
     * is kept: the address is shown this once.
     */
    async subscribe(actor: SessionUser, scope: FeedScope): Promise<{ url: string }> {
      firmOf(actor);
      const token = crypto.randomBytes(32).toString('base64url');
      await store.replaceFeed(actor.id, hashOf(token), scope);
      await createAuditService(deps.db).record({
        actorUserId: actor.id,
        action: 'calendar-feed.created',
        entity: 'user',
        entityId: actor.id,
        after: { scope },
      });
      return { url: `${deps.publicUrl}${pages.calendarFeed(token)}` };
    },

    /** Revokes the person's calendar feed: its address answers 404 from now on. */
    async revoke(actor: SessionUser, scope: FeedScope): Promise<void> {
      if (!(await store.revokeFeed(actor.id, scope)))
        throw new ServiceError('not-found', 'You have no calendar address to revoke.');
      await createAuditService(deps.db).record({
        actorUserId: actor.id,
        action: 'calendar-feed.revoked',
        entity: 'user',
        entityId: actor.id,
        before: { scope },
      });
    },

    /**
     * The calendar a feed's secret opens: the docket's open and missed deadlines (the firm's, or only
     * those its owner owns), as all-day events. An unknown or revoked
     * secret, or one whose owner may not sign in now (suspended, removed, their firm inactive), opens
     * nothing.
     */
    async feed(token: string): Promise<string | undefined> {
      if (!TOKEN.test(token)) return undefined;
      const feed = await store.feedOwner(hashOf(token));
      const owner = feed ? await deps.signedInAs(feed.userId) : null;
      if (!feed || !owner?.firmId) return undefined;
      const mine = feed.scope === 'mine';
      const { items } = await docket.listOfFirm(owner.firmId, mine ? { ownerId: owner.id } : {});
      const host = new URL(deps.publicUrl).host;
      return buildCalendar({
        productId: `-//Reti//${PRODUCT_NAME}//EN`,
        name: mine ? `${PRODUCT_NAME}: my deadlines` : `${PRODUCT_NAME} deadlines`,
        description: mine
          ? 'The open deadlines you own on the firm’s docket.'
          : 'The open deadlines of the firm’s docket.',
        stamp: new Date(),
        events: items.filter(isLive).map((d) => ({
          uid: `${d.id}@${host}`,
          date: d.date,
          summary: `${d.state === 'missed' ? 'MISSED: ' : ''}${d.title}: ${d.caseNumber} (${d.clientName})`,
          description: [
            d.explanation,
            d.filing && `File Form ${d.filing}.`,
            d.receivedBy && 'USCIS must receive it by this date.',
            `Owner: ${d.owner?.name ?? 'nobody'}.`,
            d.citation && `${d.citation}.`,
            d.sourceUrl,
          ]
            .filter(Boolean)
            .join('\n'),
          url: `${deps.publicUrl}${pages.cases('user').view(d.caseId)}`,
        })),
      });
    },
  };
}

export type AiService = ReturnType<typeof createAiService>;
