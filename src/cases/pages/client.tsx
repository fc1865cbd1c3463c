import type { ReactNode } from 'react';
import { Alert, Field, RequiredNote, TextAreaField } from '../../../islands/ui/form';
import { Icon } from '../../../islands/ui/icon';
import { CASE_LIMITS, type CaseRecord, type ClientRecord } from '../../shared/cases';
import { pages } from '../../shared/paths';
import type { FieldErrors } from '../../shared/validation';
import { DataTable } from '../../../views/components/DataTable';
import { DateText, DateTimeText } from '../../../views/components/Dates';
import { useRenderContext } from '../../../views/context';
import { type CaseArea, caseColumns, type ClosedCaseControls } from '../../../islands/ui/cases';
import type { FormDone } from '../../access/action';
import { page } from '../../access/page';
import { stringFields } from '../../http/validation';
import { getClient, updateClient } from '../actions';
import { clientCases } from '../reads';
import { areaOf, CASE_OFFERS, closedControls, inBothAreas, meta, todayOf } from './area';

export const CLIENT_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'dateOfBirth',
  'countryOfCitizenship',
  'aNumber',
  'address',
] as const;
export type ClientField = (typeof CLIENT_FIELDS)[number];
export type ClientValues = Record<ClientField, string>;

/** The stored client as the edit form's starting values. */
export const clientValuesOf = (client: ClientRecord): ClientValues => ({
  firstName: client.firstName,
  lastName: client.lastName,
  email: client.email ?? '',
  phone: client.phone ?? '',
  dateOfBirth: client.dateOfBirth ?? '',
  countryOfCitizenship: client.countryOfCitizenship ?? '',
  aNumber: client.aNumber ?? '',
  address: client.address ?? '',
});

type ClientPageProps = {
  area: CaseArea;
  client: ClientRecord;
  cases: CaseRecord[];
  today: string;
  closed: ClosedCaseControls;
  /** The edit form as entered, when it was refused. */
  edit?: { values: ClientValues; errors?: FieldErrors<ClientField>; error?: string };
};

const NOT_GIVEN = <span className="muted">Not given</span>;

/** /{area}/clients/{id}: a client's details, the form that changes them, and the client's cases. */
function ClientPage({ area, client, cases, today, closed, edit }: ClientPageProps) {
  const paths = pages.cases(area);
  const facts: Array<[string, ReactNode]> = [
    ['Name', client.name],
    ['Email', client.email ? <a href={`mailto:${client.email}`}>{client.email}</a> : NOT_GIVEN],
    ['Phone', client.phone ?? NOT_GIVEN],
    ['Date of Birth', client.dateOfBirth ? <DateText value={client.dateOfBirth} /> : NOT_GIVEN],
    ['Country of Citizenship', client.countryOfCitizenship ?? NOT_GIVEN],
    ['A-Number', client.aNumber ?? NOT_GIVEN],
    ['Address', client.address ?? NOT_GIVEN],
    ['Client Since', <DateTimeText value={client.createdAt} />],
  ];
  const column = caseColumns({ area, today });
  return (
    <section className="section client-page">
      <p className="back-link">
        <a href={paths.list}>{area === 'admin' ? '← Back to Case Management' : '← Back to Cases'}</a>
      </p>
      <div className="page-head">
        <h1 className="page-title">
          <Icon name="users" />
          {client.name}
        </h1>
        <div className="page-actions">
          {!closed.clientEdit && (
            <a className="btn btn-secondary" href="#edit-client">
              <Icon name="edit" />
              Edit Client
            </a>
          )}
          {!closed.clientRemove && (
            <a className="btn btn-danger-outline" href={paths.clientRemove(client.id)}>
              <Icon name="delete" />
              Delete Client
            </a>
          )}
        </div>
      </div>
      {edit?.error && <Alert kind="error">{edit.error}</Alert>}
      <section className="card" aria-labelledby="client-facts">
        <h2 id="client-facts">Client details</h2>
        <dl className="details">
          {facts.map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <DataTable
        caption={`Cases of ${client.name}`}
        columns={[
          column.caseNumber('Case Number'),
          column.type(),
          column.formType(),
          column.status(),
          column.assignee(),
          column.dueDate('Due Date'),
        ]}
        rows={cases}
        rowKey={(c) => c.id}
        empty="This client has no cases."
      />
      <ClientForm area={area} client={client} closed={closed.clientEdit} edit={edit} />
    </section>
  );
}

/** The client's details as a form; without JavaScript it posts and comes back to this page. */
function ClientForm(props: {
  area: CaseArea;
  client: ClientRecord;
  closed?: string;
  edit?: ClientPageProps['edit'];
}) {
  const { csrfToken } = useRenderContext();
  const values = props.edit?.values ?? clientValuesOf(props.client);
  const errors = props.edit?.errors ?? {};
  return (
    <section className="card client-edit" id="edit-client" aria-labelledby="edit-client-title" tabIndex={-1}>
      <h2 id="edit-client-title">Edit Client</h2>
      {props.closed && <Alert kind="error">{props.closed}</Alert>}
      {Object.keys(errors).length > 0 && <Alert kind="error">Check the fields marked below.</Alert>}
      <form method="post" action={pages.cases(props.area).clientEdit(props.client.id)} className="form">
        <input type="hidden" name="_csrf" value={csrfToken} />
        <RequiredNote />
        <fieldset className="plain-fieldset" disabled={Boolean(props.closed)}>
          <legend className="visually-hidden">{`Details of ${props.client.name}`}</legend>
          <ClientFields values={values} errors={errors} />
          <div className="form-actions">
            <button type="submit" className="btn btn-primary">
              Save Client
            </button>
          </div>
        </fieldset>
      </form>
    </section>
  );
}

function ClientFields({ values, errors }: { values: ClientValues; errors: FieldErrors<ClientField> }) {
  const text = (field: ClientField, label: string, extra: object = {}) => (
    <Field
      id={`client-${field}`}
      name={field}
      label={label}
      defaultValue={values[field]}
      error={errors[field]}
      autoComplete="off"
      {...extra}
    />
  );
  return (
    <div className="form-grid">
      {text('firstName', 'First Name', { required: true, maxLength: CASE_LIMITS.name })}
      {text('lastName', 'Last Name', { required: true, maxLength: CASE_LIMITS.name })}
      {text('email', 'Email', { type: 'email', maxLength: CASE_LIMITS.email })}
      {text('phone', 'Phone', { type: 'tel', maxLength: CASE_LIMITS.phone })}
      {text('dateOfBirth', 'Date of Birth', { type: 'date' })}
      {text('countryOfCitizenship', 'Country of Citizenship', { maxLength: CASE_LIMITS.country })}
      {text('aNumber', 'A-Number', { hint: 'A and 8 or 9 digits, such as A123456789.', maxLength: 12 })}
      <TextAreaField
        id="client-address"
        name="address"
        label="Address"
        wide
        rows={2}
        maxLength={CASE_LIMITS.address}
        defaultValue={values.address}
        error={errors.address}
      />
    </div>
  );
}

/**
 * /{area}/clients/{id}: the client's details, the form that changes them and their cases. The form's own
 * address shows the same page; a refused change shows it again as entered, each message beside its field.
 */
export const clientPage = page({
  path: [...inBothAreas((p) => p.client(':id')), ...inBothAreas((p) => p.clientEdit(':id'))],
  reads: [getClient, clientCases],
  offers: CASE_OFFERS,
  async load({ read, params }) {
    const client = await read(getClient);
    return { client, cases: await read(clientCases, { input: { clientId: params.id } }) };
  },
  render: ({ client, cases }, ctx) => {
    const refusal = ctx.form?.refusal;
    const edit = ctx.form && {
      values: stringFields(ctx.form.values, CLIENT_FIELDS) as ClientValues,
      errors: refusal?.fields,
      error: refusal?.fields ? undefined : refusal?.message,
    };
    return {
      view: (
        <ClientPage
          area={areaOf(ctx.actor)}
          client={client}
          cases={cases}
          today={todayOf(ctx)}
          closed={closedControls(ctx)}
          edit={edit}
        />
      ),
      meta: meta(client.name, `The details and cases of ${client.name}.`),
    };
  },
  forms: [
    {
      action: updateClient,
      path: inBothAreas((p) => p.clientEdit(':id')),
      done: ({ actor }, client: ClientRecord): FormDone => ({
        to: pages.cases(areaOf(actor)).client(client.id),
        flash: `${client.name} was updated.`,
      }),
      refused: (_ctx, refusal) => {
        if (refusal.status === 404) throw refusal.error;
        return undefined;
      },
    },
  ],
});
