import { isIsoDate } from '../shared/dates';
import { wordsIn } from '../shared/i18n';
import type { Language } from '../shared/people';
import { EMAIL_PATTERN, PHONE_PATTERN } from '../shared/validation';
import type { Question, QuestionnaireTemplate } from './template-schema';

/** An answer: text, a list of countries, or a group's entries (each its sub-answers by field). */
export type Answer = string | string[] | Array<Record<string, string | string[]>>;
export type Answers = Record<string, Answer>;

/** The words of the product around the questions, in the questionnaire's language (the i18n catalogs). */
export const answerWords = (language: Language) => {
  const t = wordsIn(language);
  return {
    required: t('answers.required'),
    date: t('answers.date'),
    email: t('answers.email'),
    phone: t('answers.phone'),
    number: t('answers.number'),
    yesno: t('answers.yesno'),
    choice: t('answers.choice'),
    tooLong: (max: number) => t('answers.tooLong', { max }),
    entry: (n: number) => t('answers.entry', { n }),
    yes: t('answers.yes'),
    no: t('answers.no'),
  };
};

/** The questions of a template, in order, with the section each is in. */
export const questionsOf = (template: QuestionnaireTemplate) =>
  template.sections.flatMap((section) => section.questions.map((question) => ({ section, question })));

const isEmpty = (answer: Answer | undefined) =>
  answer === undefined ||
  (typeof answer === 'string' && answer.trim() === '') ||
  (Array.isArray(answer) && answer.length === 0);

/** Whether a question is asked, given the answers before it and the role of the party answering. */
export function isShown(question: Question, answers: Answers, role: string): boolean {
  const rule = question.showIf;
  if (!rule) return true;
  const value = rule.question === '$role' ? role : answers[rule.question];
  const text = typeof value === 'string' ? value : '';
  if (rule.in) return rule.in.includes(text);
  return typeof rule.equals === 'boolean' ? (text === 'yes') === rule.equals : text === rule.equals;
}

/** The questions asked of this party now: hidden ones (by an earlier answer or the role) left out. */
export function shownQuestions(template: QuestionnaireTemplate, answers: Answers, role: string) {
  return questionsOf(template).filter(({ question }) => isShown(question, answers, role));
}

/** How far along: the required questions asked, and how many of them are answered. */
export function progressOf(template: QuestionnaireTemplate, answers: Answers, role: string) {
  const required = shownQuestions(template, answers, role).filter(({ question }) => question.required);
  return {
    answered: required.filter(({ question }) => !isEmpty(answers[question.id])).length,
    required: required.length,
  };
}

/** The required questions asked and not answered yet. */
export const missingOf = (template: QuestionnaireTemplate, answers: Answers, role: string) =>
  shownQuestions(template, answers, role)
    .filter(({ question }) => question.required && isEmpty(answers[question.id]))
    .map(({ question }) => question);

/** Why one value is not an answer to the question, in the questionnaire's language; undefined when it is. */
function problemOf(question: Question, value: string, language: Language): string | undefined {
  const words = answerWords(language);
  const rule = question.validation;
  if (rule?.max && value.length > rule.max) return words.tooLong(rule.max);
  if (value.length > 2000) return words.tooLong(2000);
  switch (question.type) {
    case 'date':
      if (!isIsoDate(value)) return words.date;
      break;
    case 'email':
      if (!EMAIL_PATTERN.test(value)) return words.email;
      break;
    case 'tel':
      if (!PHONE_PATTERN.test(value)) return words.phone;
      break;
    case 'number':
      if (!/^-?\d+(\.\d+)?$/.test(value.replace(/[$,\s]/g, ''))) return words.number;
      if (rule?.min !== undefined && Number(value.replace(/[$,\s]/g, '')) < rule.min) return words.number;
      break;
    case 'yesno':
      if (value !== 'yes' && value !== 'no') return words.yesno;
      break;
    case 'select':
      if (!question.options!.some((o) => o.value === value)) return words.choice;
      break;
  }
  if (rule?.pattern && !new RegExp(rule.pattern).test(value)) return rule.message?.[language] ?? words.choice;
  return undefined;
}

/**
 * An answer as given (a form's text, a JSON value) made the answer kept: trimmed text, a list of names, a
 * group's non-empty entries; or why it is not one. Empty is allowed here (saved as nothing): whether a
 * required question is answered is for submitting to say.
 */
export function checkAnswer(
  question: Question,
  given: unknown,
  language: Language,
): { answer?: Answer; problem?: string } {
  const words = answerWords(language);
  if (question.type === 'group') {
    if (!Array.isArray(given)) return { answer: [] };
    const entries: Array<Record<string, string | string[]>> = [];
    for (const [i, raw] of given.slice(0, 50).entries()) {
      if (!raw || typeof raw !== 'object') continue;
      const entry: Record<string, string | string[]> = {};
      for (const field of question.fields!) {
        const checked = checkAnswer(field, (raw as Record<string, unknown>)[field.id], language);
        if (checked.problem)
          return { problem: `${field.label[language]}: ${checked.problem} (${words.entry(i + 1)})` };
        if (checked.answer !== undefined && !isEmpty(checked.answer))
          entry[field.id] = checked.answer as string | string[];
      }
      if (Object.keys(entry).length === 0) continue;
      const missing = question.fields!.find((f) => f.required && isEmpty(entry[f.id]));
      if (missing)
        return { problem: `${missing.label[language]}: ${words.required} (${words.entry(i + 1)})` };
      entries.push(entry);
    }
    return { answer: entries };
  }
  if (question.type === 'countries') {
    const list = Array.isArray(given) ? given : typeof given === 'string' ? given.split(',') : [];
    const names = list
      .filter((c): c is string => typeof c === 'string')
      .map((c) => c.trim())
      .filter(Boolean);
    const long = names.find((c) => c.length > 100);
    return long ? { problem: words.tooLong(100) } : { answer: names.slice(0, 50) };
  }
  if (given === null || given === undefined) return { answer: '' };
  if (typeof given === 'boolean' && question.type === 'yesno') return { answer: given ? 'yes' : 'no' };
  if (typeof given !== 'string' && typeof given !== 'number') return { problem: words.choice };
  const value = String(given).trim();
  if (value === '') return { answer: '' };
  const problem = problemOf(question, value, language);
  return problem ? { problem } : { answer: value };
}
