import { page } from '../../access/page';
import { pages } from '../../shared/paths';
import { downloadBackup } from '../actions';

/** A backup's download without JavaScript (the list and "Back up now" live on the Settings page). */
export const backupDownloadPage = page({
  path: pages.admin.backupDownload(':id'),
  reads: [downloadBackup],
  // The read answers the file itself (a FileAnswer), which the kit sends instead of a view.
  load: ({ read }) => read(downloadBackup),
  render: () => {
    throw new Error('A backup download has no view.');
  },
});
