import family from './templates/family.json';
import naturalization from './templates/naturalization.json';
import removalOfConditions from './templates/removal-of-conditions.json';
import { type QuestionnaireTemplate, templateSchema } from './template-schema';

/** Every question id of a template, its groups' questions included: each once. */
function checkIds(template: QuestionnaireTemplate) {
  const ids = new Set<string>();
  const walk = (questions: QuestionnaireTemplate['sections'][number]['questions']) => {
    for (const q of questions) {
      if (ids.has(q.id)) throw new Error(`template ${template.id}: question ${q.id} twice`);
      ids.add(q.id);
      if (q.showIf && q.showIf.question !== '$role' && !ids.has(q.showIf.question))
        throw new Error(
          `template ${template.id}: ${q.id} is shown by ${q.showIf.question}, not asked before it`,
        );
      if (q.fields) walk(q.fields);
    }
  };
  walk(template.sections.flatMap((s) => s.questions));
}

/** The shipped templates, checked once when loaded: a bad one stops start-up, never a client's page. */
export const TEMPLATES: ReadonlyMap<string, QuestionnaireTemplate> = new Map(
  [family, naturalization, removalOfConditions].map((raw) => {
    const template = templateSchema.parse(raw);
    checkIds(template);
    return [template.id, template];
  }),
);

export const TEMPLATE_IDS = [...TEMPLATES.keys()];

/** A template's summary for the list: what it covers and how many questions it asks. */
export function summaryOf(template: QuestionnaireTemplate) {
  const questions = template.sections.flatMap((s) => s.questions);
  return {
    id: template.id,
    title: template.title,
    description: template.description,
    forms: template.forms,
    party: template.party,
    sections: template.sections.map((s) => ({ id: s.id, title: s.title })),
    questionCount: questions.length,
  };
}
