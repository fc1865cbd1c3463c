import { z } from 'zod';
import ActionsTable, {
  type ActionForm,
  type ActionFormValues,
  type ActionsTableProps,
  formValuesOf,
  NEW_ACTION,
} from '../../../islands/ActionsTable';
import { OUTCOMES } from '../../../islands/ui/access';
import { Icon } from '../../../islands/ui/icon';
import { Island } from '../../../views/components/Island';
import { useRenderContext } from '../../../views/context';
import { stringFields } from '../../http/validation';
import type { Action } from '../../shared/access';
import { pages } from '../../shared/paths';
import { createAction, deleteAction, listActions, toggleAction, updateAction } from '../actions';
import { type OutputOf, page, type PageContext } from '../page';
import { actionSchema } from '../schema';
import { checkbox } from './roles';

type TableState = Omit<ActionsTableProps, 'actions' | 'csrfToken'>;

/** /reti/actions: the actions catalog, rendered with its rows so the first paint needs no fetch. */
function ActionsPage(props: Omit<ActionsTableProps, 'csrfToken'>) {
  const { csrfToken } = useRenderContext();
  return (
    <section className="section access-page">
      <h1 className="page-title">
        <Icon name="actions" />
        Actions Management
      </h1>
      <p className="lead">
        Every API endpoint the platform answers. A request is allowed only through an active action whose
        permissions grant the caller&apos;s role.
      </p>
      <Island of={ActionsTable} props={{ ...props, csrfToken }} trigger="idle" />
    </section>
  );
}

const NOT_FOUND = 'Action not found.';
const ACTION_TEXT = ['name', 'category', 'route', 'method', 'description'] as const;

/** The Add Action / edit form: the API's fields, with Active as a checkbox. */
const actionFormSchema = actionSchema.extend({
  isActive: checkbox('Active').transform((v) => v === 'on'),
});

const toggleFormSchema = z.object({
  isActive: z
    .enum(['true', 'false'], { error: 'Active must be true or false' })
    .transform((v) => v === 'true'),
});

const enteredAction = (body: Record<string, unknown>): ActionFormValues => ({
  ...stringFields(body, ACTION_TEXT),
  isActive: body.isActive !== undefined,
});

/** ?new opens the Add Action form, ?edit=, ?toggle= and ?delete= name the action to edit or confirm. */
const actionsQuery = z
  .object({
    new: z.string().optional(),
    edit: z.string().optional(),
    toggle: z.string().optional(),
    delete: z.string().optional(),
  })
  .catch({});

type Query = z.output<typeof actionsQuery>;

/** What the table shows for the address: the form ?new or ?edit= opens, or the change ?toggle= or ?delete= confirms. */
function stateOf(all: Action[], query: Query): { state: TableState; status?: number } {
  const named = query.edit ?? query.toggle ?? query.delete;
  const action = all.find((a) => a.id === named);
  if (named !== undefined && !action) return { state: { error: NOT_FOUND }, status: 404 };
  if (action && query.edit !== undefined)
    return { state: { form: { editing: action.id, values: formValuesOf(action) } } };
  if (action && query.toggle !== undefined) return { state: { confirmToggle: action.id } };
  if (action) return { state: { confirmDelete: action.id } };
  return { state: query.new === undefined ? {} : { form: { values: NEW_ACTION } } };
}

/**
 * A refused add or edit: the form again with the values entered and each message beside its field; a
 * refused toggle or delete: the table with the reason beside it.
 */
function refusedState({ form, params }: PageContext<Query>): TableState {
  const refusal = form!.refusal!;
  if (form!.action !== createAction.name && form!.action !== updateAction.name)
    return { error: refusal.message };
  const shown: ActionForm = {
    editing: params.id,
    values: enteredAction(form!.values),
    errors: refusal.fields as ActionForm['errors'],
    error: refusal.fields ? undefined : refusal.message,
  };
  return { form: shown };
}

const saved =
  (flash: (name: string) => string) => (_ctx: PageContext, action: OutputOf<typeof updateAction>) => ({
    to: pages.reti.actions,
    flash: flash(action.name),
  });

/** Actions Management: the catalog, its Add Action form, and each row's edit, toggle and delete. */
export const actionsPage = page({
  path: pages.reti.actions,
  // A row's form posted with an ID that names no action.
  notFound: 'Action not found.',
  reads: [listActions],
  query: actionsQuery,
  menu: { role: 'reti', order: 4, id: 'actions', label: 'Actions', icon: 'actions' },
  load: ({ read }) => read(listActions),
  render: (all, ctx) => {
    const { state, status } = ctx.form?.refusal ? { state: refusedState(ctx) } : stateOf(all, ctx.query);
    return {
      view: <ActionsPage actions={all} {...state} />,
      meta: {
        title: 'Actions',
        description: 'The catalog of API actions the platform enforces.',
        noindex: true,
      },
      status,
    };
  },
  forms: [
    { action: createAction, schema: actionFormSchema, done: saved(OUTCOMES.actionAdded) },
    {
      action: updateAction,
      path: pages.reti.action(':id'),
      schema: actionFormSchema,
      done: saved(OUTCOMES.actionUpdated),
    },
    {
      action: toggleAction,
      path: pages.reti.actionToggle(':id'),
      schema: toggleFormSchema,
      done: (_ctx, action: OutputOf<typeof toggleAction>) => ({
        to: pages.reti.actions,
        flash: OUTCOMES.actionToggled(action.name, action.isActive),
      }),
    },
    {
      action: deleteAction,
      path: pages.reti.actionDelete(':id'),
      done: saved(OUTCOMES.actionDeleted),
    },
  ],
});
