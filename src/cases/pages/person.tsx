import type { CaseArea } from '../../../islands/ui/cases';
import type { ReactNode } from 'react';
import { Alert, CheckboxField, Field, RequiredNote, SelectField } from '../../../islands/ui/form';
import { Icon } from '../../../islands/ui/icon';
import { DateText, DateTimeText } from '../../../views/components/Dates';
import { useRenderContext } from '../../../views/context';
import type { FormDone } from '../../access/action';
import { page } from '../../access/page';
import type { DocumentFact, Person } from '../../shared/people';
import {
  PERSON_SECTIONS,
  type PersonSection,
  SECTION_IDS,
  type SectionField,
  sectionInput,
  sectionOf,
} from '../../shared/person-sections';
import { pages } from '../../shared/paths';
import { changePerson, getPerson, revealSsn } from '../people-actions';
import { areaOf, inBothAreas, meta } from './area';
import { Matters } from './people';

type Values = Record<string, unknown>;

const NOT_GIVEN = <span className="muted">Not given</span>;

/** A stored value as the page shows it: dates as MM/DD/YYYY, choices by their label, lists joined. */
function shown(field: SectionField, value: unknown): ReactNode {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0))
    return NOT_GIVEN;
  if (Array.isArray(value)) return value.join(', ');
  if (field.type === 'date' && typeof value === 'string') return <DateText value={value} />;
  if (field.options) return field.options.find((o) => o.value === value)?.label ?? String(value);
  return String(value);
}

function Facts({ fields, values }: { fields: readonly SectionField[]; values: Values }) {
  return (
    <dl className="details">
      {fields.map((f) => (
        <div key={f.key}>
          <dt>{f.label}</dt>
          <dd>{shown(f, values[f.key])}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The SSN as the page shows it: its last four, with the way to see it whole where the matrix allows. */
function ssnFacts(area: CaseArea, person: Person, revealClosed?: string): Values {
  return {
    ssn: person.ssnLast4 ? (
      <>
        {`•••-••-${person.ssnLast4}`}{' '}
        {!revealClosed && <a href={pages.cases(area).personSsn(person.id)}>Reveal</a>}
      </>
    ) : null,
  };
}

/** The document a fact was read from, when a document gave it: typed facts have none. */
function FromDocument(props: { area: CaseArea; person: Person; fact: string }) {
  const source = props.person.factSources[props.fact as DocumentFact];
  if (!source) return null;
  return (
    <span className="muted fact-source">
      {' Read from '}
      <a href={pages.documents(props.area).view(source.documentId)}>{source.name}</a>
    </span>
  );
}

function SectionView(props: {
  area: CaseArea;
  person: Person;
  section: PersonSection;
  editClosed?: string;
  revealClosed?: string;
}) {
  const { person, section } = props;
  const values = person as unknown as Values;
  let body: ReactNode;
  if (section.kind === 'fields') {
    const facts = {
      ...values,
      ...(section.id === 'numbers' ? ssnFacts(props.area, person, props.revealClosed) : {}),
    };
    body = (
      <dl className="details">
        {section.fields.map((f) => (
          <div key={f.key}>
            <dt>{f.label}</dt>
            <dd>
              {f.key === 'ssn' ? ((facts.ssn as ReactNode) ?? NOT_GIVEN) : shown(f, facts[f.key])}
              <FromDocument area={props.area} person={person} fact={f.key} />
            </dd>
          </div>
        ))}
      </dl>
    );
  } else if (section.kind === 'record') {
    const record = values[section.key!] as Values | null;
    body = record ? (
      <>
        <Facts fields={section.fields} values={record} />
        <FromDocument area={props.area} person={person} fact={section.key!} />
      </>
    ) : (
      <p className="muted">Not recorded.</p>
    );
  } else {
    const entries = values[section.key!] as Values[];
    body =
      entries.length === 0 ? (
        <p className="muted">None recorded.</p>
      ) : (
        entries.map((entry, i) => (
          <div className="person-entry" key={i}>
            <h3 className="entry-title">{`${section.entry} ${i + 1}`}</h3>
            <Facts fields={section.fields} values={entry} />
          </div>
        ))
      );
  }
  return (
    <section className="card person-section" id={section.id} aria-labelledby={`${section.id}-title`}>
      <div className="section-head">
        <h2 id={`${section.id}-title`}>{section.title}</h2>
        {!props.editClosed && (
          <a
            className="btn btn-secondary btn-small"
            href={pages.cases(props.area).personEdit(person.id, section.id)}
          >
            <Icon name="edit" />
            {`Edit ${section.title}`}
          </a>
        )}
      </div>
      {body}
    </section>
  );
}

function PersonPage(props: { area: CaseArea; person: Person; editClosed?: string; revealClosed?: string }) {
  const { area, person } = props;
  return (
    <section className="section person-page">
      <p className="back-link">
        <a href={pages.cases(area).people}>← Back to People</a>
      </p>
      <h1 className="page-title">
        <Icon name="users" />
        {person.name}
      </h1>
      <nav className="card" aria-label="Sections of the record">
        <ul className="plain-list section-links">
          {PERSON_SECTIONS.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{s.title}</a>
            </li>
          ))}
        </ul>
      </nav>
      <section className="card" aria-labelledby="matters-title">
        <h2 id="matters-title">Matters</h2>
        <Matters area={area} person={person} />
        <p className="muted">
          Added <DateTimeText value={person.createdAt} />; last changed{' '}
          <DateTimeText value={person.updatedAt} />.
        </p>
      </section>
      {PERSON_SECTIONS.map((section) => (
        <SectionView key={section.id} {...props} section={section} />
      ))}
    </section>
  );
}

/** /{area}/people/{id}: every section of the person's record, and their matters. */
export const personPage = page({
  path: inBothAreas((p) => p.person(':id')),
  reads: [getPerson],
  offers: { edit: changePerson, reveal: revealSsn },
  load: ({ read }) => read(getPerson),
  render: (person, ctx) => ({
    view: (
      <PersonPage
        area={areaOf(ctx.actor)}
        person={person}
        editClosed={ctx.closed.edit}
        revealClosed={ctx.closed.reveal}
      />
    ),
    meta: meta(person.name, `The record of ${person.name}.`),
  }),
});

/** One field of a section's form, named as sectionInput reads it back. */
function Input({
  field,
  name,
  value,
  error,
}: {
  field: SectionField;
  name: string;
  value: unknown;
  error?: string;
}) {
  const id = `f-${name.replace(/\./g, '-')}`;
  const text = Array.isArray(value) ? value.join(', ') : value == null ? '' : String(value);
  if (field.type === 'select')
    return (
      <SelectField
        id={id}
        name={name}
        label={field.label}
        options={field.options!}
        defaultValue={text}
        hint={field.hint}
        error={error}
      />
    );
  return (
    <Field
      id={id}
      name={name}
      label={field.label}
      type={field.type === 'date' || field.type === 'email' || field.type === 'tel' ? field.type : 'text'}
      defaultValue={field.key === 'ssn' ? '' : text}
      required={field.required}
      hint={field.hint}
      error={error}
      autoComplete="off"
    />
  );
}

/** The form of one section: a list's entries each in its fieldset, with one empty entry to add. */
function SectionForm(props: {
  area: CaseArea;
  person: Person;
  section: PersonSection;
  values: Values;
  error?: string;
  fieldErrors: Record<string, string | undefined>;
  closed?: string;
}) {
  const { csrfToken } = useRenderContext();
  const { section, values } = props;
  const paths = pages.cases(props.area);
  let fields: ReactNode;
  if (section.kind === 'fields')
    fields = (
      <div className="form-grid">
        {section.fields.map((f) => (
          <Input key={f.key} field={f} name={f.key} value={values[f.key]} error={props.fieldErrors[f.key]} />
        ))}
      </div>
    );
  else if (section.kind === 'record') {
    const record = (values[section.key!] ?? {}) as Values;
    fields = (
      <div className="form-grid">
        {section.fields.map((f) => (
          <Input key={f.key} field={f} name={`${section.key}.${f.key}`} value={record[f.key]} />
        ))}
      </div>
    );
  } else {
    const entries = [...((values[section.key!] ?? []) as Values[]), {}];
    fields = (
      <>
        <input type="hidden" name={`${section.key}.count`} value={entries.length} />
        {entries.map((entry, i) => {
          const isNew = i === entries.length - 1;
          return (
            <fieldset className="entry-fieldset" key={i}>
              <legend>{isNew ? `Add ${section.entry!.toLowerCase()}` : `${section.entry} ${i + 1}`}</legend>
              <div className="form-grid">
                {section.fields.map((f) => (
                  <Input
                    key={f.key}
                    field={{ ...f, required: false }}
                    name={`${section.key}.${i}.${f.key}`}
                    value={entry[f.key]}
                  />
                ))}
              </div>
              {!isNew && (
                <CheckboxField
                  id={`f-${section.key}-${i}-remove`}
                  name={`${section.key}.${i}.remove`}
                  label={`Remove ${section.entry!.toLowerCase()} ${i + 1}`}
                />
              )}
            </fieldset>
          );
        })}
      </>
    );
  }
  return (
    <section className="section">
      <p className="back-link">
        <a href={`${paths.person(props.person.id)}#${section.id}`}>{`← Back to ${props.person.name}`}</a>
      </p>
      <h1 className="page-title">
        <Icon name="edit" />
        {`${section.title}: ${props.person.name}`}
      </h1>
      {props.closed && <Alert kind="error">{props.closed}</Alert>}
      {props.error && <Alert kind="error">{props.error}</Alert>}
      <form method="post" action={paths.personEdit(props.person.id, section.id)} className="form card">
        <input type="hidden" name="_csrf" value={csrfToken} />
        {section.kind !== 'list' && <RequiredNote />}
        {section.kind === 'list' && (
          <p className="muted">{`Fill in the empty ${section.entry!.toLowerCase()} to add one; an entry left empty is not kept.`}</p>
        )}
        <fieldset className="plain-fieldset" disabled={Boolean(props.closed)}>
          <legend className="visually-hidden">{section.title}</legend>
          {fields}
          <div className="form-actions">
            <button type="submit" className="btn btn-primary">
              {`Save ${section.title}`}
            </button>
          </div>
        </fieldset>
      </form>
    </section>
  );
}

/** What a refused post typed, read back into the shape the form shows (the person's record's shape). */
function postedValues(section: PersonSection, posted: Record<string, unknown>): Values {
  const text = Object.fromEntries(
    Object.entries(posted).map(([k, v]) => [k, typeof v === 'string' ? v : '']),
  );
  const input = sectionInput(section, text);
  if (section.kind === 'fields') return input;
  return { [section.key!]: input[section.key!] ?? (section.kind === 'list' ? [] : null) };
}

/**
 * /{area}/people/{id}/edit/{section}: one section of the record as a form. Without JavaScript it posts here;
 * a refusal shows the form again as typed, with the message naming the field (and entry).
 */
export const personEditPage = page({
  path: inBothAreas((p) => p.personEdit(':id', ':section')),
  params: { section: new RegExp(`^(${SECTION_IDS.join('|')})$`) },
  notFound: 'No such section of a person’s record.',
  reads: [getPerson],
  offers: { edit: changePerson },
  load: ({ read }) => read(getPerson),
  render: (person, ctx) => {
    const section = sectionOf(ctx.params.section)!;
    const refusal = ctx.form?.refusal;
    const values = ctx.form ? postedValues(section, ctx.form.values) : (person as unknown as Values);
    return {
      view: (
        <SectionForm
          area={areaOf(ctx.actor)}
          person={person}
          section={section}
          values={values}
          error={refusal?.message}
          fieldErrors={refusal?.fields ?? {}}
          closed={ctx.closed.edit}
        />
      ),
      meta: meta(
        `${section.title}: ${person.name}`,
        `Change the ${section.title.toLowerCase()} of ${person.name}.`,
      ),
    };
  },
  forms: [
    {
      action: changePerson,
      input: (fields, ctx) => sectionInput(sectionOf(ctx.params.section)!, fields),
      done: (ctx, person: Person): FormDone => ({
        to: `${pages.cases(areaOf(ctx.actor)).person(person.id)}#${ctx.params.section}`,
        flash: `${sectionOf(ctx.params.section)!.title} of ${person.name} saved.`,
      }),
      refused: (_ctx, refusal) => {
        if (refusal.status === 404) throw refusal.error;
        return undefined;
      },
    },
  ],
});

/** /{area}/people/{id}/ssn: the full SSN, read through Reveal SSN (which audits it), never cached. */
export const personSsnPage = page({
  path: inBothAreas((p) => p.personSsn(':id')),
  reads: [getPerson, revealSsn],
  async load({ read, res }) {
    res.set('Cache-Control', 'no-store');
    const [person, { ssn }] = await Promise.all([read(getPerson), read(revealSsn)]);
    return { person, ssn };
  },
  render: ({ person, ssn }, ctx) => ({
    view: (
      <section className="section">
        <p className="back-link">
          <a
            href={`${pages.cases(areaOf(ctx.actor)).person(person.id)}#numbers`}
          >{`← Back to ${person.name}`}</a>
        </p>
        <h1 className="page-title">{`Social Security Number: ${person.name}`}</h1>
        <section className="card">
          {ssn ? (
            <p className="ssn-revealed">{ssn}</p>
          ) : (
            <p className="muted">No Social Security number is on file.</p>
          )}
          <p className="muted">This reveal is recorded in the firm’s audit log.</p>
        </section>
      </section>
    ),
    meta: meta(`SSN: ${person.name}`, 'A Social Security number, revealed.'),
  }),
});
