import { backupDownloadPage } from './download';
import { restoreCheckPage } from './restore-check';
import { restoresPage } from './restores';

/** A backup's download, the staff's restores and the restored firm's check. */
export const BACKUP_PAGES = [backupDownloadPage, restoresPage, restoreCheckPage];
