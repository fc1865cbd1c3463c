import type { Store } from 'express-session';

/** How often the ends still owed to the store are tried again, while there are any. */
const RETRY_MS = 5_000;
/** No session outlives this (its absolute lifetime), so an end owed for longer is owed no more. */
const KEEP_MS = 12 * 60 * 60 * 1000;
/** A bound on what one process remembers; past it the oldest are forgotten first. */
const MAX_OWED = 10_000;

type Callback = (err?: unknown) => void;

/**
 * Makes a session store keep the ends it could not make. A logout while the store does not answer (Redis
 * frozen or down, the database unreachable) cannot delete the session; its ID is then remembered in this
 * process, and from then on:
 * - the store answers "no session" for that ID, after deleting it there if it can: the session can never
 *   be used again through this process, even once the store is back;
 * - every later request that reaches the store, and a retry every few seconds, delete the owed sessions,
 *   so that another app process (which does not share this list) can use one at most until the store
 *   answers this process again.
 */
export function endWhenReachable<S extends Store>(store: S): S {
  const owed = new Map<string, number>();
  const destroy = store.destroy.bind(store);
  const get = store.get.bind(store);
  let flushing = false;
  let timer: NodeJS.Timeout | undefined;

  const remember = (sid: string) => {
    owed.delete(sid);
    owed.set(sid, Date.now() + KEEP_MS);
    if (owed.size > MAX_OWED) owed.delete(owed.keys().next().value!);
    timer ??= setTimeout(retry, RETRY_MS).unref();
  };

  /** Deletes one owed session; true once the store has done it. */
  const end = (sid: string) =>
    new Promise<boolean>((resolve) =>
      destroy(sid, (err) => {
        if (!err) owed.delete(sid);
        resolve(!err);
      }),
    );

  /** Tries every owed end, one after another, stopping at the first the store refuses. */
  async function flush(): Promise<void> {
    if (flushing) return;
    flushing = true;
    try {
      const now = Date.now();
      for (const [sid, until] of owed) {
        if (until < now) owed.delete(sid);
        else if (!(await end(sid))) break;
      }
    } finally {
      flushing = false;
    }
  }

  function retry() {
    timer = undefined;
    void flush().finally(() => {
      if (owed.size) timer ??= setTimeout(retry, RETRY_MS).unref();
    });
  }

  store.destroy = (sid: string, callback?: Callback) =>
    destroy(sid, (err?: unknown) => {
      if (err) remember(sid);
      else owed.delete(sid);
      callback?.(err);
    });

  store.get = (sid, callback) => {
    if (!owed.has(sid)) {
      if (owed.size) void flush();
      return get(sid, callback);
    }
    // Ended at logout: it is deleted now, and never loaded again.
    void end(sid).then((done) =>
      done ? callback(null, null) : callback(new Error('the session store did not answer')),
    );
  };

  return store;
}
