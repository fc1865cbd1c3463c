import { Alert } from '../../../islands/ui/form';
import { Icon } from '../../../islands/ui/icon';
import { factText } from './facts-parts';
import { useRenderContext } from '../../../views/context';
import { page } from '../../access/page';
import type { CaseFacts, FactName } from '../../shared/facts';
import { pages } from '../../shared/paths';
import { enterCaseFacts, getCaseFacts } from '../actions';
import { ENTERED_FACTS, factsFromForm } from '../schema';
import { FactsFields, formValues } from './parts';
import { formErrors, inFormWords } from './tool';

type CaseFactsPageProps = {
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
function CaseFactsPage({ caseFacts, values, errors, error, closed }: CaseFactsPageProps) {
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

/** The facts entered for the case, as stored: those whose source is an entry (an entry wins over the rest). */
const enteredOf = (caseFacts: CaseFacts) =>
  Object.fromEntries(
    Object.entries(caseFacts.facts).filter(
      ([name]) => caseFacts.sources[name as FactName]?.kind === 'entered',
    ),
  );

/** The fields as posted, to show them again. */
const postedValues = (values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).map(([name, v]) => [name, typeof v === 'string' ? v : '']));

export const caseFactsPage = page({
  path: pages.ai.facts(':id'),
  reads: [getCaseFacts],
  offers: { enter: enterCaseFacts },
  load: ({ read }) => read(getCaseFacts),
  render: (caseFacts, { closed, form }) => ({
    view: (
      <CaseFactsPage
        caseFacts={caseFacts}
        values={form ? postedValues(form.values) : formValues(enteredOf(caseFacts))}
        errors={form?.refusal && formErrors(form.refusal.fields)}
        error={inFormWords(form?.refusal?.message)}
        closed={closed.enter}
      />
    ),
    meta: {
      title: `Facts of ${caseFacts.caseNumber}`,
      description: 'The facts entered for a case, for the rules.',
      noindex: true,
    },
  }),
  forms: [
    {
      action: enterCaseFacts,
      // The fields are the facts, as typed; the address names the case.
      input: (fields) => factsFromForm(fields, ENTERED_FACTS),
      done: (_ctx, facts: CaseFacts) => ({
        to: `${pages.cases('user').view(facts.caseId)}#rules-facts`,
        flash: `The facts of case ${facts.caseNumber} were saved.`,
      }),
    },
  ],
});
