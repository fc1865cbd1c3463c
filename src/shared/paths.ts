import type { ApiRoute, PagePath } from './declared-paths';
import type { SettingsSection } from './settings';

/** A path's parameter names: ':id' in a page path (up to a '/' or a '.'), '{id}' in an API route. */
type NameOf<K extends string> = K extends `${infer N}.${string}` ? N : K;
type PageParams<P extends string> = P extends `${string}:${infer Rest}`
  ? Rest extends `${infer K}/${infer Tail}`
    ? NameOf<K> | PageParams<`/${Tail}`>
    : NameOf<Rest>
  : never;
type ApiParams<P extends string> = P extends `${string}{${infer K}}${infer Rest}`
  ? K | ApiParams<Rest>
  : never;
type Filled<N extends string> = [N] extends [never] ? [] : [Record<N, string>];

const fill = (pattern: string, params: Record<string, string> = {}) =>
  pattern.replace(
    /:(\w+)|\{(\w+)\}/g,
    (param, colon?: string, brace?: string) => params[colon ?? brace!] ?? param,
  );

/**
 * A declared page's URL with its parameters filled in. Only paths a declaration mounts type-check
 * (src/shared/declared-paths.ts, written by `npm run paths`); given ':id', a builder below answers the
 * Express pattern itself, which the declarations mount, so routes and links cannot drift apart.
 */
const pagePath = <P extends PagePath>(pattern: P, ...params: Filled<PageParams<P>>) =>
  fill(pattern, params[0]);

/** A declared action's API route, relative to API_BASE_URL, its parameters filled in. */
const apiPath = <P extends ApiRoute>(route: P, ...params: Filled<ApiParams<P>>) => fill(route, params[0]);

/** Every page and API URL the product links to, built by one function each from the declared paths. */
export const pages = {
  home: pagePath('/'),
  public: pagePath('/public'),
  login: pagePath('/login'),
  logout: pagePath('/logout'),
  contact: pagePath('/contact'),
  health: pagePath('/health'),
  invite: (token: string) => pagePath('/invite/:token', { token }),
  passwordForgot: pagePath('/password/forgot'),
  passwordReset: (token: string) => pagePath('/password/reset/:token', { token }),
  /** The second sign-in step: a code from the authenticator app, or enrolling one first. */
  mfa: pagePath('/login/mfa'),
  mfaSetup: pagePath('/login/mfa/setup'),
  /** A signed-in person's own account: password and two-factor sign-in. */
  account: pagePath('/account'),
  accountPassword: pagePath('/account/password'),
  accountTwoFactor: pagePath('/account/two-factor'),
  accountTwoFactorOff: pagePath('/account/two-factor/off'),
  /** New recovery codes, shown once (GET), and the form that makes them (POST). */
  accountRecoveryCodes: pagePath('/account/recovery-codes'),
  /** The same codes as a .txt attachment, a page to print, and the form that puts them away (Continue). */
  accountRecoveryCodesText: pagePath('/account/recovery-codes/download'),
  accountRecoveryCodesPrint: pagePath('/account/recovery-codes/print'),
  accountRecoveryCodesDone: pagePath('/account/recovery-codes/done'),
  /** A firm's stylesheet (its primary colour) and logo, for its signed-in users. */
  firmTheme: (firmId: string, version: string) => `/firms/${firmId}/theme-${version}.css`,
  firmLogo: (firmId: string, version: string) => `/firms/${firmId}/logo-${version}`,
  /**
   * Cases and clients, in the area of the person's role (an administrator's under /admin, a firm user's
   * under /user): the same pages and forms in both.
   */
  cases: (area: 'admin' | 'user') => ({
    list: pagePath(`/${area}/cases`),
    /** The create-case page (the administrator's list holds the form too, and posts it to `list`). */
    create: pagePath(`/${area}/cases/new`),
    view: (caseId: string) => pagePath(`/${area}/cases/:id`, { id: caseId }),
    edit: (caseId: string) => pagePath(`/${area}/cases/:id/edit`, { id: caseId }),
    /** Posts a status move (the Process button and the case page's moves). */
    move: (caseId: string) => pagePath(`/${area}/cases/:id/status`, { id: caseId }),
    /** Confirms a move to approved or rejected, with the day USCIS decided (`?to=approved`). */
    decide: (caseId: string) => pagePath(`/${area}/cases/:id/decide`, { id: caseId }),
    /** An administrator reopens a decision recorded by mistake. */
    reopen: (caseId: string) => pagePath(`/${area}/cases/:id/reopen`, { id: caseId }),
    /** Checks the case's receipt numbers with USCIS now (the case page's Check now). */
    uscisStatus: (caseId: string) => pagePath(`/${area}/cases/:id/uscis-status`, { id: caseId }),
    remove: (caseId: string) => pagePath(`/${area}/cases/:id/delete`, { id: caseId }),
    import: pagePath(`/${area}/cases/import`),
    export: pagePath(`/${area}/cases/export`),
    client: (clientId: string) => pagePath(`/${area}/clients/:id`, { id: clientId }),
    clientEdit: (clientId: string) => pagePath(`/${area}/clients/:id/edit`, { id: clientId }),
    clientRemove: (clientId: string) => pagePath(`/${area}/clients/:id/delete`, { id: clientId }),
    people: pagePath(`/${area}/people`),
    personNew: pagePath(`/${area}/people/new`),
    person: (personId: string) => pagePath(`/${area}/people/:id`, { id: personId }),
    /** A section of the person's record as a form (PERSON_SECTIONS). */
    personEdit: (personId: string, section: string) =>
      pagePath(`/${area}/people/:id/edit/:section`, { id: personId, section }),
    /** The person's full SSN, shown (and audited) on a page of its own. */
    personSsn: (personId: string) => pagePath(`/${area}/people/:id/ssn`, { id: personId }),
    parties: (caseId: string) => pagePath(`/${area}/cases/:id/parties`, { id: caseId }),
    partyRemove: (caseId: string, partyId: string) =>
      pagePath(`/${area}/cases/:id/parties/:partyId/delete`, { id: caseId, partyId }),
    questionnaires: (caseId: string) => pagePath(`/${area}/cases/:id/questionnaires`, { id: caseId }),
    /** A questionnaire's answers beside the record, to accept or ask again. */
    questionnaire: (questionnaireId: string) =>
      pagePath(`/${area}/questionnaires/:id`, { id: questionnaireId }),
    /** The questionnaire filled in the office, with the client (?section= one section at a time). */
    questionnaireFill: (questionnaireId: string) =>
      pagePath(`/${area}/questionnaires/:id/fill`, { id: questionnaireId }),
    /** The case's client portal: who has a sign-in, the documents requested, the messages. */
    portal: (caseId: string) => pagePath(`/${area}/cases/:id/portal`, { id: caseId }),
    portalInvite: (caseId: string) => pagePath(`/${area}/cases/:id/portal/invite`, { id: caseId }),
    portalRequest: (caseId: string) => pagePath(`/${area}/cases/:id/portal/requests`, { id: caseId }),
    portalMessage: (caseId: string) => pagePath(`/${area}/cases/:id/portal/messages`, { id: caseId }),
    requestAccept: (caseId: string, requestId: string) =>
      pagePath(`/${area}/cases/:id/portal/requests/:requestId/accept`, { id: caseId, requestId }),
    requestReturn: (caseId: string, requestId: string) =>
      pagePath(`/${area}/cases/:id/portal/requests/:requestId/return`, { id: caseId, requestId }),
  }),
  /** The client portal (role client). */
  portal: {
    home: pagePath('/portal'),
    matter: (caseId: string) => pagePath('/portal/matters/:id', { id: caseId }),
    messages: (caseId: string) => pagePath('/portal/matters/:id/messages', { id: caseId }),
    upload: (caseId: string, requestId: string) =>
      pagePath('/portal/matters/:id/requests/:requestId/upload', { id: caseId, requestId }),
    questionnaire: (questionnaireId: string) =>
      pagePath('/portal/questionnaires/:id', { id: questionnaireId }),
    questionnaireSubmit: (questionnaireId: string) =>
      pagePath('/portal/questionnaires/:id/submit', { id: questionnaireId }),
    language: pagePath('/portal/language'),
  },
  /**
   * Documents, in the area of the person's role: the Documents screen is a firm user's (SPEC's user menu);
   * an administrator reaches a case's documents from the case.
   */
  documents: (area: 'admin' | 'user') => ({
    list: pagePath(`/${area}/documents`),
    /** The no-JavaScript upload form posts here. */
    upload: pagePath(`/${area}/documents/upload`),
    view: (documentId: string) => pagePath(`/${area}/documents/:id`, { id: documentId }),
    download: (documentId: string) => pagePath(`/${area}/documents/:id/download`, { id: documentId }),
    /** Posts "analyze again". */
    analyze: (documentId: string) => pagePath(`/${area}/documents/:id/analyze`, { id: documentId }),
    remove: (documentId: string) => pagePath(`/${area}/documents/:id/delete`, { id: documentId }),
    /** Evidence Package: choose a case's documents (GET), build the PDF (POST). */
    evidence: pagePath(`/${area}/documents/evidence`),
  }),
  user: {
    dashboard: pagePath('/user/dashboard'),
  },
  /** AI Tools (SPEC's four cards), a firm user's screen. */
  ai: {
    home: pagePath('/user/ai'),
    /** Deadline Tracker: a case's deadlines (`?case=`), or those of facts entered on the page (POST). */
    deadlines: pagePath('/user/ai/deadlines'),
    /** Compliance Checker: a case's checks (`?case=`), or those of facts entered on the page (POST). */
    compliance: pagePath('/user/ai/compliance'),
    /** Document Analysis: choose an analyzed document, see its result. */
    documents: pagePath('/user/ai/documents'),
    /** Legal Brief Generator. */
    brief: pagePath('/user/ai/brief'),
    /** The person's calendar feed: make a new secret address (POST), or revoke it. */
    calendar: pagePath('/user/ai/calendar'),
    calendarRevoke: pagePath('/user/ai/calendar/revoke'),
    /** A docket deadline's state (POST: done, dismissed with a reason, or open again). */
    deadlineState: (deadlineId: string) => pagePath('/user/ai/deadlines/:id/state', { id: deadlineId }),
    /** A deadline entered by hand on a case (POST). */
    deadlineAdd: (caseId: string) => pagePath('/user/ai/cases/:id/deadlines', { id: caseId }),
    /** A case's facts for the rules: the form (GET) and where it posts. */
    facts: (caseId: string) => pagePath('/user/ai/cases/:id/facts', { id: caseId }),
    /** The firm's USCIS filing addresses: the list, the form that adds one (POST), and a withdrawal. */
    filingAddresses: pagePath('/user/ai/filing-addresses'),
    filingAddressWithdraw: (addressId: string) =>
      pagePath('/user/ai/filing-addresses/:id/withdraw', { id: addressId }),
  },
  /** A person's deadlines as an iCalendar feed: the secret token is the only key, no session. */
  calendarFeed: (token: string) => pagePath('/calendar/:token.ics', { token }),
  /** USCIS forms (SPEC's user menu): the groups, a group's Generate Forms page, a form's specification. */
  forms: {
    list: pagePath('/user/forms'),
    /** Choose the case and the forms (GET), then check or generate the packet (POST). */
    generate: pagePath('/user/forms/generate'),
    generateGroup: (group: string) => `${pagePath('/user/forms/generate')}?group=${group}`,
    form: (code: string) => pagePath('/user/forms/:id', { id: code }),
    /** Posts an official edition's PDF (multipart). */
    editions: (code: string) => pagePath('/user/forms/:id/editions', { id: code }),
  },
  admin: {
    dashboard: pagePath('/admin/dashboard'),
    activity: (page: number) => `${pagePath('/admin/dashboard')}?activity=${page}`,
    cleanup: pagePath('/admin/cleanup'),
    users: pagePath('/admin/users'),
    userEdit: (userId: string) => pagePath('/admin/users/:id/edit', { id: userId }),
    userStatus: (userId: string) => pagePath('/admin/users/:id/status', { id: userId }),
    userDelete: (userId: string) => pagePath('/admin/users/:id/delete', { id: userId }),
    userInvitation: (userId: string) => pagePath('/admin/users/:id/invitation', { id: userId }),
    userApproval: (userId: string) => pagePath('/admin/users/:id/approval', { id: userId }),
    reports: pagePath('/admin/reports'),
    report: (reportId: string) => pagePath('/admin/reports/:id', { id: reportId }),
    reportPdf: (reportId: string) => pagePath('/admin/reports/:id/pdf', { id: reportId }),
    reportCsv: (reportId: string) => pagePath('/admin/reports/:id/csv', { id: reportId }),
    settings: pagePath('/admin/settings'),
    settingsSection: (section: string) => pagePath('/admin/settings/:section', { section }),
    settingsEmailTest: pagePath('/admin/settings/email/test'),
    settingsLogo: pagePath('/admin/settings/appearance/logo'),
    settingsLogoDelete: pagePath('/admin/settings/appearance/logo/delete'),
    backups: pagePath('/admin/backups'),
    backupDownload: (backupId: string) => pagePath('/admin/backups/:id/download', { id: backupId }),
    /** A restored firm's check (GET) and its confirmation (POST). */
    restore: pagePath('/admin/restore'),
    restoreConfirm: pagePath('/admin/restore/confirm'),
  },
  reti: {
    dashboard: pagePath('/reti/dashboard'),
    onboarding: pagePath('/reti/firm-onboard'),
    onboardingOf: (firmId: string) => `${pagePath('/reti/firm-onboard')}?firm=${firmId}`,
    roles: pagePath('/reti/role-management'),
    rolesRow: (actionId: string) => pagePath('/reti/role-management/:actionId', { actionId }),
    actions: pagePath('/reti/actions'),
    action: (actionId: string) => pagePath('/reti/actions/:id', { id: actionId }),
    actionToggle: (actionId: string) => pagePath('/reti/actions/:id/toggle', { id: actionId }),
    actionDelete: (actionId: string) => pagePath('/reti/actions/:id/delete', { id: actionId }),
    firm: (firmId: string) => pagePath('/reti/firms/:id', { id: firmId }),
    firmEdit: (firmId: string) => pagePath('/reti/firms/:id/edit', { id: firmId }),
    firmDelete: (firmId: string) => pagePath('/reti/firms/:id/delete', { id: firmId }),
    firmInvitations: (firmId: string) => pagePath('/reti/firms/:id/invitations', { id: firmId }),
    /** Restores of firm backups: the list, and the upload form that posts here. */
    restores: pagePath('/reti/restores'),
    /** The rules' dated tables: the list, and the forms that add one (POST) or withdraw one. */
    ruleTables: pagePath('/reti/rule-tables'),
    ruleTableWithdraw: (tableId: string) => pagePath('/reti/rule-tables/:id/withdraw', { id: tableId }),
  },
} as const;

/** JSON API paths, relative to API_BASE_URL (the islands' request() adds it). */
export const api = {
  login: apiPath('/auth/login'),
  passwordForgot: apiPath('/auth/password/forgot'),
  passwordReset: apiPath('/auth/password/reset'),
  contact: apiPath('/comm/contact'),
  actions: apiPath('/actions'),
  action: (actionId: string) => apiPath('/actions/{id}', { id: actionId }),
  permissions: apiPath('/permissions'),
  permission: (actionId: string) => apiPath('/permissions/{actionId}', { actionId }),
  firms: apiPath('/firms'),
  firmInvitations: (firmId: string) => apiPath('/firms/{id}/invitations', { id: firmId }),
  health: { check: '/health/check', db: '/health/db' },
  mfa: apiPath('/auth/mfa'),
  mfaSetup: apiPath('/auth/mfa/setup'),
  mfaEnable: apiPath('/auth/mfa/enable'),
  mfaDisable: apiPath('/auth/mfa/disable'),
  mfaRecoveryCodes: apiPath('/auth/mfa/recovery-codes'),
  account: apiPath('/auth/account'),
  passwordChange: apiPath('/auth/password/change'),
  users: apiPath('/users'),
  user: (userId: string) => apiPath('/users/{id}', { id: userId }),
  settings: apiPath('/settings'),
  settingsSection: (section: SettingsSection) => apiPath(`/settings/${section}`),
  settingsEmailTest: apiPath('/settings/email/test'),
  settingsLogo: apiPath('/settings/appearance/logo'),
  backups: apiPath('/backups'),
  backupDownload: (backupId: string) => apiPath('/backups/{id}/download', { id: backupId }),
  restores: apiPath('/restores'),
  restore: (restoreId: string) => apiPath('/restores/{id}', { id: restoreId }),
  /** The signed-in administrator's firm's restore check, and its confirmation. */
  firmRestore: apiPath('/restore'),
  firmRestoreConfirm: apiPath('/restore/confirm'),
  reports: apiPath('/reports'),
  reportOverview: apiPath('/reports/overview'),
  report: (reportId: string) => apiPath('/reports/{id}', { id: reportId }),
  reportPdf: (reportId: string) => apiPath('/reports/{id}/pdf', { id: reportId }),
  reportCsv: (reportId: string) => apiPath('/reports/{id}/csv', { id: reportId }),
  dashboard: apiPath('/dashboard'),
  activity: apiPath('/activity'),
  cases: apiPath('/cases'),
  case: (caseId: string) => apiPath('/cases/{id}', { id: caseId }),
  caseReopen: (caseId: string) => apiPath('/cases/{id}/reopen', { id: caseId }),
  casesImport: apiPath('/cases/import'),
  casesExport: apiPath('/cases/export'),
  clients: apiPath('/clients'),
  client: (clientId: string) => apiPath('/clients/{id}', { id: clientId }),
  people: apiPath('/people'),
  person: (personId: string) => apiPath('/people/{id}', { id: personId }),
  /** GET ?familyName&givenName&dateOfBirth&aNumber: the firm's people the one being added may be. */
  peopleMatches: apiPath('/people/matches'),
  /** GET: the person's full SSN (audited). */
  personSsn: (personId: string) => apiPath('/people/{id}/ssn', { id: personId }),
  caseParties: (caseId: string) => apiPath('/cases/{id}/parties', { id: caseId }),
  questionnaireTemplates: apiPath('/questionnaire-templates'),
  questionnaireTemplate: (templateId: string) => apiPath('/questionnaire-templates/{id}', { id: templateId }),
  caseQuestionnaires: (caseId: string) => apiPath('/cases/{id}/questionnaires', { id: caseId }),
  casePortalAccounts: (caseId: string) => apiPath('/cases/{id}/portal-accounts', { id: caseId }),
  caseDocumentRequests: (caseId: string) => apiPath('/cases/{id}/document-requests', { id: caseId }),
  documentRequestAccept: (caseId: string, requestId: string) =>
    apiPath('/cases/{id}/document-requests/{requestId}/accept', { id: caseId, requestId }),
  documentRequestReturn: (caseId: string, requestId: string) =>
    apiPath('/cases/{id}/document-requests/{requestId}/return', { id: caseId, requestId }),
  caseMessages: (caseId: string) => apiPath('/cases/{id}/messages', { id: caseId }),
  portalMe: apiPath('/portal/me'),
  portalMatters: apiPath('/portal/matters'),
  portalMatter: (caseId: string) => apiPath('/portal/matters/{id}', { id: caseId }),
  portalMessages: (caseId: string) => apiPath('/portal/matters/{id}/messages', { id: caseId }),
  portalQuestionnaire: (questionnaireId: string) =>
    apiPath('/portal/questionnaires/{id}', { id: questionnaireId }),
  portalAnswers: (questionnaireId: string) =>
    apiPath('/portal/questionnaires/{id}/answers', { id: questionnaireId }),
  portalSubmit: (questionnaireId: string) =>
    apiPath('/portal/questionnaires/{id}/submit', { id: questionnaireId }),
  portalUpload: (caseId: string, requestId: string) =>
    apiPath('/portal/matters/{id}/document-requests/{requestId}/upload', { id: caseId, requestId }),
  portalLanguage: apiPath('/portal/language'),
  questionnaire: (questionnaireId: string) => apiPath('/questionnaires/{id}', { id: questionnaireId }),
  /** POST {answers: {questionId: answer}}: saved as given, each checked. */
  questionnaireAnswers: (questionnaireId: string) =>
    apiPath('/questionnaires/{id}/answers', { id: questionnaireId }),
  questionnaireSubmit: (questionnaireId: string) =>
    apiPath('/questionnaires/{id}/submit', { id: questionnaireId }),
  questionnaireAccept: (questionnaireId: string) =>
    apiPath('/questionnaires/{id}/accept', { id: questionnaireId }),
  /** POST {note}: the firm asks again. */
  questionnaireReturn: (questionnaireId: string) =>
    apiPath('/questionnaires/{id}/return', { id: questionnaireId }),
  caseParty: (caseId: string, partyId: string) =>
    apiPath('/cases/{id}/parties/{partyId}', { id: caseId, partyId }),
  cleanup: apiPath('/cleanup'),
  documentsUpload: apiPath('/documents/upload'),
  documents: apiPath('/documents'),
  document: (documentId: string) => apiPath('/documents/{id}', { id: documentId }),
  documentContent: (documentId: string) => apiPath('/documents/{id}/content', { id: documentId }),
  /** POST {caseId, documentIds}: the case's evidence package as one PDF. */
  evidencePackage: apiPath('/documents/evidence-package'),
  aiAnalyze: apiPath('/ai/analyze'),
  aiDeadlines: apiPath('/ai/deadlines'),
  aiCompliance: apiPath('/ai/compliance'),
  aiBrief: apiPath('/ai/brief'),
  aiBriefDraft: apiPath('/ai/brief/draft'),
  /** POST: a new secret address for the person's deadlines calendar; DELETE: revoke it. */
  aiCalendar: apiPath('/ai/calendar'),
  /** PUT: the facts entered for a case (what the rules read beside its fields and documents). */
  caseFacts: (caseId: string) => apiPath('/cases/{id}/facts', { id: caseId }),
  /** GET ?from&to&caseId&assignee&state: the firm's docket. */
  deadlines: apiPath('/deadlines'),
  /** PATCH {state, reason}: mark a deadline done, dismiss it, or open it again. */
  deadline: (deadlineId: string) => apiPath('/deadlines/{id}', { id: deadlineId }),
  /** POST: a deadline entered by hand on the case. */
  caseDeadlines: (caseId: string) => apiPath('/cases/{id}/deadlines', { id: caseId }),
  /** GET: the USCIS status of the case's receipt numbers; POST: check them with USCIS now. */
  caseStatus: (caseId: string) => apiPath('/cases/{id}/status', { id: caseId }),
  /** GET: the rules' dated tables; POST: staff add one. */
  ruleTables: apiPath('/rule-tables'),
  /** DELETE {reason}: staff withdraw one. */
  ruleTable: (tableId: string) => apiPath('/rule-tables/{id}', { id: tableId }),
  /** GET: the firm's USCIS filing addresses; POST: add one. */
  filingAddresses: apiPath('/filing-addresses'),
  /** DELETE {reason}: withdraw one. */
  filingAddress: (addressId: string) => apiPath('/filing-addresses/{id}', { id: addressId }),
  forms: apiPath('/forms'),
  form: (code: string) => apiPath('/forms/{id}', { id: code }),
  formsValidate: apiPath('/forms/validate'),
  formsGenerate: apiPath('/forms/generate'),
  formEditions: (code: string) => apiPath('/forms/{id}/editions', { id: code }),
  /** GET ?forms=I-130,I-485&filing=paper&asOf=…: the fees from the dated fee rules. */
  fees: apiPath('/fees'),
} as const;

/** A page that leads on to `next` once done (the sign-in steps pass it along). */
export const withNext = (path: string, next: string | undefined) =>
  next ? `${path}?next=${encodeURIComponent(next)}` : path;

/** Node's own endpoints, always on this origin (SPEC §7). */
export const node = { ping: '/node/ping', config: '/node/config' } as const;
