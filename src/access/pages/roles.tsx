import { z } from 'zod';
import PermissionGrid, { FLAGS, flagField, type PermissionGridProps } from '../../../islands/PermissionGrid';
import { OUTCOMES } from '../../../islands/ui/access';
import { Icon } from '../../../islands/ui/icon';
import { Island } from '../../../views/components/Island';
import { useRenderContext } from '../../../views/context';
import { type OutputOf, page } from '../page';
import { ROLE_COLUMNS, type RolePermission } from '../../shared/access';
import { pages } from '../../shared/paths';
import { listPermissions, savePermissions } from '../actions';

/** /reti/role-management: the permission matrix, rendered with its rows so the first paint needs no fetch. */
function RoleManagementPage(props: Omit<PermissionGridProps, 'csrfToken'>) {
  const { csrfToken } = useRenderContext();
  return (
    <section className="section access-page">
      <h1 className="page-title">
        <Icon name="roles" />
        Role Management
      </h1>
      <p className="lead">
        Which role may read, write and delete through each action. A saved row is enforced at once, on every
        request.
      </p>
      <Island of={PermissionGrid} props={{ ...props, csrfToken }} trigger="idle" />
    </section>
  );
}

/** A checkbox of a page form: ticked ('on') or left out. */
export const checkbox = (label: string) =>
  z.literal('on', { error: `${label} must be ticked or left empty` }).optional();

/** The ticks as entered, to show them again when the save is refused. */
const enteredPermissions = (body: Record<string, unknown>): RolePermission[] =>
  ROLE_COLUMNS.map(({ roleId, roleName }) => ({
    roleId,
    roleName,
    canRead: body[flagField(roleId, 'canRead')] === 'on',
    canWrite: body[flagField(roleId, 'canWrite')] === 'on',
    canDelete: body[flagField(roleId, 'canDelete')] === 'on',
  }));

/** Role Management's row form: a checkbox per role and flag, as the API's row of permissions. */
const permissionsFormSchema = z
  .object(
    Object.fromEntries(
      ROLE_COLUMNS.flatMap(({ roleId, roleName }) =>
        FLAGS.map(({ flag, label }) => [flagField(roleId, flag), checkbox(`${roleName} ${label}`)]),
      ),
    ),
  )
  .transform((ticks) => ({ permissions: enteredPermissions(ticks) }));

/** ?edit= names the row in edit mode; ?q= and ?category= are the search the grid starts with. */
const rolesQuery = z
  .object({ edit: z.unknown().optional(), q: z.unknown().optional(), category: z.unknown().optional() })
  .catch({});

const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 100) : '');

/**
 * Role Management: the grid; a refused row save shows it again, that row still in edit mode with the
 * ticks as entered and the reason.
 */
export const rolesPage = page({
  path: pages.reti.roles,
  // A row's form posted with an ID that names no action.
  notFound: 'Action not found.',
  reads: [listPermissions],
  query: rolesQuery,
  menu: { role: 'reti', order: 3, id: 'role-management', label: 'Role Management', icon: 'roles' },
  load: ({ read }) => read(listPermissions),
  render: (entries, { query, params, form }) => {
    const editingId = form ? params.actionId : typeof query.edit === 'string' ? query.edit : undefined;
    const row = entries.find((e) => e.id === editingId && !e.isPublic);
    const editing = row && {
      id: row.id,
      permissions: form ? enteredPermissions(form.values) : row.permissions,
    };
    const refused = form?.refusal?.message;
    const error = refused && row ? OUTCOMES.permissionsRefused(row.name, refused) : refused;
    const view = { q: text(query.q), category: text(query.category) };
    return {
      view: <RoleManagementPage entries={entries} view={view} editing={editing} error={error} />,
      meta: {
        title: 'Role Management',
        description: 'Read, write and delete permissions of each role, by action.',
        noindex: true,
      },
    };
  },
  forms: [
    {
      action: savePermissions,
      path: pages.reti.rolesRow(':actionId'),
      schema: permissionsFormSchema,
      done: (_ctx, saved: OutputOf<typeof savePermissions>) => ({
        to: pages.reti.roles,
        flash: OUTCOMES.permissionsSaved(saved.name),
      }),
    },
  ],
});
