import { personChangeSchema } from '../../src/cases/people-schema';
import { missingOf } from '../../src/intake/questions';
import { changesOf } from '../../src/intake/service';
import type { Question } from '../../src/intake/template-schema';
import { TEMPLATES } from '../../src/intake/templates';
import type { Person } from '../../src/shared/people';
import { sampleAnswers } from '../../src/intake/demo';

/** A person with nothing on record: what accepting answers merges into. */
const blank = (id: string) =>
  ({
    id,
    name: id,
    passport: null,
    i94: null,
    lastEntry: null,
    addresses: [],
    children: [],
    formFacts: {},
  }) as unknown as Person;

const ROLES = ['petitioner', 'beneficiary', 'derivative', 'sponsor', 'joint-sponsor'];
const PERSON_FIELDS = new Set([
  'familyName',
  'givenName',
  'middleName',
  'otherNames',
  'dateOfBirth',
  'cityOfBirth',
  'countryOfBirth',
  'sex',
  'citizenships',
  'aNumber',
  'uscisAccountNumber',
  'ssn',
  'email',
  'phone',
  'currentStatus',
  'address',
  'passport',
  'i94',
  'lastEntry',
  'addresses',
  'marriages',
  'parents',
  'children',
  'employment',
  'trips',
  'formFacts',
]);

const all = (questions: Question[]): Question[] => questions.flatMap((q) => [q, ...all(q.fields ?? [])]);

describe.each([...TEMPLATES.values()].map((t) => [t.id, t] as const))(
  'the %s questionnaire template',
  (_id, template) => {
    const questions = all(template.sections.flatMap((s) => s.questions));

    it('has every question in English and Spanish, from its form, filling a field of a person', () => {
      for (const q of questions) {
        expect([q.id, q.label.en.length > 0, q.label.es.length > 0]).toEqual([q.id, true, true]);
        if (q.fills && !template.sections.some((s) => s.questions.some((top) => top.fields?.includes(q))))
          expect([q.id, PERSON_FIELDS.has(q.fills.field.split('.')[0])]).toEqual([q.id, true]);
      }
      expect(questions.filter((q) => !q.source).map((q) => q.id)).toEqual([]);
    });

    it.each(ROLES)(
      'as a %s, complete answers are accepted into the records as the person’s own form checks them',
      (role) => {
        const answers = sampleAnswers(template, role);
        expect(missingOf(template, answers, role)).toEqual([]);
        const people = new Map<string, Person>();
        const changes = changesOf(template, answers, role, (party) => {
          if (!people.has(party)) people.set(party, blank(party));
          return people.get(party);
        });
        for (const [person, change] of changes) {
          const parsed = personChangeSchema.safeParse(change);
          expect([template.id, role, person.id, parsed.success ? 'ok' : parsed.error.issues[0]]).toEqual([
            template.id,
            role,
            person.id,
            'ok',
          ]);
        }
      },
    );

    it('asks each eligibility item of the form as a required yes/no question', () => {
      // N-400 and I-485 Part 9; I-751 Part 1, Items 18–23.
      const eligibility = questions.filter(
        (q) =>
          q.type === 'yesno' &&
          /(N-400|I-485) \(01\/20\/25\) Part 9|I-751 \(04\/01\/24\) Part 1, Items? (1[89]|2[0-3])\b/.test(
            q.source ?? '',
          ),
      );
      expect(eligibility.length).toBeGreaterThan(template.id === 'removal-of-conditions' ? 4 : 50);
      expect(eligibility.filter((q) => !q.required && !q.showIf).map((q) => q.id)).toEqual([]);
    });
  },
);
