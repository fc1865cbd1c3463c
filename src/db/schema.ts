import type { ColumnType, Generated } from 'kysely';

/** Table types for Kysely: one name for one thing across SQL and TypeScript. */
type CreatedAt = ColumnType<Date, never, never>;
type UpdatedAt = ColumnType<Date, never, Date>;
type Json = ColumnType<unknown, string | null, string | null>;

export type Role = 'user' | 'admin' | 'reti';
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

export interface DB {
  firms: FirmsTable;
  users: UsersTable;
  sessions: SessionsTable;
  contact_requests: ContactRequestsTable;
  outbox: OutboxTable;
  audit_log: AuditLogTable;
}
