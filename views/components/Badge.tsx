/** How each status word looks; a word not listed here is shown in the neutral tone. */
const TONES: Record<string, 'success' | 'warning' | 'danger'> = {
  active: 'success',
  approved: 'success',
  completed: 'success',
  pending: 'warning',
  processing: 'warning',
  'on-hold': 'warning',
  suspended: 'danger',
  rejected: 'danger',
};

/** A status as a coloured pill; the word itself carries the meaning, the colour only repeats it. */
export function Badge({ status, label = status }: { status: string; label?: string }) {
  return <span className={`status-badge status-badge-${TONES[status] ?? 'neutral'}`}>{label}</span>;
}
