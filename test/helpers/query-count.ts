import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { KyselyPlugin } from 'kysely';

type Tally = { queries: string[] };

/** A statement in a few words, to say which ones a page runs when its budget is exceeded: "SelectQueryNode cases". */
function describe(node: { kind: string }): string {
  const table = (n: unknown): string | undefined => {
    const any = n as { table?: { identifier?: { name?: string } }; identifier?: { name?: string } };
    return any?.table?.identifier?.name ?? any?.identifier?.name;
  };
  const from = (node as { from?: { froms?: unknown[] } }).from?.froms?.[0];
  const into = (node as { into?: unknown; table?: unknown }).into ?? (node as { table?: unknown }).table;
  return [node.kind, table(from) ?? table(into)].filter(Boolean).join(' ');
}

/**
 * Counts the SQL statements run on behalf of one request: a Kysely plugin sees every query the app
 * compiles (query builders and raw `sql` alike, in and out of transactions), and counts those made inside
 * a request that `wrap` let in. Background work (jobs, timers) runs outside any request and is not counted.
 */
export function queryCounter() {
  const current = new AsyncLocalStorage<Tally>();
  let last: Tally = { queries: [] };
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      current.getStore()?.queries.push(describe(args.node));
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return {
    plugin,
    /** The app as a request handler whose every request is counted; `last` is the latest one's tally. */
    wrap:
      (app: (req: IncomingMessage, res: ServerResponse) => void) =>
      (req: IncomingMessage, res: ServerResponse) => {
        last = { queries: [] };
        current.run(last, () => app(req, res));
      },
    /** How many statements the latest request ran. */
    get count() {
      return last.queries.length;
    },
    get kinds() {
      return last.queries;
    },
  };
}
