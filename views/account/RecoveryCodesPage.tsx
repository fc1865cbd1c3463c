/** /account/recovery-codes: new recovery codes, shown this once, then on to where the person was going. */
export function RecoveryCodesPage({ codes, continueTo }: { codes: string[]; continueTo: string }) {
  return (
    <section className="narrow card">
      <h1>Save your recovery codes</h1>
      <p>
        If you cannot use your authenticator app, each of these codes signs you in once, in place of a code
        from the app. Keep them somewhere safe, such as a password manager.
      </p>
      <p>
        <strong>This is the only time they are shown.</strong>
      </p>
      <ol className="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <p>
        <a className="btn btn-primary" href={continueTo}>
          Continue
        </a>
      </p>
    </section>
  );
}
