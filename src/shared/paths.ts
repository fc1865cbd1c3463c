/**
 * Every page and API URL the product links to, built by one function each. Called with ':id' a function
 * gives the Express pattern of the same path ('/reti/firms/:id'), so routes and links cannot drift apart.
 */
export const pages = {
  home: '/',
  public: '/public',
  login: '/login',
  logout: '/logout',
  contact: '/contact',
  health: '/health',
  invite: (token: string) => `/invite/${token}`,
  passwordForgot: '/password/forgot',
  passwordReset: (token: string) => `/password/reset/${token}`,
  /** The second sign-in step: a code from the authenticator app, or enrolling one first. */
  mfa: '/login/mfa',
  mfaSetup: '/login/mfa/setup',
  /** A signed-in person's own account: password and two-factor sign-in. */
  account: '/account',
  accountPassword: '/account/password',
  accountTwoFactor: '/account/two-factor',
  accountTwoFactorOff: '/account/two-factor/off',
  /** New recovery codes, shown once (GET), and the form that makes them (POST). */
  accountRecoveryCodes: '/account/recovery-codes',
  /** The same codes as a .txt attachment, a page to print, and the form that puts them away (Continue). */
  accountRecoveryCodesText: '/account/recovery-codes/download',
  accountRecoveryCodesPrint: '/account/recovery-codes/print',
  accountRecoveryCodesDone: '/account/recovery-codes/done',
  /** A firm's stylesheet (its primary colour) and logo, for its signed-in users. */
  firmTheme: (firmId: string, version: string) => `/firms/${firmId}/theme-${version}.css`,
  firmLogo: (firmId: string, version: string) => `/firms/${firmId}/logo-${version}`,
  /**
   * Cases and clients, in the area of the person's role (an administrator's under /admin, a firm user's
   * under /user): the same pages and forms in both.
   */
  cases: (area: 'admin' | 'user') => ({
    list: `/${area}/cases`,
    /** The create-case page (the administrator's list holds the form too, and posts it to `list`). */
    create: `/${area}/cases/new`,
    view: (caseId: string) => `/${area}/cases/${caseId}`,
    edit: (caseId: string) => `/${area}/cases/${caseId}/edit`,
    /** Posts a status move (the Process button and the case page's moves). */
    move: (caseId: string) => `/${area}/cases/${caseId}/status`,
    /** Confirms a move to approved or rejected, with the day USCIS decided (`?to=approved`). */
    decide: (caseId: string) => `/${area}/cases/${caseId}/decide`,
    /** An administrator reopens a decision recorded by mistake. */
    reopen: (caseId: string) => `/${area}/cases/${caseId}/reopen`,
    remove: (caseId: string) => `/${area}/cases/${caseId}/delete`,
    import: `/${area}/cases/import`,
    export: `/${area}/cases/export`,
    client: (clientId: string) => `/${area}/clients/${clientId}`,
    clientEdit: (clientId: string) => `/${area}/clients/${clientId}/edit`,
    clientRemove: (clientId: string) => `/${area}/clients/${clientId}/delete`,
  }),
  /**
   * Documents, in the area of the person's role: the Documents screen is a firm user's (SPEC's user menu);
   * an administrator reaches a case's documents from the case.
   */
  documents: (area: 'admin' | 'user') => ({
    list: `/${area}/documents`,
    /** The no-JavaScript upload form posts here. */
    upload: `/${area}/documents/upload`,
    view: (documentId: string) => `/${area}/documents/${documentId}`,
    download: (documentId: string) => `/${area}/documents/${documentId}/download`,
    /** Posts "analyze again". */
    analyze: (documentId: string) => `/${area}/documents/${documentId}/analyze`,
    remove: (documentId: string) => `/${area}/documents/${documentId}/delete`,
    /** Evidence Package: choose a case's documents (GET), build the PDF (POST). */
    evidence: `/${area}/documents/evidence`,
  }),
  user: {
    dashboard: '/user/dashboard',
  },
  /** AI Tools (SPEC's four cards), a firm user's screen. */
  ai: {
    home: '/user/ai',
    /** Deadline Tracker: a case's deadlines (`?case=`), or those of facts entered on the page (POST). */
    deadlines: '/user/ai/deadlines',
    /** Compliance Checker: a case's checks (`?case=`), or those of facts entered on the page (POST). */
    compliance: '/user/ai/compliance',
    /** Document Analysis: choose an analyzed document, see its result. */
    documents: '/user/ai/documents',
    /** Legal Brief Generator. */
    brief: '/user/ai/brief',
    /** The person's calendar feed: make a new secret address (POST), or revoke it. */
    calendar: '/user/ai/calendar',
    calendarRevoke: '/user/ai/calendar/revoke',
    /** A case's facts for the rules: the form (GET) and where it posts. */
    facts: (caseId: string) => `/user/ai/cases/${caseId}/facts`,
  },
  /** A person's deadlines as an iCalendar feed: the secret token is the only key, no session. */
  calendarFeed: (token: string) => `/calendar/${token}.ics`,
  /** USCIS forms (SPEC's user menu): the groups, a group's Generate Forms page, a form's specification. */
  forms: {
    list: '/user/forms',
    /** Choose the case and the forms (GET), then check or generate the packet (POST). */
    generate: '/user/forms/generate',
    generateGroup: (group: string) => `/user/forms/generate?group=${group}`,
    form: (code: string) => `/user/forms/${code}`,
    /** Posts an official edition's PDF (multipart). */
    editions: (code: string) => `/user/forms/${code}/editions`,
  },
  admin: {
    dashboard: '/admin/dashboard',
    activity: (page: number) => `/admin/dashboard?activity=${page}`,
    cleanup: '/admin/cleanup',
    users: '/admin/users',
    user: (userId: string) => `/admin/users/${userId}`,
    userEdit: (userId: string) => `/admin/users/${userId}/edit`,
    userStatus: (userId: string) => `/admin/users/${userId}/status`,
    userDelete: (userId: string) => `/admin/users/${userId}/delete`,
    userInvitation: (userId: string) => `/admin/users/${userId}/invitation`,
    userApproval: (userId: string) => `/admin/users/${userId}/approval`,
    reports: '/admin/reports',
    report: (reportId: string) => `/admin/reports/${reportId}`,
    reportPdf: (reportId: string) => `/admin/reports/${reportId}/pdf`,
    reportCsv: (reportId: string) => `/admin/reports/${reportId}/csv`,
    settings: '/admin/settings',
    settingsSection: (section: string) => `/admin/settings/${section}`,
    settingsEmailTest: '/admin/settings/email/test',
    settingsLogo: '/admin/settings/appearance/logo',
    settingsLogoDelete: '/admin/settings/appearance/logo/delete',
    backups: '/admin/backups',
    backupDownload: (backupId: string) => `/admin/backups/${backupId}/download`,
    /** A restored firm's check (GET) and its confirmation (POST). */
    restore: '/admin/restore',
    restoreConfirm: '/admin/restore/confirm',
  },
  reti: {
    dashboard: '/reti/dashboard',
    onboarding: '/reti/firm-onboard',
    onboardingOf: (firmId: string) => `/reti/firm-onboard?firm=${firmId}`,
    roles: '/reti/role-management',
    rolesRow: (actionId: string) => `/reti/role-management/${actionId}`,
    actions: '/reti/actions',
    action: (actionId: string) => `/reti/actions/${actionId}`,
    actionToggle: (actionId: string) => `/reti/actions/${actionId}/toggle`,
    actionDelete: (actionId: string) => `/reti/actions/${actionId}/delete`,
    firm: (firmId: string) => `/reti/firms/${firmId}`,
    firmEdit: (firmId: string) => `/reti/firms/${firmId}/edit`,
    firmDelete: (firmId: string) => `/reti/firms/${firmId}/delete`,
    firmInvitations: (firmId: string) => `/reti/firms/${firmId}/invitations`,
    /** Restores of firm backups: the list, and the upload form that posts here. */
    restores: '/reti/restores',
  },
} as const;

/** JSON API paths, relative to API_BASE_URL (the islands' request() adds it). */
export const api = {
  login: '/auth/login',
  passwordForgot: '/auth/password/forgot',
  passwordReset: '/auth/password/reset',
  contact: '/comm/contact',
  actions: '/actions',
  action: (actionId: string) => `/actions/${actionId}`,
  permissions: '/permissions',
  permission: (actionId: string) => `/permissions/${actionId}`,
  firms: '/firms',
  firmInvitations: (firmId: string) => `/firms/${firmId}/invitations`,
  health: { check: '/health/check', db: '/health/db' },
  mfa: '/auth/mfa',
  mfaSetup: '/auth/mfa/setup',
  mfaEnable: '/auth/mfa/enable',
  mfaDisable: '/auth/mfa/disable',
  mfaRecoveryCodes: '/auth/mfa/recovery-codes',
  account: '/auth/account',
  passwordChange: '/auth/password/change',
  users: '/users',
  user: (userId: string) => `/users/${userId}`,
  settings: '/settings',
  settingsSection: (section: string) => `/settings/${section}`,
  settingsEmailTest: '/settings/email/test',
  settingsLogo: '/settings/appearance/logo',
  backups: '/backups',
  backupDownload: (backupId: string) => `/backups/${backupId}/download`,
  restores: '/restores',
  restore: (restoreId: string) => `/restores/${restoreId}`,
  /** The signed-in administrator's firm's restore check, and its confirmation. */
  firmRestore: '/restore',
  firmRestoreConfirm: '/restore/confirm',
  reports: '/reports',
  reportOverview: '/reports/overview',
  report: (reportId: string) => `/reports/${reportId}`,
  reportPdf: (reportId: string) => `/reports/${reportId}/pdf`,
  reportCsv: (reportId: string) => `/reports/${reportId}/csv`,
  dashboard: '/dashboard',
  activity: '/activity',
  cases: '/cases',
  case: (caseId: string) => `/cases/${caseId}`,
  caseReopen: (caseId: string) => `/cases/${caseId}/reopen`,
  casesImport: '/cases/import',
  casesExport: '/cases/export',
  clients: '/clients',
  client: (clientId: string) => `/clients/${clientId}`,
  cleanup: '/cleanup',
  documentsUpload: '/documents/upload',
  documents: '/documents',
  document: (documentId: string) => `/documents/${documentId}`,
  documentContent: (documentId: string) => `/documents/${documentId}/content`,
  /** POST {caseId, documentIds}: the case's evidence package as one PDF. */
  evidencePackage: '/documents/evidence-package',
  aiAnalyze: '/ai/analyze',
  aiDeadlines: '/ai/deadlines',
  aiCompliance: '/ai/compliance',
  aiBrief: '/ai/brief',
  /** POST: a new secret address for the person's deadlines calendar; DELETE: revoke it. */
  aiCalendar: '/ai/calendar',
  /** PUT: the facts entered for a case (what the rules read beside its fields and documents). */
  caseFacts: (caseId: string) => `/cases/${caseId}/facts`,
  forms: '/forms',
  form: (code: string) => `/forms/${code}`,
  formsValidate: '/forms/validate',
  formsGenerate: '/forms/generate',
  formEditions: (code: string) => `/forms/${code}/editions`,
} as const;

/** A page that leads on to `next` once done (the sign-in steps pass it along). */
export const withNext = (path: string, next: string | undefined) =>
  next ? `${path}?next=${encodeURIComponent(next)}` : path;

/** Node's own endpoints, always on this origin (SPEC §7). */
export const node = { ping: '/node/ping', config: '/node/config' } as const;
