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
import type { Answer } from '../questions';
import type { Questionnaire } from '../service';
import { answersFrom } from './fields';
import { type FillWords, fillView, SectionSteps, sectionAfterSave } from './fill';

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

/** The English the firm's fill page words its steps with. */
const FILL_WORDS: FillWords = {
  sections: 'Sections',
  save: 'Save',
  saveNext: 'Save and Continue',
  submitHint: "When every required question is answered, hand the answers in for the attorney's review.",
  submit: 'Submit for Review',
};

function FillPage(props: {
  area: CaseArea;
  q: Questionnaire;
  view: ReturnType<typeof fillView>;
  closed?: string;
}) {
  const { q, view, area } = props;
  const paths = pages.cases(area);
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
      {view.message && <Alert kind="error">{view.message}</Alert>}
      <SectionSteps
        q={q}
        view={view}
        path={paths.questionnaireFill(q.id)}
        submitTo={`${paths.questionnaireFill(q.id)}/submit`}
        staff
        closed={Boolean(props.closed)}
        words={FILL_WORDS}
      />
    </section>
  );
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
    const view = fillView(q, ctx.form, answerQuestionnaire.name, ctx.req.query.section);
    return {
      view: <FillPage area={areaOf(ctx.actor)} q={q} view={view} closed={ctx.closed.answer} />,
      meta: meta(`${q.title}: ${view.section.title.en}`, 'A questionnaire, filled in with the client.'),
    };
  },
  forms: [
    {
      action: answerQuestionnaire,
      input: (fields) => ({ answers: answersFrom(fields) }),
      done: (ctx, q: Questionnaire): FormDone => {
        const next = sectionAfterSave(q, ctx.req.query.section, ctx.req.body?.intent);
        const fill = pages.cases(areaOf(ctx.actor)).questionnaireFill(q.id);
        return { to: `${fill}?section=${next.id}`, flash: 'Answers saved.' };
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
