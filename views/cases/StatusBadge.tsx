import {
  ADMIN_FILTER_LABELS,
  ADMIN_VIEW,
  type CaseStatus,
  STATUS_LABELS,
  USER_VIEW,
} from '../../src/shared/cases';
import { Badge } from '../components/Badge';
import { capitalize } from '../components/format';

/** Whose pages these are: an administrator's (under /admin) or a firm user's (under /user). */
export type CaseArea = 'admin' | 'user';

/** Each stored status in one colour, whichever view's words it is shown in. */
const TONES = {
  pending: 'warning',
  processing: 'info',
  'on-hold': 'neutral',
  approved: 'success',
  rejected: 'danger',
} as const;

/**
 * A status in the words of the area's view (SPEC §4): the user view's four words, the administrator's
 * filter words. Where the view's word hides something, the stored status follows it: "Processing · on hold",
 * "Completed · approved".
 */
export function statusWords(status: CaseStatus, area: CaseArea): string {
  const word = area === 'user' ? capitalize(USER_VIEW[status]) : ADMIN_FILTER_LABELS[ADMIN_VIEW[status]];
  const stored = STATUS_LABELS[status];
  return word === stored ? word : `${word} · ${stored.toLowerCase()}`;
}

export function StatusBadge({ status, area }: { status: CaseStatus; area: CaseArea }) {
  return <Badge status={status} label={statusWords(status, area)} tone={TONES[status]} />;
}
