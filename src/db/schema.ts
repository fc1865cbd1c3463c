import type { ColumnType, Generated } from 'kysely';
import type { CaseStatus, CaseType, FormType } from '../shared/cases';
import type {
  DocumentAnalysis,
  DocumentCategory,
  DocumentStatus,
  DocumentType,
  FileKind,
} from '../shared/documents';
import type { AiTool } from '../shared/ai';
import type { Facts } from '../shared/facts';
import type {
  Address,
  Employment,
  I94Record,
  Language,
  LastEntry,
  Marriage,
  Organization,
  PartyRole,
  Passport,
  QuestionnaireStatus,
  PersonName,
  FormFacts,
  PersonFactSources,
  Relative,
  Sex,
  Trip,
} from '../shared/people';
import type { ReportData, ReportRange, ReportType } from '../shared/reports';
import type { Role } from '../shared/session';

/** Table types for Kysely: one name for one thing across SQL and TypeScript. */
type CreatedAt = ColumnType<Date, never, never>;
type UpdatedAt = ColumnType<Date, never, Date>;
type Json = ColumnType<unknown, string | null, string | null>;

export type FirmStatus = 'active' | 'pending' | 'inactive';
export type UserStatus = 'active' | 'pending' | 'suspended';

export interface FirmsTable {
  id: Generated<string>;
  name: string;
  contact_person: string;
  contact_role: string;
  email: string;
  phone: string;
  status: FirmStatus;
  industry: string | null;
  address: string | null;
  onboard_date: ColumnType<string, string | undefined, string>;
  firm_type: Generated<'immigration' | 'general' | 'specialized'>;
  city: string | null;
  state: string | null;
  zip: string | null;
  /** Null: the platform's TIME_ZONE. */
  time_zone: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface UsersTable {
  id: Generated<string>;
  firm_id: string | null;
  login_id: string;
  first_name: string;
  last_name: string;
  email: string;
  role: Role;
  status: UserStatus;
  password_hash: string;
  failed_login_count: Generated<number>;
  locked_until: Date | null;
  last_login_at: Date | null;
  /** The TOTP secret, sealed with SETTINGS_KEY; set at enrollment, before it is confirmed. */
  totp_secret_sealed: string | null;
  /** When the user confirmed enrollment with a first code: from then on sign-in asks for one. */
  totp_enabled_at: Date | null;
  /** The last time step accepted, so that a code is never accepted twice. */
  totp_last_step: ColumnType<string | null, string | number | null, string | number | null>;
  /** The platform staff member who asked for this account, while it waits for an administrator's approval. */
  requested_by: string | null;
  /** Set while the account is a staff request waiting for approval (no invitation exists until then). */
  requested_at: Date | null;
  /** The attorney's profile as forms print it (migration 0021). */
  bar_number: string | null;
  licensing_authority: string | null;
  uscis_account_number: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface RecoveryCodesTable {
  id: Generated<string>;
  user_id: string;
  code_hash: string;
  used_at: Date | null;
  created_at: CreatedAt;
}

export type PasswordPolicyName = 'basic' | 'medium' | 'strong';
export type SmtpEncryption = 'none' | 'ssl' | 'tls';

export interface FirmSettingsTable {
  firm_id: string;
  two_factor_admins: Generated<boolean>;
  session_timeout_minutes: Generated<number>;
  password_policy: Generated<PasswordPolicyName>;
  login_attempts: Generated<number>;
  approve_new_users: Generated<boolean>;
  smtp_host: string | null;
  smtp_port: Generated<number>;
  smtp_encryption: Generated<SmtpEncryption>;
  smtp_user: string | null;
  smtp_password_sealed: string | null;
  smtp_from: string | null;
  backup_retention_days: Generated<number>;
  primary_color: Generated<string>;
  logo: Buffer | null;
  logo_type: 'image/png' | 'image/svg+xml' | null;
  updated_at: UpdatedAt;
}

export interface BackupsTable {
  id: Generated<string>;
  firm_id: string;
  status: Generated<'running' | 'done' | 'failed'>;
  trigger: 'daily' | 'manual';
  created_by: string | null;
  file_key: string | null;
  size_bytes: ColumnType<string | null, number | null, number | null>;
  sha256: string | null;
  row_counts: Json;
  last_error: string | null;
  lease_until: Date | null;
  started_at: ColumnType<Date, Date | undefined, Date>;
  finished_at: Date | null;
}

export interface SessionsTable {
  sid: string;
  data: Json;
  user_id: string | null;
  expires_at: Date;
}

export interface ContactRequestsTable {
  id: Generated<string>;
  name: string;
  firm: string;
  phone: string;
  email: string;
  created_at: CreatedAt;
}

export interface OutboxTable {
  id: Generated<string>;
  to_address: string;
  subject: string;
  text_body: string;
  /** The firm the email is sent for: its own SMTP server when it has one set. */
  firm_id: string | null;
  status: Generated<'pending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: CreatedAt;
  sent_at: Date | null;
  next_attempt_at: ColumnType<Date, Date | undefined, Date>;
  /** When it was last tried (sent or failed). */
  last_attempt_at: Date | null;
}

export interface AuditLogTable {
  id: Generated<string>;
  actor_user_id: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before: Json;
  after: Json;
  /** The firm whose activity this is (null: the platform's own). */
  firm_id: string | null;
  /** The actor's name when it acted, kept after the user is removed. */
  actor_name: string | null;
  created_at: CreatedAt;
  /** The order rows were written in: the entries of one transaction share its created_at. */
  seq: ColumnType<number, never, never>;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ActionsTable {
  id: Generated<string>;
  name: string;
  description: string;
  route: string;
  method: HttpMethod;
  category: string;
  is_active: Generated<boolean>;
  is_public: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface PermissionsTable {
  action_id: string;
  role: Role;
  can_read: boolean;
  can_write: boolean;
  can_delete: boolean;
  updated_at: UpdatedAt;
}

export interface InvitationsTable {
  id: Generated<string>;
  firm_id: string;
  user_id: string | null;
  email: string;
  token_hash: string;
  expires_at: Date;
  used_at: Date | null;
  created_by: string | null;
  created_at: CreatedAt;
  /** Its email in the outbox, so that a new invitation can withdraw it while it is still unsent. */
  outbox_id: string | null;
}

export interface PasswordResetsTable {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}

export interface ClientsTable {
  id: Generated<string>;
  firm_id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  date_of_birth: string | null;
  country_of_citizenship: string | null;
  a_number: string | null;
  address: string | null;
  middle_name: ColumnType<string | null, string | null | undefined, string | null>;
  other_names: JsonList<PersonName>;
  sex: ColumnType<Sex | null, Sex | null | undefined, Sex | null>;
  city_of_birth: ColumnType<string | null, string | null | undefined, string | null>;
  country_of_birth: ColumnType<string | null, string | null | undefined, string | null>;
  other_citizenships: JsonList<string>;
  uscis_account_number: ColumnType<string | null, string | null | undefined, string | null>;
  ssn_sealed: ColumnType<string | null, string | null | undefined, string | null>;
  ssn_last4: ColumnType<string | null, string | null | undefined, string | null>;
  language: ColumnType<Language, Language | undefined, Language>;
  passport: JsonRecord<Passport>;
  i94: JsonRecord<I94Record>;
  last_entry: JsonRecord<LastEntry>;
  current_status: ColumnType<string | null, string | null | undefined, string | null>;
  addresses: JsonList<Address>;
  marriages: JsonList<Marriage>;
  parents: JsonList<Relative>;
  children: JsonList<Relative>;
  employment: JsonList<Employment>;
  trips: JsonList<Trip>;
  form_facts: ColumnType<FormFacts, string | undefined, string>;
  /** Migration 0025: the document each fact a document gave came from. */
  fact_sources: ColumnType<PersonFactSources, string | undefined, string>;
  family_key: ColumnType<string, never, never>;
  given_key: ColumnType<string, never, never>;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: UpdatedAt;
}

/** A JSON column holding a list: read as the list, written as its JSON text. */
type JsonList<T> = ColumnType<T[], string | undefined, string>;
/** A JSON column holding one small record or nothing. */
type JsonRecord<T> = ColumnType<T | null, string | null | undefined, string | null>;

export interface CasePartiesTable {
  id: Generated<string>;
  firm_id: string;
  case_id: string;
  role: PartyRole;
  person_id: string | null;
  organization: JsonRecord<Organization>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface QuestionnairesTable {
  id: Generated<string>;
  firm_id: string;
  case_id: string;
  party_id: string;
  template: string;
  language: Language;
  status: ColumnType<QuestionnaireStatus, QuestionnaireStatus | undefined, QuestionnaireStatus>;
  answers: ColumnType<Record<string, unknown>, string | undefined, string>;
  accepted_answers: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  note: ColumnType<string | null, string | null | undefined, string | null>;
  created_by: string | null;
  accepted_by: ColumnType<string | null, string | null | undefined, string | null>;
  sent_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  submitted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  accepted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: UpdatedAt;
}

/** A client's sign-in: a `client` account of the firm and the person it belongs to. */
export interface PortalAccountsTable {
  user_id: string;
  person_id: string;
  firm_id: string;
  created_by: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export type DocumentRequestStatus = 'requested' | 'uploaded' | 'accepted' | 'returned';

export interface DocumentRequestsTable {
  id: Generated<string>;
  firm_id: string;
  case_id: string;
  person_id: string;
  title: string;
  note: string | null;
  status: ColumnType<DocumentRequestStatus, DocumentRequestStatus | undefined, DocumentRequestStatus>;
  reason: ColumnType<string | null, string | null | undefined, string | null>;
  document_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_by: string | null;
  decided_by: ColumnType<string | null, string | null | undefined, string | null>;
  uploaded_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  decided_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: UpdatedAt;
}

export interface PortalMessagesTable {
  id: Generated<string>;
  firm_id: string;
  case_id: string;
  person_id: string;
  from_client: boolean;
  author_id: string | null;
  body: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface CaseCountersTable {
  firm_id: string;
  year: number;
  last: number;
}

export interface CasesTable {
  id: Generated<string>;
  firm_id: string;
  case_number: string;
  client_id: string;
  /** The client's name, kept in step with the client's row by triggers (search and sort). */
  client_name: ColumnType<string, never, never>;
  case_type: CaseType;
  form_type: FormType;
  status: Generated<CaseStatus>;
  assignee_id: string | null;
  due_date: string | null;
  description: Generated<string>;
  receipt_number: string | null;
  priority_date: string | null;
  legal_fee_cents: number | null;
  amount_paid_cents: number | null;
  decided_at: Date | null;
  decided_on: string | null;
  search_text: ColumnType<string, never, never>;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface CaseHistoryTable {
  id: Generated<string>;
  case_id: string;
  actor_user_id: string | null;
  actor_name: string | null;
  field: string;
  from_value: string | null;
  to_value: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  seq: ColumnType<number, never, never>;
}

export type JobStatus = 'pending' | 'running' | 'done' | 'failed';

export interface JobsTable {
  id: Generated<string>;
  queue: string;
  payload: ColumnType<unknown, string | undefined, string>;
  firm_id: string | null;
  status: Generated<JobStatus>;
  run_at: ColumnType<Date, Date | string | undefined, Date | string>;
  locked_until: Date | null;
  locked_by: string | null;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  last_error: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  finished_at: Date | null;
}

export interface DocumentsTable {
  id: Generated<string>;
  firm_id: string;
  case_id: string | null;
  client_id: string | null;
  category: Generated<DocumentCategory>;
  category_chosen: Generated<boolean>;
  name: string;
  kind: FileKind;
  size: ColumnType<number, number, never>;
  sha256: string;
  storage_key: string;
  status: Generated<DocumentStatus>;
  doc_type: DocumentType | null;
  confidence: number | null;
  analysis: ColumnType<DocumentAnalysis | null, string | null, string | null>;
  text_content: string | null;
  error: string | null;
  uploaded_by: string | null;
  search_text: ColumnType<string, never, never>;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  analyzed_at: Date | null;
}

export interface ReportsTable {
  id: Generated<string>;
  firm_id: string;
  type: ReportType;
  range: ReportRange;
  period_start: string;
  period_end: string;
  status: Generated<'queued' | 'running' | 'done' | 'failed'>;
  data: ColumnType<ReportData | null, string | null, string | null>;
  error: string | null;
  created_by: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  finished_at: Date | null;
}
/** Written by a trigger on cases: what "amount paid" gained or lost, and when. */
export interface CasePaymentsTable {
  id: Generated<string>;
  firm_id: string;
  case_id: string;
  amount_cents: ColumnType<string, number, never>;
  received_at: Date;
}
export interface AiUsageTable {
  id: Generated<string>;
  firm_id: string;
  user_id: string | null;
  tool: AiTool;
  case_id: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface CaseFactsTable {
  case_id: string;
  firm_id: string;
  facts: ColumnType<Facts, string, string>;
  updated_by: string | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface CalendarFeedsTable {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  /** 'mine': the person's own deadlines; 'firm': all the firm's. */
  scope: Generated<'mine' | 'firm'>;
  created_at: CreatedAt;
  revoked_at: Date | null;
}

/** Dated tables platform staff add to the rules (migration 0024). */
export interface RuleTablesTable {
  id: Generated<string>;
  kind: 'poverty-guidelines' | 'fee' | 'holiday';
  effective_from: string;
  citation: string;
  source_url: string;
  data: ColumnType<unknown, string, string>;
  created_by: string | null;
  created_at: CreatedAt;
  withdrawn_at: Date | null;
  withdrawn_by: string | null;
  withdrawn_reason: string | null;
}

/** A firm's dated USCIS filing addresses, by form (migration 0026). */
export interface FilingAddressesTable {
  id: Generated<string>;
  firm_id: string;
  form: string;
  label: string | null;
  address: string;
  /** ISO date (PostgreSQL date, read back as text). */
  effective_from: string;
  source_url: string;
  added_by: string | null;
  added_at: CreatedAt;
  withdrawn_at: Date | null;
  withdrawn_by: string | null;
  withdrawn_reason: string | null;
}

/** The docket (migration 0022): one row per deadline of a case, from its source. */
export interface DeadlinesTable {
  id: Generated<string>;
  firm_id: string;
  case_id: string;
  source_key: string;
  source_kind: 'case' | 'document' | 'rule' | 'manual';
  document_id: string | null;
  rule_id: string | null;
  title: string;
  date: string;
  unadjusted_date: string | null;
  kind: 'deadline' | 'opens' | 'expires' | 'hearing';
  explanation: string | null;
  filing: string | null;
  citation: string | null;
  source_url: string | null;
  received_by: Generated<boolean>;
  owner_id: string | null;
  state: Generated<'open' | 'done' | 'dismissed'>;
  reason: string | null;
  closed_by: string | null;
  closed_at: Date | null;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface DeadlineRemindersTable {
  id: Generated<string>;
  firm_id: string;
  user_id: string;
  case_id: string;
  deadline_id: string;
  deadline_date: string;
  days_before: number;
  created_at: CreatedAt;
}

export interface ReminderRunsTable {
  firm_id: string;
  day: string;
  created_at: CreatedAt;
}

export interface GeneratedFormsTable {
  id: Generated<string>;
  firm_id: string;
  case_id: string | null;
  generated_by: string | null;
  forms: string[];
  draft: boolean;
  document_id: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface FormEditionsTable {
  id: Generated<string>;
  firm_id: string;
  form_code: string;
  /** ISO date (PostgreSQL date, read back as text). */
  edition_date: ColumnType<string, string, string>;
  file_name: string;
  storage_key: string;
  field_names: string[];
  uploaded_by: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export type RestoreStatus = 'queued' | 'running' | 'restored' | 'confirmed' | 'failed';

export interface RestoresTable {
  id: Generated<string>;
  status: Generated<RestoreStatus>;
  firm_id: string | null;
  /** The uploaded archive while it waits (under DATA_DIR/restores); null once it is gone. */
  file_key: string | null;
  size_bytes: ColumnType<number, number, never>;
  backup_made_at: Date | null;
  verification: Json;
  error: string | null;
  created_by: string | null;
  created_at: CreatedAt;
  finished_at: Date | null;
  confirmed_by: string | null;
  confirmed_at: Date | null;
}

/** USCIS case status (migration 0023): one row per check of a case's receipt number. */
export interface CaseStatusChecksTable {
  id: Generated<string>;
  firm_id: string;
  case_id: string;
  receipt_number: string;
  checked_at: ColumnType<Date, Date | undefined, never>;
  outcome: 'ok' | 'not-found' | 'invalid' | 'rate-limited' | 'unavailable';
  status_text: string | null;
  status_description: string | null;
  status_text_es: string | null;
  status_description_es: string | null;
  form_type: string | null;
  modified_date: string | null;
  changed: Generated<boolean>;
}

export interface CaseStatusRunsTable {
  firm_id: string;
  day: string;
  created_at: CreatedAt;
}

export interface DB {
  restores: RestoresTable;
  ai_usage: AiUsageTable;
  reports: ReportsTable;
  case_payments: CasePaymentsTable;
  case_facts: CaseFactsTable;
  calendar_feeds: CalendarFeedsTable;
  deadlines: DeadlinesTable;
  rule_tables: RuleTablesTable;
  filing_addresses: FilingAddressesTable;
  deadline_reminders: DeadlineRemindersTable;
  reminder_runs: ReminderRunsTable;
  generated_forms: GeneratedFormsTable;
  form_editions: FormEditionsTable;
  jobs: JobsTable;
  documents: DocumentsTable;
  clients: ClientsTable;
  case_parties: CasePartiesTable;
  questionnaires: QuestionnairesTable;
  portal_accounts: PortalAccountsTable;
  document_requests: DocumentRequestsTable;
  portal_messages: PortalMessagesTable;
  cases: CasesTable;
  case_counters: CaseCountersTable;
  case_history: CaseHistoryTable;
  firms: FirmsTable;
  users: UsersTable;
  sessions: SessionsTable;
  contact_requests: ContactRequestsTable;
  outbox: OutboxTable;
  audit_log: AuditLogTable;
  actions: ActionsTable;
  permissions: PermissionsTable;
  invitations: InvitationsTable;
  password_resets: PasswordResetsTable;
  firm_settings: FirmSettingsTable;
  recovery_codes: RecoveryCodesTable;
  backups: BackupsTable;
  case_status_checks: CaseStatusChecksTable;
  case_status_runs: CaseStatusRunsTable;
}
