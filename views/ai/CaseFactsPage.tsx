import { Alert } from '../../islands/ui/form';
import { Icon } from '../../islands/ui/icon';
import { ENTERED_FACTS } from '../../src/ai/schema';
import type { CaseFacts, FactName } from '../../src/shared/facts';
import { pages } from '../../src/shared/paths';
import { useRenderContext } from '../context';
import { factText, FactsFields } from './parts';

export type CaseFactsPageProps = {
  /** The case's facts now, from every source: each field says what it would be without an entry. */
  caseFacts: CaseFacts;
  /** The entered facts as stored, or as posted when refused. */
  values: Record<string, string>;
  errors?: Record<string, string | undefined>;
  error?: string;
  /** Why this person may not enter facts (the permission matrix). */
  closed?: string;
};

/** /user/ai/cases/{id}/facts: the facts entered for a case, which win over its fields and documents. */
export function CaseFactsPage({ caseFacts, values, errors, error, closed }: CaseFactsPageProps) {
  const { csrfToken } = useRenderContext();
  const hints: Partial<Record<FactName, string>> = {};
  for (const name of ENTERED_FACTS) {
    const source = caseFacts.sources[name];
    if (source && source.kind !== 'entered')
      hints[name] = `Without an entry: ${factText(name, caseFacts.facts[name])}, from ${source.label}.`;
  }
  return (
    <section className="section ai-page">
      <p className="back-link">
        <a href={`${pages.cases('user').view(caseFacts.caseId)}#rules-facts`}>
          {`← Back to case ${caseFacts.caseNumber}`}
        </a>
      </p>
      <h1 className="page-title">
        <Icon name="edit" />
        {`Facts of ${caseFacts.caseNumber} for the rules`}
      </h1>
      <p className="lead">
        What the Deadline Tracker and the Compliance Checker read beside the case’s own fields and what its
        documents give. A fact entered here wins over those; leave a field empty to use them. The case’s form
        and due date are changed on the case itself.
      </p>
      {closed && <Alert kind="error">{closed}</Alert>}
      {error && <Alert kind="error">{error}</Alert>}
      <form className="card ai-facts-form" method="post" action={pages.ai.facts(caseFacts.caseId)} noValidate>
        <input type="hidden" name="_csrf" value={csrfToken} />
        <FactsFields id="case-facts" names={ENTERED_FACTS} values={values} errors={errors} hints={hints} />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={Boolean(closed)}>
            Save the facts
          </button>
          <a className="btn btn-secondary" href={pages.cases('user').view(caseFacts.caseId)}>
            Cancel
          </a>
        </div>
      </form>
    </section>
  );
}
