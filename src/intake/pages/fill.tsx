import { useRenderContext } from '../../../views/context';
import type { PageFormState } from '../../access/page';
import { stringFields } from '../../http/validation';
import { type Answers, shownQuestions } from '../questions';
import type { Questionnaire } from '../service';
import { TEMPLATES } from '../templates';
import { answersFrom, QuestionFields } from './fields';

export type Section = (typeof TEMPLATES extends ReadonlyMap<string, infer T> ? T : never)['sections'][number];

/** The sections with at least one question asked of this party now. */
export function sectionsShown(q: Questionnaire, answers: Answers): Section[] {
  const template = TEMPLATES.get(q.template)!;
  const shown = new Set(shownQuestions(template, answers, q.role).map((s) => s.section.id));
  return template.sections.filter((s) => shown.has(s.id));
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
 * One section of a questionnaire being filled, as its page shows it: the saved answers, or after a refused
 * save the ones typed with their messages; the sections asked of this party and the questions of this one.
 */
export function fillView(
  q: Questionnaire,
  form: PageFormState | undefined,
  answerAction: string,
  asked: unknown,
) {
  const typed = form?.action === answerAction ? form.values : undefined;
  const sections = sectionsShown(q, q.answers);
  const section = sectionFor(q, sections, asked);
  const answers: Answers = typed
    ? { ...q.answers, ...(answersFrom(stringFields(typed, Object.keys(typed))) as Answers) }
    : q.answers;
  const questions = shownQuestions(TEMPLATES.get(q.template)!, answers, q.role)
    .filter((s) => s.section.id === section.id)
    .map((s) => s.question);
  const errors = typed ? (form?.refusal?.fields ?? {}) : {};
  return { sections, section, answers, questions, errors, message: form?.refusal?.message };
}

/** Where a saved section leads: the next section with "Save and Continue", else the same one again. */
export function sectionAfterSave(q: Questionnaire, asked: unknown, intent: unknown): Section {
  const sections = sectionsShown(q, q.answers);
  const current = sectionFor(q, sections, asked);
  const at = sections.findIndex((s) => s.id === current.id);
  return intent === 'next' && at < sections.length - 1 ? sections[at + 1] : current;
}

/** The words around the questions, in the reader's language. */
export type FillWords = {
  sections: string;
  save: string;
  saveNext: string;
  submitHint: string;
  submit: string;
};

/**
 * The sections as steps, the current section's form (Save; Save and Continue) and, on the last one, Submit.
 * A section is saved half-done (the browser's required check applies only at Submit). The firm's fill page
 * and the client's portal page both show it.
 */
export function SectionSteps(props: {
  q: Questionnaire;
  view: ReturnType<typeof fillView>;
  /** The page's path (each step adds ?section=), and where Submit posts. */
  path: string;
  submitTo: string;
  /** The firm reads a Spanish label with its English beside it. */
  staff: boolean;
  /** Why answering is closed to this person now (the matrix). */
  closed?: boolean;
  words: FillWords;
}) {
  const { csrfToken } = useRenderContext();
  const { q, view, path, words } = props;
  const { section, sections } = view;
  const language = q.language;
  const last = sections.findIndex((s) => s.id === section.id) === sections.length - 1;
  const open = q.status !== 'submitted' && q.status !== 'accepted';
  return (
    <>
      <nav className="card" aria-label={words.sections}>
        <ol className="questionnaire-steps">
          {sections.map((s) => (
            <li key={s.id}>
              <a href={`${path}?section=${s.id}`} aria-current={s.id === section.id ? 'step' : undefined}>
                {s.title[language]}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <form method="post" action={`${path}?section=${section.id}`} className="form card">
        <input type="hidden" name="_csrf" value={csrfToken} />
        <h2>{section.title[language]}</h2>
        {section.intro && <p>{section.intro[language]}</p>}
        <fieldset className="plain-fieldset" disabled={!open || props.closed}>
          <legend className="visually-hidden">{section.title[language]}</legend>
          <QuestionFields
            questions={view.questions}
            language={language}
            staff={props.staff}
            answers={view.answers}
            errors={view.errors}
          />
          <div className="form-actions">
            <button type="submit" name="intent" value="save" className="btn btn-secondary" formNoValidate>
              {words.save}
            </button>
            {!last && (
              <button type="submit" name="intent" value="next" className="btn btn-primary" formNoValidate>
                {words.saveNext}
              </button>
            )}
          </div>
        </fieldset>
      </form>
      {last && open && (
        <form method="post" action={props.submitTo} className="form card">
          <input type="hidden" name="_csrf" value={csrfToken} />
          <p>{words.submitHint}</p>
          <button type="submit" className="btn btn-primary">
            {words.submit}
          </button>
        </form>
      )}
    </>
  );
}
