import type { ReactNode } from 'react';
import { Alert, CheckboxField, RequiredNote, SelectField, TextAreaField } from '../../../islands/ui/form';
import { Icon } from '../../../islands/ui/icon';
import { DataTable } from '../../../views/components/DataTable';
import { DateText, DateTimeText } from '../../../views/components/Dates';
import { useRenderContext } from '../../../views/context';
import type { FormDone } from '../../access/action';
import { page, type PageContext } from '../../access/page';
import type { CaseArea } from '../../../islands/ui/cases';
import { getCase } from '../../cases/actions';
import { areaOf, inBothAreas, meta } from '../../cases/pages/area';
import { listParties } from '../../cases/people-actions';
import { stringFields } from '../../http/validation';
import type { CaseDetail } from '../../shared/cases';
import {
  LANGUAGE_LABELS,
  LANGUAGES,
  type Language,
  PARTY_ROLE_LABELS,
  type Party,
  QUESTIONNAIRE_STATUS_LABELS,
} from '../../shared/people';
import { pages } from '../../shared/paths';
import {
  acceptQuestionnaire,
  answerQuestionnaire,
  createQuestionnaire,
  getQuestionnaire,
  listQuestionnaires,
  listTemplates,
  returnQuestionnaire,
  reviewQuestionnaire,
  submitQuestionnaire,
} from '../actions';
import { type Answer, type Answers, shownQuestions } from '../questions';
import type { Questionnaire } from '../service';
import type { Question } from '../template-schema';
import { TEMPLATES } from '../templates';
import { answersFrom, QuestionFields } from './fields';

function Progress({ q }: { q: Questionnaire }) {
  const { answered, required } = q.progress;
  return (
    <span className="questionnaire-progress">
      <progress max={Math.max(required, 1)} value={answered} aria-label="Required questions answered" />{' '}
      {`${answered} of ${required} required answered`}
    </span>
  );
}

// ——— A case's questionnaires ———

type CaseQuestionnairesData = {
  record: CaseDetail;
  parties: Party[];
  questionnaires: Questionnaire[];
  templates: ReturnType<typeof listTemplates.run> extends Promise<infer T> ? T : never;
};

function CaseQuestionnairesPage(
  props: CaseQuestionnairesData & { area: CaseArea; form?: PageContext['form']; closed?: string },
) {
  const { csrfToken } = useRenderContext();
  const { area, record } = props;
  const paths = pages.cases(area);
  const people = props.parties.filter((p) => p.person);
  const refusal = props.form?.refusal;
  const values = props.form
    ? stringFields(props.form.values, ['template', 'partyId', 'language', 'send'])
    : undefined;
  return (
    <section className="section">
      <p className="back-link">
        <a href={paths.view(record.id)}>{`← Back to case ${record.caseNumber}`}</a>
      </p>
      <h1 className="page-title">
        <Icon name="forms" />
        {`Questionnaires of case ${record.caseNumber}`}
      </h1>
      <DataTable
        caption="Questionnaires, newest first"
        columns={[
          {
            header: 'Questionnaire',
            rowHeader: true,
            cell: (q: Questionnaire) => <a href={paths.questionnaire(q.id)}>{q.title}</a>,
          },
          { header: 'For', cell: (q: Questionnaire) => `${q.person.name} (${PARTY_ROLE_LABELS[q.role]})` },
          { header: 'Language', cell: (q: Questionnaire) => LANGUAGE_LABELS[q.language] },
          { header: 'Status', cell: (q: Questionnaire) => QUESTIONNAIRE_STATUS_LABELS[q.status] },
          { header: 'Progress', cell: (q: Questionnaire) => <Progress q={q} /> },
        ]}
        rows={props.questionnaires}
        rowKey={(q) => q.id}
        empty="No questionnaire yet."
      />
      <section className="card" aria-labelledby="new-questionnaire">
        <h2 id="new-questionnaire">New Questionnaire</h2>
        {props.closed && <Alert kind="error">{props.closed}</Alert>}
        {refusal && <Alert kind="error">{refusal.message}</Alert>}
        <form method="post" action={paths.questionnaires(record.id)} className="form">
          <input type="hidden" name="_csrf" value={csrfToken} />
          <RequiredNote />
          <fieldset className="plain-fieldset" disabled={Boolean(props.closed)}>
            <legend className="visually-hidden">The new questionnaire</legend>
            <div className="form-grid">
              <SelectField
                id="questionnaire-template"
                name="template"
                label="Template"
                required
                defaultValue={values?.template}
                error={refusal?.fields?.template}
                options={props.templates.map((t) => ({
                  value: t.id,
                  label: `${t.title.en} (${t.questionCount} questions)`,
                }))}
              />
              <SelectField
                id="questionnaire-party"
                name="partyId"
                label="For"
                required
                defaultValue={values?.partyId}
                error={refusal?.fields?.partyId}
                options={people.map((p) => ({
                  value: p.id,
                  label: `${p.person!.name} (${PARTY_ROLE_LABELS[p.role]})`,
                }))}
              />
              <SelectField
                id="questionnaire-language"
                name="language"
                label="Language"
                defaultValue={values?.language ?? ''}
                hint="The person's own language when left as it is."
                options={[
                  { value: '', label: "The person's language" },
                  ...LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_LABELS[l] })),
                ]}
              />
            </div>
            <CheckboxField
              id="questionnaire-send"
              name="send"
              label="Send it to the person by email, through the client portal (they are invited first if they have no sign-in)"
              defaultChecked={values?.send === 'on'}
              error={refusal?.fields?.send}
            />
            <div className="form-actions">
              <button type="submit" className="btn btn-primary">
                Create Questionnaire
              </button>
            </div>
          </fieldset>
        </form>
      </section>
    </section>
  );
}

/** /{area}/cases/{id}/questionnaires: the case's questionnaires, and the form that starts one. */
export const caseQuestionnairesPage = page({
  path: inBothAreas((p) => p.questionnaires(':id')),
  reads: [getCase, listParties, listQuestionnaires, listTemplates],
  offers: { create: createQuestionnaire },
  async load({ read }) {
    const [record, parties, questionnaires, templates] = await Promise.all([
      read(getCase),
      read(listParties),
      read(listQuestionnaires),
      read(listTemplates),
    ]);
    return { record, parties, questionnaires, templates };
  },
  render: (data: CaseQuestionnairesData, ctx) => ({
    view: (
      <CaseQuestionnairesPage {...data} area={areaOf(ctx.actor)} form={ctx.form} closed={ctx.closed.create} />
    ),
    meta: meta(`Questionnaires of case ${data.record.caseNumber}`, 'Intake questionnaires of a case.'),
  }),
  forms: [
    {
      action: createQuestionnaire,
      done: (ctx, q: { id: string; status: string; person: { name: string } }): FormDone =>
        q.status === 'sent'
          ? {
              to: pages.cases(areaOf(ctx.actor)).questionnaires(ctx.params.id),
              flash: `The questionnaire was sent to ${q.person.name} through the client portal.`,
            }
          : {
              to: pages.cases(areaOf(ctx.actor)).questionnaireFill(q.id),
              flash: 'The questionnaire was created: fill it in with the client, section by section.',
            },
    },
  ],
});

// ——— Filling it in ———

export type Section = (typeof TEMPLATES extends ReadonlyMap<string, infer T> ? T : never)['sections'][number];

/** The sections with at least one question asked of this party now. */
export function sectionsShown(q: Questionnaire, answers: Answers): Section[] {
  const template = TEMPLATES.get(q.template)!;
  const shown = new Set(shownQuestions(template, answers, q.role).map((s) => s.section.id));
  return template.sections.filter((s) => shown.has(s.id));
}

function FillPage(props: {
  area: CaseArea;
  q: Questionnaire;
  section: Section;
  sections: Section[];
  questions: Question[];
  answers: Answers;
  errors: Record<string, string | undefined>;
  message?: string;
  closed?: string;
}) {
  const { csrfToken } = useRenderContext();
  const { q, section, sections, area } = props;
  const paths = pages.cases(area);
  const at = sections.findIndex((s) => s.id === section.id);
  const last = at === sections.length - 1;
  const open = q.status !== 'submitted' && q.status !== 'accepted';
  return (
    <section className="section questionnaire-fill" lang={q.language}>
      <p className="back-link" lang="en">
        <a href={paths.questionnaire(q.id)}>← Back to the questionnaire's review</a>
      </p>
      <h1 className="page-title">{q.title}</h1>
      <p className="muted" lang="en">
        {`${q.person.name} · ${PARTY_ROLE_LABELS[q.role]} · ${QUESTIONNAIRE_STATUS_LABELS[q.status]} · `}
        <Progress q={q} />
      </p>
      {q.note && <Alert kind="error">{q.note}</Alert>}
      {!open && (
        <Alert kind="success">
          This questionnaire is {QUESTIONNAIRE_STATUS_LABELS[q.status].toLowerCase()}: it cannot be changed
          now.
        </Alert>
      )}
      {props.message && <Alert kind="error">{props.message}</Alert>}
      <nav className="card" aria-label="Sections">
        <ol className="questionnaire-steps">
          {sections.map((s) => (
            <li key={s.id}>
              <a
                href={`${paths.questionnaireFill(q.id)}?section=${s.id}`}
                aria-current={s.id === section.id ? 'step' : undefined}
              >
                {s.title[q.language]}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <form
        method="post"
        action={`${paths.questionnaireFill(q.id)}?section=${section.id}`}
        className="form card"
      >
        <input type="hidden" name="_csrf" value={csrfToken} />
        <h2>{section.title[q.language]}</h2>
        {section.intro && <p>{section.intro[q.language]}</p>}
        <fieldset className="plain-fieldset" disabled={!open || Boolean(props.closed)}>
          <legend className="visually-hidden">{section.title[q.language]}</legend>
          <QuestionFields
            questions={props.questions}
            language={q.language}
            staff
            answers={props.answers}
            errors={props.errors}
          />
          <div className="form-actions">
            <button type="submit" name="intent" value="save" className="btn btn-secondary" formNoValidate>
              Save
            </button>
            {!last && (
              <button type="submit" name="intent" value="next" className="btn btn-primary" formNoValidate>
                Save and Continue
              </button>
            )}
          </div>
        </fieldset>
      </form>
      {last && open && (
        <form method="post" action={`${paths.questionnaireFill(q.id)}/submit`} className="form card">
          <input type="hidden" name="_csrf" value={csrfToken} />
          <p>When every required question is answered, hand the answers in for the attorney's review.</p>
          <button type="submit" className="btn btn-primary">
            Submit for Review
          </button>
        </form>
      )}
    </section>
  );
}

/** The section asked for (?section=), or the first one with a required question unanswered. */
export function sectionFor(q: Questionnaire, sections: Section[], asked: unknown): Section {
  const named = sections.find((s) => s.id === asked);
  if (named) return named;
  const template = TEMPLATES.get(q.template)!;
  const missing = shownQuestions(template, q.answers, q.role).find(
    ({ question }) => question.required && q.answers[question.id] === undefined,
  );
  return sections.find((s) => s.id === missing?.section.id) ?? sections[0];
}

/**
 * /{area}/questionnaires/{id}/fill?section=…: the questionnaire filled in with the client, one section at a
 * time; a question an earlier answer brings up shows once that answer is saved. Without JavaScript every
 * step is a plain form; a refused answer shows again as typed, its message beside it.
 */
export const questionnaireFillPage = page({
  path: inBothAreas((p) => p.questionnaireFill(':id')),
  reads: [getQuestionnaire],
  offers: { answer: answerQuestionnaire },
  load: ({ read }) => read(getQuestionnaire),
  render: (q: Questionnaire, ctx) => {
    const template = TEMPLATES.get(q.template)!;
    const typed = ctx.form?.action === answerQuestionnaire.name ? ctx.form.values : undefined;
    const sections = sectionsShown(q, q.answers);
    const section = sectionFor(q, sections, ctx.req.query.section);
    const inSection = (answers: Answers) =>
      shownQuestions(template, answers, q.role)
        .filter((s) => s.section.id === section.id)
        .map((s) => s.question);
    const answers: Answers = typed
      ? { ...q.answers, ...(answersFrom(stringFields(typed, Object.keys(typed))) as Answers) }
      : q.answers;
    const refusal = ctx.form?.refusal;
    return {
      view: (
        <FillPage
          area={areaOf(ctx.actor)}
          q={q}
          section={section}
          sections={sections}
          questions={inSection(answers)}
          answers={answers}
          errors={ctx.form?.action === answerQuestionnaire.name ? (refusal?.fields ?? {}) : {}}
          message={refusal?.message}
          closed={ctx.closed.answer}
        />
      ),
      meta: meta(`${q.title}: ${section.title.en}`, 'A questionnaire, filled in with the client.'),
    };
  },
  forms: [
    {
      action: answerQuestionnaire,
      input: (fields) => ({ answers: answersFrom(fields) }),
      done: (ctx, q: Questionnaire): FormDone => {
        const paths = pages.cases(areaOf(ctx.actor));
        const sections = sectionsShown(q, q.answers);
        const current = sectionFor(q, sections, ctx.req.query.section);
        const at = sections.findIndex((s) => s.id === current.id);
        const next = ctx.req.body?.intent === 'next' && at < sections.length - 1 ? sections[at + 1] : current;
        return { to: `${paths.questionnaireFill(q.id)}?section=${next.id}`, flash: 'Answers saved.' };
      },
    },
    {
      action: submitQuestionnaire,
      path: inBothAreas((p) => `${p.questionnaireFill(':id')}/submit`),
      done: (ctx, q: Questionnaire): FormDone => ({
        to: pages.cases(areaOf(ctx.actor)).questionnaire(q.id),
        flash: 'The answers were submitted for review.',
      }),
    },
  ],
});

// ——— The review ———

const shown = (answer: Answer | undefined | unknown): ReactNode => {
  if (answer === undefined || answer === null || answer === '') return <span className="muted">—</span>;
  if (Array.isArray(answer))
    return answer.length === 0 ? (
      <span className="muted">—</span>
    ) : typeof answer[0] === 'string' ? (
      answer.join(', ')
    ) : (
      <ol className="plain-list">
        {(answer as Array<Record<string, unknown>>).map((entry, i) => (
          <li key={i}>{Object.values(entry).filter(Boolean).map(String).join(' · ')}</li>
        ))}
      </ol>
    );
  if (typeof answer === 'object') return Object.values(answer).filter(Boolean).map(String).join(' · ');
  if (typeof answer === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(answer)) return <DateText value={answer} />;
  return String(answer);
};

type Review = Awaited<ReturnType<typeof reviewQuestionnaire.run>>;

function ReviewPage(props: {
  area: CaseArea;
  review: Review;
  form?: PageContext['form'];
  closed: Record<string, string | undefined>;
}) {
  const { csrfToken } = useRenderContext();
  const { questionnaire: q, sections } = props.review;
  const paths = pages.cases(props.area);
  const language: Language = 'en';
  const changed = new Set(q.changedSinceAcceptance);
  const refusal = props.form?.refusal;
  return (
    <section className="section questionnaire-review">
      <p className="back-link">
        <a href={paths.questionnaires(q.caseId)}>← Back to the case's questionnaires</a>
      </p>
      <h1 className="page-title">{q.title}</h1>
      <p>
        {`${q.person.name} · ${PARTY_ROLE_LABELS[q.role]} · ${LANGUAGE_LABELS[q.language]} · ${QUESTIONNAIRE_STATUS_LABELS[q.status]} · `}
        <Progress q={q} />
      </p>
      {q.submittedAt && (
        <p className="muted">
          Submitted <DateTimeText value={q.submittedAt} />
          {q.acceptedAt && (
            <>
              {'; accepted '}
              <DateTimeText value={q.acceptedAt} />
            </>
          )}
          .
        </p>
      )}
      {q.note && <Alert kind="error">{`Asked again: ${q.note}`}</Alert>}
      {changed.size > 0 && (
        <Alert kind="error">{`${changed.size} answer${changed.size === 1 ? '' : 's'} changed since they were accepted: marked below.`}</Alert>
      )}
      {refusal && <Alert kind="error">{refusal.message}</Alert>}
      <p className="page-actions">
        {q.status !== 'submitted' && q.status !== 'accepted' && (
          <a className="btn btn-secondary" href={paths.questionnaireFill(q.id)}>
            Fill In with the Client
          </a>
        )}
      </p>
      {sections
        .filter((s) => s.questions.length > 0)
        .map((s) => (
          <DataTable
            key={s.id}
            caption={s.title[language]}
            columns={[
              {
                header: 'Question',
                rowHeader: true,
                cell: (row: Review['sections'][number]['questions'][number]) => (
                  <>
                    {row.question.label.en}
                    {changed.has(row.question.id) && (
                      <span className="badge badge-warning"> Changed since accepted</span>
                    )}
                  </>
                ),
              },
              { header: 'Answer', cell: (row) => shown(row.answer) },
              {
                header: 'On record',
                cell: (row) =>
                  row.question.fills ? (
                    shown(row.onRecord)
                  ) : (
                    <span className="muted">Not a record field</span>
                  ),
              },
            ]}
            rows={s.questions}
            rowKey={(row) => row.question.id}
            empty="Nothing asked here."
          />
        ))}
      {q.status === 'submitted' && (
        <form method="post" action={`${paths.questionnaire(q.id)}/accept`} className="form card">
          <input type="hidden" name="_csrf" value={csrfToken} />
          <p>
            Accepting writes the answers into the records of the people they are about; each change is in the
            audit log.
          </p>
          <button type="submit" className="btn btn-primary" disabled={Boolean(props.closed.accept)}>
            Accept Answers
          </button>
        </form>
      )}
      {(q.status === 'submitted' || q.status === 'accepted') && (
        <form method="post" action={`${paths.questionnaire(q.id)}/return`} className="form card">
          <input type="hidden" name="_csrf" value={csrfToken} />
          <fieldset className="plain-fieldset" disabled={Boolean(props.closed.return)}>
            <legend>Ask Again</legend>
            <TextAreaField
              id="return-note"
              name="note"
              label="What should be looked at again"
              required
              rows={3}
              wide
              error={props.form?.action === returnQuestionnaire.name ? refusal?.fields?.note : undefined}
            />
            <div className="form-actions">
              <button type="submit" className="btn btn-secondary">
                Ask Again
              </button>
            </div>
          </fieldset>
        </form>
      )}
    </section>
  );
}

/** /{area}/questionnaires/{id}: the answers beside the record, to accept or to ask again. */
export const questionnaireReviewPage = page({
  path: inBothAreas((p) => p.questionnaire(':id')),
  reads: [reviewQuestionnaire],
  offers: { accept: acceptQuestionnaire, return: returnQuestionnaire },
  load: ({ read }) => read(reviewQuestionnaire),
  render: (review: Review, ctx) => ({
    view: <ReviewPage area={areaOf(ctx.actor)} review={review} form={ctx.form} closed={ctx.closed} />,
    meta: meta(review.questionnaire.title, 'A questionnaire’s answers beside the record.'),
  }),
  forms: [
    {
      action: acceptQuestionnaire,
      path: inBothAreas((p) => `${p.questionnaire(':id')}/accept`),
      done: (ctx, q: Questionnaire): FormDone => ({
        to: pages.cases(areaOf(ctx.actor)).questionnaire(q.id),
        flash: `The answers were accepted into the record of ${q.person.name}.`,
      }),
    },
    {
      action: returnQuestionnaire,
      path: inBothAreas((p) => `${p.questionnaire(':id')}/return`),
      done: (ctx, q: Questionnaire): FormDone => ({
        to: pages.cases(areaOf(ctx.actor)).questionnaire(q.id),
        flash: `The questionnaire is open again for ${q.person.name}.`,
      }),
    },
  ],
});

export const INTAKE_PAGES = [caseQuestionnairesPage, questionnaireFillPage, questionnaireReviewPage];
