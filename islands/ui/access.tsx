import { type ReactElement, type RefObject, useEffect, useState } from 'react';
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

/**
 * An outcome about one row of a table, said on a line under that row. `index` is where the row was,
 * so the line stays in its place when the row itself is gone (deleted).
 */
export type RowLine = { rowId: string; index: number; outcome?: Outcome };

/**
 * The table's rows (their ids in `ids`) with the line in its place: after its row, or where its row
 * was. One flat list with a fixed key, so React keeps the line's element (and its live region) as it moves.
 */
export function withRowOutcome(
  rows: ReactElement[],
  ids: string[],
  line: RowLine | undefined,
  colSpan: number,
): ReactElement[] {
  if (!line) return rows;
  const found = ids.indexOf(line.rowId);
  const at = found >= 0 ? found + 1 : Math.min(Math.max(line.index, 0), ids.length);
  return [
    ...rows.slice(0, at),
    <RowOutcome key="row-outcome" line={line} colSpan={colSpan} />,
    ...rows.slice(at),
  ];
}

/** The message of the row line, to move focus to when its row is gone or new. */
export const ROW_LINE_MESSAGE = '.access-row-outcome .alert';

/**
 * The line under a row: a live region that is there from the moment the change starts (so the outcome
 * that arrives in it is announced), then the message, read in place and focusable from script.
 */
export function RowOutcome({ line, colSpan }: { line: RowLine; colSpan: number }) {
  const { outcome } = line;
  return (
    <tr className={`access-row-outcome${outcome ? '' : ' is-empty'}`}>
      <td colSpan={colSpan}>
        <div className="access-row-status" aria-live="polite">
          {outcome && (
            <p
              className={`alert alert-${outcome.kind}`}
              role={outcome.kind === 'error' ? 'alert' : undefined}
              tabIndex={-1}
            >
              {outcome.message}
            </p>
          )}
        </div>
      </td>
    </tr>
  );
}

/**
 * Focus to move once the next render is on screen, to an element found by a selector inside `root`.
 * It moves only if focus was lost (the control used is gone, or off) or is still inside `within`: a
 * person who has gone elsewhere meanwhile keeps their place.
 */
export function useFocusAfterRender(root: RefObject<HTMLElement | null>) {
  const [request, setRequest] = useState<{ selector: string; within?: string; n: number }>();
  useEffect(() => {
    if (!request || !root.current) return;
    const target = root.current.querySelector<HTMLElement>(request.selector);
    const active = document.activeElement;
    const lost = !active || active === document.body || !active.isConnected;
    const near = request.within && active && root.current.querySelector(request.within)?.contains(active);
    if (target && target !== active && (lost || near)) target.focus();
  }, [request, root]);
  return (selector: string, within?: string) => setRequest((r) => ({ selector, within, n: (r?.n ?? 0) + 1 }));
}
