/**
 * The audit log in words, for the administrator's Recent activity: one sentence per entry, such as
 * "Ana Lopez suspended Ben Okafor". Every action name the product writes is here; an unknown one still
 * reads as a sentence.
 */
import { formatDate } from '../shared/dates';

/** What an entry says, with the names found for it. */
export type ActivityFacts = {
  action: string;
  actorUserId: string | null;
  /** The actor's name when it acted (kept after the user is removed). */
  actorName: string | null;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  /** The entity's name now, when the entry itself does not carry it (a user named by ID only). */
  entityName?: string;
};

type Words = {
  actor: string;
  /** The user the entry is about, by name. */
  target: string;
  /** The actor acted on their own account. */
  self: boolean;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  facts: ActivityFacts;
};

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** A deadline as the audit log keeps it: "“Case due date” of 12/04/2026". */
const deadlineIn = (row: Record<string, unknown>) =>
  `“${text(row.title) ?? 'a deadline'}”${typeof row.date === 'string' ? ` of ${formatDate(row.date)}` : ''}`;

/** A filing address as the audit log keeps it: "Form I-130 (Petitioner lives in Texas…)". */
const filingAddressIn = (row: Record<string, unknown>) =>
  `Form ${text(row.form) ?? ''}${text(row.label) ? ` (${text(row.label)})` : ''}`;

/** A person's name from a row as the audit log keeps it (firstName and lastName). */
function personIn(row: Record<string, unknown>): string | undefined {
  const name = [text(row.firstName), text(row.lastName)].filter(Boolean).join(' ');
  return name || undefined;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "a", "a and b", "a, b and c". */
function listInWords(parts: string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/** The things a cleanup removes, as counted nouns; a source added later without words reads by its key. */
const CLEANUP_NOUNS: Record<string, [string, string]> = {
  invitations: ['expired invitation', 'expired invitations'],
  sessions: ['ended session', 'ended sessions'],
  backups: ['backup past the retention', 'backups past the retention'],
};

/** "2 expired invitations and 1 ended session", or "nothing" when every count is 0. */
export function removedInWords(removed: Record<string, unknown>): string {
  // The sources' own order (the stored row's keys may come back in another).
  const order = (key: string) => {
    const index = Object.keys(CLEANUP_NOUNS).indexOf(key);
    return index < 0 ? Number.MAX_SAFE_INTEGER : index;
  };
  const parts = Object.entries(removed)
    .map(([key, count]): [string, number] => [key, Number(count) || 0])
    .filter(([, count]) => count > 0)
    .sort(([a], [b]) => order(a) - order(b))
    .map(([key, count]) => {
      const [one, many] = CLEANUP_NOUNS[key] ?? [key, key];
      return plural(count, one, many);
    });
  return parts.length ? listInWords(parts) : 'nothing';
}

const ROLE_WORDS: Record<string, string> = { admin: 'administrator', user: 'user', reti: 'platform staff' };

const SETTINGS_WORDS: Record<string, string> = {
  firm: 'the firm information',
  security: 'the security settings',
  email: 'the email settings',
  backup: 'the backup and maintenance settings',
  appearance: 'the appearance and branding settings',
};

/** "an administrator" or "a user", from an account as the audit log keeps it. */
const roleIn = (w: Words) => (text(w.after.role) === 'admin' ? 'an administrator' : 'a user');

const firmIn = (w: Words) => text(w.after.name) ?? text(w.before.name) ?? 'the firm';
const actionIn = (w: Words) => text(w.after.name) ?? text(w.before.name) ?? 'an API action';
const yourOwn = (w: Words, what: string) => (w.self ? `their ${what}` : `${w.target}'s ${what}`);
const forWhom = (w: Words) => (w.self ? '' : ` for ${w.target}`);

function firmUpdated(w: Words): string {
  const status = text(w.after.status);
  if (status && status !== text(w.before.status)) {
    if (status === 'active') return `${w.actor} activated the firm ${firmIn(w)}`;
    if (status === 'inactive') return `${w.actor} deactivated the firm ${firmIn(w)}`;
    return `${w.actor} set the firm ${firmIn(w)} to ${status}`;
  }
  return `${w.actor} updated the details of ${firmIn(w)}`;
}

function userUpdated(w: Words): string {
  const role = text(w.after.role);
  if (role && text(w.before.role) && role !== text(w.before.role))
    return `${w.actor} made ${w.target} ${role === 'admin' ? 'an' : 'a'} ${ROLE_WORDS[role] ?? role}`;
  return `${w.actor} updated ${yourOwn(w, 'details')}`;
}

function actionUpdated(w: Words): string {
  const active = w.after.isActive;
  if (typeof active === 'boolean' && active !== w.before.isActive)
    return `${w.actor} turned ${active ? 'on' : 'off'} the API action ${actionIn(w)}`;
  return `${w.actor} changed the API action ${actionIn(w)}`;
}

function emailTested(w: Words): string {
  const to = text(w.after.to);
  const email = `a test email${to ? ` to ${to}` : ''}`;
  return w.after.sent === false
    ? `${w.actor} tried to send ${email}; it was not sent`
    : `${w.actor} sent ${email}`;
}

function backupCreated(w: Words): string {
  return w.facts.actorUserId ? `${w.actor} made a backup` : 'The daily backup was made';
}

function backupPruned(w: Words): string {
  const count = Number(w.after.removed) || 0;
  const days = Number(w.after.retentionDays) || 0;
  const removed = count === 1 ? '1 backup older than' : `${count} backups older than`;
  return `${removed} the ${days}-day retention ${count === 1 ? 'was' : 'were'} removed`;
}

/** "case RI-2026-0042 (Ana Lopez)" from a case as the audit log keeps it. */
function caseIn(w: Words): string {
  const row = Object.keys(w.after).length ? w.after : w.before;
  const number = text(row.caseNumber) ?? text(w.before.caseNumber) ?? 'a case';
  const client = text(record(row.client).name);
  return client ? `case ${number} (${client})` : `case ${number}`;
}

/** "client Ana Lopez" from a client as the audit log keeps it. */
const clientIn = (w: Words) => `client ${text(w.after.name) ?? text(w.before.name) ?? 'a removed client'}`;

function caseMoved(w: Words): string {
  const to = text(w.after.status);
  return `${w.actor} moved ${caseIn(w)} from ${text(w.before.status) ?? 'its status'} to ${to ?? 'a new status'}`;
}

function casesImported(w: Words): string {
  const count = Number(w.after.imported) || 0;
  return `${w.actor} imported ${count === 1 ? '1 case' : `${count} cases`} from a CSV file`;
}

/** "passport.pdf (case RI-2026-0042)" from a document as the audit log keeps it. */
function documentIn(w: Words): string {
  const row = Object.keys(w.after).length ? w.after : w.before;
  const name = text(row.name) ?? 'a document';
  const number = text(row.caseNumber);
  return number ? `${name} to case ${number}` : name;
}

/** A person or an employer as the audit log keeps them: by name. */
const nameIn = (w: Words) => text(w.after.name) ?? text(w.before.name) ?? 'a person';
const roleOfParty = (row: Record<string, unknown>) => (text(row.role) ?? 'a party').replace('-', ' ');
/** "“Naturalization (Form N-400)” of Ana Lopez" from a questionnaire as the audit log keeps it. */
const questionnaireIn = (w: Words) =>
  `“${text(w.after.title) ?? 'a questionnaire'}” of ${text(w.after.person) ?? 'a person'}`;

const PHRASES: Record<string, (w: Words) => string> = {
  'report.generated': (w) =>
    `${w.actor} generated a ${text(w.after.title) ?? 'report'} report for ${text(w.after.period) ?? 'a period'}`,
  'document.uploaded': (w) => `${w.actor} uploaded ${documentIn(w)}`,
  'document.generated': (w) => `${w.actor} generated ${documentIn(w).replace(' to case ', ' for case ')}`,
  'form.edition.uploaded': (w) =>
    `${w.actor} uploaded an official edition of Form ${text(w.after.form) ?? ''} (edition of ${formatDate(text(w.after.editionDate) ?? '')})`,
  'forms.packet.generated': (w) => {
    const forms = Array.isArray(w.after.forms) ? (w.after.forms as string[]).join(', ') : 'forms';
    const draft = w.after.draft ? 'a draft packet' : 'a filing packet';
    return `${w.actor} generated ${draft} (${forms})${w.after.carriesSsn ? ', carrying a Social Security number' : ''}`;
  },
  'document.deleted': (w) => `${w.actor} deleted the document ${text(w.before.name) ?? ''}`.trimEnd(),
  'document.reanalyzed': (w) => `${w.actor} had ${text(w.after.name) ?? 'a document'} analyzed again`,
  'documents.evidence-package': (w) =>
    `${w.actor} built an evidence package of ${Number(w.after.exhibits) || 0} exhibits for case ${text(w.after.caseNumber) ?? ''}`.trimEnd(),

  'case.created': (w) => `${w.actor} opened ${caseIn(w)}`,
  'case.updated': (w) => `${w.actor} updated ${caseIn(w)}`,
  'case.status-changed': caseMoved,
  'case.decision-reopened': (w) =>
    `${w.actor} reopened the decision on ${caseIn(w)} (${text(w.before.status) ?? 'decided'} by mistake): ${text(w.after.reason) ?? ''}`.trimEnd(),
  'case.deleted': (w) => `${w.actor} deleted ${caseIn(w)}`,
  'case.facts-entered': (w) => `${w.actor} entered the facts for the rules of ${caseIn(w)}`,
  'calendar-feed.created': (w) => `${w.actor} made a new address for their deadlines calendar`,
  'calendar-feed.revoked': (w) => `${w.actor} revoked the address of their deadlines calendar`,
  'deadline.added': (w) =>
    `${w.actor} added the deadline ${deadlineIn(w.after)} to case ${text(w.after.caseNumber) ?? ''}`.trimEnd(),
  'deadline.done': (w) => `${w.actor} marked the deadline ${deadlineIn(w.after)} done`,
  'deadline.dismissed': (w) =>
    `${w.actor} dismissed the deadline ${deadlineIn(w.after)}: ${text(w.after.reason) ?? ''}`.trimEnd(),
  'rule-table.added': (w) =>
    `${w.actor} added to the rules: ${text(w.after.summary) ?? 'a table'}, in force from ${formatDate(String(w.after.effectiveFrom ?? ''))}`,
  'rule-table.withdrawn': (w) =>
    `${w.actor} withdrew from the rules: ${text(w.before.summary) ?? 'a table'} (${text(w.after.reason) ?? ''})`,
  'deadline.reopened': (w) => `${w.actor} opened the deadline ${deadlineIn(w.after)} again`,
  'filing-address.added': (w) =>
    `${w.actor} added the filing address of ${filingAddressIn(w.after)}, in use from ${formatDate(String(w.after.effectiveFrom ?? ''))}`,
  'filing-address.withdrawn': (w) =>
    `${w.actor} withdrew the filing address of ${filingAddressIn(w.before)}: ${text(w.after.reason) ?? ''}`.trimEnd(),
  'cases.imported': casesImported,
  'client.created': (w) => `${w.actor} added the ${clientIn(w)}`,
  'client.updated': (w) => `${w.actor} updated the ${clientIn(w)}`,
  'client.deleted': (w) => `${w.actor} removed the ${clientIn(w)}`,
  'person.created': (w) => `${w.actor} added ${nameIn(w)} to the firm's people`,
  'person.updated': (w) =>
    `${w.actor} updated the record of ${nameIn(w)}${w.after.ssnChanged ? ', their Social Security number included' : ''}`,
  'person.facts-from-document': (w) =>
    `The analysis of ${text(w.after.document) ?? 'a document'} gave ${nameIn(w)} their ${Array.isArray(w.after.facts) ? w.after.facts.join(', ') : 'facts'}`,
  'person.deleted': (w) => `${w.actor} removed ${nameIn(w)} from the firm's people`,
  'person.ssn-revealed': (w) => `${w.actor} revealed the Social Security number of ${nameIn(w)}`,
  'case.party-added': (w) =>
    `${w.actor} named ${nameIn(w)} ${roleOfParty(w.after)} of case ${text(w.after.caseNumber) ?? ''}`.trimEnd(),
  'case.party-removed': (w) =>
    `${w.actor} took ${nameIn(w)} out of the role of ${roleOfParty(w.before)} of case ${text(w.before.caseNumber) ?? ''}`.trimEnd(),
  'questionnaire.created': (w) => `${w.actor} started the questionnaire ${questionnaireIn(w)}`,
  'questionnaire.submitted': (w) => `${w.actor} submitted the questionnaire ${questionnaireIn(w)} for review`,
  'questionnaire.returned': (w) =>
    `${w.actor} asked again about the questionnaire ${questionnaireIn(w)}: ${text(w.after.note) ?? ''}`.trimEnd(),
  'questionnaire.accepted': (w) =>
    `${w.actor} accepted the answers to the questionnaire ${questionnaireIn(w)} into the records`,
  'firm.created': (w) => `${w.actor} added the firm ${firmIn(w)}`,
  'firm.updated': firmUpdated,
  'firm.deleted': (w) => `${w.actor} deleted the firm ${firmIn(w)}`,
  'firm.profile.updated': (w) => `${w.actor} changed ${SETTINGS_WORDS.firm}`,
  'user.created': (w) =>
    w.self ? `${w.target} set up their account as the firm's administrator` : `${w.actor} added ${w.target}`,
  'user.activated': (w) => `${w.target} accepted their invitation and activated their account`,
  'user.awaiting_approval': (w) =>
    `${w.target} accepted their invitation; their account waits for an administrator's approval`,
  'user.approved': (w) => `${w.actor} approved ${w.target}`,
  'user.requested': (w) =>
    `${w.actor}, of the platform staff, asked to add ${w.target} as ${roleIn(w)}; the account waits for an administrator's approval`,
  'user.request_approved': (w) => `${w.actor} approved the account platform staff asked for: ${w.target}`,
  'user.created_by_staff': (w) =>
    `${w.actor}, of the platform staff, added ${w.target} as ${roleIn(w)} while the firm had no active administrator; its contact and administrators were emailed`,
  'user.rejected': (w) => `${w.actor} rejected ${w.target}`,
  'user.suspended': (w) => `${w.actor} suspended ${w.target}`,
  'user.reactivated': (w) => `${w.actor} reactivated ${w.target}`,
  'user.updated': userUpdated,
  'user.removed': (w) => `${w.actor} removed ${w.target}`,
  'user.locked': (w) => `${w.target}'s account was locked after too many failed sign-ins`,
  'user.password_reset': (w) => `${w.target} chose a new password with a reset link`,
  'user.password.changed': (w) => `${w.actor} changed ${yourOwn(w, 'password')}`,
  'user.mfa.enabled': (w) => `${w.actor} turned on two-factor sign-in${forWhom(w)}`,
  'user.mfa.disabled': (w) => `${w.actor} turned off two-factor sign-in${forWhom(w)}`,
  'user.mfa.recovery-code.used': (w) => `${w.target} signed in with a recovery code`,
  'user.mfa.recovery-codes.regenerated': (w) => `${w.actor} made new recovery codes${forWhom(w)}`,
  'password_reset.sent': (w) => `A password reset link was emailed to ${w.target}`,
  'invitation.sent': (w) => `${w.actor} emailed an invitation to ${text(w.after.email) ?? 'a new user'}`,
  'invitation.accepted': (w) => `${w.actor} accepted their invitation`,
  'settings.logo.updated': (w) => `${w.actor} uploaded a new logo`,
  'settings.logo.removed': (w) => `${w.actor} removed the logo`,
  'settings.email.tested': emailTested,
  'backup.created': backupCreated,
  'backup.failed': (w) =>
    w.facts.actorUserId ? `A backup made by ${w.actor} failed` : 'The daily backup failed',
  'backup.pruned': backupPruned,
  'restore.started': (w) => `${w.actor}, of the platform staff, started restoring a sealed firm backup`,
  'restore.completed': (w) => {
    const made = text(w.after.backupMadeAt);
    const checked =
      w.after.passed === true ? 'every row and file checked out' : 'its check found differences';
    return `${w.actor}, of the platform staff, restored this firm from its backup${made ? ` made on ${formatDate(made.slice(0, 10))}` : ''}; ${checked}`;
  },
  'restore.failed': (w) => `A restore of a firm backup by ${w.actor} failed`,
  'restore.confirmed': (w) => `${w.actor} checked the restored firm and confirmed it`,
  'cleanup.performed': (w) =>
    `${w.actor} cleaned up the firm's data: ${removedInWords(record(w.after.removed))} removed`,
  'action.created': (w) => `${w.actor} added the API action ${actionIn(w)}`,
  'action.updated': actionUpdated,
  'action.deleted': (w) => `${w.actor} deleted the API action ${actionIn(w)}`,
  'permission.saved': (w) => `${w.actor} changed who may use an API action`,
};

/** "settings.security.updated" → "… changed the security settings". */
function settingsUpdated(action: string): ((w: Words) => string) | undefined {
  const section = /^settings\.(\w+)\.updated$/.exec(action)?.[1];
  if (!section) return undefined;
  return (w) => `${w.actor} changed ${SETTINGS_WORDS[section] ?? `the ${section} settings`}`;
}

/** One entry of the audit log as a sentence. */
export function activityText(facts: ActivityFacts): string {
  const before = record(facts.before);
  const after = record(facts.after);
  const actor = facts.actorName ?? (facts.actorUserId ? 'A removed user' : 'The system');
  const target =
    facts.entity === 'user'
      ? (personIn(after) ?? personIn(before) ?? facts.entityName ?? 'a removed user')
      : (facts.entityName ?? 'a removed user');
  const words: Words = {
    actor,
    target,
    self: facts.actorUserId !== null && facts.actorUserId === facts.entityId,
    before,
    after,
    facts,
  };
  const phrase =
    PHRASES[facts.action] ??
    settingsUpdated(facts.action) ??
    ((w: Words) => `${w.actor} made a change (${facts.action})`);
  return phrase(words);
}
