/** What the AI tools' pages share: the case chooser, the facts fields, the rules used, the heading. */
import type { ReactNode } from 'react';
import CasePickerIsland from '../../../islands/CasePicker';
import { type CasePick } from '../../../islands/ui/case-picker';
import { Alert, Field, SelectField } from '../../../islands/ui/form';
import { useRenderContext } from '../../../views/context';
import { Island } from '../../../views/components/Island';
import { DataTable } from '../../../views/components/DataTable';
import type { RuleSource } from '../../rules/types';
import { formatDate } from '../../shared/dates';
import { FACT_LABELS, type FactName } from '../../shared/facts';
import { pages } from '../../shared/paths';
import { FACT_INPUTS, FACT_ORDER, formValueOf } from '../schema';

/** The day the rules are applied as of, on both ways of asking (a case's facts, or facts given). */
function AsOfField(props: { id: string; value: string; error?: string }) {
  return (
    <Field
      id={`${props.id}-as-of`}
      name="asOf"
      type="date"
      label="As of"
      hint="The rules in force on this date apply (today by default)."
      defaultValue={props.value}
      error={props.error}
    />
  );
}

/** Choose one of the firm's cases (a GET form: the answer is a page one can reload or bookmark). */
export function CaseChooser(props: {
  id: string;
  action: string;
  pick: CasePick;
  asOf: string;
  submit: string;
  error?: string;
}) {
  return (
    <form className="card ai-chooser" method="get" action={props.action}>
      <div className="ai-chooser-fields">
        <Island
          of={CasePickerIsland}
          trigger="load"
          props={{
            id: `${props.id}-case`,
            name: 'case',
            pick: props.pick,
            none: 'Choose a case',
            required: true,
          }}
        />
        <AsOfField id={props.id} value={props.asOf} error={props.error} />
      </div>
      <div className="form-actions">
        <button type="submit" className="btn btn-primary">
          {props.submit}
        </button>
      </div>
    </form>
  );
}

/**
 * A tool's form for facts given by hand (every fact, and the date whose rules apply), posted to the tool's
 * page; its refusal is said above the fields, with each fact's message beside it.
 */
export function GivenFactsForm(props: {
  id: string;
  title: string;
  intro: string;
  action: string;
  submit: string;
  values?: Record<string, string>;
  errors?: Record<string, string | undefined>;
  error?: string;
  children?: ReactNode;
}) {
  const { csrfToken } = useRenderContext();
  return (
    <>
      <h2 id="facts">{props.title}</h2>
      <form className="card ai-facts-form" method="post" action={props.action} noValidate>
        <input type="hidden" name="_csrf" value={csrfToken} />
        <p className="muted">{props.intro}</p>
        {props.values !== undefined && props.error && <Alert kind="error">{props.error}</Alert>}
        <AsOfField id={props.id} value={props.values?.asOf ?? ''} error={props.errors?.asOf} />
        <FactsFields id={props.id} names={FACT_ORDER} values={props.values ?? {}} errors={props.errors} />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary">
            {props.submit}
          </button>
        </div>
      </form>
    </>
  );
}

/** A page form's fields for some facts, each typed as its input says, with the values and errors as posted. */
export function FactsFields(props: {
  id: string;
  names: readonly FactName[];
  values: Record<string, string>;
  errors?: Record<string, string | undefined>;
  /** A line under a field (where the case's value comes from now). */
  hints?: Partial<Record<FactName, string>>;
}) {
  return (
    <div className="ai-facts-grid">
      {props.names.map((name) => {
        const input = FACT_INPUTS[name];
        const common = {
          id: `${props.id}-${name}`,
          name,
          label: FACT_LABELS[name],
          error: props.errors?.[name],
          hint: props.hints?.[name],
          defaultValue: props.values[name] ?? '',
        };
        if (input.kind === 'choice')
          return (
            <SelectField
              key={name}
              {...common}
              options={[
                { value: '', label: 'Not given' },
                ...input.options.map(([value, label]) => ({ value, label })),
              ]}
            />
          );
        if (input.kind === 'yes-no')
          return (
            <SelectField
              key={name}
              {...common}
              options={[
                { value: '', label: 'Not given' },
                { value: 'yes', label: 'Yes' },
                { value: 'no', label: 'No' },
              ]}
            />
          );
        if (input.kind === 'date') return <Field key={name} {...common} type="date" />;
        if (input.kind === 'text') return <Field key={name} {...common} />;
        return <Field key={name} {...common} inputMode={input.kind === 'money' ? 'decimal' : 'numeric'} />;
      })}
    </div>
  );
}

/** The posted fields as the form shows them again. */
export const formValues = (facts: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(facts).map(([name, value]) => [name, formValueOf(value)]));

/** Every rule an answer used, with its citation, its source and the dates it is in force. */
export function RulesUsed({ rules, caption }: { rules: RuleSource[]; caption?: string }) {
  return (
    <DataTable
      caption={caption ?? 'Rules applied'}
      columns={[
        {
          header: 'Rule',
          rowHeader: true,
          cell: (r) => (
            <>
              <span className="ai-rule-title">{r.title}</span>
              <code className="ai-rule-id">{r.ruleId}</code>
            </>
          ),
        },
        { header: 'Citation', cell: (r) => r.citation },
        {
          header: 'In force',
          cell: (r) =>
            r.effectiveTo
              ? `${formatDate(r.effectiveFrom)} to ${formatDate(r.effectiveTo)}`
              : `Since ${formatDate(r.effectiveFrom)}`,
          className: 'nowrap',
        },
        { header: 'Source', cell: (r) => <SourceLink href={r.sourceUrl} label={r.citation} /> },
      ]}
      rows={rules}
      rowKey={(r) => `${r.ruleId}-${r.effectiveFrom}`}
      empty="No rule applied: the facts given start none."
    />
  );
}

/** A link to a rule's source, opening outside the product. */
export function SourceLink({ href, label }: { href: string; label: string }) {
  return (
    <a href={href} rel="noopener noreferrer external" aria-label={`Source of ${label}`}>
      Read the source
    </a>
  );
}

/** A page's heading with the back link to AI Tools. */
export function ToolHead({ title, lead, children }: { title: string; lead: string; children?: ReactNode }) {
  return (
    <>
      <p className="back-link">
        <a href={pages.ai.home}>← Back to AI Tools</a>
      </p>
      <h1 className="page-title">{title}</h1>
      <p className="lead">{lead}</p>
      {children}
    </>
  );
}
