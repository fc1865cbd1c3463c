/** One figure of a dashboard with what it counts; words instead of a figure when there is none to show. */
export function StatCard({ label, value }: { label: string; value: number | string }) {
  return (
    <div className="card stat-card">
      <p className="stat-label">{label}</p>
      {typeof value === 'number' ? (
        <p className="stat-value">{value.toLocaleString('en-US')}</p>
      ) : (
        <p className="stat-value stat-value-words">{value}</p>
      )}
    </div>
  );
}
