import { Field, SelectField, TextAreaField } from '../../../islands/ui/form';
import {
  CASE_LIMITS,
  CASE_TYPE_LABELS,
  CASE_TYPES,
  type CaseRecord,
  FORM_CODES,
  type Person,
} from '../../shared/cases';
import type { FieldErrors } from '../../shared/validation';
import { formTypeTitle } from '../../../islands/ui/cases';

export const CASE_FIELDS = [
  'clientName',
  'caseType',
  'formType',
  'assigneeId',
  'dueDate',
  'description',
  'receiptNumber',
  'priorityDate',
  'legalFee',
  'amountPaid',
] as const;
export type CaseField = (typeof CASE_FIELDS)[number];
export type CaseValues = Record<CaseField, string>;

const EMPTY_CASE: CaseValues = Object.fromEntries(CASE_FIELDS.map((f) => [f, ''])) as CaseValues;

/** A new case's form as it starts: assigned to the person opening it, who may choose someone else. */
export const newCaseValues = (creatorId: string | undefined): CaseValues => ({
  ...EMPTY_CASE,
  assigneeId: creatorId ?? '',
});

/** Dollars as a form shows them: 1250 → "1250.00". */
const moneyValue = (dollars: number | null) => (dollars === null ? '' : dollars.toFixed(2));

/** The stored case as the edit form's starting values. */
export const caseValuesOf = (record: CaseRecord): CaseValues => ({
  clientName: record.client.name,
  caseType: record.caseType,
  formType: record.formType,
  assigneeId: record.assignee?.id ?? '',
  dueDate: record.dueDate ?? '',
  description: record.description,
  receiptNumber: record.receiptNumber ?? '',
  priorityDate: record.priorityDate ?? '',
  legalFee: moneyValue(record.legalFee),
  amountPaid: moneyValue(record.amountPaid),
});

const CASE_TYPE_OPTIONS = [
  { value: '', label: 'Choose a case type' },
  ...CASE_TYPES.map((t) => ({ value: t, label: CASE_TYPE_LABELS[t] })),
];
const FORM_TYPE_OPTIONS = [
  { value: '', label: 'Choose a form' },
  ...FORM_CODES.map((code) => ({ value: code, label: formTypeTitle(code) })),
];

/** The firm's people a case can be assigned to; one who no longer can keeps the cases they have. */
function assigneeOptions(assignees: Person[], current: Person | null | undefined) {
  const people = current && !assignees.some((p) => p.id === current.id) ? [...assignees, current] : assignees;
  return [{ value: '', label: 'Unassigned' }, ...people.map((p) => ({ value: p.id, label: p.name }))];
}

/**
 * The facts of a case as the create and edit forms ask them. A new case names its client (a new name
 * creates the client); an edited case keeps its client, whose own page changes the client's details.
 * `brief` asks only what SPEC's create-case form asks (and the form type, which every case needs).
 */
export function CaseFields(props: {
  idPrefix: string;
  values: CaseValues;
  errors: FieldErrors<CaseField>;
  assignees: Person[];
  /** The case being edited; none for a new case. */
  record?: CaseRecord;
  brief?: boolean;
}) {
  const { idPrefix, values, errors, record } = props;
  const id = (field: CaseField) => `${idPrefix}-${field}`;
  const optional = (field: CaseField, label: string, hint: string, extra: object = {}) => (
    <Field
      id={id(field)}
      name={field}
      label={label}
      hint={hint}
      defaultValue={values[field]}
      error={errors[field]}
      autoComplete="off"
      {...extra}
    />
  );
  return (
    <div className="form-grid">
      {!record && (
        <Field
          id={id('clientName')}
          name="clientName"
          label="Client Name"
          required
          maxLength={CASE_LIMITS.name * 2}
          autoComplete="off"
          hint="An existing client's full name, or a new client's: a new name adds the client."
          defaultValue={values.clientName}
          error={errors.clientName}
        />
      )}
      <SelectField
        id={id('caseType')}
        name="caseType"
        label="Case Type"
        required
        options={CASE_TYPE_OPTIONS}
        defaultValue={values.caseType}
        error={errors.caseType}
      />
      <SelectField
        id={id('formType')}
        name="formType"
        label="Form Type"
        required
        options={FORM_TYPE_OPTIONS}
        defaultValue={values.formType}
        error={errors.formType}
        hint="The case's principal USCIS form."
      />
      <SelectField
        id={id('assigneeId')}
        name="assigneeId"
        label="Assigned To"
        options={assigneeOptions(props.assignees, record?.assignee)}
        defaultValue={values.assigneeId}
        error={errors.assigneeId}
      />
      <Field
        id={id('dueDate')}
        name="dueDate"
        label="Due Date"
        type="date"
        defaultValue={values.dueDate}
        error={errors.dueDate}
      />
      {!props.brief && (
        <>
          {optional(
            'receiptNumber',
            'Receipt Number',
            'Three letters and ten digits, such as IOE0912345678.',
            {
              maxLength: 20,
            },
          )}
          {optional('priorityDate', 'Priority Date', 'From the receipt notice, when there is one.', {
            type: 'date',
          })}
          {optional('legalFee', 'Legal Fee', 'In dollars, such as 2500.00.', { inputMode: 'decimal' })}
          {optional('amountPaid', 'Amount Paid', 'In dollars, such as 1250.00.', { inputMode: 'decimal' })}
        </>
      )}
      <TextAreaField
        id={id('description')}
        name="description"
        label="Description"
        wide
        rows={4}
        maxLength={CASE_LIMITS.description}
        defaultValue={values.description}
        error={errors.description}
      />
    </div>
  );
}
