import { useTranslation } from 'react-i18next';
import { Alert } from '../../../islands/ui/form';
import type { FormDone } from '../../access/action';
import { page } from '../../access/page';
import { meta } from '../../cases/pages/area';
import { answersFrom } from '../../intake/pages/fields';
import { fillView, SectionSteps, sectionAfterSave } from '../../intake/pages/fill';
import type { Questionnaire } from '../../intake/service';
import { wordsIn } from '../../shared/i18n';
import { pages } from '../../shared/paths';
import { answerMyQuestionnaire, getMyQuestionnaire, getPortalMe, submitMyQuestionnaire } from '../actions';
import type { PortalMe } from '../service';
import { portalReader } from './reader';

function QuestionnairePage({ q, view }: { q: Questionnaire; view: ReturnType<typeof fillView> }) {
  const { t } = useTranslation();
  const open = q.status !== 'submitted' && q.status !== 'accepted';
  return (
    <section className="section questionnaire-fill portal" lang={q.language}>
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
      {view.message && <Alert kind="error">{view.message}</Alert>}
      <SectionSteps
        q={q}
        view={view}
        path={pages.portal.questionnaire(q.id)}
        submitTo={pages.portal.questionnaireSubmit(q.id)}
        staff={false}
        words={{
          sections: t('questionnaires.sections'),
          save: t('questionnaires.save'),
          saveNext: t('questionnaires.saveNext'),
          submitHint: t('questionnaires.submitHint'),
          submit: t('questionnaires.submit'),
        }}
      />
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
    const view = fillView(q, ctx.form, answerMyQuestionnaire.name, ctx.req.query.section);
    return {
      view: <QuestionnairePage q={q} view={view} />,
      meta: meta(`${q.title}: ${view.section.title[q.language]}`, wordsIn(me.language)('home.description')),
      language: me.language,
    };
  },
  forms: [
    {
      action: answerMyQuestionnaire,
      input: (fields) => ({ answers: answersFrom(fields) }),
      done: (ctx, q: Questionnaire): FormDone => {
        const next = sectionAfterSave(q, ctx.req.query.section, ctx.req.body?.intent);
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
