import type { Router } from 'express';
import { expressPath } from '../../src/access/action';
import { patternKey } from '../../src/access/matrix';
import { seedCatalog } from '../../src/access/service';
import { DECLARED_ACTIONS } from '../../src/features';
import { listRoutes } from '../../src/http/route-list';
import { BACKENDS, startTestApp, type TestApp } from '../helpers/app';

/** The API router as createApp mounted it. */
function apiRouterOf(t: TestApp): Router {
  const stack = (t.app as unknown as { router: { stack: Array<{ rawPath?: unknown; handle: Router }> } })
    .router.stack;
  return stack.find((l) => l.rawPath === '/api' && 'stack' in l.handle)!.handle;
}

const flagsOf = (p: { can_read: boolean; can_write: boolean; can_delete: boolean }) =>
  `${p.can_read ? 'r' : ''}${p.can_write ? 'w' : ''}${p.can_delete ? 'd' : ''}`;

describe.each(BACKENDS)('the declared actions and the catalog (%s)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ backend });
  });
  afterAll(() => t.close());

  const stored = () =>
    t.database.db.selectFrom('actions').selectAll().orderBy('method').orderBy('route').execute();

  it('seeds exactly one row for each declaration, with its name, category, route, method and flags', async () => {
    const rows = await stored();
    // Both ways: no declaration without its row, no seeded row without its declaration.
    expect(rows.map((r) => patternKey(r.method, r.route)).sort()).toEqual(
      DECLARED_ACTIONS.map((a) => patternKey(a.method, a.route)).sort(),
    );
    for (const a of DECLARED_ACTIONS) {
      const row = rows.find((r) => r.method === a.method && r.route === `/api${a.route}`);
      expect({
        name: row?.name,
        category: row?.category,
        isPublic: row?.is_public,
        isActive: row?.is_active,
      }).toEqual({ name: a.name, category: a.category, isPublic: a.public ?? false, isActive: !a.inactive });
    }
  });

  it("gives each role the declaration's default grants", async () => {
    const permissions = await t.database.db
      .selectFrom('permissions')
      .innerJoin('actions', 'actions.id', 'permissions.action_id')
      .select(['actions.method', 'actions.route', 'role', 'can_read', 'can_write', 'can_delete'])
      .execute();
    for (const a of DECLARED_ACTIONS.filter((d) => !d.public))
      for (const role of ['user', 'admin', 'reti'] as const) {
        const p = permissions.find(
          (x) => x.method === a.method && x.route === `/api${a.route}` && x.role === role,
        );
        expect([a.name, role, p && flagsOf(p)]).toEqual([a.name, role, a.grants?.[role] ?? '']);
      }
  });

  it('serves every declaration on the API router, and nothing undeclared', () => {
    const routes = listRoutes(apiRouterOf(t)).map((r) => `${r.method} ${r.path}`);
    expect(routes.sort()).toEqual(DECLARED_ACTIONS.map((a) => `${a.method} ${expressPath(a.route)}`).sort());
  });

  it("adds a missing declared action's row on the next start, and never undoes what staff changed", async () => {
    const getFirm = DECLARED_ACTIONS.find((a) => a.name === 'Get Firm')!;
    await t.database.db
      .deleteFrom('actions')
      .where('route', '=', '/api/firms/{id}')
      .where('method', '=', 'GET')
      .execute();
    await t.database.db
      .updateTable('actions')
      .set({ is_active: true, description: 'Edited by staff.' })
      .where('name', '=', 'Delete Firm')
      .execute();

    expect(await seedCatalog(t.database.db, DECLARED_ACTIONS)).toBe(1);
    const rows = await stored();
    expect(rows.find((r) => r.name === getFirm.name)).toMatchObject({
      route: '/api/firms/{id}',
      is_active: true,
    });
    expect(rows.find((r) => r.name === 'Delete Firm')).toMatchObject({
      is_active: true,
      description: 'Edited by staff.',
    });
    expect(await seedCatalog(t.database.db, DECLARED_ACTIONS)).toBe(0);
  });
});
