import type { Request, Response } from 'express';
import { CaseFactsPage } from '../../views/ai/CaseFactsPage';
import { ComplianceCheckerPage, type ComplianceCheckerProps } from '../../views/ai/ComplianceCheckerPage';
import { DeadlineTrackerPage, type DeadlineTrackerProps } from '../../views/ai/DeadlineTrackerPage';
import { formValues } from '../../views/ai/parts';
import type { ActionContext, Refusal } from '../access/action';
import type { CasesService } from '../cases/service';
import type { DocumentsService } from '../documents/service';
import { HttpError } from '../http/errors';
import type { Renderer } from '../http/render';
import { caseQueryOf } from '../shared/case-pick';
import { FACT_LABELS, type FactName, type Facts } from '../shared/facts';
import type { SessionUser } from '../shared/session';
import { CASE_NOT_FOUND } from './case-facts';
import type { AiService } from './service';

/** Why the person may not use each tool at all, as the permission matrix says now. */
export type ClosedAiControls = {
  deadlines?: string;
  compliance?: string;
  facts?: string;
  calendar?: string;
};

export type AiDeps = {
  ai: AiService;
  cases: CasesService;
  documents: DocumentsService;
  render: Renderer;
  closedFor: (user: SessionUser | undefined) => ClosedAiControls;
};

/** What a page is rendered with: the services, the request and its answer. */
export type Page = { deps: AiDeps; req: Request; res: Response };

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const actorOf = (req: Request) => req.session.user!;
const meta = (title: string, description: string) => ({ title, description, noindex: true });

/** What a tool's page shows: the case asked about (or the facts posted) and the answer or refusal. */
export type ToolState<A> = {
  caseId?: string;
  asOf?: string;
  answer?: A;
  values?: Record<string, string>;
  errors?: Record<string, string | undefined>;
  error?: string;
};

/** The parts both tools' pages share: the case picker, the case chosen with its facts, the as-of date. */
async function toolProps(deps: AiDeps, req: Request, state: ToolState<unknown>) {
  const actor = actorOf(req);
  const pick = await deps.cases.pick(actor, caseQueryOf(req.query), state.caseId);
  const kase = pick.chosen;
  if (state.caseId && !kase) throw new HttpError(404, CASE_NOT_FOUND);
  const chosen =
    kase && state.answer ? { case: kase, facts: await deps.ai.caseFactsOf(actor, kase.id) } : undefined;
  const asOf = state.asOf ?? (await deps.ai.today(actor));
  return { pick, chosen, asOf };
}

/** /user/ai/deadlines, with the calendar section as the person's feed is now (or just made). */
export async function showDeadlines(
  { deps, req, res }: Page,
  state: ToolState<DeadlineTrackerProps['answer']> & { calendarUrl?: string; calendarError?: string },
  status = 200,
) {
  const actor = actorOf(req);
  const closed = deps.closedFor(actor);
  const [shared, feed] = await Promise.all([toolProps(deps, req, state), deps.ai.calendarOf(actor)]);
  const page = (
    <DeadlineTrackerPage
      {...shared}
      answer={state.answer}
      values={state.values}
      errors={state.errors}
      error={state.error}
      closed={closed.deadlines}
      calendar={{
        since: feed?.since ?? null,
        url: state.calendarUrl,
        error: state.calendarError,
        closed: closed.calendar,
      }}
    />
  );
  deps.render(req, res, page, {
    meta: meta('Deadline Tracker', 'A case’s deadlines from cited, dated rules, and the calendar feed.'),
    status,
  });
}

export async function showCompliance(
  { deps, req, res }: Page,
  state: ToolState<ComplianceCheckerProps['answer']>,
  status = 200,
) {
  const actor = actorOf(req);
  const page = (
    <ComplianceCheckerPage
      {...await toolProps(deps, req, state)}
      answer={state.answer}
      values={state.values}
      errors={state.errors}
      error={state.error}
      closed={deps.closedFor(actor).compliance}
    />
  );
  deps.render(req, res, page, {
    meta: meta('Compliance Checker', 'A case’s facts and documents against the rules for its form.'),
    status,
  });
}

/** The facts form of a case: the entered facts as stored, or as posted when refused. */
export async function showFacts(
  { deps, req, res }: Page,
  caseId: string,
  posted?: { values: Record<string, string>; errors?: Record<string, string | undefined>; error?: string },
  status = 200,
) {
  const actor = actorOf(req);
  const [caseFacts, entered] = await Promise.all([
    deps.ai.caseFactsOf(actor, caseId),
    posted ? undefined : deps.ai.enteredOf(actor, caseId),
  ]);
  const page = (
    <CaseFactsPage
      caseFacts={caseFacts}
      values={posted?.values ?? formValues(entered as Facts)}
      errors={posted?.errors}
      error={posted?.error}
      closed={deps.closedFor(actor).facts}
    />
  );
  deps.render(req, res, page, {
    meta: meta(`Facts of ${caseFacts.caseNumber}`, 'The facts entered for a case, for the rules.'),
    status,
  });
}

/** A posted form's text fields (a repeated or odd field counts as empty; the CSRF token is no field). */
export const textFields = (body: unknown): Record<string, string> =>
  Object.fromEntries(
    Object.entries(body && typeof body === 'object' ? body : {})
      .filter(([name]) => name !== '_csrf')
      .map(([name, value]) => [name, typeof value === 'string' ? value : '']),
  );

/** A refusal's message in a page's words: the fact's label where the API names it ("noticeDate"). */
export function inFormWords(message: string | undefined): string | undefined {
  const named = message && /^(\w+)(:?) /.exec(message);
  const label = named && (named[1] === 'asOf' ? 'As of' : FACT_LABELS[named[1] as FactName]);
  return label ? `${label}${named[2]} ${message!.slice(named[0].length)}` : message;
}

/** A refusal's fields as the facts form names them: "facts.noticeDate" is the field noticeDate. */
export const formErrors = (fields: Record<string, string | undefined> | undefined) =>
  Object.fromEntries(
    Object.entries(fields ?? {}).map(([name, message]) => [
      name.replace(/^facts\./, ''),
      inFormWords(message),
    ]),
  );

/** A refused facts form: the form again with the values as typed and each fact's message. */
export async function renderFactsRefusal(
  ctx: ActionContext<AiDeps>,
  refusal: Refusal,
  body: Record<string, unknown>,
) {
  const id = String(ctx.req.params.id);
  if (refusal.status === 404 || !UUID.test(id)) throw refusal.error ?? new HttpError(404, CASE_NOT_FOUND);
  await showFacts(
    ctx,
    id.toLowerCase(),
    { values: textFields(body), errors: formErrors(refusal.fields), error: inFormWords(refusal.message) },
    refusal.status,
  );
}
