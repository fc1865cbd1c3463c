import type { CaseFacts } from '../../shared/facts';
import { pages } from '../../shared/paths';
import { DOCUMENT_TYPES } from '../../shared/documents';
import { FactsUsed } from './facts-parts';

/**
 * The case page's "Facts for the rules": each fact the rules read, with where it came from, and (in a firm
 * user's area, where the AI tools are) the links to enter facts, see the deadlines and check compliance.
 */
export function CaseRulesSection({ caseFacts, tools }: { caseFacts: CaseFacts; tools: boolean }) {
  const id = caseFacts.caseId;
  return (
    <section className="case-rules" id="rules-facts" aria-labelledby="rules-facts-title" tabIndex={-1}>
      <div className="page-head">
        <h2 id="rules-facts-title">Facts for the rules</h2>
        {tools && (
          <div className="page-actions">
            <a className="btn btn-secondary" href={pages.ai.facts(id)}>
              Enter facts
            </a>
            <a className="btn btn-secondary" href={`${pages.ai.deadlines}?case=${id}#answer`}>
              Deadlines
            </a>
            <a className="btn btn-secondary" href={`${pages.ai.compliance}?case=${id}#answer`}>
              Compliance
            </a>
          </div>
        )}
      </div>
      <FactsUsed caseFacts={caseFacts} caption={`Facts of ${caseFacts.caseNumber} and their sources`} />
      <p className="muted">
        {caseFacts.documentTypes.length
          ? `Analyzed documents on file: ${caseFacts.documentTypes.map((t) => DOCUMENT_TYPES[t]).join(', ')}.`
          : 'No analyzed document is on file for this case yet.'}
      </p>
    </section>
  );
}
