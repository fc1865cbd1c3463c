import { HttpStatusError } from '../../src/shared/api-client';

/** What a save, toggle or delete on the staff screens led to: shown beside the table. */
export type Outcome = { kind: 'success' | 'error'; message: string };

/** One wording for each outcome, whether the island shows it or the server's flash does. */
export const OUTCOMES = {
  permissionsSaved: (name: string) => `Permissions saved for ${name}.`,
  permissionsRefused: (name: string, reason: string) => `${name} was not saved. ${reason}`,
  actionAdded: (name: string) => `Action added: ${name}.`,
  actionUpdated: (name: string) => `Action updated: ${name}.`,
  actionToggled: (name: string, isActive: boolean) => `${name} is now ${isActive ? 'active' : 'inactive'}.`,
  actionDeleted: (name: string) => `Action deleted: ${name}.`,
};

/** The server's own words for a refusal; a request that never got an answer says so. */
export function problemOf(error: unknown): string {
  if (error instanceof HttpStatusError) return error.serverMessage ?? error.message;
  return 'The server could not be reached. Check your connection and try again.';
}

/** A live region that is always there, so screen readers announce the message when it appears. */
export function OutcomeAlert({ outcome }: { outcome?: Outcome }) {
  return (
    <div className="access-outcome" aria-live="polite">
      {outcome && (
        <p className={`alert alert-${outcome.kind}`} role={outcome.kind === 'error' ? 'alert' : undefined}>
          {outcome.message}
        </p>
      )}
    </div>
  );
}

/** Shown while the island fetches its rows again; the table stays in place underneath. */
export function Loading({ text }: { text: string }) {
  return (
    <p className="access-loading" role="status">
      <span className="access-spinner" aria-hidden="true" />
      {text}
    </p>
  );
}
