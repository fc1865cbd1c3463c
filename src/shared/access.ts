/** Words, options and shapes of the access catalog and matrix, shared by the server and the islands. */
import type { Role } from './session';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];
/** The HTTP Method options of the Add Action form (SPEC §2); PATCH stays available when editing a PATCH row. */
export const FORM_METHODS: HttpMethod[] = ['GET', 'POST', 'PUT', 'DELETE'];

export const ROLE_COLUMNS: Array<{ roleId: Role; roleName: string }> = [
  { roleId: 'user', roleName: 'User' },
  { roleId: 'admin', roleName: 'Admin' },
  { roleId: 'reti', roleName: 'Reti' },
  { roleId: 'client', roleName: 'Client' },
];

export const ACCESS_MESSAGES = {
  loadingPermissions: 'Loading role permissions...',
  loadingActions: 'Loading actions...',
  confirmDelete: 'Are you sure you want to delete this action?',
  clientsOwnOnly:
    "Clients can be given only the portal's actions and their own account's: this action reaches the firm's records.",
  selfLockout: 'Staff cannot remove their own access to Role Management and Actions Management.',
  publicAction: 'This action is public: everyone may call it, so it has no role permissions to edit.',
  publicRouteFixed:
    'A public action keeps its route and method: its endpoint expects callers who are not signed in.',
  declaredRouteFixed:
    'This action is part of the product: it keeps its route and method, where the product serves it.',
  declaredUndeletable: (name: string) =>
    `${name} is part of the product, so it cannot be deleted. Make it inactive instead.`,
  confirmTurnOff: (name: string, whenOff: string) => `Turn off ${name}? ${whenOff}`,
};

export const ACTION_LIMITS = { name: 100, category: 100, route: 200, description: 500 } as const;

/** A catalog route: under /api, each segment a plain word or a {parameter}. */
export const ACTION_ROUTE_PATTERN = /^\/api(\/([A-Za-z0-9._~-]+|\{[A-Za-z][A-Za-z0-9_]*\}))+$/;

/** An action as the API and the islands see it (SPEC §3 field names; dates as yyyy-mm-dd). */
export type Action = {
  id: string;
  name: string;
  description: string;
  route: string;
  method: HttpMethod;
  category: string;
  isActive: boolean;
  isPublic: boolean;
  createdAt: string;
  lastModified: string;
  /** Declared by the product's code: it can be made inactive, but not deleted or moved. */
  isDeclared: boolean;
  /** Why it can never be turned off (staff would lock themselves out). */
  offLocked?: string;
  /** What stops working while it is off: staff confirm before turning it off. */
  whenOff?: string;
};

export type RolePermission = {
  roleId: Role;
  roleName: string;
  canRead: boolean;
  canWrite: boolean;
  canDelete: boolean;
};

/** One row of the matrix (SPEC §3 "Permission entry"). */
export type PermissionEntry = Pick<
  Action,
  'id' | 'name' | 'description' | 'route' | 'method' | 'category' | 'isActive' | 'isPublic'
> & {
  permissions: RolePermission[];
  /** The staff flag that cannot be unticked (self-lockout): shown disabled, with the reason. */
  lockedFlag?: 'canRead' | 'canWrite' | 'canDelete';
  /** The action reaches more than a client's own records, so the Client column stays empty (clientsOwnOnly). */
  clientClosed?: true;
};

export type ActionInput = Pick<Action, 'name' | 'category' | 'route' | 'method' | 'description' | 'isActive'>;

/** Role Management's search (words in an action's name, route, method or description) and category. */
export type PermissionView = { q: string; category: string };

/** The rows a view shows, grouped by category (categories by name, rows in the matrix's order). */
export function permissionGroups(
  entries: PermissionEntry[],
  view: PermissionView,
): Array<{ category: string; entries: PermissionEntry[] }> {
  const words = view.q.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const groups = new Map<string, PermissionEntry[]>();
  for (const entry of entries) {
    if (view.category && entry.category !== view.category) continue;
    const text = `${entry.name} ${entry.route} ${entry.method} ${entry.description}`.toLowerCase();
    if (!words.every((w) => text.includes(w))) continue;
    groups.set(entry.category, [...(groups.get(entry.category) ?? []), entry]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([category, rows]) => ({ category, entries: rows }));
}

/** Role Management's address at a view (`?q=case&category=Case+Management`), with more when given. */
export function permissionPath(view: PermissionView, more: Record<string, string> = {}): string {
  const query = new URLSearchParams();
  if (view.q.trim()) query.set('q', view.q.trim());
  if (view.category) query.set('category', view.category);
  for (const [name, value] of Object.entries(more)) query.set(name, value);
  const text = query.toString();
  return `/reti/role-management${text ? `?${text}` : ''}`;
}
