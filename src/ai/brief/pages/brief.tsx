import { z } from 'zod';
import CasePickerIsland from '../../../../islands/CasePicker';
import { type CasePick, CasePickerSearch } from '../../../../islands/ui/case-picker';
import { Alert, CheckboxField, CheckboxGroup, SelectField, TextAreaField } from '../../../../islands/ui/form';
import { Icon } from '../../../../islands/ui/icon';
import { Island } from '../../../../views/components/Island';
import { useRenderContext } from '../../../../views/context';
import { page } from '../../../access/page';
import { FileAnswer } from '../../../http/file-answer';
import {
  BRIEF_TEMPLATE_CODES,
  BRIEF_TEMPLATES,
  type BriefTemplate,
  CLIENT_TEMPLATES,
  EXPEDITE_CRITERIA,
  EXPEDITE_CRITERION_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
} from '../../../shared/ai';
import { FORM_CODES, FORM_TYPES } from '../../../shared/cases';
import { CASE_QUERY_PARAM } from '../../../shared/case-pick';
import { formatDate } from '../../../shared/dates';
import { LANGUAGE_LABELS, LANGUAGES, type Language } from '../../../shared/people';
import { pages } from '../../../shared/paths';
import { CASE_PICK_READS, readCasePick } from '../../case-pick';
import { draftBrief, generateBrief } from '../actions';
import type { Block, Draft } from '../model';
import { ruleLines } from '../review';

type Chosen = { caseId?: string; template?: BriefTemplate; language?: Language };

type BriefPageProps = {
  pick: CasePick;
  chosen: Chosen;
  /** The draft of the case and template chosen, with the attorney's changes so far. */
  draft?: Draft;
  /** The format chosen, when the page is shown again. */
  format?: string;
  error?: string;
  fields?: Record<string, string | undefined>;
  closed?: string;
  drafting?: boolean;
};

const TEMPLATE_OPTIONS = [
  { value: '', label: 'Choose a template' },
  ...BRIEF_TEMPLATE_CODES.map((code) => ({ value: code, label: BRIEF_TEMPLATES[code] })),
];
const LANGUAGE_OPTIONS = [
  { value: '', label: 'The client’s language' },
  ...LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_LABELS[code] })),
];
const FORMAT_OPTIONS = [
  { value: 'pdf', label: 'PDF' },
  { value: 'docx', label: 'Word (DOCX)' },
];

/** The letter as it will read: its blocks as HTML. */
function LetterPreview({ blocks }: { blocks: Block[] }) {
  return (
    <div className="letter-preview">
      {blocks.map((block, i) => {
        switch (block.type) {
          case 'heading':
            return <h4 key={i}>{block.text}</h4>;
          case 'paragraph':
            return (
              <p key={i} className="pre-line">
                {block.text}
              </p>
            );
          case 'fields':
            return (
              <dl key={i} className="letter-fields">
                {block.rows.map(([label, value]) => (
                  <div key={label}>
                    <dt>{label}:</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
            );
          case 'list':
            return (
              <ul key={i}>
                {block.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            );
          case 'numbered':
            return (
              <ol key={i}>
                {block.items.map((item) => (
                  <li key={item.text}>
                    {item.text}
                    {item.answer && <p>{item.answer}</p>}
                  </li>
                ))}
              </ol>
            );
          case 'lettered':
            return (
              <dl key={i} className="letter-fields letter-exhibits">
                {block.rows.map(([letter, text]) => (
                  <div key={letter}>
                    <dt>{letter}</dt>
                    <dd>{text}</dd>
                  </div>
                ))}
              </dl>
            );
          case 'closing':
            return (
              <p key={i} className="pre-line">
                {block.lines.filter(Boolean).join('\n')}
              </p>
            );
          default:
            return null;
        }
      })}
    </div>
  );
}

/** What the attorney must see before signing: never part of the letter. */
function ReviewSheet({ draft }: { draft: Draft }) {
  const { review } = draft;
  return (
    <aside className="card review-sheet" aria-labelledby="review-title">
      <h3 id="review-title">Review sheet</h3>
      <p className="muted">For the attorney only: nothing here is in the letter.</p>
      <h4>Missing before it can be sent</h4>
      {review.missing.length ? (
        <ul className="review-missing">
          {review.missing.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      ) : (
        <p>Nothing: every fact, item and choice the letter needs is in the file.</p>
      )}
      <h4>Assumed</h4>
      {review.assumed.length ? (
        <ul>
          {review.assumed.map((a) => (
            <li key={a}>{a}</li>
          ))}
        </ul>
      ) : (
        <p>Nothing.</p>
      )}
      {review.edited.length > 0 && (
        <>
          <h4>Written by the attorney</h4>
          <ul>
            {review.edited.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </>
      )}
      <h4>Rules relied on</h4>
      <ul>
        {review.rules.map((rule) => {
          const [head, citation, since, source] = ruleLines(rule);
          return (
            <li key={`${rule.ruleId}${rule.effectiveFrom}`}>
              <strong>{head}</strong>
              <br />
              {citation}. {since}.{' '}
              <a href={source.replace(/^Source: /, '')} rel="noreferrer">
                Source
              </a>
            </li>
          );
        })}
      </ul>
    </aside>
  );
}

/** The draft's form: exhibits in order, the paragraphs, the template's choices, then Update or Generate. */
function DraftForm({
  draft,
  chosen,
  format,
  fields,
}: Required<Pick<BriefPageProps, 'draft' | 'chosen'>> & Pick<BriefPageProps, 'format' | 'fields'>) {
  const { csrfToken } = useRenderContext();
  const rows = [
    ...draft.exhibits.map((e, i) => ({ id: e.documentId, title: e.title, position: String(i + 1) })),
    ...draft.candidates.map((c) => ({ id: c.documentId, title: c.title, position: '' })),
  ];
  return (
    <form className="card draft-form" method="post" action={pages.ai.brief}>
      <input type="hidden" name="_csrf" value={csrfToken} />
      <input type="hidden" name="caseId" value={chosen.caseId} />
      <input type="hidden" name="template" value={chosen.template} />
      <input type="hidden" name="language" value={draft.language} />
      <h3>Edit the draft</h3>
      {fields?.exhibits && <Alert kind="error">{fields.exhibits}</Alert>}
      {rows.length > 0 && (
        <fieldset className="exhibit-order">
          <legend>Exhibits</legend>
          <p className="muted" id="exhibit-hint">
            Number the documents in the order they are enclosed (1 is Exhibit A). Clear a number to leave the
            document out; number another to add it.
          </p>
          {rows.map((row) => (
            <div className="exhibit-row" key={row.id}>
              <input
                id={`exhibit-${row.id}`}
                name={`exhibit-${row.id}`}
                defaultValue={row.position}
                inputMode="numeric"
                size={3}
                aria-describedby="exhibit-hint"
              />
              <label htmlFor={`exhibit-${row.id}`}>{row.title}</label>
            </div>
          ))}
        </fieldset>
      )}
      {draft.forms && (
        <CheckboxGroup legend="Forms filed">
          <p className="muted">
            The first form ticked is the one the letter files, and whose address it uses.
          </p>
          {FORM_CODES.map((code) => (
            <CheckboxField
              key={code}
              id={`form-${code}`}
              name={`form-${code}`}
              label={`Form ${code}, ${FORM_TYPES[code]}`}
              defaultChecked={draft.forms!.includes(code)}
            />
          ))}
        </CheckboxGroup>
      )}
      {draft.template === 'cover-letter' && (
        <SelectField
          id="brief-payment"
          name="paymentMethod"
          label="Fees paid by"
          options={[
            { value: '', label: 'Choose how the fees are paid' },
            ...PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] })),
          ]}
          defaultValue={fields?.paymentMethodValue ?? ''}
          error={fields?.paymentMethod}
        />
      )}
      {draft.template === 'bona-fide-marriage' && (
        <CheckboxField
          id="brief-exemption"
          name="exemption"
          value="yes"
          label="Request the bona fide marriage exemption: the couple married while the beneficiary was in removal, exclusion or deportation proceedings"
          defaultChecked={draft.exemption}
        />
      )}
      {draft.template === 'expedite-request' && (
        <SelectField
          id="brief-criterion"
          name="criterion"
          label="Expedite criterion"
          options={[
            { value: '', label: 'Choose the criterion' },
            ...EXPEDITE_CRITERIA.map((c) => ({ value: c, label: EXPEDITE_CRITERION_LABELS[c] })),
          ]}
          defaultValue={fields?.criterionValue ?? ''}
          error={fields?.criterion}
        />
      )}
      <fieldset>
        <legend>The text</legend>
        {draft.paragraphs.map((p) => (
          <div key={p.id}>
            <input type="hidden" name={`was-${p.id}`} value={p.text} />
            <TextAreaField
              id={`text-${p.id}`}
              name={`text-${p.id}`}
              label={p.label}
              defaultValue={p.text}
              rows={p.text.length > 300 ? 8 : 4}
              wide
            />
          </div>
        ))}
      </fieldset>
      <SelectField
        id="brief-format"
        name="format"
        label="Format"
        options={FORMAT_OPTIONS}
        defaultValue={format ?? 'pdf'}
        error={fields?.format}
      />
      <div className="form-actions">
        <button type="submit" name="intent" value="preview" className="btn btn-secondary">
          Update the draft
        </button>
        <button type="submit" name="intent" value="generate" className="btn btn-primary">
          Generate
        </button>
      </div>
    </form>
  );
}

/**
 * /user/ai/brief (AI Tools, Legal Brief Generator): choose a case, a template and (for a client letter) a
 * language; the draft shows with its review sheet; the attorney orders the exhibits, edits the text and
 * generates the file (a plain form post that answers it), kept with its review sheet in Legal Briefs.
 */
function BriefPage({ pick, chosen, draft, format, error, fields = {}, closed, drafting }: BriefPageProps) {
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
        A draft from the case file: letters to USCIS (a filing’s cover letter, responses to an RFE or a NOID,
        a bona fide marriage summary, a biometrics reschedule or an expedite request) and letters to the
        client in English or Spanish. Every statement comes from the case; what is missing, what was assumed
        and the rules relied on are on the review sheet beside it, which is never sent. Filing addresses are
        kept on <a href={pages.ai.filingAddresses}>Filing Addresses</a>.
      </p>
      {drafting && (
        <p className="muted">
          A language model is configured: it may reword the letter’s prose, never a name, date, figure,
          citation or exhibit; the review sheet says which paragraphs it reworded.
        </p>
      )}
      {closed && <Alert kind="error">{closed}</Alert>}
      {error && <Alert kind="error">{error}</Alert>}
      {pick.total === 0 && !pick.query ? (
        <p className="muted">The firm has no open cases yet. Open a case, then come back here.</p>
      ) : (
        <>
          <form className="card" method="get" action={pages.ai.brief}>
            <div className="form-grid">
              <div className="field-wide">
                <Island
                  of={CasePickerIsland}
                  trigger="load"
                  props={{
                    id: 'brief-case',
                    name: 'case',
                    pick,
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
                defaultValue={chosen.template ?? ''}
                error={fields.template}
                required
              />
              <SelectField
                id="brief-language"
                name="language"
                label="Language of a client letter"
                options={LANGUAGE_OPTIONS}
                defaultValue={chosen.language ?? ''}
                error={fields.language}
                hint="Letters to USCIS are in English."
              />
            </div>
            <div className="form-actions">
              <button type="submit" className="btn btn-primary" disabled={Boolean(closed)}>
                Prepare the draft
              </button>
            </div>
          </form>
          <CasePickerSearch
            id="brief-case-search"
            action={pages.ai.brief}
            keep={{ case: pick.chosen?.id, template: chosen.template, language: chosen.language }}
          />
          {draft && chosen.caseId && (
            <div className="draft-layout">
              <div>
                <div className="card">
                  <h3>{BRIEF_TEMPLATES[draft.template]}</h3>
                  <p className="muted">
                    The letter as it stands on {formatDate(draft.outgoing.date)}, in{' '}
                    {LANGUAGE_LABELS[draft.language]}.
                  </p>
                  <LetterPreview blocks={draft.outgoing.blocks} />
                </div>
                <DraftForm draft={draft} chosen={chosen} format={format} fields={fields} />
              </div>
              <ReviewSheet draft={draft} />
            </div>
          )}
        </>
      )}
    </section>
  );
}

/** One text value of the query string; anything else (absent, repeated, not one of the options) is none. */
const text = z.string().optional().catch(undefined);
const briefQuery = z.object({
  case: text,
  template: z.enum(BRIEF_TEMPLATE_CODES).optional().catch(undefined),
  language: z.enum(LANGUAGES).optional().catch(undefined),
  [CASE_QUERY_PARAM]: text,
});

/**
 * The posted form as the actions' input: exhibits by their numbers, the paragraphs the attorney changed
 * (a text differing from the one shown), the forms ticked, and the choices.
 */
function inputOf(fields: Record<string, string>) {
  const exhibits = Object.entries(fields)
    .filter(([name, value]) => name.startsWith('exhibit-') && value.trim() !== '')
    .map(([name, value]) => ({ id: name.slice('exhibit-'.length), at: Number(value) }))
    .sort((a, b) => (Number.isFinite(a.at) ? a.at : Infinity) - (Number.isFinite(b.at) ? b.at : Infinity))
    .map((e) => e.id);
  const changed = Object.entries(fields)
    .filter(
      ([name, value]) =>
        name.startsWith('text-') &&
        value.replace(/\r\n/g, '\n') !== (fields[`was-${name.slice(5)}`] ?? '').replace(/\r\n/g, '\n'),
    )
    .map(([name, value]) => [name.slice('text-'.length), value]);
  const forms = Object.keys(fields)
    .filter((name) => name.startsWith('form-') && fields[name])
    .map((name) => name.slice('form-'.length));
  const optional = (name: string) => fields[name] || undefined;
  return {
    caseId: fields.caseId,
    template: fields.template,
    format: fields.format,
    language: optional('language'),
    exhibits,
    text: Object.fromEntries(changed),
    ...(fields.template === 'cover-letter' ? { forms, paymentMethod: optional('paymentMethod') } : {}),
    ...(fields.template === 'expedite-request' ? { criterion: optional('criterion') } : {}),
    ...(fields.template === 'bona-fide-marriage' ? { exemption: fields.exemption === 'yes' } : {}),
  };
}

const chosenOf = (values: Record<string, unknown>): Chosen => {
  const value = (name: string) =>
    typeof values[name] === 'string' && values[name] ? (values[name] as string) : undefined;
  return {
    caseId: value('caseId'),
    template: BRIEF_TEMPLATE_CODES.find((t) => t === value('template')),
    language: LANGUAGES.find((l) => l === value('language')),
  };
};

const isClientLetter = (template?: BriefTemplate) => Boolean(template && CLIENT_TEMPLATES.includes(template));

/**
 * /user/ai/brief (Legal Brief Generator): choosing a case and template (GET) shows the draft; its form
 * posts either "Update the draft" (the page again, the changes applied) or "Generate" (the file itself).
 */
export const briefPage = ({ drafting }: { drafting: boolean }) =>
  page({
    path: pages.ai.brief,
    // Drafting is what the page is for: without Draft Legal Brief it answers 403, showing no case.
    reads: [...CASE_PICK_READS, draftBrief],
    offers: { generate: generateBrief },
    query: briefQuery,
    async load(ctx) {
      // Generated: the file is the answer.
      if (ctx.form?.outcome instanceof FileAnswer) return ctx.form.outcome;
      const posted = ctx.form?.values;
      const chosen: Chosen = posted
        ? chosenOf(posted)
        : { caseId: ctx.query.case, template: ctx.query.template, language: ctx.query.language };
      const pick = await readCasePick(ctx, ctx.query[CASE_QUERY_PARAM] ?? '', chosen.caseId);
      const shown = ctx.form?.outcome as Draft | undefined;
      let draft = shown;
      if (!draft && pick.chosen && chosen.template && !ctx.form?.refusal?.fields?.caseId) {
        const language = isClientLetter(chosen.template) ? chosen.language : undefined;
        const input = posted
          ? { ...inputOf(posted as Record<string, string>), format: undefined }
          : { caseId: pick.chosen.id, template: chosen.template, language };
        draft = (await ctx
          .read(draftBrief, { input })
          .catch(() =>
            ctx.read(draftBrief, { input: { caseId: pick.chosen!.id, template: chosen.template } }),
          )) as Draft;
      }
      const format = typeof posted?.format === 'string' ? posted.format : undefined;
      return { pick, chosen: { ...chosen, caseId: pick.chosen?.id }, draft, format };
    },
    render: ({ pick, chosen, draft, format }, { closed, form }) => ({
      view: (
        <BriefPage
          pick={pick}
          chosen={chosen}
          draft={draft}
          format={format}
          error={form?.refusal?.message}
          fields={{
            ...form?.refusal?.fields,
            paymentMethodValue:
              typeof form?.values.paymentMethod === 'string' ? form.values.paymentMethod : undefined,
            criterionValue: typeof form?.values.criterion === 'string' ? form.values.criterion : undefined,
          }}
          closed={closed.generate}
          drafting={drafting}
        />
      ),
      meta: {
        title: 'Legal Brief Generator',
        description:
          'A case’s letters to USCIS and to the client, drafted from the case file with a review sheet.',
        noindex: true,
      },
    }),
    forms: [
      {
        action: draftBrief,
        when: (fields) => fields.intent === 'preview',
        input: (fields) => ({ ...inputOf(fields), format: undefined }),
        done: (_ctx, draft: Draft) => ({ show: draft }),
      },
      {
        action: generateBrief,
        input: (fields) => inputOf(fields),
        done: (_ctx, brief: FileAnswer) => ({ show: brief }),
      },
    ],
  });
