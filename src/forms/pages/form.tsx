import { Alert, Field } from '../../../islands/ui/form';
import { Icon } from '../../../islands/ui/icon';
import { useRenderContext } from '../../../views/context';
import { page } from '../../access/page';
import { formatDate } from '../../shared/dates';
import type { EditionRecord, FormSpecification } from '../../shared/forms';
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

const SOURCE_WORDS = {
  official: 'the official PDF shipped with the product',
  'firm-upload': "the firm's uploaded edition",
  'not-uploaded': 'not uploaded yet',
} as const;

/** /user/forms/{code}: the form's edition, its field map, its signature boxes, and the firm's editions of it. */
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
        {`Edition ${spec.edition} (${SOURCE_WORDS[spec.source]})${spec.pages ? `, ${spec.pages} pages, ${spec.fields} fields, ${spec.fieldCount} filled from the matter` : ''}. Official form and instructions: `}
        <a href={spec.sourceUrl}>{spec.sourceUrl}</a>
      </p>
      <p>
        {`Who it speaks of: ${Object.entries(spec.parties)
          .map(([role, part]) => `${role} (${part})`)
          .join(', ')}.`}
      </p>
      {spec.notes.map((note) => (
        <p key={note}>{note}</p>
      ))}
      <details className="form-map">
        <summary>{`The ${spec.mapped.length} boxes the product fills, and where each answer comes from`}</summary>
        <div className="table-wrap">
          <table className="data-table form-spec">
            <caption>The fields the product fills</caption>
            <thead>
              <tr>
                <th scope="col">Part</th>
                <th scope="col">Item</th>
                <th scope="col">Field</th>
                <th scope="col">Comes from</th>
                <th scope="col">Written as</th>
                <th scope="col">PDF field name</th>
              </tr>
            </thead>
            <tbody>
              {spec.mapped.map((field, i) => (
                <tr key={`${field.pdfName}-${i}`}>
                  <td>{field.part}</td>
                  <td>{field.item}</td>
                  <td>{field.label}</td>
                  <td>
                    <code>{field.source}</code>
                  </td>
                  <td>
                    {`${field.check !== undefined ? `checked when ${String(field.check)}` : field.format}${field.required ? ', required' : ''}`}
                  </td>
                  <td>
                    <code>{field.pdfName}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
      {spec.signatures.length > 0 && (
        <section className="card" aria-labelledby="signatures-title">
          <h2 id="signatures-title">Signed by hand</h2>
          <ul>
            {spec.signatures.map((sig) => (
              <li key={`${sig.part}-${sig.item}`}>{`${sig.part}, Item ${sig.item}: ${sig.who}`}</li>
            ))}
          </ul>
        </section>
      )}
      <section className="card" aria-labelledby="editions-title">
        <h2 id="editions-title">Official editions</h2>
        {editions.length === 0 ? (
          <p>
            {spec.source === 'not-uploaded'
              ? `No edition uploaded: Form ${spec.code} is not shipped with the product. Upload the official PDF once and packets fill it.`
              : `No edition uploaded: packets fill the official edition ${spec.edition} shipped with the product.`}
          </p>
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
          When USCIS publishes a newer edition, a firm administrator uploads its fillable PDF from uscis.gov.
          It is checked by its content (its footer must name the form and its edition), and the fields above
          that the new edition renamed or dropped are reported: renamed ones are filled under their new name,
          dropped ones are left empty and listed when the packet is checked.
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
            hint="Optional: read from the foot of each page (Edition 01/20/25)"
            defaultValue={uploadValues?.editionDate ?? ''}
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
        description: `The field map of Form ${spec.code}, ${spec.title}.`,
        noindex: true,
      },
    };
  },
  forms: [
    {
      action: uploadFormEdition,
      path: pages.forms.editions(':id'),
      done: (_ctx, edition: EditionRecord & { lacking: string[]; renamed: unknown[] }) => ({
        to: pages.forms.form(edition.form),
        flash: `The official edition of Form ${edition.form} (${formatDate(edition.editionDate)}) is kept: packets fill it from now on.${edition.renamed.length ? ` ${edition.renamed.length} mapped fields were renamed in it and are filled under their new names.` : ''}${edition.lacking.length ? ` ${edition.lacking.length} mapped fields are not in it: they stay empty and are listed when the packet is checked.` : ''}`,
      }),
      // A form that is no form is not found: the error page, as for its GET.
      refused: (_ctx, refusal) => {
        if (refusal.status === 404) throw refusal.error;
        return undefined;
      },
    },
  ],
});
