type Tone = 'success' | 'warning' | 'danger' | 'info' | 'neutral';

/** How each status word looks; a word not listed here is shown in the neutral tone. */
const TONES: Record<string, Exclude<Tone, 'neutral'>> = {
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
export function Badge({
  status,
  label = status,
  tone = TONES[status] ?? 'neutral',
}: {
  status: string;
  label?: string;
  /** A tone of its own, for a state that is not one of the status words above. */
  tone?: Tone;
}) {
  return <span className={`status-badge status-badge-${tone}`}>{label}</span>;
}
