import { FIRM_FIELDS, FIRM_LIMITS, FIRM_STATUSES, type Firm, INDUSTRIES } from '../../shared/firms';
import type { FieldErrors } from '../../shared/validation';
import { pages } from '../../shared/paths';
import { Alert, Field, RequiredNote, SelectField } from '../../../islands/ui/form';
import { Icon } from '../../../islands/ui/icon';
import { capitalize } from '../../../views/components/format';
import { useRenderContext } from '../../../views/context';
import { page } from '../../access/page';
import { stringFields } from '../../http/validation';
import { getFirm, updateFirm } from '../actions';

/** The onboarding fields and the status, which only the edit form offers. */
const FIRM_FORM_FIELDS = [...FIRM_FIELDS, 'status'] as const;
type FirmFormField = (typeof FIRM_FORM_FIELDS)[number];
type FirmFormValues = Record<FirmFormField, string>;

const INDUSTRY_OPTIONS = [
  { value: '', label: 'Not specified' },
  ...INDUSTRIES.map((i) => ({ value: i, label: capitalize(i) })),
];
const STATUS_OPTIONS = FIRM_STATUSES.map((s) => ({ value: s, label: s }));

/** The stored firm as the form's starting values. */
const formValuesOf = (firm: Firm): FirmFormValues => ({
  name: firm.name,
  contactPerson: firm.contactPerson,
  contactRole: firm.contactRole,
  email: firm.email,
  phone: firm.phone,
  industry: firm.industry,
  status: firm.status,
  address: firm.address,
});

type FirmEditProps = {
  firm: Firm;
  values: FirmFormValues;
  errors?: FieldErrors<FirmFormField>;
  /** Why the change was refused as a whole (the action is disabled, or the role may not make it). */
  refusal?: string;
};

/** /reti/firms/{id}/edit: the firm's fields as a real form; without JavaScript it posts and comes back. */
function FirmEditPage({ firm, values, errors = {}, refusal }: FirmEditProps) {
  const { csrfToken } = useRenderContext();
  const invalid = Object.keys(errors).length > 0;
  const text = (id: FirmFormField, label: string, max: number, type = 'text', required = true) => (
    <Field
      id={id}
      name={id}
      label={label}
      type={type}
      defaultValue={values[id]}
      maxLength={max}
      required={required}
      error={errors[id]}
    />
  );
  return (
    <section className="section">
      <p className="back-link">
        <a href={pages.reti.firm(firm.id)}>{`← Back to ${firm.name}`}</a>
      </p>
      <h1 className="page-title">
        <Icon name="edit" />
        {`Edit ${firm.name}`}
      </h1>
      {refusal && <Alert kind="error">{refusal}</Alert>}
      {invalid && <Alert kind="error">Check the fields marked below.</Alert>}
      <form className="card form firm-form" method="post" action={pages.reti.firmEdit(firm.id)}>
        <input type="hidden" name="_csrf" value={csrfToken} />
        <RequiredNote />
        <div className="form-grid">
          {text('name', 'Firm Name', FIRM_LIMITS.name)}
          {text('contactPerson', 'Contact Person', FIRM_LIMITS.contactPerson)}
          {text('contactRole', 'Contact Role', FIRM_LIMITS.contactRole)}
          {text('email', 'Email', FIRM_LIMITS.email, 'email')}
          {text('phone', 'Phone', FIRM_LIMITS.phone, 'tel')}
          <SelectField
            id="industry"
            name="industry"
            label="Industry"
            options={INDUSTRY_OPTIONS}
            defaultValue={values.industry}
            error={errors.industry}
          />
          {text('address', 'Address', FIRM_LIMITS.address, 'text', false)}
          <SelectField
            id="status"
            name="status"
            label="Status"
            options={STATUS_OPTIONS}
            defaultValue={values.status}
            error={errors.status}
          />
        </div>
        <div className="form-actions">
          <button type="submit" className="btn btn-primary">
            Save Changes
          </button>
          <a className="btn btn-secondary" href={pages.reti.firm(firm.id)}>
            Cancel
          </a>
        </div>
      </form>
    </section>
  );
}

export const firmEditPage = page({
  path: pages.reti.firmEdit(':id'),
  reads: [getFirm],
  load: ({ read }) => read(getFirm),
  render: (firm, { form }) => ({
    view: (
      <FirmEditPage
        firm={firm}
        values={form ? stringFields(form.values, FIRM_FORM_FIELDS) : formValuesOf(firm)}
        errors={form?.refusal?.fields}
        refusal={form?.refusal?.fields ? undefined : form?.refusal?.message}
      />
    ),
    meta: { title: `Edit ${firm.name}`, description: `Change the details of ${firm.name}.`, noindex: true },
  }),
  forms: [
    {
      action: updateFirm,
      done: (_ctx, firm: Firm) => ({ to: pages.reti.firm(firm.id), flash: 'Firm updated.' }),
    },
  ],
});
