import { z } from 'zod';
import { ACTION_LIMITS, ACTION_ROUTE_PATTERN, HTTP_METHODS, ROLE_COLUMNS } from '../shared/access';
import { requiredText as required } from '../shared/fields';
import { ROLES } from '../shared/session';

const ROUTE_FORMAT = 'API Route must be a path under /api, such as /api/firms/{id}';
/** '.' and '..' are no segments a route can have: clients and proxies resolve them away. */
const hasDotSegment = (route: string) => route.split('/').some((s) => s === '.' || s === '..');

const actionFields = z.object({
  name: required('Action Name', ACTION_LIMITS.name),
  category: required('Category', ACTION_LIMITS.category),
  route: required('API Route', ACTION_LIMITS.route)
    .regex(ACTION_ROUTE_PATTERN, ROUTE_FORMAT)
    .refine((route) => !hasDotSegment(route), ROUTE_FORMAT),
  method: z.enum(HTTP_METHODS, { error: 'HTTP Method must be GET, POST, PUT, PATCH or DELETE' }),
  description: required('Description', ACTION_LIMITS.description),
  isActive: z.boolean({ error: 'Active must be true or false' }),
});

/** The Add Action / edit form and POST/PUT {API}/actions; an action is active unless it says otherwise. */
export const actionSchema = actionFields.extend({ isActive: actionFields.shape.isActive.default(true) });

/**
 * PATCH {API}/actions/{id}: any of the fields, typically just isActive. Built without that default, which
 * zod applies even to an optional field: every patch would reactivate the action.
 */
export const actionPatchSchema = actionFields.partial().refine((v) => Object.keys(v).length > 0, {
  message: 'Nothing to change',
});

const ONE_PER_ROLE =
  'permissions must have exactly one entry for each of user, admin and reti, and at most one for client';
/** A body written before the client role (three entries) stays valid: the client's flags are then kept. */
const OPTIONAL_ROLES = new Set(['client']);

const flags = z.object({
  canRead: z.boolean({ error: 'canRead must be true or false' }),
  canWrite: z.boolean({ error: 'canWrite must be true or false' }),
  canDelete: z.boolean({ error: 'canDelete must be true or false' }),
});

/** PUT {API}/permissions/{actionId}: the row's flags for every role. */
export const permissionRowSchema = z.object({
  permissions: z
    .array(
      flags.extend({
        roleId: z.enum(ROLES, { error: 'roleId must be user, admin, reti or client' }),
      }),
      { error: ONE_PER_ROLE },
    )
    .refine(
      (rows) =>
        ROLE_COLUMNS.every((c) => {
          const count = rows.filter((r) => r.roleId === c.roleId).length;
          return count === 1 || (count === 0 && OPTIONAL_ROLES.has(c.roleId));
        }),
      ONE_PER_ROLE,
    ),
});

export type ActionPatch = z.infer<typeof actionPatchSchema>;
export type PermissionRowInput = z.infer<typeof permissionRowSchema>;
