import { island } from './runtime/island';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { request } from '../src/shared/api-client';
import {
  ACCESS_MESSAGES,
  type PermissionEntry,
  type PermissionView,
  permissionGroups,
  permissionPath,
  ROLE_COLUMNS,
  type RolePermission,
} from '../src/shared/access';
import type { Role } from '../src/shared/session';
import { Field, SelectField } from './ui/form';
import {
  Loading,
  type Outcome,
  OUTCOMES,
  OutcomeAlert,
  problemOf,
  type RowLine,
  withRowOutcome,
  useFocusAfterRender,
} from './ui/access';

export type Flag = 'canRead' | 'canWrite' | 'canDelete';
export const FLAGS: Array<{ flag: Flag; label: string }> = [
  { flag: 'canRead', label: 'Read' },
  { flag: 'canWrite', label: 'Write' },
  { flag: 'canDelete', label: 'Delete' },
];

/** The one note every closed Client checkbox points to (it would repeat on 140 rows otherwise). */
const CLIENT_REASON_ID = 'permission-client-closed';

/** The form field of one checkbox, such as `user.canRead`; the page route reads the same names. */
export const flagField = (roleId: Role, flag: Flag) => `${roleId}.${flag}`;

export type PermissionGridProps = {
  entries: PermissionEntry[];
  /** The search and category the page was asked for (`?q=&category=`). */
  view: PermissionView;
  csrfToken?: string;
  /** The row being edited (without JavaScript: ?edit=, or a refused save with the values entered). */
  editing?: { id: string; permissions: RolePermission[] };
  /** A refused save, shown beside the grid. */
  error?: string;
};

const rowAnchor = (id: string) => `permission-${id}`;
const COLUMNS = 3 + ROLE_COLUMNS.length + 1;
/** A row's first box that can be ticked (the locked one is skipped), and its Edit button. */
const rowOf = (id: string) => `[id="${rowAnchor(id)}"]`;
const firstBoxOf = (id: string) => `${rowOf(id)} input[type="checkbox"]:not(:disabled)`;
const editOf = (id: string) => `${rowOf(id)} [data-control="edit"]`;

/** Role Management (SPEC §2): the matrix, one row per action, each row edited and saved on its own. */
function PermissionGrid(props: PermissionGridProps) {
  const [entries, setEntries] = useState(props.entries);
  const [drafts, setDrafts] = useState<Record<string, RolePermission[]>>(
    props.editing ? { [props.editing.id]: props.editing.permissions } : {},
  );
  const [saving, setSaving] = useState<string>();
  const [loading, setLoading] = useState(false);
  // Outcomes that concern no single row (a failed reload, a refusal the server rendered).
  const [outcome, setOutcome] = useState<Outcome | undefined>(
    props.error ? { kind: 'error', message: props.error } : undefined,
  );
  // The outcome of saving one row, said under that row.
  const [line, setLine] = useState<RowLine>();
  const root = useRef<HTMLDivElement>(null);
  const focusLater = useFocusAfterRender(root);
  const [view, setView] = useState(props.view);
  const groups = permissionGroups(entries, view);
  const categories = useMemo(() => [...new Set(entries.map((e) => e.category))].sort(), [entries]);

  /** Live, the rows follow the search as it is typed; the address follows too, so a reload keeps it. */
  function searched(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = { q: String(form.get('q') ?? ''), category: String(form.get('category') ?? '') };
    setView(next);
    history.replaceState(null, '', permissionPath(next));
  }

  /**
   * Edit enables the row's boxes, which come before it in the row: focus goes to the first of them,
   * so Tab goes on through the row's boxes, then back to Edit and Save.
   */
  function edit(event: { preventDefault(): void }, entry: PermissionEntry) {
    event.preventDefault();
    setDrafts((d) => ({ ...d, [entry.id]: d[entry.id] ?? entry.permissions }));
    focusLater(firstBoxOf(entry.id), rowOf(entry.id));
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
    if (!draft || saving === entry.id) return;
    setSaving(entry.id);
    setOutcome(undefined);
    const at = { rowId: entry.id, index: entries.findIndex((e) => e.id === entry.id) };
    // The live region is in place before the outcome arrives in it.
    setLine(at);
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
      setLine({ ...at, outcome: { kind: 'success', message: OUTCOMES.permissionsSaved(entry.name) } });
      // Save is off again once the row is read-only: focus goes to the row's Edit, not to <body>.
      focusLater(editOf(entry.id), rowOf(entry.id));
      await reload();
    } catch (error) {
      // The row stays in edit mode with the person's choices, so they can correct them; focus stays on Save.
      setLine({
        ...at,
        outcome: { kind: 'error', message: OUTCOMES.permissionsRefused(entry.name, problemOf(error)) },
      });
    } finally {
      setSaving(undefined);
    }
  }

  return (
    <div className="access-grid" ref={root}>
      <OutcomeAlert outcome={outcome} />
      {loading && <Loading text={ACCESS_MESSAGES.loadingPermissions} />}
      <form
        className="card access-search"
        method="get"
        action={permissionPath({ q: '', category: '' })}
        role="search"
        onSubmit={searched}
        onChange={searched}
      >
        <Field
          id="permissions-q"
          name="q"
          type="search"
          label="Search actions"
          hint="Words in an action's name, route, method or description"
          maxLength={100}
          defaultValue={props.view.q}
        />
        <SelectField
          id="permissions-category"
          name="category"
          label="Category"
          options={[
            { value: '', label: 'All categories' },
            ...categories.map((c) => ({ value: c, label: c })),
          ]}
          defaultValue={props.view.category}
        />
        <div className="access-search-actions">
          <button type="submit" className="btn btn-secondary">
            Search
          </button>
        </div>
      </form>
      <p className="muted" role="status">
        {`${groups.reduce((n, g) => n + g.entries.length, 0)} of ${entries.length} actions shown, by category.`}
      </p>
      <p className="muted" id={CLIENT_REASON_ID}>
        {`Client column: ${ACCESS_MESSAGES.clientsOwnOnly}`}
      </p>
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
          {groups.length === 0 && (
            <tbody>
              <tr>
                <td colSpan={COLUMNS} className="muted">
                  No action matches the search.
                </td>
              </tr>
            </tbody>
          )}
          {groups.map((group) => {
            const ids = group.entries.map((e) => e.id);
            return (
              <tbody key={group.category}>
                <tr className="access-group">
                  <th scope="rowgroup" colSpan={COLUMNS}>
                    {`${group.category} (${group.entries.length})`}
                  </th>
                </tr>
                {withRowOutcome(
                  group.entries.map((entry) => (
                    <PermissionRow
                      key={entry.id}
                      entry={entry}
                      view={view}
                      draft={drafts[entry.id]}
                      saving={saving === entry.id}
                      csrfToken={props.csrfToken}
                      onEdit={edit}
                      onTick={tick}
                      onSave={save}
                    />
                  )),
                  ids,
                  line && ids.includes(line.rowId) ? line : undefined,
                  COLUMNS,
                )}
              </tbody>
            );
          })}
        </table>
      </div>
    </div>
  );
}

function PermissionRow(props: {
  entry: PermissionEntry;
  view: PermissionView;
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
                  // A client may hold only their own records' actions: the box stays empty, with why.
                  const closed = roleId === 'client' && entry.clientClosed === true;
                  const reason = locked
                    ? ACCESS_MESSAGES.selfLockout
                    : closed
                      ? ACCESS_MESSAGES.clientsOwnOnly
                      : undefined;
                  return (
                    <label key={flag} title={reason}>
                      <input
                        type="checkbox"
                        form={formId}
                        name={flagField(roleId, flag)}
                        aria-label={`${roleName} ${label} for ${entry.name}`}
                        aria-describedby={locked ? lockedReasonId : closed ? CLIENT_REASON_ID : undefined}
                        checked={role[flag]}
                        disabled={!draft || locked || closed}
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
              href={`${permissionPath(props.view, { edit: entry.id })}#${rowAnchor(entry.id)}`}
              aria-label={`Edit ${entry.name}`}
              data-control="edit"
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
                disabled={!draft}
                // Not `disabled` while saving: a disabled button loses focus (to <body>).
                aria-disabled={props.saving || undefined}
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
