import { Alert, Field, SelectField } from '../../../islands/ui/form';
import { Badge } from '../../../views/components/Badge';
import { ReasonForm } from '../../../views/components/ReasonForm';
import { DataTable } from '../../../views/components/DataTable';
import { DateTimeText } from '../../../views/components/Dates';
import { useRenderContext } from '../../../views/context';
import type { FormDone } from '../../access/action';
import { type OutputOf, page } from '../../access/page';
import { FORM_CODES } from '../../shared/cases';
import { formatDate } from '../../shared/dates';
import { pages } from '../../shared/paths';
import { RULE_TABLE_KINDS, type RuleTable, type RuleTableKind } from '../../shared/rule-tables';
import { addRuleTable, listRuleTables, withdrawRuleTable } from '../actions';

type Posted = {
  kind?: string;
  values: Record<string, string>;
  errors: Record<string, string | undefined>;
  error?: string;
};

type Props = { tables: RuleTable[]; posted?: Posted; closedAdd?: string; closedWithdraw?: string };

const REGIONS = [
  ['contiguous', '48 states and DC'],
  ['alaska', 'Alaska'],
  ['hawaii', 'Hawaii'],
] as const;

/** /reti/rule-tables: the rules' dated tables, and the forms that add one or withdraw one. */
function RuleTablesPage({ tables, posted, closedAdd, closedWithdraw }: Props) {
  const { csrfToken = '' } = useRenderContext();
  const of = (kind: RuleTableKind) => (posted?.kind === kind ? posted : undefined);
  return (
    <section className="section rule-tables-page">
      <h1 className="page-title">Rule Tables</h1>
      <p className="lead">
        The dated figures the rules use: the poverty guidelines of Form I-864P, USCIS filing fees, and the
        legal holidays a deadline rolls over. Add a new edition when it is published, with its citation: every
        firm’s answers use it from its effective date at once, and firms see the change. Check every figure
        against the published source before adding it. A table added by mistake is withdrawn, with the reason.
      </p>
      <DataTable
        caption="Tables held"
        columns={[
          { header: 'Kind', rowHeader: true, cell: (t: RuleTable) => RULE_TABLE_KINDS[t.kind] },
          { header: 'In force from', cell: (t) => formatDate(t.effectiveFrom), className: 'nowrap' },
          { header: 'Table', cell: (t) => t.summary },
          {
            header: 'Source',
            cell: (t) => (
              <a href={t.sourceUrl} rel="noreferrer noopener" target="_blank">
                {t.citation}
              </a>
            ),
          },
          {
            header: 'State',
            cell: (t) =>
              t.builtIn ? (
                <Badge status="built-in" label="Held in the product" tone="info" />
              ) : t.withdrawnAt ? (
                <>
                  <Badge status="withdrawn" label="Withdrawn" tone="neutral" />
                  <span className="muted">{` ${t.withdrawnReason ?? ''}`}</span>
                </>
              ) : (
                <>
                  <Badge status="active" label="In force" />
                  {t.addedAt && (
                    <span className="muted">
                      {' Added '}
                      <DateTimeText value={t.addedAt} />
                    </span>
                  )}
                </>
              ),
          },
          {
            header: 'Withdraw',
            cell: (t) =>
              t.id && !t.withdrawnAt && !closedWithdraw ? (
                <ReasonForm
                  action={pages.reti.ruleTableWithdraw(t.id)}
                  csrfToken={csrfToken}
                  id={`reason-${t.id}`}
                  open="Withdraw"
                  submit="Withdraw the table"
                />
              ) : null,
          },
        ]}
        rows={tables}
        rowKey={(t) => t.id ?? `${t.kind}-${t.effectiveFrom}`}
        empty="No table is held."
      />
      {closedAdd ? (
        <p className="muted">{closedAdd}</p>
      ) : (
        <div className="rule-tables-forms">
          <AddForm
            kind="poverty-guidelines"
            title="Add a year’s poverty guidelines"
            posted={of('poverty-guidelines')}
            csrfToken={csrfToken}
          >
            {(v, e) => (
              <>
                <Field
                  id="poverty-year"
                  name="year"
                  label="Year"
                  inputMode="numeric"
                  required
                  defaultValue={v.year}
                  error={e.year}
                />
                {REGIONS.map(([region, label]) => (
                  <fieldset key={region} className="fieldset-inline">
                    <legend>{label}</legend>
                    {(['firstPerson', 'eachAdditional'] as const).map((part) => {
                      const name = `regions.${region}.${part}`;
                      return (
                        <Field
                          key={name}
                          id={`poverty-${region}-${part}`}
                          name={name}
                          label={
                            part === 'firstPerson' ? 'Household of one ($)' : 'Each additional person ($)'
                          }
                          inputMode="numeric"
                          required
                          defaultValue={v[name]}
                          error={e[name]}
                        />
                      );
                    })}
                  </fieldset>
                ))}
                {e.regions && <Alert kind="error">{e.regions}</Alert>}
              </>
            )}
          </AddForm>
          <AddForm kind="fee" title="Add a form’s filing fee" posted={of('fee')} csrfToken={csrfToken}>
            {(v, e) => (
              <>
                <SelectField
                  id="fee-form"
                  name="form"
                  label="Form"
                  defaultValue={v.form ?? 'I-130'}
                  error={e.form}
                  options={FORM_CODES.map((code) => ({ value: code, label: code }))}
                />
                <Field
                  id="fee-paper"
                  name="paper"
                  label="Paper filing, usual filer ($)"
                  inputMode="numeric"
                  required
                  defaultValue={v.paper}
                  error={e.paper}
                />
              </>
            )}
          </AddForm>
          <AddForm kind="holiday" title="Add a legal holiday" posted={of('holiday')} csrfToken={csrfToken}>
            {(v, e) => (
              <Field
                id="holiday-name"
                name="name"
                label="Name"
                required
                maxLength={100}
                defaultValue={v.name}
                error={e.name}
              />
            )}
          </AddForm>
        </div>
      )}
    </section>
  );
}

/** One kind's form: its own fields, then the date, citation and source every table has. */
function AddForm(props: {
  kind: RuleTableKind;
  title: string;
  posted?: Posted;
  csrfToken: string;
  children: (values: Record<string, string>, errors: Record<string, string | undefined>) => React.ReactNode;
}) {
  const v = props.posted?.values ?? {};
  const e = props.posted?.errors ?? {};
  const id = (name: string) => `${props.kind}-${name}`;
  return (
    <form method="post" action={pages.reti.ruleTables} className="card" id={`add-${props.kind}`} noValidate>
      <h2>{props.title}</h2>
      {props.posted?.error && <Alert kind="error">{props.posted.error}</Alert>}
      <input type="hidden" name="_csrf" value={props.csrfToken} />
      <input type="hidden" name="kind" value={props.kind} />
      {props.children(v, e)}
      <Field
        id={id('effectiveFrom')}
        name="effectiveFrom"
        label={props.kind === 'holiday' ? 'Date' : 'In force from'}
        type="date"
        required
        defaultValue={v.effectiveFrom}
        error={e.effectiveFrom}
      />
      <Field
        id={id('citation')}
        name="citation"
        label="Citation (the notice or rule that publishes it)"
        required
        maxLength={300}
        defaultValue={v.citation}
        error={e.citation}
        wide
      />
      <Field
        id={id('sourceUrl')}
        name="sourceUrl"
        label="Source address (https://)"
        type="url"
        required
        defaultValue={v.sourceUrl}
        error={e.sourceUrl}
        wide
      />
      <button type="submit" className="btn btn-primary">
        Add the table
      </button>
    </form>
  );
}

/** The posted fields as the API's input: "regions.alaska.firstPerson" nests. */
function nested(fields: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (name === '_csrf') continue;
    const path = name.split('.');
    let at = out;
    for (const key of path.slice(0, -1)) at = (at[key] ??= {}) as Record<string, unknown>;
    at[path.at(-1)!] = value;
  }
  return out;
}

const back = (flash: string): FormDone => ({ to: pages.reti.ruleTables, flash });

export const ruleTablesPage = page({
  path: [pages.reti.ruleTables, pages.reti.ruleTableWithdraw(':id')],
  reads: [listRuleTables],
  offers: { add: addRuleTable, withdraw: withdrawRuleTable },
  async load({ read }) {
    return read(listRuleTables);
  },
  render: ({ tables }, { form, closed }) => {
    const posted: Posted | undefined =
      form?.action === addRuleTable.name && form.refusal
        ? {
            kind: String(form.values.kind ?? ''),
            values: form.values as Record<string, string>,
            errors: form.refusal.fields ?? {},
            error: form.refusal.fields ? undefined : form.refusal.message,
          }
        : undefined;
    const withdrawError = form?.action === withdrawRuleTable.name ? form.refusal?.message : undefined;
    return {
      view: (
        <>
          {withdrawError && <Alert kind="error">{withdrawError}</Alert>}
          <RuleTablesPage
            tables={tables}
            posted={posted}
            closedAdd={closed.add}
            closedWithdraw={closed.withdraw}
          />
        </>
      ),
      meta: { title: 'Rule Tables', description: 'The dated tables the rules use.', noindex: true },
    };
  },
  forms: [
    {
      action: addRuleTable,
      path: pages.reti.ruleTables,
      input: nested,
      done: (_ctx, t: OutputOf<typeof addRuleTable>) =>
        back(
          `Added: ${RULE_TABLE_KINDS[t.kind]}, ${t.summary}, in force from ${formatDate(t.effectiveFrom)}.`,
        ),
    },
    {
      action: withdrawRuleTable,
      path: pages.reti.ruleTableWithdraw(':id'),
      done: (_ctx, t: OutputOf<typeof withdrawRuleTable>) => back(`Withdrawn: ${t.summary}.`),
      refused: (_ctx, refusal) => {
        if (refusal.status === 404) throw refusal.error;
        return undefined;
      },
    },
  ],
});
