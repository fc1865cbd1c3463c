import type { ColumnType, Generated } from 'kysely';
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
  created_at: CreatedAt;
  updated_at: UpdatedAt;
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
  status: Generated<'pending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: CreatedAt;
  sent_at: Date | null;
  next_attempt_at: ColumnType<Date, Date | undefined, Date>;
}

export interface AuditLogTable {
  id: Generated<string>;
  actor_user_id: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before: Json;
  after: Json;
  created_at: CreatedAt;
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
}

export interface PasswordResetsTable {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}

export interface DB {
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
}
