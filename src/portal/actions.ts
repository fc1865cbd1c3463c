import { declareFor } from '../access/action';
import { CASE_NOT_FOUND } from '../cases/service';
import { answersSchema } from '../intake/schema';
import { QUESTIONNAIRE_NOT_FOUND } from '../intake/service';
import { DOCUMENT_MAX_BYTES, UPLOAD_REFUSALS } from '../shared/documents';
import { api } from '../shared/paths';
import { PORTAL_MESSAGES } from '../shared/portal';
import {
  clientMessageSchema,
  inviteSchema,
  languageSchema,
  messageSchema,
  requestSchema,
  returnRequestSchema,
} from './schema';
import type { PortalService } from './service';

export type PortalDeps = { portal: PortalService; incomingDir: string };

const action = declareFor<PortalDeps>();
const PORTAL = 'Client Portal';
/** The client's own records only (see ActionMeta.own): the matrix gives a client nothing else. */
const CLIENT_READS = { grants: { client: 'r' }, own: true } as const;
const CLIENT_WRITES = { grants: { client: 'w' }, own: true } as const;

// ---- The firm's side ----

export const inviteClient = action({
  name: 'Invite Client to Portal',
  category: PORTAL,
  description:
    'Invite a person of the case (personId) to the client portal: a single-use link, emailed in their language, valid 7 days.',
  method: 'POST',
  route: api.casePortalAccounts('{id}'),
  notFound: CASE_NOT_FOUND,
  grants: { user: 'w', admin: 'w' },
  input: inviteSchema,
  run: ({ deps, actor, params }, input) => deps.portal.invite(actor, params.id, input.personId),
  status: 201,
  answer: ({ user, invitation }) => ({ userId: user.id, loginId: user.userId, invitation }),
});

export const getPortalAccounts = action({
  name: 'Get Case Portal Accounts',
  category: PORTAL,
  description: 'Each person of a case and their portal sign-in (none, pending until they accept, active).',
  method: 'GET',
  route: api.casePortalAccounts('{id}'),
  notFound: CASE_NOT_FOUND,
  grants: { user: 'r', admin: 'r' },
  run: ({ deps, actor, params }) => deps.portal.accountsOfCase(actor, params.id),
});

export const listDocumentRequests = action({
  name: 'Get Document Requests',
  category: PORTAL,
  description:
    "A case's document requests, oldest first: what was asked of whom, its status and the file sent.",
  method: 'GET',
  route: api.caseDocumentRequests('{id}'),
  notFound: CASE_NOT_FOUND,
  grants: { user: 'r', admin: 'r' },
  run: ({ deps, actor, params }) => deps.portal.requestsOf(actor, params.id),
});

export const requestDocument = action({
  name: 'Request Document',
  category: PORTAL,
  description:
    'Ask a person of the case (the beneficiary unless personId names another) for a document; they are emailed that a request waits, not what it is.',
  method: 'POST',
  route: api.caseDocumentRequests('{id}'),
  notFound: CASE_NOT_FOUND,
  grants: { user: 'w', admin: 'w' },
  input: requestSchema,
  run: ({ deps, actor, params }, input) => deps.portal.requestDocument(actor, params.id, input),
  status: 201,
});

export const acceptDocumentRequest = action({
  name: 'Accept Requested Document',
  category: PORTAL,
  description: 'Accept the document a client sent for a request.',
  method: 'POST',
  route: api.documentRequestAccept('{id}', '{requestId}'),
  notFound: PORTAL_MESSAGES.requestNotFound,
  grants: { user: 'w', admin: 'w' },
  run: ({ deps, actor, params }) =>
    deps.portal.decideRequest(actor, params.id, params.requestId, { accept: true }),
});

export const returnDocumentRequest = action({
  name: 'Return Requested Document',
  category: PORTAL,
  description:
    'Return what a client sent, with the reason they see; they are emailed that the request waits again.',
  method: 'POST',
  route: api.documentRequestReturn('{id}', '{requestId}'),
  notFound: PORTAL_MESSAGES.requestNotFound,
  grants: { user: 'w', admin: 'w' },
  input: returnRequestSchema,
  run: ({ deps, actor, params }, input) =>
    deps.portal.decideRequest(actor, params.id, params.requestId, { accept: false, reason: input.reason }),
});

export const listCaseMessages = action({
  name: 'Get Case Messages',
  category: PORTAL,
  description:
    "A case's messages with its clients, oldest first, each with its person (one thread per person).",
  method: 'GET',
  route: api.caseMessages('{id}'),
  notFound: CASE_NOT_FOUND,
  grants: { user: 'r', admin: 'r' },
  run: ({ deps, actor, params }) => deps.portal.messagesOf(actor, params.id),
});

export const sendCaseMessage = action({
  name: 'Send Case Message',
  category: PORTAL,
  description:
    'Write to a person of the case (the beneficiary unless personId names another); they are emailed that a message waits, not what it says.',
  method: 'POST',
  route: api.caseMessages('{id}'),
  notFound: CASE_NOT_FOUND,
  grants: { user: 'w', admin: 'w' },
  input: messageSchema,
  run: ({ deps, actor, params }, input) => deps.portal.sendMessage(actor, params.id, input),
  status: 201,
});

// ---- The client's side ----

export const getPortalMe = action({
  name: 'Get My Portal',
  category: PORTAL,
  description: 'The signed-in client: their name, their firm and the language their pages speak.',
  method: 'GET',
  route: api.portalMe,
  ...CLIENT_READS,
  run: ({ deps, actor }) => deps.portal.me(actor),
});

export const listMyMatters = action({
  name: 'Get My Matters',
  category: PORTAL,
  description:
    "The signed-in client's matters: each one's status, their questionnaires, the documents asked of them and their messages.",
  method: 'GET',
  route: api.portalMatters,
  ...CLIENT_READS,
  run: ({ deps, actor }) => deps.portal.matters(actor),
});

export const getMyMatter = action({
  name: 'Get My Matter',
  category: PORTAL,
  description: "One of the signed-in client's matters (another person's answers 404).",
  method: 'GET',
  route: api.portalMatter('{id}'),
  notFound: CASE_NOT_FOUND,
  ...CLIENT_READS,
  run: ({ deps, actor, params }) => deps.portal.matter(actor, params.id),
});

export const sendMyMessage = action({
  name: 'Send My Message',
  category: PORTAL,
  description: 'The signed-in client writes to the firm about one of their matters.',
  method: 'POST',
  route: api.portalMessages('{id}'),
  notFound: CASE_NOT_FOUND,
  ...CLIENT_WRITES,
  input: clientMessageSchema,
  run: ({ deps, actor, params }, input) => deps.portal.clientMessage(actor, params.id, input),
  status: 201,
});

export const getMyQuestionnaire = action({
  name: 'Get My Questionnaire',
  category: PORTAL,
  description: "A questionnaire asked of the signed-in client: its questions' answers and progress.",
  method: 'GET',
  route: api.portalQuestionnaire('{id}'),
  notFound: QUESTIONNAIRE_NOT_FOUND,
  ...CLIENT_READS,
  run: ({ deps, actor, params }) => deps.portal.questionnaire(actor, params.id),
});

export const answerMyQuestionnaire = action({
  name: 'Answer My Questionnaire',
  category: PORTAL,
  description: 'The client saves answers as they give them; the good ones are kept when others are refused.',
  method: 'POST',
  route: api.portalAnswers('{id}'),
  notFound: QUESTIONNAIRE_NOT_FOUND,
  ...CLIENT_WRITES,
  input: answersSchema,
  run: ({ deps, actor, params }, input) => deps.portal.answer(actor, params.id, input.answers),
});

export const submitMyQuestionnaire = action({
  name: 'Submit My Questionnaire',
  category: PORTAL,
  description:
    'The client hands their answers in for the attorney’s review, once every required one is given.',
  method: 'POST',
  route: api.portalSubmit('{id}'),
  notFound: QUESTIONNAIRE_NOT_FOUND,
  ...CLIENT_WRITES,
  run: ({ deps, actor, params }) => deps.portal.submit(actor, params.id),
});

export const uploadRequestedDocument = action({
  name: 'Upload Requested Document',
  category: PORTAL,
  description:
    'The client sends the document a request asks for (multipart/form-data, file): a PDF, DOC, DOCX, JPG or PNG of at most 50MB, kept with the case’s documents.',
  method: 'POST',
  route: api.portalUpload('{id}', '{requestId}'),
  notFound: PORTAL_MESSAGES.requestNotFound,
  ...CLIENT_WRITES,
  upload: {
    field: 'file',
    maxBytes: DOCUMENT_MAX_BYTES,
    tooLarge: UPLOAD_REFUSALS.tooLarge,
    dir: (deps) => deps.incomingDir,
  },
  run: ({ deps, actor, params, file }) => deps.portal.upload(actor, params.id, params.requestId, file),
  status: 201,
});

export const setMyLanguage = action({
  name: 'Set My Language',
  category: PORTAL,
  description: "The language the client's pages and emails speak (en or es), kept on their record.",
  method: 'PUT',
  route: api.portalLanguage,
  ...CLIENT_WRITES,
  input: languageSchema,
  run: ({ deps, actor }, input) => deps.portal.setLanguage(actor, input.language),
});

export const PORTAL_ACTIONS = {
  inviteClient,
  getPortalAccounts,
  listDocumentRequests,
  requestDocument,
  acceptDocumentRequest,
  returnDocumentRequest,
  listCaseMessages,
  sendCaseMessage,
  getPortalMe,
  listMyMatters,
  getMyMatter,
  sendMyMessage,
  getMyQuestionnaire,
  answerMyQuestionnaire,
  submitMyQuestionnaire,
  uploadRequestedDocument,
  setMyLanguage,
};
