/** One figure of a dashboard with what it counts. */
export function StatCard({ label, value }: { label: string; value: number }) {
  return (
    <div className="card stat-card">
      <p className="stat-label">{label}</p>
      <p className="stat-value">{value.toLocaleString('en-US')}</p>
    </div>
  );
}
