import RecoveryCodeTools from '../../islands/RecoveryCodeTools';
import { pages } from '../../src/shared/paths';
import { Island } from '../components/Island';
import { useRenderContext } from '../context';

/**
 * /account/recovery-codes: new recovery codes, shown while this page is open (to copy, download as text or
 * print), then put away for good with Continue. `print`: the same codes on a page made for paper.
 */
export function RecoveryCodesPage(props: { codes: string[]; continueTo: string; view: 'page' | 'print' }) {
  const { csrfToken, user } = useRenderContext();
  const { codes, view } = props;
  const list = (
    <ol className="recovery-codes">
      {codes.map((code) => (
        <li key={code}>
          <code>{code}</code>
        </li>
      ))}
    </ol>
  );
  if (view === 'print')
    return (
      <section className="narrow card recovery-print">
        <h1>{`Recovery codes for ${user?.loginId ?? 'your account'}`}</h1>
        <p>
          Each code signs you in to Reti Immigration once, in place of a code from your authenticator app.
        </p>
        {list}
        <div className="no-print recovery-actions">
          <Island of={RecoveryCodeTools} props={{ codes, print: true }} trigger="load" />{' '}
          <a href={pages.accountRecoveryCodes}>Back to your recovery codes</a>
        </div>
      </section>
    );
  return (
    <section className="narrow card">
      <h1>Save your recovery codes</h1>
      <p>
        If you cannot use your authenticator app, each of these codes signs you in once, in place of a code
        from the app. Keep them somewhere safe, such as a password manager.
      </p>
      <p>
        <strong>They are shown only until you continue.</strong>
      </p>
      {list}
      <div className="recovery-actions">
        <Island of={RecoveryCodeTools} props={{ codes }} trigger="load" />
        <a className="btn btn-secondary" href={pages.accountRecoveryCodesText} download>
          Download (.txt)
        </a>
        <a className="btn btn-secondary" href={pages.accountRecoveryCodesPrint}>
          Print view
        </a>
      </div>
      <form method="post" action={pages.accountRecoveryCodesDone}>
        <input type="hidden" name="_csrf" value={csrfToken} />
        <button type="submit" className="btn btn-primary">
          Continue
        </button>
      </form>
    </section>
  );
}
