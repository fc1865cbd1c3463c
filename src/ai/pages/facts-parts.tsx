/**
 * A case's facts for the rules as pages show them: the AI tools' and the case page's "Facts for the rules"
 * (CaseRulesSection), each fact in words with where it came from.
 */
import { FACT_INPUTS, FACT_ORDER } from '../schema';
import { FORM_TYPES, type FormType } from '../../shared/cases';
import { formatDate } from '../../shared/dates';
import { type CaseFacts, FACT_LABELS, type FactName, type FactSource } from '../../shared/facts';
import { pages } from '../../shared/paths';
import { US_STATES } from '../../shared/settings';
import { DataTable } from '../../../views/components/DataTable';

/** Whole dollars as USCIS forms write them: $31,300. */
export const dollars = (amount: number) =>
  amount.toLocaleString('en-US', {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  });

/** A fact's value in words: US dates, dollars, Yes or No, a form with its title, a state by name. */
export function factText(name: FactName, value: unknown): string {
  const input = FACT_INPUTS[name];
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (input.kind === 'date' && typeof value === 'string') return formatDate(value);
  if (input.kind === 'money' && typeof value === 'number') return dollars(value);
  if (name === 'form' && typeof value === 'string') return `${value}: ${FORM_TYPES[value as FormType]}`;
  if (name === 'sponsorState' && typeof value === 'string') return `${US_STATES[value] ?? value} (${value})`;
  return String(value);
}

/** Where a fact came from, a document's name linking to its page. */
export function SourceText({ source }: { source: FactSource }) {
  if (source.kind === 'document' && source.documentId)
    return (
      <>
        {'Document '}
        <a href={pages.documents('user').view(source.documentId)}>{source.label}</a>
      </>
    );
  return <>{source.label}</>;
}

/** A case's facts for the rules, each with its value in words and where it came from. */
export function FactsUsed({ caseFacts, caption }: { caseFacts: CaseFacts; caption?: string }) {
  const rows = FACT_ORDER.filter((name) => caseFacts.facts[name] !== undefined);
  return (
    <DataTable
      caption={caption ?? `Facts of ${caseFacts.caseNumber} the rules read`}
      columns={[
        { header: 'Fact', rowHeader: true, cell: (name: FactName) => FACT_LABELS[name] },
        { header: 'Value', cell: (name) => factText(name, caseFacts.facts[name]) },
        {
          header: 'Source',
          cell: (name) => {
            const source = caseFacts.sources[name];
            return source ? <SourceText source={source} /> : null;
          },
        },
      ]}
      rows={rows}
      rowKey={(name) => name}
      empty="No facts yet: enter them, or upload the case's documents to have them read."
    />
  );
}
