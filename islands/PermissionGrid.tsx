import { island } from './runtime/island';
import { type FormEvent, useState } from 'react';
import { request } from '../src/shared/api-client';
import {
  ACCESS_MESSAGES,
  type PermissionEntry,
  ROLE_COLUMNS,
  type RolePermission,
} from '../src/shared/access';
import type { Role } from '../src/shared/session';
import { Loading, type Outcome, OUTCOMES, OutcomeAlert, problemOf } from './ui/access';

export type Flag = 'canRead' | 'canWrite' | 'canDelete';
export const FLAGS: Array<{ flag: Flag; label: string }> = [
  { flag: 'canRead', label: 'Read' },
  { flag: 'canWrite', label: 'Write' },
  { flag: 'canDelete', label: 'Delete' },
];

/** The form field of one checkbox, such as `user.canRead`; the page route reads the same names. */
export const flagField = (roleId: Role, flag: Flag) => `${roleId}.${flag}`;

export type PermissionGridProps = {
  entries: PermissionEntry[];
  csrfToken?: string;
  /** The row being edited (without JavaScript: ?edit=, or a refused save with the values entered). */
  editing?: { id: string; permissions: RolePermission[] };
  /** A refused save, shown beside the grid. */
  error?: string;
};

const rowAnchor = (id: string) => `permission-${id}`;

/** Role Management (SPEC §2): the matrix, one row per action, each row edited and saved on its own. */
function PermissionGrid(props: PermissionGridProps) {
  const [entries, setEntries] = useState(props.entries);
  const [drafts, setDrafts] = useState<Record<string, RolePermission[]>>(
    props.editing ? { [props.editing.id]: props.editing.permissions } : {},
  );
  const [saving, setSaving] = useState<string>();
  const [loading, setLoading] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | undefined>(
    props.error ? { kind: 'error', message: props.error } : undefined,
  );

  function edit(event: { preventDefault(): void }, entry: PermissionEntry) {
    event.preventDefault();
    setDrafts((d) => ({ ...d, [entry.id]: d[entry.id] ?? entry.permissions }));
  }

  function tick(entry: PermissionEntry, roleId: Role, flag: Flag, value: boolean) {
    setDrafts((d) => ({
      ...d,
      [entry.id]: d[entry.id].map((p) => (p.roleId === roleId ? { ...p, [flag]: value } : p)),
    }));
  }

  async function reload() {
    setLoading(true);
    try {
      setEntries(await request<PermissionEntry[]>('/permissions'));
    } catch (error) {
      setOutcome({ kind: 'error', message: problemOf(error) });
    } finally {
      setLoading(false);
    }
  }

  async function save(event: FormEvent, entry: PermissionEntry) {
    event.preventDefault();
    const draft = drafts[entry.id];
    if (!draft) return;
    setSaving(entry.id);
    setOutcome(undefined);
    try {
      const permissions = draft.map(({ roleId, canRead, canWrite, canDelete }) => ({
        roleId,
        canRead,
        canWrite,
        canDelete,
      }));
      const saved = await request<PermissionEntry>(`/permissions/${entry.id}`, {
        method: 'PUT',
        body: JSON.stringify({ permissions }),
      });
      // The saved row shows at once; the reload then brings every other staff member's changes too.
      setEntries((all) => all.map((e) => (e.id === saved.id ? saved : e)));
      setDrafts(({ [entry.id]: _saved, ...others }) => others);
      setOutcome({ kind: 'success', message: OUTCOMES.permissionsSaved(entry.name) });
      await reload();
    } catch (error) {
      // The row stays in edit mode with the person's choices, so they can correct them.
      setOutcome({ kind: 'error', message: OUTCOMES.permissionsRefused(entry.name, problemOf(error)) });
    } finally {
      setSaving(undefined);
    }
  }

  return (
    <div className="access-grid">
      <OutcomeAlert outcome={outcome} />
      {loading && <Loading text={ACCESS_MESSAGES.loadingPermissions} />}
      <div className="access-table-wrap">
        <table className="access-table" aria-busy={loading || undefined}>
          <caption className="visually-hidden">
            Read, write and delete permissions of each role, by action
          </caption>
          <thead>
            <tr>
              <th scope="col">Action</th>
              <th scope="col">Route</th>
              <th scope="col">Method</th>
              {ROLE_COLUMNS.map((c) => (
                <th scope="col" key={c.roleId}>
                  {c.roleName}
                </th>
              ))}
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <PermissionRow
                key={entry.id}
                entry={entry}
                draft={drafts[entry.id]}
                saving={saving === entry.id}
                csrfToken={props.csrfToken}
                onEdit={edit}
                onTick={tick}
                onSave={save}
              />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function PermissionRow(props: {
  entry: PermissionEntry;
  draft?: RolePermission[];
  saving: boolean;
  csrfToken?: string;
  onEdit: (event: { preventDefault(): void }, entry: PermissionEntry) => void;
  onTick: (entry: PermissionEntry, roleId: Role, flag: Flag, value: boolean) => void;
  onSave: (event: FormEvent, entry: PermissionEntry) => void;
}) {
  const { entry, draft } = props;
  const formId = `permission-form-${entry.id}`;
  const lockedReasonId = `permission-locked-${entry.id}`;
  const shown = draft ?? entry.permissions;
  return (
    <tr id={rowAnchor(entry.id)} className={draft ? 'is-editing' : undefined}>
      <th scope="row">
        {entry.name}
        {!entry.isActive && <span className="access-tag">Inactive</span>}
        {entry.lockedFlag && (
          <span className="visually-hidden" id={lockedReasonId}>
            {ACCESS_MESSAGES.selfLockout}
          </span>
        )}
      </th>
      <td>
        <code>{entry.route}</code>
      </td>
      <td>
        <span className="access-method">{entry.method}</span>
      </td>
      {entry.isPublic ? (
        <td colSpan={ROLE_COLUMNS.length} className="access-public">
          Public: open to everyone, signed in or not
        </td>
      ) : (
        ROLE_COLUMNS.map(({ roleId, roleName }) => {
          const role = shown.find((p) => p.roleId === roleId)!;
          return (
            <td key={roleId}>
              <div className="access-flags">
                {FLAGS.map(({ flag, label }) => {
                  // Staff keep this flag whatever they tick: shown fixed, with why, and still posted.
                  const locked = roleId === 'reti' && flag === entry.lockedFlag;
                  return (
                    <label key={flag} title={locked ? ACCESS_MESSAGES.selfLockout : undefined}>
                      <input
                        type="checkbox"
                        form={formId}
                        name={flagField(roleId, flag)}
                        aria-label={`${roleName} ${label} for ${entry.name}`}
                        aria-describedby={locked ? lockedReasonId : undefined}
                        checked={role[flag]}
                        disabled={!draft || locked}
                        onChange={(e) => props.onTick(entry, roleId, flag, e.target.checked)}
                      />
                      {locked && draft && (
                        <input type="hidden" form={formId} name={flagField(roleId, flag)} value="on" />
                      )}
                      {label}
                    </label>
                  );
                })}
              </div>
            </td>
          );
        })
      )}
      <td>
        {!entry.isPublic && (
          <div className="access-row-buttons">
            <a
              className="btn btn-ghost"
              href={`/reti/role-management?edit=${entry.id}#${rowAnchor(entry.id)}`}
              aria-label={`Edit ${entry.name}`}
              onClick={(e) => props.onEdit(e, entry)}
            >
              Edit
            </a>
            <form
              id={formId}
              method="post"
              action={`/reti/role-management/${entry.id}`}
              onSubmit={(e) => props.onSave(e, entry)}
            >
              <input type="hidden" name="_csrf" value={props.csrfToken} />
              <button
                type="submit"
                className="btn btn-primary"
                aria-label={`Save ${entry.name}`}
                disabled={!draft || props.saving}
              >
                Save
              </button>
            </form>
          </div>
        )}
      </td>
    </tr>
  );
}

export default island('PermissionGrid', PermissionGrid);
