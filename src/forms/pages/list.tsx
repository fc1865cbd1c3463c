import { Icon } from '../../../islands/ui/icon';
import { page } from '../../access/page';
import { type FormCatalog, GENERATE_LABEL } from '../../shared/forms';
import { pages } from '../../shared/paths';
import { listForms } from '../actions';

/**
 * /user/forms (SPEC "Forms"): the family-based, employment-based and naturalization groups, each with a
 * Generate Forms button, which asks for the case and produces the group's packet.
 */
function FormsPage({ catalog }: { catalog: FormCatalog }) {
  return (
    <section className="section uscis-forms-page">
      <h1 className="page-title">
        <Icon name="forms" />
        Forms
      </h1>
      <p className="lead">
        A packet holds a cover letter, Form G-1145, the fee summary, each official USCIS form filled from the
        people of the case (the boxes stay editable), the signatures to give by hand and the index of the
        case’s exhibits. It is kept with the case’s documents.
      </p>
      <div className="form-groups">
        {catalog.groups.map((group) => (
          <section key={group.id} className="card form-group" aria-labelledby={`group-${group.id}`}>
            <h2 id={`group-${group.id}`}>{group.label}</h2>
            <ul className="form-group-list">
              {group.forms.map((form) => (
                <li key={form.code}>
                  <a href={pages.forms.form(form.code)}>{form.code}</a>
                  <span className="muted">{` ${form.title}, edition ${form.edition}`}</span>
                </li>
              ))}
            </ul>
            <p>
              <a
                className="btn btn-primary"
                href={pages.forms.generateGroup(group.id)}
                aria-label={`${GENERATE_LABEL}: ${group.label}`}
              >
                {GENERATE_LABEL}
              </a>
            </p>
          </section>
        ))}
      </div>
      <p className="muted">
        {'Every packet carries '}
        {catalog.always.map((form) => (
          <a key={form.code} href={pages.forms.form(form.code)}>{`Form ${form.code}`}</a>
        ))}
        {' (e-notification of acceptance) on top of its forms.'}
      </p>
      <div className="table-wrap">
        <table className="data-table">
          <caption>Every form and the edition filled</caption>
          <thead>
            <tr>
              <th scope="col">Form</th>
              <th scope="col">Edition</th>
              <th scope="col">PDF</th>
              <th scope="col">Boxes filled from the matter</th>
            </tr>
          </thead>
          <tbody>
            {catalog.forms.map((form) => (
              <tr key={form.code}>
                <td>
                  <a href={pages.forms.form(form.code)}>{`Form ${form.code}`}</a>
                  <span className="muted">{` ${form.title}`}</span>
                </td>
                <td>{form.edition}</td>
                <td>
                  {form.source === 'official'
                    ? 'Official, shipped'
                    : form.source === 'firm-upload'
                      ? "Firm's upload"
                      : 'Not uploaded yet'}
                </td>
                <td>{form.fields ? `${form.fieldCount} of ${form.fields}` : form.fieldCount}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export const formsPage = page({
  path: pages.forms.list,
  reads: [listForms],
  menu: { role: 'user', order: 4, id: 'forms', label: 'Forms', icon: 'forms' },
  load: ({ read }) => read(listForms),
  render: (catalog) => ({
    view: <FormsPage catalog={catalog} />,
    meta: {
      title: 'Forms',
      description: 'USCIS forms by group, each group with its Generate Forms button.',
      noindex: true,
    },
  }),
});
