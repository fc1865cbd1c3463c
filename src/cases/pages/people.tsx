import type { CaseArea } from '../../../islands/ui/cases';
import { Alert, CheckboxField, Field, RequiredNote, SelectField } from '../../../islands/ui/form';
import { Icon } from '../../../islands/ui/icon';
import { Pagination } from '../../../islands/ui/pagination';
import { DataTable } from '../../../views/components/DataTable';
import { DateText } from '../../../views/components/Dates';
import { useRenderContext } from '../../../views/context';
import type { FormDone } from '../../access/action';
import { page } from '../../access/page';
import { HttpError } from '../../http/errors';
import { stringFields } from '../../http/validation';
import { ServiceError } from '../../shared/errors';
import {
  LANGUAGE_LABELS,
  LANGUAGES,
  MATCH_REASON_LABELS,
  PARTY_ROLE_LABELS,
  type Person,
  type PersonMatch,
} from '../../shared/people';
import { pages } from '../../shared/paths';
import type { FieldErrors } from '../../shared/validation';
import { createPerson, listPeople } from '../people-actions';
import { personListQuery } from '../people-schema';
import { areaOf, inBothAreas, meta } from './area';

const PEOPLE_PAGE_SIZE = 25;

/** The matters of a person as links: case number and roles. */
export function Matters({ area, person }: { area: CaseArea; person: Person }) {
  if (person.matters.length === 0) return <span className="muted">None</span>;
  return (
    <ul className="plain-list">
      {person.matters.map((m) => (
        <li key={m.caseId}>
          <a href={pages.cases(area).view(m.caseId)}>{m.caseNumber}</a>{' '}
          <span className="muted">
            {m.formType} · {m.roles.map((r) => PARTY_ROLE_LABELS[r]).join(', ')}
          </span>
        </li>
      ))}
    </ul>
  );
}

function PeoplePage(props: {
  area: CaseArea;
  q: string;
  list: Awaited<ReturnType<typeof listPeople.run>>;
  closed?: string;
}) {
  const paths = pages.cases(props.area);
  const { list, q } = props;
  const pagesCount = Math.max(1, Math.ceil(list.total / list.pageSize));
  const at = (n: number) =>
    `${paths.people}?${new URLSearchParams({ ...(q ? { q } : {}), page: String(n) })}`;
  return (
    <section className="section people-page">
      <p className="back-link">
        <a href={paths.list}>{props.area === 'admin' ? '← Back to Case Management' : '← Back to Cases'}</a>
      </p>
      <div className="page-head">
        <h1 className="page-title">
          <Icon name="users" />
          People
        </h1>
        <div className="page-actions">
          {!props.closed && (
            <a className="btn btn-primary" href={paths.personNew}>
              <Icon name="users" />
              Add Person
            </a>
          )}
        </div>
      </div>
      <form method="get" action={paths.people} className="card people-search" role="search">
        <Field
          id="people-q"
          name="q"
          label="Search"
          defaultValue={q}
          type="search"
          hint="Name, email or A-number"
          maxLength={100}
        />
        <div className="people-search-actions">
          <button type="submit" className="btn btn-secondary">
            Search
          </button>
          {q && <a href={paths.people}>Clear search</a>}
        </div>
      </form>
      <DataTable
        caption={q ? `People matching “${q}”: ${list.total}` : `The firm's people: ${list.total}`}
        columns={[
          { header: 'Name', rowHeader: true, cell: (p: Person) => <a href={paths.person(p.id)}>{p.name}</a> },
          {
            header: 'Date of Birth',
            cell: (p: Person) => (p.dateOfBirth ? <DateText value={p.dateOfBirth} /> : ''),
          },
          { header: 'A-Number', cell: (p: Person) => p.aNumber ?? '' },
          { header: 'Matters', cell: (p: Person) => <Matters area={props.area} person={p} /> },
        ]}
        rows={list.items}
        rowKey={(p) => p.id}
        empty={q ? 'No one matches this search.' : 'The firm has no people yet.'}
      />
      <Pagination page={list.page} pageCount={pagesCount} href={at} label="Pages of people" />
    </section>
  );
}

/** /{area}/people: the firm's people by name, searchable, each with their matters. */
export const peopleListPage = page({
  path: inBothAreas((p) => p.people),
  reads: [listPeople],
  offers: { create: createPerson },
  async load(ctx) {
    const parsed = personListQuery.safeParse({ ...ctx.req.query, pageSize: PEOPLE_PAGE_SIZE });
    const query = parsed.success ? parsed.data : { q: '', page: 1, pageSize: PEOPLE_PAGE_SIZE };
    const list = await ctx.read(listPeople, { input: query });
    if (query.page > 1 && list.items.length === 0)
      throw new HttpError(404, `The people list has no page ${query.page}.`);
    return { list, q: query.q };
  },
  render: ({ list, q }, ctx) => ({
    view: <PeoplePage area={areaOf(ctx.actor)} q={q} list={list} closed={ctx.closed.create} />,
    meta: meta('People', "The firm's people and their matters."),
  }),
});

export const NEW_PERSON_FIELDS = [
  'familyName',
  'givenName',
  'middleName',
  'dateOfBirth',
  'aNumber',
  'email',
  'phone',
  'language',
  'confirmNew',
] as const;
type NewPersonField = (typeof NEW_PERSON_FIELDS)[number];

/** The people a refused addition may already be, each a link to their page. */
export function PossibleMatches({ area, matches }: { area: CaseArea; matches: PersonMatch[] }) {
  return (
    <section className="card matches" aria-labelledby="matches-title">
      <h2 id="matches-title">Possible matches</h2>
      <p>Open one of them if it is the same person, or confirm below that this is a new person.</p>
      <ul className="plain-list">
        {matches.map((m) => (
          <li key={m.person.id}>
            <a href={pages.cases(area).person(m.person.id)}>{m.person.name}</a>{' '}
            <span className="muted">
              {m.person.dateOfBirth && (
                <>
                  born <DateText value={m.person.dateOfBirth} />
                  {' · '}
                </>
              )}
              {m.reasons.map((r) => MATCH_REASON_LABELS[r]).join(', ')}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The person's first facts; the rest are on their page once added. */
export function NewPersonFields(props: {
  prefix?: string;
  values: Partial<Record<NewPersonField, string>>;
  errors: FieldErrors<NewPersonField>;
  askConfirm: boolean;
  /** Beside a choice of someone already of the firm, the new person's name is asked only if chosen. */
  optional?: boolean;
}) {
  const p = props.prefix ?? '';
  const text = (field: NewPersonField, label: string, extra: object = {}) => (
    <Field
      id={`person-${p}${field}`}
      name={`${p}${field}`}
      label={label}
      defaultValue={props.values[field] ?? ''}
      error={props.errors[field]}
      autoComplete="off"
      {...extra}
    />
  );
  return (
    <div className="form-grid">
      {text('familyName', 'Family Name (Last Name)', { required: !props.optional, maxLength: 100 })}
      {text('givenName', 'Given Name (First Name)', { maxLength: 100 })}
      {text('middleName', 'Middle Name', { maxLength: 100 })}
      {text('dateOfBirth', 'Date of Birth', { type: 'date' })}
      {text('aNumber', 'A-Number', { hint: 'A and 8 or 9 digits, such as A123456789.', maxLength: 12 })}
      {text('email', 'Email', { type: 'email' })}
      {text('phone', 'Phone', { type: 'tel' })}
      <SelectField
        id={`person-${p}language`}
        name={`${p}language`}
        label="Language"
        defaultValue={props.values.language || 'en'}
        options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_LABELS[l] }))}
      />
      {props.askConfirm && (
        <CheckboxField
          id={`person-${p}confirmNew`}
          name={`${p}confirmNew`}
          label="This is a new person, not one of the possible matches"
          defaultChecked={props.values.confirmNew === 'on'}
        />
      )}
    </div>
  );
}

/** The possible matches a refusal carries (409 from the service), if any. */
export const matchesOf = (error: unknown): PersonMatch[] =>
  error instanceof ServiceError ? ((error.details?.matches as PersonMatch[] | undefined) ?? []) : [];

/** /{area}/people/new: a person's first facts; a possible duplicate shows its matches to choose from. */
export const newPersonPage = page({
  path: inBothAreas((p) => p.personNew),
  reads: [],
  offers: { create: createPerson },
  render: (_data, { actor, closed, form }) => {
    const area = areaOf(actor);
    const refusal = form?.refusal;
    const matches = matchesOf(refusal?.error);
    const values = form ? stringFields(form.values, NEW_PERSON_FIELDS) : {};
    return {
      view: (
        <NewPersonPage
          area={area}
          values={values}
          errors={refusal?.fields ?? {}}
          refusal={refusal?.message}
          matches={matches}
          closed={closed.create}
        />
      ),
      meta: meta('Add Person', 'Add a person to the firm.'),
    };
  },
  forms: [
    {
      action: createPerson,
      done: ({ actor }, person: Person): FormDone => ({
        to: pages.cases(areaOf(actor)).person(person.id),
        flash: `${person.name} was added.`,
      }),
    },
  ],
});

function NewPersonPage(props: {
  area: CaseArea;
  values: Partial<Record<NewPersonField, string>>;
  errors: FieldErrors<NewPersonField>;
  refusal?: string;
  matches: PersonMatch[];
  closed?: string;
}) {
  const { csrfToken } = useRenderContext();
  const paths = pages.cases(props.area);
  return (
    <section className="section">
      <p className="back-link">
        <a href={paths.people}>← Back to People</a>
      </p>
      <h1 className="page-title">
        <Icon name="users" />
        Add Person
      </h1>
      {props.closed && <Alert kind="error">{props.closed}</Alert>}
      {props.refusal && <Alert kind="error">{props.refusal}</Alert>}
      {props.matches.length > 0 && <PossibleMatches area={props.area} matches={props.matches} />}
      <form method="post" action={paths.personNew} className="form card">
        <input type="hidden" name="_csrf" value={csrfToken} />
        <RequiredNote />
        <fieldset className="plain-fieldset" disabled={Boolean(props.closed)}>
          <legend className="visually-hidden">The new person</legend>
          <NewPersonFields
            values={props.values}
            errors={props.errors}
            askConfirm={props.matches.length > 0}
          />
          <div className="form-actions">
            <button type="submit" className="btn btn-primary">
              Add Person
            </button>
          </div>
        </fieldset>
      </form>
    </section>
  );
}
