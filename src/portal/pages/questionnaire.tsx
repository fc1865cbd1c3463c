import { useTranslation } from 'react-i18next';
import { Alert } from '../../../islands/ui/form';
import { useRenderContext } from '../../../views/context';
import type { FormDone } from '../../access/action';
import { page } from '../../access/page';
import { meta } from '../../cases/pages/area';
import { stringFields } from '../../http/validation';
import { answersFrom, QuestionFields } from '../../intake/pages/fields';
import { type Section, sectionFor, sectionsShown } from '../../intake/pages/index';
import { type Answers, shownQuestions } from '../../intake/questions';
import type { Questionnaire } from '../../intake/service';
import type { Question } from '../../intake/template-schema';
import { TEMPLATES } from '../../intake/templates';
import { wordsIn } from '../../shared/i18n';
import { pages } from '../../shared/paths';
import { answerMyQuestionnaire, getMyQuestionnaire, getPortalMe, submitMyQuestionnaire } from '../actions';
import type { PortalMe } from '../service';
import { portalReader } from './reader';

function QuestionnairePage(props: {
  q: Questionnaire;
  section: Section;
  sections: Section[];
  questions: Question[];
  answers: Answers;
  errors: Record<string, string | undefined>;
  message?: string;
}) {
  const { t } = useTranslation();
  const { csrfToken } = useRenderContext();
  const { q, section, sections } = props;
  const language = q.language;
  const at = sections.findIndex((s) => s.id === section.id);
  const last = at === sections.length - 1;
  const open = q.status !== 'submitted' && q.status !== 'accepted';
  const here = pages.portal.questionnaire(q.id);
  return (
    <section className="section questionnaire-fill portal" lang={language}>
      <p className="back-link">
        <a href={pages.portal.matter(q.caseId)}>{t('questionnaires.back')}</a>
      </p>
      <h1 className="page-title">{q.title}</h1>
      <p className="muted">
        {t(`questionnaires.status.${q.status}`)} · {t('questionnaires.progress', q.progress)}
      </p>
      {q.note && <Alert kind="error">{t('questionnaires.askedAgain', { note: q.note })}</Alert>}
      {!open && (
        <Alert kind="success">
          {t(q.status === 'accepted' ? 'questionnaires.acceptedClosed' : 'questionnaires.closed')}
        </Alert>
      )}
      {props.message && <Alert kind="error">{props.message}</Alert>}
      <nav className="card" aria-label={t('questionnaires.sections')}>
        <ol className="questionnaire-steps">
          {sections.map((s) => (
            <li key={s.id}>
              <a href={`${here}?section=${s.id}`} aria-current={s.id === section.id ? 'step' : undefined}>
                {s.title[language]}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {/* Answers are kept as they are given: a section is saved half-done (the required ones are asked at Submit). */}
      <form method="post" action={`${here}?section=${section.id}`} className="form card">
        <input type="hidden" name="_csrf" value={csrfToken} />
        <h2>{section.title[language]}</h2>
        {section.intro && <p>{section.intro[language]}</p>}
        <fieldset className="plain-fieldset" disabled={!open}>
          <legend className="visually-hidden">{section.title[language]}</legend>
          <QuestionFields
            questions={props.questions}
            language={language}
            staff={false}
            answers={props.answers}
            errors={props.errors}
          />
          <div className="form-actions">
            <button type="submit" name="intent" value="save" className="btn btn-secondary" formNoValidate>
              {t('questionnaires.save')}
            </button>
            {!last && (
              <button type="submit" name="intent" value="next" className="btn btn-primary" formNoValidate>
                {t('questionnaires.saveNext')}
              </button>
            )}
          </div>
        </fieldset>
      </form>
      {last && open && (
        <form method="post" action={pages.portal.questionnaireSubmit(q.id)} className="form card">
          <input type="hidden" name="_csrf" value={csrfToken} />
          <p>{t('questionnaires.submitHint')}</p>
          <button type="submit" className="btn btn-primary">
            {t('questionnaires.submit')}
          </button>
        </form>
      )}
    </section>
  );
}

/**
 * /portal/questionnaires/{id}?section=…: a client answers their questionnaire one section at a time, in
 * its language; without JavaScript every step is a plain form, and a refused answer shows again as typed.
 */
export const portalQuestionnairePage = page({
  path: pages.portal.questionnaire(':id'),
  reads: [getPortalMe, getMyQuestionnaire],
  load: async (ctx) => {
    const me = await portalReader(ctx);
    return { me, q: await ctx.read(getMyQuestionnaire) };
  },
  render: ({ me, q }: { me: PortalMe; q: Questionnaire }, ctx) => {
    const template = TEMPLATES.get(q.template)!;
    const form = ctx.form;
    const typed = form?.action === answerMyQuestionnaire.name ? form.values : undefined;
    const answers: Answers = typed
      ? { ...q.answers, ...(answersFrom(stringFields(typed, Object.keys(typed))) as Answers) }
      : q.answers;
    const sections = sectionsShown(q, answers);
    const section = sectionFor(q, sections, ctx.req.query.section);
    const questions = shownQuestions(template, answers, q.role)
      .filter((s) => s.section.id === section.id)
      .map((s) => s.question);
    return {
      view: (
        <QuestionnairePage
          q={q}
          section={section}
          sections={sections}
          questions={questions}
          answers={answers}
          errors={typed ? (form?.refusal?.fields ?? {}) : {}}
          message={form?.refusal?.message}
        />
      ),
      meta: meta(`${q.title}: ${section.title[q.language]}`, wordsIn(me.language)('home.description')),
      language: me.language,
    };
  },
  forms: [
    {
      action: answerMyQuestionnaire,
      input: (fields) => ({ answers: answersFrom(fields) }),
      done: (ctx, q: Questionnaire): FormDone => {
        const sections = sectionsShown(q, q.answers);
        const current = sectionFor(q, sections, ctx.req.query.section);
        const at = sections.findIndex((s) => s.id === current.id);
        const next = ctx.req.body?.intent === 'next' && at < sections.length - 1 ? sections[at + 1] : current;
        return {
          to: `${pages.portal.questionnaire(q.id)}?section=${next.id}`,
          flash: wordsIn(q.language)('questionnaires.saved'),
        };
      },
    },
    {
      action: submitMyQuestionnaire,
      path: pages.portal.questionnaireSubmit(':id'),
      done: (_ctx, q: Questionnaire): FormDone => ({
        to: pages.portal.matter(q.caseId),
        flash: wordsIn(q.language)('questionnaires.submitted'),
      }),
    },
  ],
});
