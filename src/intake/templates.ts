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

/** The question a template asks for a person's field ("familyName", "formFacts.i485-p9-1"), in English. */
const QUESTIONS_BY_FIELD = new Map<string, string>();
for (const template of TEMPLATES.values()) {
  const walk = (questions: QuestionnaireTemplate['sections'][number]['questions'], group?: string) => {
    for (const q of questions) {
      const field = q.fills?.field;
      if (field && !QUESTIONS_BY_FIELD.has(group ? `${group}.${field}` : field))
        QUESTIONS_BY_FIELD.set(group ? `${group}.${field}` : field, q.label.en);
      if (q.fields) walk(q.fields, field);
    }
  };
  walk(template.sections.flatMap((s) => s.questions));
}

export const questionOfField = (path: string): string | undefined =>
  QUESTIONS_BY_FIELD.get(path) ??
  // A current address's part is asked in the address history.
  QUESTIONS_BY_FIELD.get(path.replace(/^(address|mailingAddress)\./, 'addresses.'));
