import type { CleanupItem, CleanupPreview } from '../../shared/admin';
import { pages } from '../../shared/paths';
import { Alert } from '../../../islands/ui/form';
import { Icon } from '../../../islands/ui/icon';
import { type Column, DataTable } from '../../../views/components/DataTable';
import { useRenderContext } from '../../../views/context';
import { page } from '../../access/page';
import { performCleanup, previewCleanup } from '../actions';

const COLUMNS: Array<Column<CleanupItem>> = [
  { header: 'What', rowHeader: true, cell: (i) => i.label },
  { header: 'Why it may go', cell: (i) => i.description },
  { header: 'Count', cell: (i) => i.count.toLocaleString('en-US'), className: 'nowrap' },
];

type Props = {
  preview: CleanupPreview;
  /** Why the cleanup just posted was refused. */
  refusal?: string;
  /** Why this user cannot clean up now: the button is disabled, with the reason. */
  disabled?: string;
};

/** /admin/cleanup: what the firm's retention settings say may go, counted, then one button to remove it. */
function CleanupPage({ preview, refusal, disabled }: Props) {
  const { csrfToken } = useRenderContext();
  return (
    <section className="section">
      <p className="back-link">
        <a href={pages.admin.dashboard}>← Back to Dashboard</a>
      </p>
      <h1 className="page-title">
        <Icon name="delete" />
        Data Cleanup
      </h1>
      <p className="lead">
        {`What your firm's retention settings say may be removed now. Backups are kept for ${preview.retentionDays} days; `}
        <a href={pages.admin.settingsSection('backup')}>change the retention in Settings</a>.
      </p>
      {refusal && <Alert kind="error">{refusal}</Alert>}
      <DataTable
        caption="What may be removed"
        columns={COLUMNS}
        rows={preview.items}
        rowKey={(i) => i.key}
        empty="Nothing to clean up."
      />
      <form method="post" action={pages.admin.cleanup} className="cleanup-form">
        <input type="hidden" name="_csrf" value={csrfToken} />
        <p id="cleanup-summary">
          {preview.total
            ? `${preview.total.toLocaleString('en-US')} ${preview.total === 1 ? 'item' : 'items'} can be removed. This cannot be undone.`
            : 'There is nothing to remove right now.'}
        </p>
        {/* Off, with the reason beside it: not allowed (the matrix), or nothing to remove. */}
        <button
          type="submit"
          className="btn btn-danger"
          disabled={disabled !== undefined || preview.total === 0}
          aria-describedby={
            disabled ? 'cleanup-disabled-reason' : preview.total === 0 ? 'cleanup-summary' : undefined
          }
        >
          Clean Up Now
        </button>
        {disabled && (
          <p className="muted" id="cleanup-disabled-reason">
            {disabled}
          </p>
        )}
      </form>
    </section>
  );
}

export const cleanupPage = page({
  path: pages.admin.cleanup,
  reads: [previewCleanup],
  offers: { cleanup: performCleanup },
  load: ({ read }) => read(previewCleanup),
  render: (preview, { closed, form }) => ({
    // A refusal just posted is said above the table; the button is off only while the matrix says so.
    view: (
      <CleanupPage
        preview={preview}
        refusal={form?.refusal?.message}
        disabled={form?.refusal ? undefined : closed.cleanup}
      />
    ),
    meta: {
      title: 'Data Cleanup',
      description: "Remove what the firm's retention settings say may go.",
      noindex: true,
    },
  }),
  forms: [
    {
      action: performCleanup,
      done: (_ctx, result: { message: string }) => ({ to: pages.admin.cleanup, flash: result.message }),
      // Not allowed (the matrix, or no session): the error page, as for any page it may not use.
      refused: (_ctx, refusal) => {
        if (refusal.status === 403 || refusal.status === 401) throw refusal.error;
        return undefined;
      },
    },
  ],
});
