import { Alert, Field, RequiredNote, TextAreaField } from '../../../islands/ui/form';
import { Badge } from '../../../views/components/Badge';
import { DataTable } from '../../../views/components/DataTable';
import { DateTimeText } from '../../../views/components/Dates';
import { ReasonForm } from '../../../views/components/ReasonForm';
import { useRenderContext } from '../../../views/context';
import type { FormDone } from '../../access/action';
import { type OutputOf, page } from '../../access/page';
import { FORM_CODES } from '../../shared/cases';
import { formatDate, todayIn } from '../../shared/dates';
import { FILING_ADDRESS_LIMITS, type FilingAddress } from '../../shared/filing-addresses';
import { pages } from '../../shared/paths';
import { addFilingAddress, listFilingAddresses, withdrawFilingAddress } from '../actions';

type Posted = {
  values: Record<string, string>;
  errors: Record<string, string | undefined>;
  error?: string;
};

type Props = {
  addresses: FilingAddress[];
  /** The firm's day: an address from a later day is not in use yet. */
  today: string;
  posted?: Posted;
  withdrawError?: string;
  closedAdd?: string;
  closedWithdraw?: string;
};

const FORMS_LIST = 'filing-address-forms';

/** "Form I-130 (Petitioner lives in Texas…)": which address, in words. */
const nameOf = (a: FilingAddress) => `Form ${a.form}${a.label ? ` (${a.label})` : ''}`;

/** The host of the source page, as its link's words ("www.uscis.gov"). */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * Whether the address is in use today: withdrawn, not yet (from a later day), replaced (a later one for the
 * same form and filers is in use), or in use.
 */
function stateOf(a: FilingAddress, all: FilingAddress[], today: string) {
  if (a.withdrawnAt)
    return (
      <>
        <Badge status="withdrawn" label="Withdrawn" tone="neutral" />
        <span className="muted">{` ${a.withdrawnReason ?? ''}`}</span>
      </>
    );
  if (a.effectiveFrom > today) return <Badge status="not-yet" label="Not yet in use" tone="info" />;
  const replaced = all.some(
    (b) =>
      !b.withdrawnAt &&
      b.form === a.form &&
      b.label === a.label &&
      b.effectiveFrom > a.effectiveFrom &&
      b.effectiveFrom <= today,
  );
  return replaced ? (
    <Badge status="replaced" label="Replaced" tone="neutral" />
  ) : (
    <Badge status="active" label="In use" />
  );
}

/** /user/ai/filing-addresses: the firm's filing addresses, the form that adds one, and their withdrawal. */
function FilingAddressesPage(props: Props) {
  const { csrfToken = '' } = useRenderContext();
  const { addresses, today } = props;
  const v = props.posted?.values ?? {};
  const e = props.posted?.errors ?? {};
  return (
    <section className="section filing-addresses-page">
      <p className="back-link">
        <a href={pages.ai.brief}>← Back to the Legal Brief Generator</a>
      </p>
      <h1 className="page-title">Filing Addresses</h1>
      <p className="lead">
        USCIS changes the addresses where its forms are filed. Enter each one from the form’s “Where to file”
        page on uscis.gov, with the date it applies from: a cover letter prints the address in effect on its
        date. An address that no longer applies, or was typed wrong, is withdrawn with the reason, and stays
        listed.
      </p>
      {props.withdrawError && <Alert kind="error">{props.withdrawError}</Alert>}
      <DataTable
        caption="The firm’s filing addresses"
        columns={[
          { header: 'Form', rowHeader: true, cell: (a: FilingAddress) => a.form, className: 'nowrap' },
          { header: 'For', cell: (a) => a.label ?? 'Every filer' },
          {
            header: 'Address',
            cell: (a) =>
              a.address.split('\n').map((line, i) => (
                <span key={i}>
                  {i > 0 && <br />}
                  {line}
                </span>
              )),
          },
          { header: 'In use from', cell: (a) => formatDate(a.effectiveFrom), className: 'nowrap' },
          {
            header: 'Source',
            cell: (a) => (
              <a href={a.sourceUrl} rel="noreferrer noopener" target="_blank">
                {hostOf(a.sourceUrl)}
              </a>
            ),
          },
          {
            header: 'State',
            cell: (a) => (
              <>
                {stateOf(a, addresses, today)}
                <span className="muted">
                  {` Added${a.addedBy ? ` by ${a.addedBy.name}` : ''} `}
                  <DateTimeText value={a.addedAt} />
                </span>
              </>
            ),
          },
          {
            header: 'Withdraw',
            cell: (a) =>
              !a.withdrawnAt && !props.closedWithdraw ? (
                <ReasonForm
                  action={pages.ai.filingAddressWithdraw(a.id)}
                  csrfToken={csrfToken}
                  id={`reason-${a.id}`}
                  open="Withdraw"
                  submit="Withdraw the address"
                  submitLabel={`Withdraw the address: ${nameOf(a)}, in use from ${formatDate(a.effectiveFrom)}`}
                />
              ) : null,
          },
        ]}
        rows={addresses}
        rowKey={(a) => a.id}
        empty="The firm holds no filing address yet."
      />
      {props.closedAdd ? (
        <p className="muted">{props.closedAdd}</p>
      ) : (
        <form method="post" action={pages.ai.filingAddresses} className="card" id="add-address" noValidate>
          <h2>Add an address</h2>
          {props.posted?.error && <Alert kind="error">{props.posted.error}</Alert>}
          <RequiredNote />
          <input type="hidden" name="_csrf" value={csrfToken} />
          <Field
            id="address-form"
            name="form"
            label="Form"
            required
            list={FORMS_LIST}
            maxLength={12}
            hint="The USCIS form code, such as I-130."
            defaultValue={v.form}
            error={e.form}
          />
          <datalist id={FORMS_LIST}>
            {FORM_CODES.map((code) => (
              <option key={code} value={code} />
            ))}
          </datalist>
          <Field
            id="address-label"
            name="label"
            label="For (optional)"
            maxLength={FILING_ADDRESS_LIMITS.label}
            hint="Which filers it is for, as the page says, such as “Petitioner lives in Texas, Florida…”."
            defaultValue={v.label}
            error={e.label}
            wide
          />
          <TextAreaField
            id="address-lines"
            name="address"
            label="Address"
            required
            rows={6}
            maxLength={FILING_ADDRESS_LIMITS.address}
            hint={`One line per line, as USCIS prints it: ${FILING_ADDRESS_LIMITS.minLines} to ${FILING_ADDRESS_LIMITS.maxLines} lines.`}
            defaultValue={v.address}
            error={e.address}
            wide
          />
          <Field
            id="address-effectiveFrom"
            name="effectiveFrom"
            label="In use from"
            type="date"
            required
            defaultValue={v.effectiveFrom}
            error={e.effectiveFrom}
          />
          <Field
            id="address-sourceUrl"
            name="sourceUrl"
            label="Source (https://)"
            type="url"
            required
            hint="The address of the form’s “Where to file” page on uscis.gov."
            defaultValue={v.sourceUrl}
            error={e.sourceUrl}
            wide
          />
          <button type="submit" className="btn btn-primary">
            Add the address
          </button>
        </form>
      )}
    </section>
  );
}

const back = (flash: string): FormDone => ({ to: pages.ai.filingAddresses, flash });

export const filingAddressesPage = page({
  path: [pages.ai.filingAddresses, pages.ai.filingAddressWithdraw(':id')],
  reads: [listFilingAddresses],
  offers: { add: addFilingAddress, withdraw: withdrawFilingAddress },
  async load({ read, firm }) {
    const { addresses } = await read(listFilingAddresses);
    return { addresses, today: firm ? todayIn(firm.timeZone) : new Date().toISOString().slice(0, 10) };
  },
  render: ({ addresses, today }, { form, closed }) => {
    const posted: Posted | undefined =
      form?.action === addFilingAddress.name && form.refusal
        ? {
            values: form.values as Record<string, string>,
            errors: form.refusal.fields ?? {},
            error: form.refusal.fields ? undefined : form.refusal.message,
          }
        : undefined;
    const withdrawRefusal = form?.action === withdrawFilingAddress.name ? form.refusal : undefined;
    return {
      view: (
        <FilingAddressesPage
          addresses={addresses}
          today={today}
          posted={posted}
          withdrawError={withdrawRefusal && (withdrawRefusal.fields?.reason ?? withdrawRefusal.message)}
          closedAdd={closed.add}
          closedWithdraw={closed.withdraw}
        />
      ),
      meta: {
        title: 'Filing Addresses',
        description: 'Where the firm files each USCIS form, from the day each address applies.',
        noindex: true,
      },
    };
  },
  forms: [
    {
      action: addFilingAddress,
      path: pages.ai.filingAddresses,
      done: (_ctx, a: OutputOf<typeof addFilingAddress>) =>
        back(`Added: the address of ${nameOf(a)}, in use from ${formatDate(a.effectiveFrom)}.`),
    },
    {
      action: withdrawFilingAddress,
      path: pages.ai.filingAddressWithdraw(':id'),
      done: (_ctx, a: OutputOf<typeof withdrawFilingAddress>) =>
        back(`Withdrawn: the address of ${nameOf(a)}, in use from ${formatDate(a.effectiveFrom)}.`),
      refused: (_ctx, refusal) => {
        if (refusal.status === 404) throw refusal.error;
        return undefined;
      },
    },
  ],
});
