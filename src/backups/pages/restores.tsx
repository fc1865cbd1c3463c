import { Alert, Field, RequiredNote } from '../../../islands/ui/form';
import { RESTORE_STATUS_LABELS, type RestoreItem, type RestoreStatus } from '../../shared/backups';
import { pages } from '../../shared/paths';
import { Badge } from '../../../views/components/Badge';
import { type Column, DataTable } from '../../../views/components/DataTable';
import { DateTimeText } from '../../../views/components/Dates';
import { useRenderContext } from '../../../views/context';
import { z } from 'zod';
import { page } from '../../access/page';
import { listRestores, restoreBackup } from '../actions';

const TONES: Record<RestoreStatus, 'success' | 'warning' | 'danger'> = {
  queued: 'warning',
  running: 'warning',
  restored: 'success',
  confirmed: 'success',
  failed: 'danger',
};

const count = (value: number | null) => (value === null ? '—' : value.toLocaleString('en-US'));

const COLUMNS: Array<Column<RestoreItem>> = [
  {
    header: 'Started',
    rowHeader: true,
    cell: (r) => <DateTimeText value={r.createdAt} />,
    className: 'nowrap',
  },
  { header: 'Firm', cell: (r) => (r.firm ? <a href={pages.reti.firm(r.firm.id)}>{r.firm.name}</a> : '—') },
  {
    header: 'Status',
    cell: (r) => <Badge status={r.status} label={RESTORE_STATUS_LABELS[r.status]} tone={TONES[r.status]} />,
  },
  { header: 'Rows', cell: (r) => count(r.rows), className: 'num' },
  { header: 'Files', cell: (r) => count(r.files), className: 'num' },
  {
    header: 'Check',
    cell: (r) => (r.checkPassed === null ? (r.error ?? '—') : r.checkPassed ? 'Passed' : 'Did not pass'),
  },
];

type Props = {
  restores: RestoreItem[];
  total: number;
  /** Why the upload just posted was refused. */
  error?: string;
  /** Why this person cannot restore (the action is off, or not granted): the form is disabled. */
  disabled?: string;
};

/** /reti/restores: restore a firm's backup into a new firm (a plain upload form), and the restores so far. */
function RestoresPage({ restores, total, error, disabled }: Props) {
  const { csrfToken } = useRenderContext();
  return (
    <>
      <section className="card">
        <h1>Restore a Backup</h1>
        <p>
          A firm's backup is restored into a new firm, never into one that exists. You see the firm made, its
          counts and status, never its contents. Its administrators are emailed a link to choose a password,
          then check the restore and confirm it.
        </p>
        {disabled && <Alert kind="error">{disabled}</Alert>}
        <form method="post" action={pages.reti.restores} encType="multipart/form-data">
          <input type="hidden" name="_csrf" value={csrfToken} />
          <RequiredNote />
          <fieldset className="plain-fieldset" disabled={Boolean(disabled)}>
            <legend className="visually-hidden">Upload a backup archive</legend>
            <Field id="restore-file" name="file" type="file" label="Backup archive" required error={error} />
            <div className="form-actions">
              <button type="submit" className="btn btn-primary">
                Restore
              </button>
            </div>
          </fieldset>
        </form>
      </section>
      <section className="card">
        <DataTable
          caption="Restores"
          columns={COLUMNS}
          rows={restores}
          rowKey={(r) => r.id}
          empty="No restores yet."
        />
        {total > restores.length && (
          <p className="muted list-summary">{`Showing the newest ${restores.length} of ${total} restores.`}</p>
        )}
      </section>
    </>
  );
}

const PAGE_INVALID = 'The page number must be a whole number from 1.';
const restoresQuery = z.object({
  page: z.coerce
    .number({ error: PAGE_INVALID })
    .int(PAGE_INVALID)
    .min(1, PAGE_INVALID)
    .max(100_000, PAGE_INVALID)
    .default(1),
});

/** The staff's restores page: the upload form (with a refusal, when one was just posted) and the list. */
export const restoresPage = page({
  path: pages.reti.restores,
  reads: [listRestores],
  offers: { restore: restoreBackup },
  query: restoresQuery,
  load: ({ read, query }) => read(listRestores, { input: { page: query.page } }),
  render: (list, { closed, form }) => ({
    view: (
      <RestoresPage
        restores={list.restores}
        total={list.total}
        error={form?.refusal?.message}
        disabled={closed.restore}
      />
    ),
    meta: {
      title: 'Restore a Backup',
      description: "Restore a firm's backup into a new firm, and the restores so far.",
      noindex: true,
    },
  }),
  forms: [
    {
      action: restoreBackup,
      done: () => ({
        to: pages.reti.restores,
        flash: 'Restore started: the firm appears below. Its administrators are emailed once it is restored.',
      }),
    },
  ],
});
