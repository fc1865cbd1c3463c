import { checkedAs, declareFor } from '../access/action';
import { CASE_NOT_FOUND } from '../cases/service';
import { api } from '../shared/paths';
import { answersSchema, newQuestionnaireSchema, returnSchema } from './schema';
import { type IntakeService, QUESTIONNAIRE_NOT_FOUND } from './service';

export type IntakeDeps = { intake: IntakeService };

const action = declareFor<IntakeDeps>();
const INTAKE = 'Intake Questionnaires';

export const listTemplates = action({
  name: 'Get Questionnaire Templates',
  category: INTAKE,
  description:
    'The questionnaire templates (family, naturalization, removal-of-conditions): what each covers and asks.',
  method: 'GET',
  route: api.questionnaireTemplates,
  grants: { user: 'r', admin: 'r' },
  run: ({ deps }) => Promise.resolve(deps.intake.templates()),
});

export const getTemplate = action({
  name: 'Get Questionnaire Template',
  category: INTAKE,
  description: 'One template whole: its sections and questions in English and Spanish, with what each fills.',
  method: 'GET',
  route: api.questionnaireTemplate('{id}'),
  paramPattern: /^[a-z][a-z-]{0,60}$/,
  notFound: 'No questionnaire template has this ID.',
  grants: { user: 'r', admin: 'r' },
  run: ({ deps, params }) => Promise.resolve(deps.intake.template(params.id)),
});

export const listQuestionnaires = action({
  name: 'Get Case Questionnaires',
  category: INTAKE,
  description: "A case's questionnaires, newest first, each with its status and progress.",
  method: 'GET',
  route: api.caseQuestionnaires('{id}'),
  notFound: CASE_NOT_FOUND,
  grants: { user: 'r', admin: 'r' },
  run: ({ deps, actor, params }) => deps.intake.ofCase(actor, params.id),
});

export const createQuestionnaire = action({
  name: 'Create Questionnaire',
  category: INTAKE,
  description:
    'A questionnaire from a template for a party of a case, in the language chosen (the person’s by default).',
  method: 'POST',
  route: api.caseQuestionnaires('{id}'),
  notFound: CASE_NOT_FOUND,
  grants: { user: 'w', admin: 'w' },
  input: newQuestionnaireSchema,
  run: ({ deps, actor, params }, input) => deps.intake.create(actor, params.id, input),
  answer: (q) => ({ id: q.id, status: q.status, link: q.link }),
  status: 201,
});

export const getQuestionnaire = action({
  name: 'Get Questionnaire',
  category: INTAKE,
  description: 'A questionnaire: its status, progress, answers, and what changed since it was accepted.',
  method: 'GET',
  route: api.questionnaire('{id}'),
  notFound: QUESTIONNAIRE_NOT_FOUND,
  grants: { user: 'r', admin: 'r' },
  run: ({ deps, actor, params }) => deps.intake.get(actor, params.id),
});

export const answerQuestionnaire = action({
  name: 'Answer Questionnaire',
  category: INTAKE,
  description:
    'Save answers as they are given; each is checked by its type, the good ones kept when others are refused.',
  method: 'POST',
  route: api.questionnaireAnswers('{id}'),
  notFound: QUESTIONNAIRE_NOT_FOUND,
  grants: { user: 'w', admin: 'w' },
  input: answersSchema,
  run: ({ deps, actor, params }, input) => deps.intake.answer(actor, params.id, input.answers),
});

export const submitQuestionnaire = action({
  name: 'Submit Questionnaire',
  category: INTAKE,
  description: 'Hand the answers in for review once every required question asked is answered.',
  method: 'POST',
  route: api.questionnaireSubmit('{id}'),
  notFound: QUESTIONNAIRE_NOT_FOUND,
  grants: { user: 'w', admin: 'w' },
  run: ({ deps, actor, params }) => deps.intake.submit(actor, params.id),
});

export const acceptQuestionnaire = action({
  name: 'Accept Questionnaire',
  category: INTAKE,
  description: 'Accept the answers into the records of the people they fill; every change audited.',
  method: 'POST',
  route: api.questionnaireAccept('{id}'),
  notFound: QUESTIONNAIRE_NOT_FOUND,
  grants: { user: 'w', admin: 'w' },
  run: ({ deps, actor, params }) => deps.intake.accept(actor, params.id),
});

export const returnQuestionnaire = action({
  name: 'Return Questionnaire',
  category: INTAKE,
  description: 'Ask again: the questionnaire opens for changes, with a note saying what to look at.',
  method: 'POST',
  route: api.questionnaireReturn('{id}'),
  notFound: QUESTIONNAIRE_NOT_FOUND,
  grants: { user: 'w', admin: 'w' },
  input: returnSchema,
  run: ({ deps, actor, params }, input) => deps.intake.returnIt(actor, params.id, input.note),
});

/** The review page's read (no route of its own): each answer beside the record, checked as Get Questionnaire. */
export const reviewQuestionnaire = action({
  ...checkedAs(getQuestionnaire),
  notFound: QUESTIONNAIRE_NOT_FOUND,
  run: ({ deps, actor, params }) => deps.intake.review(actor, params.id),
});

export const INTAKE_ACTIONS = {
  listTemplates,
  getTemplate,
  listQuestionnaires,
  createQuestionnaire,
  getQuestionnaire,
  answerQuestionnaire,
  submitQuestionnaire,
  acceptQuestionnaire,
  returnQuestionnaire,
};
