/**
 * One figure of a dashboard with what it counts; words instead of a figure when there is none to show.
 * With `href` the card is a link to the list behind the figure.
 */
export function StatCard({ label, value, href }: { label: string; value: number | string; href?: string }) {
  const body = (
    <>
      <p className="stat-label">{label}</p>
      {typeof value === 'number' ? (
        <p className="stat-value">{value.toLocaleString('en-US')}</p>
      ) : (
        <p className="stat-value stat-value-words">{value}</p>
      )}
    </>
  );
  return href ? (
    <a className="card stat-card stat-card-link" href={href}>
      {body}
    </a>
  ) : (
    <div className="card stat-card">{body}</div>
  );
}
