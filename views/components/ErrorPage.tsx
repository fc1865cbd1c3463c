/** A failure the person can read, with the request ID support needs to find it in the logs. */
export function ErrorPage({
  status,
  message,
  requestId,
}: {
  status: number;
  message: string;
  requestId: string;
}) {
  return (
    <section className="narrow card">
      <h1>
        {status === 403 ? 'Not allowed' : status >= 500 ? 'Something went wrong' : 'Request not accepted'}
      </h1>
      <p className="alert alert-error" role="alert">
        {message}
      </p>
      <p className="muted">Request ID: {requestId}</p>
      <p>
        <a href="/">Back to the home page</a>
      </p>
    </section>
  );
}
