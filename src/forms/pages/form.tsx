import { Alert, Field } from '../../../islands/ui/form';
import { Icon } from '../../../islands/ui/icon';
import { useRenderContext } from '../../../views/context';
import { page } from '../../access/page';
import { formatDate } from '../../shared/dates';
import { type EditionRecord, type FormSpecification, SOURCE_LABELS } from '../../shared/forms';
import { pages } from '../../shared/paths';
import { getForm, listFormEditions, uploadFormEdition } from '../actions';
import { editionFields } from '../schema';

type FormSpecPageProps = {
  spec: FormSpecification;
  editions: EditionRecord[];
  /** Why the edition posted was refused, and the date it was posted with. */
  uploadError?: string;
  uploadValues?: { editionDate?: string };
  /** Why this person may not upload editions (the permission matrix). */
  uploadClosed?: string;
};

/** /user/forms/{code}: the form's field specification, and the firm's official editions of it. */
function FormSpecPage({ spec, editions, uploadError, uploadValues, uploadClosed }: FormSpecPageProps) {
  const { csrfToken } = useRenderContext();
  return (
    <section className="section uscis-form-page">
      <p className="back-link">
        <a href={pages.forms.list}>← Back to Forms</a>
      </p>
      <h1 className="page-title">
        <Icon name="forms" />
        {`Form ${spec.code}, ${spec.title}`}
      </h1>
      <p className="lead">
        {`Edition ${spec.edition}. Official form and instructions: `}
        <a href={spec.sourceUrl}>{spec.sourceUrl}</a>
      </p>
      {spec.notes.map((note) => (
        <p key={note}>{note}</p>
      ))}
      <div className="table-wrap">
        <table className="data-table form-spec">
          <caption>The fields the product fills</caption>
          <thead>
            <tr>
              <th scope="col">Part</th>
              <th scope="col">Item</th>
              <th scope="col">Field</th>
              <th scope="col">Comes from</th>
              <th scope="col">Rule</th>
              <th scope="col">PDF field name</th>
            </tr>
          </thead>
          <tbody>
            {spec.fields.map((field) => (
              <tr key={field.pdfName}>
                <td>{field.part}</td>
                <td>{field.item}</td>
                <td>{field.label}</td>
                <td>{SOURCE_LABELS[field.source]}</td>
                <td>{field.rule}</td>
                <td>
                  <code>{field.pdfName}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <section className="card" aria-labelledby="editions-title">
        <h2 id="editions-title">Official editions</h2>
        {editions.length === 0 ? (
          <p>{`No official edition uploaded: packets carry pages generated from the specification above.`}</p>
        ) : (
          <ul>
            {editions.map((e) => (
              <li key={e.id}>
                {`${e.fileName}, edition ${formatDate(e.editionDate)}, ${e.fieldCount} fields, uploaded ${formatDate(e.uploadedAt.slice(0, 10))}`}
              </li>
            ))}
          </ul>
        )}
        <p className="muted">
          Upload the fillable PDF from uscis.gov: the newest edition that has every field name above is filled
          instead of the generated pages.
        </p>
        {uploadClosed && <Alert kind="error">{uploadClosed}</Alert>}
        {uploadError && <Alert kind="error">{uploadError}</Alert>}
        <form method="post" action={pages.forms.editions(spec.code)} encType="multipart/form-data">
          <input type="hidden" name="_csrf" value={csrfToken} />
          <Field
            id="edition-date"
            name="editionDate"
            type="date"
            label="Edition date"
            hint="As printed at the foot of each page (Edition 01/20/25)"
            defaultValue={uploadValues?.editionDate ?? ''}
            required
          />
          <Field
            id="edition-file"
            name="file"
            type="file"
            label="Official PDF"
            accept=".pdf,application/pdf"
            required
          />
          <div className="form-actions">
            <button type="submit" className="btn btn-secondary" disabled={Boolean(uploadClosed)}>
              Upload edition
            </button>
          </div>
        </form>
      </section>
    </section>
  );
}

/** A form's code in an address ("I-130", "N-400"): any other word there is no form. */
const FORM_CODE = /^[A-Za-z]-\d{3,4}[A-Za-z]?$/;

export const formPage = page({
  // The upload form's own address, asked for directly (a reload after a refusal), shows this page too.
  path: [pages.forms.form(':id'), pages.forms.editions(':id')],
  params: { id: FORM_CODE },
  reads: [getForm, listFormEditions],
  offers: { upload: uploadFormEdition },
  load: async ({ read }) => {
    const [spec, editions] = await Promise.all([read(getForm), read(listFormEditions)]);
    return { spec, editions };
  },
  render: ({ spec, editions }, { closed, form }) => {
    // A refused edition (not a PDF, lacking the form's fields, too large): why, with the date as posted.
    const posted = form && editionFields.safeParse(form.values);
    return {
      view: (
        <FormSpecPage
          spec={spec}
          editions={editions}
          uploadClosed={closed.upload}
          uploadError={form?.refusal?.message}
          uploadValues={form && { editionDate: posted?.success ? posted.data.editionDate : undefined }}
        />
      ),
      meta: {
        title: `Form ${spec.code}`,
        description: `The field specification of Form ${spec.code}, ${spec.title}.`,
        noindex: true,
      },
    };
  },
  forms: [
    {
      action: uploadFormEdition,
      path: pages.forms.editions(':id'),
      done: (_ctx, edition: EditionRecord) => ({
        to: pages.forms.form(edition.form),
        flash: `The official edition of Form ${edition.form} is kept: packets fill it from now on.`,
      }),
      // A form that is no form is not found: the error page, as for its GET.
      refused: (_ctx, refusal) => {
        if (refusal.status === 404) throw refusal.error;
        return undefined;
      },
    },
  ],
});
