import { z } from 'zod';
import type { AnyAction } from '../../access/action';
import type { PageContext, PageFormState } from '../../access/page';
import { HttpError } from '../../http/errors';
import { CASE_QUERY_PARAM, type CaseChoice, type CasePick } from '../../shared/case-pick';
import { ServiceError } from '../../shared/errors';
import { type CaseFacts, FACT_LABELS, type FactName } from '../../shared/facts';
import { getCaseFacts } from '../actions';
import { CASE_NOT_FOUND } from '../case-facts';
import { CASE_PICK_READS, readCasePick } from '../case-pick';
import { FACT_ORDER, factsFromForm } from '../schema';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A query parameter's one text value ('' when absent or repeated). */
const text = z.string().trim().catch('').default('');

/** ?case= and ?asOf= ask about a case (a GET form, so the answer can be reloaded); ?caseQuery= searches. */
export const toolQuery = z.object({ case: text, asOf: text, [CASE_QUERY_PARAM]: text });
export type ToolQuery = z.output<typeof toolQuery>;

/** What both rules tools' pages read besides the tool itself: the case picker and the chosen case's facts. */
export const TOOL_READS = [...CASE_PICK_READS, getCaseFacts];

/** What a tool's page shows: the case asked about (or the facts posted) and the answer or refusal. */
export type ToolData<A> = {
  /** The case picker: the cases its search found, and the case chosen. */
  pick: CasePick;
  /** The case asked about, with the facts its answer came from. */
  chosen?: { case: CaseChoice; facts: CaseFacts };
  /** The as-of date in the case form (the firm's today by default). */
  asOf: string;
  answer?: A;
  /** The facts form as posted, and why it was refused. */
  values?: Record<string, string>;
  errors?: Record<string, string | undefined>;
  error?: string;
  /** The refusal's status, when the case asked about was refused. */
  status?: number;
};

/** The posted facts form as the tool's input. */
export const factsInput = (fields: Record<string, string>) => ({
  facts: factsFromForm(fields, FACT_ORDER),
  asOf: fields.asOf || undefined,
});

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

/** A refusal to show on the page; anything else (a fault, a case not found) is not one. */
function refusalOf(error: unknown): ServiceError | HttpError | undefined {
  if (error instanceof ServiceError || (error instanceof HttpError && error.status < 500))
    return error.status === 404 ? undefined : error;
  return undefined;
}

/** The facts form as posted: its answer, or its values again with each fact's message. */
function postedState<A>(form: PageFormState): Partial<ToolData<A>> {
  const values = Object.fromEntries(
    Object.entries(form.values).map(([name, value]) => [name, typeof value === 'string' ? value : '']),
  );
  if (!form.refusal) return { values, answer: form.outcome as A };
  return { values, errors: formErrors(form.refusal.fields), error: inFormWords(form.refusal.message) };
}

/**
 * A rules tool's page: a case chosen (?case=&asOf=, the tool's answer read through its action) or facts
 * posted (the form's outcome or refusal), with the case picker and the chosen case's facts.
 */
export async function loadTool<A>(ctx: PageContext<ToolQuery>, tool: AnyAction): Promise<ToolData<A>> {
  const { query } = ctx;
  const posted = ctx.form?.action === tool.name ? ctx.form : undefined;
  const caseId = posted ? '' : query.case.toLowerCase();
  const asOf = (!posted && query.asOf) || undefined;
  let state: Partial<ToolData<A>> = posted ? postedState<A>(posted) : {};
  if (caseId) {
    if (!UUID.test(caseId)) throw new HttpError(404, CASE_NOT_FOUND);
    try {
      state = { answer: (await ctx.read(tool, { input: { caseId, asOf } })) as A };
    } catch (error) {
      const refusal = refusalOf(error);
      if (!refusal) throw error;
      state = { error: inFormWords(refusal.message), status: refusal.status };
    }
  }
  const pick = await readCasePick(ctx, query[CASE_QUERY_PARAM], caseId || undefined);
  if (caseId && !pick.chosen) throw new HttpError(404, CASE_NOT_FOUND);
  const chosen =
    pick.chosen && state.answer
      ? { case: pick.chosen, facts: await ctx.read(getCaseFacts, { params: { id: pick.chosen.id } }) }
      : undefined;
  // The firm's today by default: the picker's, which said which cases are overdue.
  return { ...state, pick, chosen, asOf: asOf ?? pick.today };
}
