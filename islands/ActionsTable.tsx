import { island } from './runtime/island';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { HttpStatusError, request } from '../src/shared/api-client';
import { ACCESS_MESSAGES, type Action, ACTION_LIMITS, FORM_METHODS } from '../src/shared/access';
import { formatDate } from '../src/shared/dates';
import { api, pages } from '../src/shared/paths';
import type { FieldErrors } from '../src/shared/validation';
import {
  Loading,
  type Outcome,
  OUTCOMES,
  OutcomeAlert,
  problemOf,
  ROW_LINE_MESSAGE,
  type RowLine,
  withRowOutcome,
  useFocusAfterRender,
} from './ui/access';
import { Alert, CheckboxField, Field, RequiredNote, SelectField, TextAreaField } from './ui/form';
import { Icon } from './ui/icon';

/** The Add Action / edit form as entered: strings until the server's schema has parsed them. */
export type ActionFormValues = {
  name: string;
  category: string;
  route: string;
  method: string;
  description: string;
  isActive: boolean;
};
export type ActionField = keyof ActionFormValues;

export type ActionForm = {
  /** The action being edited; absent for a new one. */
  editing?: string;
  values: ActionFormValues;
  errors?: FieldErrors<ActionField>;
  /** A refusal that belongs to no single field. */
  error?: string;
};

export type ActionsTableProps = {
  actions: Action[];
  csrfToken?: string;
  /** Without JavaScript: the form opened by ?new or ?edit=, or refused with the values entered. */
  form?: ActionForm;
  /** Without JavaScript: the action whose deletion waits for confirmation (?delete=). */
  confirmDelete?: string;
  /** Without JavaScript: the action whose turning off waits for confirmation (?toggle=). */
  confirmToggle?: string;
  /** A refused toggle or delete, shown beside the table. */
  error?: string;
};

export const NEW_ACTION: ActionFormValues = {
  name: '',
  category: '',
  route: '',
  method: 'GET',
  description: '',
  isActive: true,
};

export const formValuesOf = (a: Action): ActionFormValues => ({
  name: a.name,
  category: a.category,
  route: a.route,
  method: a.method,
  description: a.description,
  isActive: a.isActive,
});

const PAGE = pages.reti.actions;
const COLUMNS = 7;
const rowOf = (id: string) => `[id="action-${id}"]`;
/** The row's controls, found again after the list is fetched (a toggle may be a new element by then). */
const toggleOf = (id: string) => `${rowOf(id)} [data-control="toggle"]`;
const editOf = (id: string) => `${rowOf(id)} [data-control="edit"]`;
const ADD = '[data-control="add"]';

/** Actions Management (SPEC §2): the catalog of API actions, added, edited, toggled and deleted here. */
function ActionsTable(props: ActionsTableProps) {
  const [actions, setActions] = useState(props.actions);
  const [form, setForm] = useState(props.form);
  const [busy, setBusy] = useState(false);
  // The state is for rendering; the ref refuses a second change before the first has re-rendered.
  const busyRef = useRef(false);
  const [loading, setLoading] = useState(false);
  // Outcomes that concern no single row (a failed reload, a refusal the server rendered).
  const [outcome, setOutcome] = useState<Outcome | undefined>(
    props.error ? { kind: 'error', message: props.error } : undefined,
  );
  // The outcome of a change to one row, said under that row.
  const [line, setLine] = useState<RowLine>();
  const root = useRef<HTMLDivElement>(null);
  const focusLater = useFocusAfterRender(root);
  // Opening the form with a click moves focus to its first field.
  const [opened, setOpened] = useState(0);
  const confirming = actions.find((a) => a.id === props.confirmDelete && !a.isDeclared);
  const confirmingOff = actions.find((a) => a.id === props.confirmToggle && a.isActive && a.whenOff);

  function open(event: { preventDefault(): void }, next: ActionForm) {
    event.preventDefault();
    setForm(next);
    setOpened((n) => n + 1);
  }

  async function reload() {
    setLoading(true);
    try {
      setActions(await request<Action[]>(api.actions));
    } catch (error) {
      setOutcome({ kind: 'error', message: problemOf(error) });
    } finally {
      setLoading(false);
    }
  }

  function start(): boolean {
    if (busyRef.current) return false;
    busyRef.current = true;
    setBusy(true);
    setOutcome(undefined);
    return true;
  }

  function finish() {
    busyRef.current = false;
    setBusy(false);
  }

  const lineAt = (id: string): RowLine => ({ rowId: id, index: actions.findIndex((a) => a.id === id) });

  /**
   * A change to one action, then the fresh list. The outcome is said under the action's row; focus
   * stays on the control used, or goes to the message when the row is gone.
   */
  async function change(
    action: Action,
    work: () => Promise<unknown>,
    success: string,
    then: 'toggle' | 'line',
  ) {
    const at = lineAt(action.id);
    // The live region is in place before the outcome arrives in it.
    setLine(at);
    try {
      await work();
      setLine({ ...at, outcome: { kind: 'success', message: success } });
      await reload();
      focusLater(then === 'toggle' ? toggleOf(action.id) : ROW_LINE_MESSAGE, rowOf(action.id));
    } catch (error) {
      setLine({ ...at, outcome: { kind: 'error', message: problemOf(error) } });
    } finally {
      finish();
    }
  }

  function toggle(event: { preventDefault(): void }, action: Action) {
    event.preventDefault();
    if (busyRef.current) return;
    const isActive = !action.isActive;
    if (
      !isActive &&
      action.whenOff &&
      !window.confirm(ACCESS_MESSAGES.confirmTurnOff(action.name, action.whenOff))
    )
      return;
    if (!start()) return;
    void change(
      action,
      () => request(api.action(action.id), { method: 'PATCH', body: JSON.stringify({ isActive }) }),
      OUTCOMES.actionToggled(action.name, isActive),
      'toggle',
    );
  }

  function remove(event: { preventDefault(): void }, action: Action) {
    event.preventDefault();
    if (busyRef.current || !window.confirm(ACCESS_MESSAGES.confirmDelete)) return;
    if (!start()) return;
    if (form?.editing === action.id) setForm(undefined);
    void change(
      action,
      () => request(api.action(action.id), { method: 'DELETE' }),
      OUTCOMES.actionDeleted(action.name),
      'line',
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form || !start()) return;
    const { editing } = form;
    // An edited action's row gets its live region now; a new one's row exists only after the reload.
    if (editing) setLine(lineAt(editing));
    try {
      const body = JSON.stringify(form.values);
      const saved = editing
        ? await request<Action>(api.action(editing), { method: 'PUT', body })
        : await request<Action>(api.actions, { method: 'POST', body });
      const message = editing ? OUTCOMES.actionUpdated(saved.name) : OUTCOMES.actionAdded(saved.name);
      setForm(undefined);
      setLine({
        rowId: saved.id,
        index: editing ? lineAt(editing).index : actions.length,
        outcome: { kind: 'success', message },
      });
      // Back to the Edit button that opened the form; for a new action, to the message under its row.
      if (editing) focusLater(editOf(editing));
      await reload();
      if (!editing) focusLater(ROW_LINE_MESSAGE);
    } catch (error) {
      setLine(undefined);
      // The server checks with the same schema as without JavaScript; its messages go beside the fields.
      const errors = error instanceof HttpStatusError ? error.fields : undefined;
      setForm((f) => f && (errors ? { ...f, error: undefined, errors } : { ...f, error: problemOf(error) }));
    } finally {
      finish();
    }
  }

  return (
    <div className="access-actions" ref={root}>
      <div className="access-toolbar">
        <h2>API Actions</h2>
        <a
          className="btn btn-primary"
          href={`${PAGE}?new=1#action-form`}
          data-control="add"
          onClick={(e) => open(e, { values: NEW_ACTION })}
        >
          + Add New Action
        </a>
      </div>
      {form && (
        <ActionFormSection
          form={form}
          original={actions.find((a) => a.id === form.editing)}
          categories={[...new Set(actions.map((a) => a.category))]}
          csrfToken={props.csrfToken}
          busy={busy}
          focusRequest={opened}
          onChange={(field, value) =>
            setForm(
              (f) =>
                f && {
                  ...f,
                  values: { ...f.values, [field]: value },
                  errors: { ...f.errors, [field]: undefined },
                },
            )
          }
          onSubmit={submit}
          onCancel={(e) => {
            e.preventDefault();
            // Focus goes back to the button that opened the form.
            focusLater(form.editing ? editOf(form.editing) : ADD);
            setForm(undefined);
          }}
        />
      )}
      {confirming && <ConfirmDelete action={confirming} csrfToken={props.csrfToken} />}
      {confirmingOff && <ConfirmTurnOff action={confirmingOff} csrfToken={props.csrfToken} />}
      <OutcomeAlert outcome={outcome} />
      {loading && <Loading text={ACCESS_MESSAGES.loadingActions} />}
      <div className="access-table-wrap">
        <table className="access-table" aria-busy={loading || undefined}>
          <caption className="visually-hidden">The actions catalog</caption>
          <thead>
            <tr>
              <th scope="col">Action Name</th>
              <th scope="col">Category</th>
              <th scope="col">Route</th>
              <th scope="col">Method</th>
              <th scope="col">Status</th>
              <th scope="col">Last Modified</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {withRowOutcome(
              actions.map((action) => (
                <tr key={action.id} id={`action-${action.id}`}>
                  <th scope="row">
                    {action.name}
                    {action.isPublic && <span className="access-tag">Public</span>}
                  </th>
                  <td>{action.category}</td>
                  <td>
                    <code>{action.route}</code>
                  </td>
                  <td>
                    <span className="access-method">{action.method}</span>
                  </td>
                  <td>
                    <span className={`access-status ${action.isActive ? 'is-active' : 'is-inactive'}`}>
                      {action.isActive ? 'Active' : 'Inactive'}
                    </span>
                  </td>
                  <td>{formatDate(action.lastModified)}</td>
                  <td>
                    <RowButtons
                      action={action}
                      csrfToken={props.csrfToken}
                      busy={busy}
                      onToggle={toggle}
                      onEdit={(e) => open(e, { editing: action.id, values: formValuesOf(action) })}
                      onDelete={remove}
                    />
                  </td>
                </tr>
              )),
              actions.map((a) => a.id),
              line,
              COLUMNS,
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function RowButtons(props: {
  action: Action;
  csrfToken?: string;
  busy: boolean;
  onToggle: (event: { preventDefault(): void }, action: Action) => void;
  onEdit: (event: { preventDefault(): void }) => void;
  onDelete: (event: { preventDefault(): void }, action: Action) => void;
}) {
  const { action } = props;
  const toggleLabel = `${action.isActive ? 'Deactivate' : 'Activate'} ${action.name}`;
  const asksFirst = action.isActive && action.whenOff !== undefined;
  return (
    <div className="access-row-buttons">
      {action.isActive && action.offLocked ? (
        <DisabledButton icon="toggle" label={toggleLabel} reason={action.offLocked} on control="toggle" />
      ) : asksFirst ? (
        // Turning this one off breaks something people use: without JavaScript the page asks first.
        <a
          className="access-icon-button is-on"
          href={`${PAGE}?toggle=${action.id}#toggle-confirm`}
          aria-label={toggleLabel}
          title={toggleLabel}
          data-control="toggle"
          aria-disabled={props.busy || undefined}
          onClick={(e) => props.onToggle(e, action)}
        >
          <Icon name="toggle" />
        </a>
      ) : (
        <form
          method="post"
          action={pages.reti.actionToggle(action.id)}
          onSubmit={(e) => props.onToggle(e, action)}
        >
          <input type="hidden" name="_csrf" value={props.csrfToken} />
          <input type="hidden" name="isActive" value={String(!action.isActive)} />
          <button
            type="submit"
            className={`access-icon-button${action.isActive ? ' is-on' : ''}`}
            aria-label={toggleLabel}
            title={toggleLabel}
            data-control="toggle"
            // Not `disabled` while a change is under way: a disabled button loses focus (to <body>).
            aria-disabled={props.busy || undefined}
          >
            <Icon name="toggle" />
          </button>
        </form>
      )}
      <a
        className="access-icon-button"
        href={`${PAGE}?edit=${action.id}#action-form`}
        aria-label={`Edit ${action.name}`}
        title={`Edit ${action.name}`}
        data-control="edit"
        onClick={props.onEdit}
      >
        <Icon name="edit" />
      </a>
      {action.isDeclared ? (
        <DisabledButton
          icon="delete"
          label={`Delete ${action.name}`}
          reason={ACCESS_MESSAGES.declaredUndeletable(action.name)}
        />
      ) : (
        <a
          className="access-icon-button access-danger"
          href={`${PAGE}?delete=${action.id}#delete-confirm`}
          aria-label={`Delete ${action.name}`}
          title={`Delete ${action.name}`}
          aria-disabled={props.busy || undefined}
          onClick={(e) => props.onDelete(e, action)}
        >
          <Icon name="delete" />
        </a>
      )}
    </div>
  );
}

/**
 * A control that cannot be used, with the reason: still focusable (aria-disabled), so keyboard and
 * screen-reader users hear why, and no form around it, so nothing is posted without JavaScript either.
 */
function DisabledButton(props: {
  icon: 'toggle' | 'delete';
  label: string;
  reason: string;
  on?: boolean;
  control?: string;
}) {
  const id = useId();
  return (
    <>
      <button
        type="button"
        className={`access-icon-button is-disabled${props.on ? ' is-on' : ''}`}
        aria-disabled="true"
        data-control={props.control}
        aria-label={props.label}
        aria-describedby={id}
        title={props.reason}
      >
        <Icon name={props.icon} />
      </button>
      <span className="visually-hidden" id={id}>
        {props.reason}
      </span>
    </>
  );
}

/** Turning off what sign-in or a public page needs: the page says what will stop working, and asks. */
function ConfirmTurnOff({ action, csrfToken }: { action: Action; csrfToken?: string }) {
  const id = useId();
  return (
    <section className="card access-confirm" id="toggle-confirm" aria-labelledby={`${id}question`}>
      <h2 id={`${id}question`}>{`Turn off ${action.name}?`}</h2>
      <p>{action.whenOff}</p>
      <div className="access-form-buttons">
        <form method="post" action={pages.reti.actionToggle(action.id)}>
          <input type="hidden" name="_csrf" value={csrfToken} />
          <input type="hidden" name="isActive" value="false" />
          <button type="submit" className="btn btn-primary access-danger-button">
            Turn off
          </button>
        </form>
        <a className="btn btn-secondary" href={PAGE}>
          Cancel
        </a>
      </div>
    </section>
  );
}

/** Without JavaScript there is no window.confirm: the question is asked on the page instead. */
function ConfirmDelete({ action, csrfToken }: { action: Action; csrfToken?: string }) {
  const id = useId();
  return (
    <section className="card access-confirm" id="delete-confirm" aria-labelledby={`${id}question`}>
      <h2 id={`${id}question`}>{ACCESS_MESSAGES.confirmDelete}</h2>
      <p>
        {action.name}: <code>{`${action.method} ${action.route}`}</code>
      </p>
      <div className="access-form-buttons">
        <form method="post" action={pages.reti.actionDelete(action.id)}>
          <input type="hidden" name="_csrf" value={csrfToken} />
          <button type="submit" className="btn btn-primary access-danger-button">
            Delete
          </button>
        </form>
        <a className="btn btn-secondary" href={PAGE}>
          Cancel
        </a>
      </div>
    </section>
  );
}

function ActionFormSection(props: {
  form: ActionForm;
  original?: Action;
  categories: string[];
  csrfToken?: string;
  busy: boolean;
  focusRequest: number;
  onChange: (field: ActionField, value: string | boolean) => void;
  onSubmit: (event: FormEvent) => void;
  onCancel: (event: { preventDefault(): void }) => void;
}) {
  const id = useId();
  const { form } = props;
  const { values, errors = {} } = form;
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (props.focusRequest) first.current?.focus();
  }, [props.focusRequest]);
  // PATCH is no option of the Add Action form, but an action that uses it keeps it when edited.
  const methods: string[] = values.method === 'PATCH' ? [...FORM_METHODS, 'PATCH'] : FORM_METHODS;
  const text = (field: ActionField) => ({
    id: `${id}${field}`,
    name: field,
    required: true,
    error: errors[field],
    value: values[field] as string,
    onChange: (e: { target: { value: string } }) => props.onChange(field, e.target.value),
  });

  return (
    <section className="card access-form" id="action-form" aria-labelledby={`${id}title`}>
      <h2 id={`${id}title`}>
        {form.editing ? `Edit ${props.original?.name ?? 'Action'}` : 'Add New Action'}
      </h2>
      <form
        method="post"
        action={form.editing ? pages.reti.action(form.editing) : PAGE}
        noValidate
        onSubmit={props.onSubmit}
      >
        <input type="hidden" name="_csrf" value={props.csrfToken} />
        <RequiredNote />
        <div className="form-grid">
          <Field {...text('name')} ref={first} label="Action Name" maxLength={ACTION_LIMITS.name} />
          <Field
            {...text('category')}
            label="Category"
            maxLength={ACTION_LIMITS.category}
            list={`${id}categories`}
          />
          <datalist id={`${id}categories`}>
            {props.categories.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
          <Field
            {...text('route')}
            label="API Route"
            maxLength={ACTION_LIMITS.route}
            placeholder="/api/firms/{id}"
          />
          <SelectField
            {...text('method')}
            label="HTTP Method"
            options={methods.map((m) => ({ value: m, label: m }))}
          />
          <TextAreaField
            {...text('description')}
            label="Description"
            wide
            rows={3}
            maxLength={ACTION_LIMITS.description}
          />
          <CheckboxField
            id={`${id}isActive`}
            name="isActive"
            label="Active"
            checked={values.isActive}
            error={errors.isActive}
            onChange={(e) => props.onChange('isActive', e.target.checked)}
          />
        </div>
        {form.error && <Alert kind="error">{form.error}</Alert>}
        <div className="access-form-buttons">
          <button type="submit" className="btn btn-primary" aria-disabled={props.busy || undefined}>
            {form.editing ? 'Save Changes' : 'Add Action'}
          </button>
          <a className="btn btn-secondary" href={PAGE} onClick={props.onCancel}>
            Cancel
          </a>
        </div>
      </form>
    </section>
  );
}

export default island('ActionsTable', ActionsTable);
