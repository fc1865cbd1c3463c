import type { CaseArea } from '../../../islands/ui/cases';
import { Alert, Field, RequiredNote, SelectField } from '../../../islands/ui/form';
import { Icon } from '../../../islands/ui/icon';
import { DataTable } from '../../../views/components/DataTable';
import { DateText } from '../../../views/components/Dates';
import { useRenderContext } from '../../../views/context';
import type { FormDone } from '../../access/action';
import { page, type PageContext } from '../../access/page';
import { stringFields } from '../../http/validation';
import type { CaseDetail } from '../../shared/cases';
import {
  PARTY_ROLE_LABELS,
  PARTY_ROLES,
  type Party,
  type Person,
  type PersonMatch,
} from '../../shared/people';
import { pages } from '../../shared/paths';
import { getCase } from '../actions';
import { addParty, listParties, listPeople, removeParty } from '../people-actions';
import { areaOf, inBothAreas, meta } from './area';
import { matchesOf, NEW_PERSON_FIELDS, NewPersonFields, PossibleMatches } from './people';

/** Who holds the role, as one line: the person (with birth date and A-number) or the employer. */
function Holder({ area, party }: { area: CaseArea; party: Party }) {
  if (party.person)
    return (
      <>
        <a className="party-person" href={pages.cases(area).person(party.person.id)}>
          {party.person.name}
        </a>
        {party.person.dateOfBirth && (
          <span className="muted">
            {' · born '}
            <DateText value={party.person.dateOfBirth} />
          </span>
        )}
        {party.person.aNumber && <span className="muted">{` · ${party.person.aNumber}`}</span>}
      </>
    );
  const org = party.organization!;
  return (
    <>
      <span className="party-person">{org.name}</span>
      <span className="muted">
        {org.fein ? ` · FEIN ${org.fein.slice(0, 2)}-${org.fein.slice(2)}` : ''}
        {org.employeeCount !== null ? ` · ${org.employeeCount.toLocaleString('en-US')} employees` : ''}
        {org.nonprofit ? ' · nonprofit' : ''}
      </span>
    </>
  );
}

/** The case page's panel: the people of the case in their roles, and the way to change them. */
export function PartiesPanel(props: {
  area: CaseArea;
  caseId: string;
  parties: Party[];
  manageClosed?: string;
}) {
  return (
    <section className="card parties-panel" aria-labelledby="parties-title">
      <div className="section-head">
        <h2 id="parties-title">Parties</h2>
        <div className="page-actions">
          {!props.manageClosed && (
            <a className="btn btn-secondary btn-small" href={pages.cases(props.area).parties(props.caseId)}>
              <Icon name="users" />
              Manage Parties
            </a>
          )}
          <a
            className="btn btn-secondary btn-small"
            href={pages.cases(props.area).questionnaires(props.caseId)}
          >
            <Icon name="forms" />
            Questionnaires
          </a>
          <a className="btn btn-secondary btn-small" href={pages.cases(props.area).portal(props.caseId)}>
            <Icon name="mail" />
            Client Portal
          </a>
        </div>
      </div>
      <PartiesTable {...props} />
    </section>
  );
}

function PartiesTable(props: {
  area: CaseArea;
  caseId: string;
  parties: Party[];
  removable?: boolean;
  removeClosed?: string;
}) {
  const { csrfToken } = useRenderContext();
  return (
    <DataTable
      caption="The people of the case in their roles"
      columns={[
        { header: 'Role', rowHeader: true, cell: (p: Party) => PARTY_ROLE_LABELS[p.role] },
        { header: 'Who', cell: (p: Party) => <Holder area={props.area} party={p} /> },
        ...(props.removable
          ? [
              {
                header: 'Remove',
                cell: (p: Party) =>
                  p.role === 'beneficiary' ? (
                    <span className="muted">The case's client</span>
                  ) : (
                    <form
                      method="post"
                      action={pages.cases(props.area).partyRemove(props.caseId, p.id)}
                      className="inline-form"
                    >
                      <input type="hidden" name="_csrf" value={csrfToken} />
                      <button
                        type="submit"
                        className="btn btn-danger-outline btn-small"
                        disabled={Boolean(props.removeClosed)}
                      >
                        {`Remove ${PARTY_ROLE_LABELS[p.role].toLowerCase()}`}
                        <span className="visually-hidden">{` ${p.person?.name ?? p.organization?.name ?? ''}`}</span>
                      </button>
                    </form>
                  ),
              },
            ]
          : []),
      ]}
      rows={props.parties}
      rowKey={(p) => p.id}
      empty="No parties are named yet."
    />
  );
}

const ORG_FIELDS = [
  'name',
  'fein',
  'street',
  'city',
  'state',
  'zip',
  'country',
  'employeeCount',
  'naicsCode',
  'nonprofit',
] as const;

/** The add form's fields as the action's input: a chosen person, a new one, or an employer. */
function partyInput(fields: Record<string, string>) {
  const picked = (prefix: string, keys: readonly string[]) =>
    Object.fromEntries(keys.map((k) => [k, fields[`${prefix}${k}`] ?? '']));
  if (fields.role === 'employer')
    return { role: 'employer', organization: picked('organization.', ORG_FIELDS) };
  const person = picked('person.', NEW_PERSON_FIELDS);
  return fields.personId || !person.familyName
    ? { role: fields.role, personId: fields.personId }
    : { role: fields.role, person };
}

type PartiesData = { record: CaseDetail; parties: Party[]; found: Person[]; q: string };

function PartiesPage(
  props: PartiesData & {
    area: CaseArea;
    form?: PageContext['form'];
    addClosed?: string;
    removeClosed?: string;
  },
) {
  const { csrfToken } = useRenderContext();
  const { area, record } = props;
  const paths = pages.cases(area);
  const refusal = props.form?.action === addParty.name ? props.form.refusal : undefined;
  const posted = props.form
    ? stringFields(props.form.values, ['role', 'personId'])
    : { role: '', personId: '' };
  const person = props.form
    ? Object.fromEntries(NEW_PERSON_FIELDS.map((k) => [k, String(props.form!.values[`person.${k}`] ?? '')]))
    : {};
  const org = props.form
    ? Object.fromEntries(ORG_FIELDS.map((k) => [k, String(props.form!.values[`organization.${k}`] ?? '')]))
    : {};
  const matches: PersonMatch[] = matchesOf(refusal?.error);
  const removeRefusal = props.form?.action === removeParty.name ? props.form.refusal?.message : undefined;
  return (
    <section className="section parties-page">
      <p className="back-link">
        <a href={paths.view(record.id)}>{`← Back to case ${record.caseNumber}`}</a>
      </p>
      <h1 className="page-title">
        <Icon name="users" />
        {`Parties of case ${record.caseNumber}`}
      </h1>
      {removeRefusal && <Alert kind="error">{removeRefusal}</Alert>}
      <PartiesTable
        area={area}
        caseId={record.id}
        parties={props.parties}
        removable
        removeClosed={props.removeClosed}
      />
      <section className="card" aria-labelledby="add-party-title">
        <h2 id="add-party-title">Add a Party</h2>
        {props.addClosed && <Alert kind="error">{props.addClosed}</Alert>}
        {refusal && <Alert kind="error">{refusal.message}</Alert>}
        {matches.length > 0 && <PossibleMatches area={area} matches={matches} />}
        <form method="get" action={paths.parties(record.id)} className="people-search" role="search">
          <Field
            id="party-q"
            name="q"
            type="search"
            label="Find a person of the firm"
            defaultValue={props.q}
            hint="Name, email or A-number"
            maxLength={100}
          />
          <div className="people-search-actions">
            <button type="submit" className="btn btn-secondary">
              Find
            </button>
          </div>
        </form>
        <form method="post" action={paths.parties(record.id)} className="form">
          <input type="hidden" name="_csrf" value={csrfToken} />
          <RequiredNote />
          <fieldset className="plain-fieldset" disabled={Boolean(props.addClosed)}>
            <legend className="visually-hidden">The new party</legend>
            <SelectField
              id="party-role"
              name="role"
              label="Role"
              required
              defaultValue={posted.role}
              error={refusal?.fields?.role}
              options={[
                { value: '', label: 'Choose a role' },
                ...PARTY_ROLES.filter((r) => r !== 'beneficiary').map((r) => ({
                  value: r,
                  label: PARTY_ROLE_LABELS[r],
                })),
              ]}
            />
            {props.found.length > 0 && (
              <fieldset className="entry-fieldset">
                <legend>{`People of the firm matching “${props.q}”`}</legend>
                {props.found.map((p) => (
                  <div className="field field-check" key={p.id}>
                    <input
                      type="radio"
                      id={`pick-${p.id}`}
                      name="personId"
                      value={p.id}
                      defaultChecked={posted.personId === p.id}
                    />
                    <label htmlFor={`pick-${p.id}`}>
                      {p.name}
                      {p.dateOfBirth && (
                        <span className="muted">
                          {' · born '}
                          <DateText value={p.dateOfBirth} />
                        </span>
                      )}
                    </label>
                  </div>
                ))}
              </fieldset>
            )}
            {props.q && props.found.length === 0 && (
              <p className="muted">{`No one of the firm matches “${props.q}”.`}</p>
            )}
            {refusal?.fields?.personId && <p className="field-error">{refusal.fields.personId}</p>}
            <fieldset className="entry-fieldset">
              <legend>Or a new person</legend>
              <NewPersonFields
                prefix="person."
                values={person}
                errors={{}}
                askConfirm={matches.length > 0}
                optional
              />
            </fieldset>
            <fieldset className="entry-fieldset">
              <legend>Or, for the employer, the organization</legend>
              <div className="form-grid">
                {(
                  [
                    ['name', 'Employer Name'],
                    ['fein', 'FEIN', 'Such as 12-3456789.'],
                    ['street', 'Street Number and Name'],
                    ['city', 'City or Town'],
                    ['state', 'State'],
                    ['zip', 'ZIP Code'],
                    ['country', 'Country'],
                    ['employeeCount', 'Number of Employees', 'Full-time employees in the United States.'],
                    ['naicsCode', 'NAICS Code'],
                  ] as const
                ).map(([key, label, hint]) => (
                  <Field
                    key={key}
                    id={`org-${key}`}
                    name={`organization.${key}`}
                    label={label}
                    hint={hint}
                    defaultValue={org[key] ?? ''}
                    autoComplete="off"
                  />
                ))}
                <div className="field field-check">
                  <input
                    type="checkbox"
                    id="org-nonprofit"
                    name="organization.nonprofit"
                    defaultChecked={org.nonprofit === 'on'}
                  />
                  <label htmlFor="org-nonprofit">A nonprofit organization</label>
                </div>
              </div>
            </fieldset>
            <div className="form-actions">
              <button type="submit" className="btn btn-primary">
                Add Party
              </button>
            </div>
          </fieldset>
        </form>
      </section>
    </section>
  );
}

/**
 * /{area}/cases/{id}/parties: the parties of a case, a person of the firm found by a search (a GET form,
 * so it works without JavaScript), and the form that names a person, a new person or an employer in a role.
 */
export const partiesPage = page({
  path: inBothAreas((p) => p.parties(':id')),
  reads: [getCase, listParties, listPeople],
  offers: { add: addParty, remove: removeParty },
  async load({ read, req }) {
    const q = typeof req.query.q === 'string' ? req.query.q.trim().slice(0, 100) : '';
    const [record, parties, found] = await Promise.all([
      read(getCase),
      read(listParties),
      q ? read(listPeople, { input: { q, pageSize: 20 } }) : undefined,
    ]);
    return { record, parties, found: found?.items ?? [], q };
  },
  render: (data: PartiesData, ctx) => ({
    view: (
      <PartiesPage
        {...data}
        area={areaOf(ctx.actor)}
        form={ctx.form}
        addClosed={ctx.closed.add}
        removeClosed={ctx.closed.remove}
      />
    ),
    meta: meta(
      `Parties of case ${data.record.caseNumber}`,
      `The people of case ${data.record.caseNumber} in their roles.`,
    ),
  }),
  forms: [
    {
      action: addParty,
      input: partyInput,
      done: ({ actor }, party: Party): FormDone => ({
        to: pages.cases(areaOf(actor)).parties(party.caseId),
        flash: `${party.person?.name ?? party.organization?.name} was added as ${PARTY_ROLE_LABELS[party.role].toLowerCase()}.`,
      }),
    },
    {
      action: removeParty,
      path: inBothAreas((p) => p.partyRemove(':id', ':partyId')),
      done: ({ actor, params }): FormDone => ({
        to: pages.cases(areaOf(actor)).parties(params.id),
        flash: 'The party was removed.',
      }),
      refused: ({ actor, params }, refusal) => ({
        to: pages.cases(areaOf(actor)).parties(params.id),
        flash: refusal.message,
        kind: 'error',
      }),
    },
  ],
});
