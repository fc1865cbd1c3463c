import type { CaseArea } from '../../../islands/ui/cases';
import { DateText, DateTimeText } from '../../../views/components/Dates';
import { useRenderContext } from '../../../views/context';
import { pages } from '../../shared/paths';
import type { CaseStatusView, CheckOutcome, ReceiptStatus, StatusCheck } from '../types';

/** What a check that got no status says in its place. */
const NO_STATUS: Record<Exclude<CheckOutcome, 'ok'>, string> = {
  'not-found': 'USCIS does not know this receipt number.',
  invalid: 'USCIS could not read this receipt number.',
  'rate-limited': 'USCIS asked us to slow down: it will be checked again later.',
  unavailable: 'USCIS did not answer: it will be checked again later.',
};

/** A check's status in words: USCIS's status, or why there was none. */
function CheckText({ check }: { check: StatusCheck }) {
  if (check.outcome !== 'ok') return <span className="muted">{NO_STATUS[check.outcome]}</span>;
  return (
    <>
      <strong>{check.statusText}</strong>
      {check.changed && <span className="muted">{' (changed)'}</span>}
    </>
  );
}

function Receipt({ receipt }: { receipt: ReceiptStatus }) {
  const { latest, history } = receipt;
  return (
    <li>
      <h3>{receipt.receiptNumber}</h3>
      {!latest ? (
        <p className="muted">Not checked yet.</p>
      ) : (
        <>
          <p>
            <CheckText check={latest} />
            {latest.formType && ` · Form ${latest.formType}`}
          </p>
          {latest.statusDescription && <p>{latest.statusDescription}</p>}
          <p className="muted">
            {'Checked '}
            <DateTimeText value={latest.checkedAt} />
            {latest.modifiedDate && (
              <>
                {' · USCIS updated it '}
                <DateText value={latest.modifiedDate} />
              </>
            )}
          </p>
        </>
      )}
      {history.length > 0 && (
        <details>
          <summary>{`Earlier checks (${history.length})`}</summary>
          <ul>
            {history.map((check) => (
              <li key={check.checkedAt}>
                <DateTimeText value={check.checkedAt} />
                {': '}
                <CheckText check={check} />
              </li>
            ))}
          </ul>
        </details>
      )}
    </li>
  );
}

/**
 * The case page's "USCIS case status": each receipt number with USCIS's status, when it was checked and the
 * checks before, and Check now (a plain form) where USCIS can be asked.
 */
export function CaseStatusSection(props: {
  area: CaseArea;
  status: CaseStatusView;
  /** Why Check now is closed to this person (the matrix), when it is. */
  checkClosed?: string;
}) {
  const { area, status, checkClosed } = props;
  const { csrfToken } = useRenderContext();
  return (
    <section className="card" id="uscis-status" aria-labelledby="uscis-status-title" tabIndex={-1}>
      <h2 id="uscis-status-title">USCIS case status</h2>
      {!status.configured && <p className="muted">USCIS case status is not configured.</p>}
      {status.receipts.length === 0 ? (
        <p className="muted">
          No receipt number yet: give the case its receipt number, or upload its receipt notice.
        </p>
      ) : (
        <ul className="plain-list">
          {status.receipts.map((receipt) => (
            <Receipt key={receipt.receiptNumber} receipt={receipt} />
          ))}
        </ul>
      )}
      {status.configured && status.receipts.length > 0 && (
        <form method="post" action={pages.cases(area).uscisStatus(status.caseId)}>
          <input type="hidden" name="_csrf" value={csrfToken} />
          <button
            type="submit"
            className="btn btn-secondary"
            disabled={Boolean(checkClosed)}
            title={checkClosed}
          >
            Check now
          </button>
        </form>
      )}
    </section>
  );
}
