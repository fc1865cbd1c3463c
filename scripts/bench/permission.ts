import { DEFAULT_TIME_ZONE } from '../../src/config';
// The permission check's cost per request: the enforcing middleware over the seeded catalog, timed in
// process with no I/O (the matrix is in memory once loaded).
import type { NextFunction, Request, Response } from 'express';
import { Router } from 'express';
import { enforceAccess } from '../../src/access/middleware';
import { createAccessService } from '../../src/access/service';
import { openDatabase } from '../../src/db/database';
import { DECLARED_ACTIONS } from '../../src/features';
import { prepareDatabase } from '../../src/setup';
import { createLogger } from '../../src/logger';

const ROLES = [undefined, 'user', 'admin', 'reti'] as const;
const REQUESTS: Array<[string, string]> = [
  ['GET', '/firms'],
  ['GET', '/firms/6a1f0c1e-2b4d-4c1a-9e55-0c2f7d3a9b10/users'],
  ['POST', '/firms'],
  ['PUT', '/permissions/6a1f0c1e-2b4d-4c1a-9e55-0c2f7d3a9b10'],
  ['DELETE', '/actions/6a1f0c1e-2b4d-4c1a-9e55-0c2f7d3a9b10'],
  ['POST', '/auth/login'],
  ['GET', '/health/db'],
  ['PATCH', '/actions/6a1f0c1e-2b4d-4c1a-9e55-0c2f7d3a9b10'],
];

export type PermissionFigure = { microsPerCheck: number; checks: number; actions: number };

export async function measurePermissionCheck(): Promise<PermissionFigure> {
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await prepareDatabase(database);
    const access = createAccessService({
      db: database.db,
      declared: DECLARED_ACTIONS,
      timeZone: DEFAULT_TIME_ZONE,
      redisPrefix: 'bench:',
      logger: createLogger('silent'),
    });
    const matrix = await access.start();
    const check = enforceAccess(access, Router());
    const requests = ROLES.flatMap((role) =>
      REQUESTS.map(
        ([method, path]) =>
          ({
            method,
            path,
            session: role ? { user: { role } } : undefined,
          }) as unknown as Request,
      ),
    );
    const res = {} as Response;
    let refused = 0;
    const next: NextFunction = (error?: unknown) => {
      if (error) refused++;
    };
    const run = (n: number) => {
      for (let i = 0; i < n; i++) check(requests[i % requests.length], res, next);
    };
    run(200_000); // warm-up: let V8 optimise the path
    const checks = 1_000_000;
    const started = process.hrtime.bigint();
    run(checks);
    const elapsed = Number(process.hrtime.bigint() - started) / 1000;
    await access.stop();
    if (refused === 0) throw new Error('no request was refused: the check did not run');
    return { microsPerCheck: elapsed / checks, checks, actions: matrix.actions.length };
  } finally {
    await database.close();
  }
}
