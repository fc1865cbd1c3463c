import { type Answers, missingOf } from '../../src/intake/questions';
import type { Question, QuestionnaireTemplate } from '../../src/intake/template-schema';

/** Values a question of each kind takes, the first that fits its pattern; by the field it fills first. */
const BY_FIELD: Record<string, string> = {
  aNumber: 'A123456789',
  ssn: '123-45-6789',
  uscisAccountNumber: '123456789012',
  zip: '10001',
  'i94.number': '12345678901',
  'passport.number': 'P1234567',
};
const CANDIDATES = ['Sample', '10001', 'A123456789', '123-45-6789', '123456789012', '12345678901', '5'];

function sampleOf(q: Question): unknown {
  const field = q.fills?.field ?? '';
  if (q.type === 'group') {
    const entry: Record<string, unknown> = {};
    for (const f of q.fields!) if (f.required) entry[f.id] = sampleOf(f);
    return [entry];
  }
  if (BY_FIELD[field]) return BY_FIELD[field];
  switch (q.type) {
    case 'date':
      return '2020-01-15';
    case 'yesno':
      return 'no';
    case 'select':
      return q.options![0].value;
    case 'countries':
      return ['Mexico'];
    case 'number':
      return '5';
    case 'email':
      return 'client@example.com';
    case 'tel':
      return '+1 (555) 010-2000';
    default: {
      const pattern = q.validation?.pattern ? new RegExp(q.validation.pattern) : undefined;
      return CANDIDATES.find((c) => !pattern || pattern.test(c)) ?? 'Sample';
    }
  }
}

/** Answers to every required question a party in this role is asked, given some answers to start from. */
export function completeAnswers(template: QuestionnaireTemplate, role: string, start: Answers = {}): Answers {
  const answers: Answers = { ...start };
  for (let round = 0; round < 20; round++) {
    const missing = missingOf(template, answers, role);
    if (missing.length === 0) return answers;
    for (const q of missing) answers[q.id] = sampleOf(q) as Answers[string];
  }
  throw new Error(`the answers to ${template.id} never complete`);
}
