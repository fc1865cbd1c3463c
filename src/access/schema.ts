import { z } from 'zod';
import { ACTION_LIMITS, ACTION_ROUTE_PATTERN, HTTP_METHODS, ROLE_COLUMNS } from '../shared/access';

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** The Add Action / edit form and POST/PUT {API}/actions. */
export const actionSchema = z.object({
  name: required('Action Name', ACTION_LIMITS.name),
  category: required('Category', ACTION_LIMITS.category),
  route: required('API Route', ACTION_LIMITS.route).regex(
    ACTION_ROUTE_PATTERN,
    'API Route must be a path under /api, such as /api/firms/{id}',
  ),
  method: z.enum(HTTP_METHODS, { error: 'HTTP Method must be GET, POST, PUT, PATCH or DELETE' }),
  description: required('Description', ACTION_LIMITS.description),
  isActive: z.boolean({ error: 'Active must be true or false' }).default(true),
});

/** PATCH {API}/actions/{id}: any of the fields, typically just isActive. */
export const actionPatchSchema = actionSchema.partial().refine((v) => Object.keys(v).length > 0, {
  message: 'Nothing to change',
});

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
        roleId: z.enum(['user', 'admin', 'reti'], { error: 'roleId must be user, admin or reti' }),
      }),
    )
    .refine(
      (rows) => ROLE_COLUMNS.every((c) => rows.filter((r) => r.roleId === c.roleId).length === 1),
      'permissions must have exactly one entry for each of user, admin and reti',
    ),
});

export type ActionPatch = z.infer<typeof actionPatchSchema>;
export type PermissionRowInput = z.infer<typeof permissionRowSchema>;
