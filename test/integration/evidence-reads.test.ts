import type { Action } from '../../src/shared/access';
import { BACKENDS, signIn, type SignedIn, startTestApp, type TestApp, visibleText } from '../helpers/app';

type Role = 'user' | 'admin' | 'reti';
type Flags = Record<Role, string>;
const ROLES: Role[] = ['user', 'admin', 'reti'];
/** The grants the two reads are seeded with. */
const SEEDED: Flags = { user: 'r', admin: 'r', reti: '' };
const REVOKED: Flags = { user: '', admin: 'r', reti: '' };

/** The body of PUT /permissions/{id}: flags per role. */
const matrixRow = (flags: Flags) => ({
  permissions: ROLES.map((roleId) => ({
    roleId,
    canRead: flags[roleId].includes('r'),
    canWrite: flags[roleId].includes('w'),
    canDelete: flags[roleId].includes('d'),
  })),
});

/**
 * Issue 22: a page reads only through the actions it declares, checked before it loads. With Get Cases and
 * Get Documents revoked for firm users, the Evidence Package page (which lists the firm's cases in its
 * picker and a case's documents) answered 200 with 101 cases; it must answer the refusal, showing none.
 */
describe.each(BACKENDS)('the Evidence Package page with its reads revoked, on %s', (backend) => {
  let t: TestApp;
  let staff: SignedIn;
  let attorney: SignedIn;
  let kase: { id: string; case_number: string; first_name: string; last_name: string };
  beforeAll(async () => {
    t = await startTestApp({ backend });
    staff = await signIn(t.app, 'reti');
    attorney = await signIn(t.app, 'attorney');
    kase = await t.database.db
      .selectFrom('cases')
      .innerJoin('clients', 'clients.id', 'cases.client_id')
      .select(['cases.id', 'cases.case_number', 'clients.first_name', 'clients.last_name'])
      .orderBy('cases.case_number')
      .executeTakeFirstOrThrow();
  });
  afterAll(() => t?.close());

  /** Sets a role row of the matrix through the API, as staff do in Role Management. */
  async function setFlags(name: string, flags: Flags) {
    const actions: Action[] = (await staff.agent.get('/api/actions')).body;
    const action = actions.find((a) => a.name === name)!;
    const res = await staff.agent
      .put(`/api/permissions/${action.id}`)
      .set('X-CSRF-Token', staff.token)
      .send(matrixRow(flags));
    expect([name, res.status]).toEqual([name, 200]);
  }

  const evidence = () => attorney.agent.get(`/user/documents/evidence?case=${kase.id}`);
  const clientName = () => `${kase.first_name} ${kase.last_name}`.trim();

  it('shows the case and its documents while the reads are granted', async () => {
    const res = await evidence();
    expect(res.status).toBe(200);
    expect(visibleText(res.text)).toContain(kase.case_number);
  });

  it.each([
    { revoked: ['Get Cases'] },
    { revoked: ['Get Documents'] },
    { revoked: ['Get Cases', 'Get Documents'] },
  ])('answers 403 with no case data when $revoked is revoked for firm users', async ({ revoked }) => {
    for (const name of revoked) await setFlags(name, REVOKED);
    try {
      const res = await evidence();
      expect(res.status).toBe(403);
      const text = visibleText(res.text);
      expect(text).toContain('does not have read permission for');
      expect(text).not.toContain(kase.case_number);
      expect(text).not.toContain(clientName());
      expect(res.text).not.toContain(kase.id);
      // Nor any other case of the firm: no case number at all.
      expect(text).not.toMatch(/RI-\d{4}-\d{4}/);
    } finally {
      for (const name of revoked) await setFlags(name, SEEDED);
    }
    expect((await evidence()).status).toBe(200);
  });
});
