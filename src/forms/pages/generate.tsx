import { z } from 'zod';
import CasePickerIsland from '../../../islands/CasePicker';
import { type CasePick, CasePickerSearch } from '../../../islands/ui/case-picker';
import { Alert, CheckboxField } from '../../../islands/ui/form';
import { Icon } from '../../../islands/ui/icon';
import { Island } from '../../../views/components/Island';
import { useRenderContext } from '../../../views/context';
import type { Refusal } from '../../access/action';
import { page, type PageContext } from '../../access/page';
import { CASE_PICK_READS, readCasePick } from '../../ai/case-pick';
import { HttpError } from '../../http/errors';
import { FileAnswer } from '../../http/file-answer';
import { CASE_QUERY_PARAM } from '../../shared/case-pick';
import {
  FORM_GROUP_CODES,
  FORM_GROUPS,
  type FormCheck,
  type FormError,
  type FormGroup,
  type FormSummary,
  GENERATE_LABEL,
  type PacketForm,
  type ValidationAnswer,
} from '../../shared/forms';
import { pages } from '../../shared/paths';
import { generateForms, listForms, type PacketProblems, validateForms } from '../actions';

type GeneratePageProps = {
  group: FormGroup;
  /** The group's forms; G-1145 comes with every packet. */
  forms: FormSummary[];
  /** The case picker: the cases its search found, and the case chosen. */
  pick: CasePick;
  /** The choices as posted (by default: no case, every form, not a draft). */
  values?: { caseId?: string; forms?: PacketForm[]; draft?: boolean; filing?: 'paper' | 'online' };
  /** The problems found, by form, part and item. */
  errors?: FormError[];
  /** Each form's check: edition, what is filled, what is required and missing. */
  checks?: FormCheck[];
  /** The check found nothing to correct. */
  passed?: boolean;
  /** Why the packet was not made (a refusal of the whole request). */
  error?: string;
  /** Why this person may not generate packets at all (the permission matrix). */
  closed?: string;
};

/** What a packet lacks, by form, part and item, as the paralegal finds them on the forms. */
export function FormErrors({ errors }: { errors: FormError[] }) {
  return (
    <div className="table-wrap">
      <table className="data-table form-errors">
        <caption>{`${errors.length === 1 ? '1 problem' : `${errors.length} problems`} to correct`}</caption>
        <thead>
          <tr>
            <th scope="col">Form</th>
            <th scope="col">Part</th>
            <th scope="col">Item</th>
            <th scope="col">What to do</th>
          </tr>
        </thead>
        <tbody>
          {errors.map((e, i) => (
            <tr key={i}>
              <td>{e.form}</td>
              <td>{e.part}</td>
              <td>{e.item}</td>
              <td>{e.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Each form's readiness, and what is missing with the question to ask and whom (linked to their page). */
export function FormChecks({ checks }: { checks: FormCheck[] }) {
  return (
    <div className="form-checks">
      {checks.map((c) => (
        <section key={c.form} className="card" aria-labelledby={`check-${c.form}`}>
          <h2 id={`check-${c.form}`}>
            {`Form ${c.form} (edition ${c.edition}): ${c.ready ? 'ready to file' : 'not ready'}`}
          </h2>
          <p>{`${c.filled} boxes filled; ${c.required - c.missing.length} of ${c.required} required answers given.`}</p>
          {c.missing.length > 0 && (
            <details open={c.missing.length <= 5}>
              <summary>{`${c.missing.length} ${c.missing.length === 1 ? 'answer' : 'answers'} missing: what to ask, and whom`}</summary>
              <ul>
                {c.missing.map((m, i) => (
                  <li key={i}>
                    {`${m.field} — ask the ${m.party}: ${m.question}`}
                    {m.personId && (
                      <>
                        {' '}
                        <a href={pages.cases('user').person(m.personId)}>Open their record</a>
                      </>
                    )}
                  </li>
                ))}
              </ul>
            </details>
          )}
          {c.problems.length > 0 && (
            <details open>
              <summary>{`${c.problems.length} ${c.problems.length === 1 ? 'answer' : 'answers'} to correct`}</summary>
              <ul>
                {c.problems.map((p, i) => (
                  <li key={i}>{`${p.field}: ${p.message}`}</li>
                ))}
              </ul>
            </details>
          )}
        </section>
      ))}
    </div>
  );
}

/**
 * /user/forms/generate?group=…: the case, the group's forms and Draft; Check the forms shows what is
 * missing, Generate Forms downloads the packet (or shows the problems, with the choices kept).
 */
function GeneratePage(props: GeneratePageProps) {
  const { csrfToken } = useRenderContext();
  const { group, forms, values = {} } = props;
  const label = FORM_GROUPS[group].label;
  const chosen = new Set(values.forms ?? forms.map((f) => f.code));
  return (
    <section className="section uscis-generate-page">
      <p className="back-link">
        <a href={pages.forms.list}>← Back to Forms</a>
      </p>
      <h1 className="page-title">
        <Icon name="forms" />
        {`${GENERATE_LABEL}: ${label}`}
      </h1>
      <p className="lead">
        Choose the case. The people of the case, in their roles, fill the official forms; Form G-1145 comes
        first in every packet.
      </p>
      {props.closed && <Alert kind="error">{props.closed}</Alert>}
      {props.error && <Alert kind="error">{props.error}</Alert>}
      {props.passed && (
        <Alert kind="success">Every form is ready to file: the packet is ready to generate.</Alert>
      )}
      {props.checks ? (
        <FormChecks checks={props.checks} />
      ) : (
        props.errors && props.errors.length > 0 && <FormErrors errors={props.errors} />
      )}
      <form className="card" method="post" action={pages.forms.generate}>
        <input type="hidden" name="_csrf" value={csrfToken} />
        <input type="hidden" name="group" value={group} />
        <Island
          of={CasePickerIsland}
          trigger="load"
          props={{
            id: 'generate-case',
            name: 'caseId',
            pick: props.pick,
            none: 'Choose a case',
            required: true,
            searchForm: 'generate-case-search',
          }}
        />
        <fieldset className="checkbox-group">
          <legend>{`${label} forms`}</legend>
          {forms.map((form) => (
            <CheckboxField
              key={form.code}
              id={`generate-${form.code}`}
              name="forms"
              value={form.code}
              label={`${form.code}, ${form.title}`}
              defaultChecked={chosen.has(form.code)}
            />
          ))}
        </fieldset>
        <fieldset className="checkbox-group">
          <legend>Filing</legend>
          {(['paper', 'online'] as const).map((filing) => (
            <div className="field field-check" key={filing}>
              <input
                type="radio"
                id={`generate-filing-${filing}`}
                name="filing"
                value={filing}
                defaultChecked={(values.filing ?? 'paper') === filing}
              />
              <label htmlFor={`generate-filing-${filing}`}>
                {filing === 'paper' ? 'Paper (mailed to USCIS)' : 'Online (the online filing fees)'}
              </label>
            </div>
          ))}
        </fieldset>
        <CheckboxField
          id="generate-draft"
          name="draft"
          label="Draft (every page says DRAFT; made even when answers are missing)"
          defaultChecked={values.draft ?? false}
        />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={Boolean(props.closed)}>
            {GENERATE_LABEL}
          </button>
          <button
            type="submit"
            name="intent"
            value="check"
            className="btn btn-secondary"
            disabled={Boolean(props.closed)}
          >
            Check the forms
          </button>
        </div>
      </form>
      <CasePickerSearch
        id="generate-case-search"
        action={pages.forms.generate}
        keep={{ group, case: props.pick.chosen?.id }}
      />
    </section>
  );
}

/** One text value of the query string; anything else (absent, repeated) is none. */
const text = z.string().optional().catch(undefined);

/** ?group= names the group; ?case= chooses a case (a link from a case's page); ?caseQuery= searches. */
const generateQuery = z.object({ group: text, case: text, [CASE_QUERY_PARAM]: text });
type GenerateQuery = z.output<typeof generateQuery>;

const groupOf = (value: unknown): FormGroup => {
  if (typeof value === 'string' && (FORM_GROUP_CODES as readonly string[]).includes(value))
    return value as FormGroup;
  throw new HttpError(404, `No such group of forms: choose ${FORM_GROUP_CODES.join(', ')}.`);
};

/** The ticked boxes of a posted form: one value, several, or none. */
const listOf = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');

/** The posted choices as the actions' input: the case, the forms ticked, and Draft; the group is the page's. */
function packetInput(fields: Record<string, string>, ctx: PageContext) {
  groupOf(fields.group);
  const body = (ctx.req.body ?? {}) as Record<string, unknown>;
  return { caseId: fields.caseId, forms: listOf(body.forms), draft: fields.draft, filing: fields.filing };
}

/** A case that is no case of the firm is not found: the error page, as before the form was shown. */
const notFoundIsError = (_ctx: PageContext, refusal: Refusal) => {
  if (refusal.status === 404) throw refusal.error;
  return undefined;
};

/** What the page shows of the form just posted: the check's answer, the packet's problems, or a refusal. */
function postedState(ctx: PageContext<GenerateQuery>): Partial<GeneratePageProps> & { status?: number } {
  const { form } = ctx;
  if (!form) return { values: { caseId: ctx.query.case } };
  const body = (ctx.req.body ?? {}) as Record<string, unknown>;
  const values = {
    caseId: typeof form.values.caseId === 'string' ? form.values.caseId : undefined,
    forms: listOf(body.forms) as PacketForm[],
    draft: form.values.draft === 'on',
    filing: form.values.filing === 'online' ? ('online' as const) : ('paper' as const),
  };
  if (form.refusal) return { values, error: form.refusal.message };
  if (form.action === validateForms.name) {
    const answer = form.outcome as ValidationAnswer;
    return { values, errors: answer.errors, checks: answer.forms, passed: answer.valid };
  }
  const problems = form.outcome as PacketProblems;
  return { values, errors: problems.errors, error: problems.error, status: 422 };
}

export const generatePage = page({
  path: pages.forms.generate,
  reads: [listForms, ...CASE_PICK_READS],
  offers: { generate: generateForms },
  query: generateQuery,
  async load(ctx) {
    // Generated: the packet is the answer.
    if (ctx.form?.outcome instanceof FileAnswer) return ctx.form.outcome;
    const group = groupOf(ctx.form ? ctx.form.values.group : ctx.query.group);
    const { status, ...state } = postedState(ctx);
    const [catalog, pick] = await Promise.all([
      ctx.read(listForms),
      readCasePick(ctx, ctx.query[CASE_QUERY_PARAM] ?? '', state.values?.caseId),
    ]);
    const { forms } = catalog.groups.find((g) => g.id === group)!;
    return { group, forms, pick, state, status };
  },
  render: ({ group, forms, pick, state, status }, { closed }) => ({
    view: <GeneratePage group={group} forms={forms} pick={pick} closed={closed.generate} {...state} />,
    meta: {
      title: `${GENERATE_LABEL}: ${FORM_GROUPS[group].label}`,
      description: 'Choose the case and generate its packet.',
      noindex: true,
    },
    status,
  }),
  forms: [
    // Check the forms: the problems, or that there are none, on this page.
    {
      action: validateForms,
      when: (fields) => fields.intent === 'check',
      input: packetInput,
      done: (_ctx, answer: ValidationAnswer) => ({ show: answer }),
      refused: notFoundIsError,
    },
    // Generate Forms: the packet itself, or its problems with the choices kept.
    {
      action: generateForms,
      input: packetInput,
      done: (_ctx, packet: FileAnswer | PacketProblems) => ({ show: packet }),
      refused: notFoundIsError,
    },
  ],
});
