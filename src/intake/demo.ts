import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { FormType } from '../shared/cases';
import { type Answers, missingOf } from './questions';
import { createIntakeStore } from './store';
import type { Question, QuestionnaireTemplate } from './template-schema';
import { TEMPLATES } from './templates';

/** Answers a question of each kind takes, the first that fits its pattern; by the field it fills first. */
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

/**
 * Answers to every required question a party in this role is asked, from some given ones: "no" to each
 * yes/no question, the first option of each choice. The demo's submitted questionnaire, and the tests'.
 */
export function sampleAnswers(template: QuestionnaireTemplate, role: string, start: Answers = {}): Answers {
  const answers: Answers = { ...start };
  for (let round = 0; round < 20; round++) {
    const missing = missingOf(template, answers, role);
    if (missing.length === 0) return answers;
    for (const q of missing) answers[q.id] = sampleOf(q) as Answers[string];
  }
  throw new Error(`the answers to ${template.id} never complete`);
}

/**
 * The demo firm's questionnaires: a family one in progress (the beneficiary's identity answered) and a
 * naturalization one submitted and waiting for the attorney's review.
 */
export async function seedDemoQuestionnaires(db: Kysely<DB>, firm: { id: string; createdBy: string }) {
  const beneficiaryOf = (form: FormType) =>
    db
      .selectFrom('case_parties')
      .innerJoin('cases', 'cases.id', 'case_parties.case_id')
      .innerJoin('clients', 'clients.id', 'case_parties.person_id')
      .select([
        'case_parties.id as partyId',
        'cases.id as caseId',
        'clients.first_name',
        'clients.last_name',
        'clients.date_of_birth',
        'clients.country_of_citizenship',
        'clients.language',
      ])
      .where('cases.firm_id', '=', firm.id)
      .where('cases.form_type', '=', form)
      .where('cases.status', 'in', ['pending', 'processing'])
      .where('case_parties.role', '=', 'beneficiary')
      .orderBy('cases.case_number')
      .executeTakeFirst();
  const store = createIntakeStore(db);
  const family = await beneficiaryOf('I-130');
  if (family)
    await store.insert({
      firm_id: firm.id,
      case_id: family.caseId,
      party_id: family.partyId,
      template: 'family',
      language: family.language,
      status: 'in-progress',
      answers: JSON.stringify({ familyName: family.last_name, givenName: family.first_name }),
      created_by: firm.createdBy,
    });
  const citizen = await beneficiaryOf('N-400');
  if (citizen) {
    const template = TEMPLATES.get('naturalization')!;
    const answers = sampleAnswers(template, 'beneficiary', {
      familyName: citizen.last_name,
      givenName: citizen.first_name,
      ...(citizen.date_of_birth ? { dateOfBirth: citizen.date_of_birth } : {}),
    });
    await store.insert({
      firm_id: firm.id,
      case_id: citizen.caseId,
      party_id: citizen.partyId,
      template: 'naturalization',
      language: citizen.language,
      status: 'submitted',
      answers: JSON.stringify(answers),
      submitted_at: new Date(),
      created_by: firm.createdBy,
    });
  }
}
