import { z } from 'zod';
import CasePickerIsland from '../../../../islands/CasePicker';
import { type CasePick, CasePickerSearch } from '../../../../islands/ui/case-picker';
import { Alert, RequiredNote, SelectField } from '../../../../islands/ui/form';
import { Icon } from '../../../../islands/ui/icon';
import { Island } from '../../../../views/components/Island';
import { useRenderContext } from '../../../../views/context';
import { page } from '../../../access/page';
import { FileAnswer } from '../../../http/file-answer';
import { BRIEF_TEMPLATE_CODES, BRIEF_TEMPLATES } from '../../../shared/ai';
import { CASE_QUERY_PARAM } from '../../../shared/case-pick';
import { pages } from '../../../shared/paths';
import { CASE_PICK_READS, readCasePick } from '../../case-pick';
import { generateBrief } from '../actions';

type BriefValues = { caseId?: string; template?: string; format?: string };

type BriefPageProps = {
  /** The case picker: the cases its search found, and the case chosen. */
  pick: CasePick;
  /** What was entered, when a generation was refused. */
  values?: BriefValues;
  /** Why the brief was not generated, and the message of each field it was about. */
  error?: string;
  fields?: Record<string, string | undefined>;
  /** Why this person may not generate briefs at all (the permission matrix). */
  closed?: string;
  /** The configured language model may reword the prose. */
  drafting?: boolean;
};

const TEMPLATE_OPTIONS = [
  { value: '', label: 'Choose a template' },
  ...BRIEF_TEMPLATE_CODES.map((code) => ({ value: code, label: BRIEF_TEMPLATES[code] })),
];
const FORMAT_OPTIONS = [
  { value: 'pdf', label: 'PDF' },
  { value: 'docx', label: 'Word (DOCX)' },
];

/**
 * /user/ai/brief (AI Tools, Legal Brief Generator): choose a case, a template and a format; Generate
 * downloads the brief (a plain form post that answers the file), which is also kept with the case.
 */
function BriefPage({ pick, values = {}, error, fields = {}, closed, drafting }: BriefPageProps) {
  const { csrfToken } = useRenderContext();
  return (
    <section className="section brief-page">
      <p className="back-link">
        <a href={pages.ai.home}>← Back to AI Tools</a>
      </p>
      <h1 className="page-title">
        <Icon name="ai" />
        Legal Brief Generator
      </h1>
      <p className="lead">
        A first draft from a case: a cover letter for a filing packet, an RFE response outline, an I-130 bona
        fide marriage evidence summary or a checklist letter to the client. The case’s facts, the rules that
        apply (with their citations) and the case’s documents as exhibits are filled in; the brief is also
        kept with the case under Legal Briefs.
      </p>
      {drafting && (
        <p className="muted">
          A language model is configured: it may reword the prose paragraphs, and each one it wrote says so.
          Names, dates, figures, citations and exhibits always come from the case and the rules.
        </p>
      )}
      {closed && <Alert kind="error">{closed}</Alert>}
      {error && <Alert kind="error">{error}</Alert>}
      {pick.total === 0 && !pick.query ? (
        <p className="muted">The firm has no open cases yet. Open a case, then come back here.</p>
      ) : (
        <>
          <form className="card" method="post" action={pages.ai.brief}>
            <input type="hidden" name="_csrf" value={csrfToken} />
            <RequiredNote />
            <div className="form-grid">
              <div className="field-wide">
                <Island
                  of={CasePickerIsland}
                  trigger="load"
                  props={{
                    id: 'brief-case',
                    name: 'caseId',
                    pick: pick,
                    none: 'Choose a case',
                    error: fields.caseId,
                    required: true,
                    searchForm: 'brief-case-search',
                  }}
                />
              </div>
              <SelectField
                id="brief-template"
                name="template"
                label="Template"
                options={TEMPLATE_OPTIONS}
                defaultValue={values.template ?? ''}
                error={fields.template}
                required
              />
              <SelectField
                id="brief-format"
                name="format"
                label="Format"
                options={FORMAT_OPTIONS}
                defaultValue={values.format ?? 'pdf'}
                error={fields.format}
                required
              />
            </div>
            <div className="form-actions">
              <button type="submit" className="btn btn-primary" disabled={Boolean(closed)}>
                Generate
              </button>
            </div>
          </form>
          <CasePickerSearch id="brief-case-search" action={pages.ai.brief} keep={{ case: pick.chosen?.id }} />
        </>
      )}
    </section>
  );
}

/** One text value of the query string; anything else (absent, repeated) is none. */
const text = z.string().optional().catch(undefined);

/** ?case= chooses a case (a link from a case's page); ?caseQuery= is the picker's search without JavaScript. */
const briefQuery = z.object({ case: text, [CASE_QUERY_PARAM]: text });

/** The values of a posted form, to choose them again. */
const valuesOf = (fields: Record<string, unknown>): BriefValues => {
  const value = (name: string) => (typeof fields[name] === 'string' ? (fields[name] as string) : undefined);
  return { caseId: value('caseId'), template: value('template'), format: value('format') };
};

/**
 * /user/ai/brief (Legal Brief Generator): the form, whose post answers the brief itself (a file); a refused
 * post shows the form again with the values entered and why. `drafting`: a language model is configured.
 */
export const briefPage = ({ drafting }: { drafting: boolean }) =>
  page({
    path: pages.ai.brief,
    reads: CASE_PICK_READS,
    offers: { generate: generateBrief },
    query: briefQuery,
    async load(ctx) {
      // Generated: the file is the answer.
      if (ctx.form?.outcome instanceof FileAnswer) return ctx.form.outcome;
      const values = ctx.form ? valuesOf(ctx.form.values) : { caseId: ctx.query.case };
      return { values, pick: await readCasePick(ctx, ctx.query[CASE_QUERY_PARAM] ?? '', values.caseId) };
    },
    render: ({ pick, values }, { closed, form }) => ({
      view: (
        <BriefPage
          pick={pick}
          values={values}
          error={form?.refusal?.message}
          fields={form?.refusal?.fields}
          closed={closed.generate}
          drafting={drafting}
        />
      ),
      meta: {
        title: 'Legal Brief Generator',
        description:
          'A case’s cover letter, RFE response outline, marriage evidence summary or checklist letter.',
        noindex: true,
      },
    }),
    forms: [{ action: generateBrief, done: (_ctx, brief: FileAnswer) => ({ show: brief }) }],
  });
