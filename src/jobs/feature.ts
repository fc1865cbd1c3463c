import { declareFeature } from '../access/feature-declaration';
import type { Services } from '../services';
import * as jobsMigration from './migrations/0010_jobs';

/** Background jobs, run by every process; the sandbox reads the files they need read. */
export const jobsFeature = declareFeature({
  name: 'jobs',
  tables: [{ table: 'jobs', leftOut: 'Work under way; what was unfinished is marked so after a restore.' }],
  migrations: { '0010_jobs': jobsMigration },
  mount: (s: Services) => ({
    start: async () => {
      await s.storage.prepare();
      await s.jobs.start();
    },
    // The runner stops first: a file being read is given back to the queue (its worker killed), to be
    // read again by the next process to run; then the idle workers go.
    stop: async () => {
      await s.jobs.stop();
      await s.sandbox.close();
    },
  }),
});
