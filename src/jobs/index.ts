/** Background jobs for other features: enqueue in their own transaction; the app runs one runner. */
export { createJobQueue } from './store';
export { createJobRunner, type QueueSpec, PermanentJobError } from './runner';
export { type Job, LEASE_EXPIRED } from './store';
