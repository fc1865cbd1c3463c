import { Alert } from '../../../islands/ui/form';
import type { RestoreCheck } from '../../shared/backups';
import { pages } from '../../shared/paths';
import { type Column, DataTable } from '../../../views/components/DataTable';
import { DateTimeText } from '../../../views/components/Dates';
import { useRenderContext } from '../../../views/context';
import { page } from '../../access/page';
import { confirmRestore, getRestoreCheck } from '../actions';

type TableCount = RestoreCheck['tables'][number];

const COLUMNS: Array<Column<TableCount>> = [
  { header: 'Table', rowHeader: true, cell: (t) => t.table },
  { header: 'In the backup', cell: (t) => t.archived.toLocaleString('en-US'), className: 'num' },
  { header: 'Restored', cell: (t) => t.restored.toLocaleString('en-US'), className: 'num' },
  { header: 'Check', cell: (t) => (t.archived === t.restored ? 'Matches' : 'Does not match') },
];

type Props = {
  check: RestoreCheck;
  /** Why this administrator cannot confirm (the action is off, or not granted): the button is disabled. */
  confirmDisabled?: string;
};

/** /admin/restore: the restored firm's check (every table's rows, every file's SHA-256) and its confirmation. */
function RestoreCheckPage({ check, confirmDisabled }: Props) {
  const { csrfToken } = useRenderContext();
  const { files } = check;
  return (
    <section className="card">
      <h1>Restore Check</h1>
      <p>
        Your firm was restored from a backup made{' '}
        {check.backupMadeAt && <DateTimeText value={check.backupMadeAt} />}
        {check.restoredAt && (
          <>
            {' '}
            (restored <DateTimeText value={check.restoredAt} />)
          </>
        )}
        . Each table's rows were counted and each file was read back and its SHA-256 compared with the
        backup's manifest.
      </p>
      <Alert kind={check.passed ? 'success' : 'error'}>
        {check.passed
          ? 'Every table and every file matches the backup.'
          : 'Some tables or files do not match the backup: see below.'}
      </Alert>
      <DataTable
        caption="Rows"
        columns={COLUMNS}
        rows={check.tables}
        rowKey={(t) => t.table}
        empty="No tables."
      />
      <h2>Files</h2>
      <p>{`${files.matched} of ${files.archived} files match their SHA-256 in the backup.`}</p>
      {files.missingAtBackup > 0 && (
        <p>{`${files.missingAtBackup} files were already missing from storage when the backup was made.`}</p>
      )}
      {files.mismatched.length > 0 && (
        <ul>
          {files.mismatched.map((key) => (
            <li key={key}>{`Does not match: ${key}`}</li>
          ))}
        </ul>
      )}
      {check.confirmedAt ? (
        <p>
          Confirmed <DateTimeText value={check.confirmedAt} />.
        </p>
      ) : (
        <form method="post" action={pages.admin.restoreConfirm}>
          <input type="hidden" name="_csrf" value={csrfToken} />
          <p>
            Once you have checked your firm's cases and documents, confirm the restore. Your firm's other
            users are then emailed a link to choose a password.
          </p>
          <button type="submit" className="btn btn-primary" disabled={confirmDisabled !== undefined}>
            Confirm restore
          </button>
          {confirmDisabled && <p className="muted">{confirmDisabled}</p>}
        </form>
      )}
    </section>
  );
}

export const restoreCheckPage = page({
  path: pages.admin.restore,
  reads: [getRestoreCheck],
  offers: { confirm: confirmRestore },
  load: ({ read }) => read(getRestoreCheck),
  render: (check, { closed }) => ({
    view: <RestoreCheckPage check={check} confirmDisabled={closed.confirm} />,
    meta: {
      title: 'Restore Check',
      description: "Your firm's restore from a backup, checked against the backup.",
      noindex: true,
    },
  }),
  forms: [
    {
      action: confirmRestore,
      path: pages.admin.restoreConfirm,
      done: () => ({
        to: pages.admin.restore,
        flash: "Restore confirmed. Your firm's other users are emailed a link to choose a password.",
      }),
      // Any refusal is said above the check, where the person confirms.
      refused: () => ({ to: pages.admin.restore }),
    },
  ],
});
