import type { Grant } from '../../src/access/action';
import { createFilingAddressesService } from '../../src/filing-addresses';
import { ServiceError } from '../../src/shared/errors';
import type { FilingAddress } from '../../src/shared/filing-addresses';
import { createUsersService } from '../../src/users/service';
import {
  apiAs,
  BACKENDS,
  csrfFrom,
  DEMO_LOGINS,
  demoFirmId,
  secondFirm,
  signIn,
  type SignedIn,
  startTestApp,
  type TestApp,
  visibleText,
} from '../helpers/app';

/** The catalog rows and default grants, written out by hand: the firm's people, platform staff nothing. */
const CATALOG: Array<{ name: string; method: string; route: string; grants: Record<string, Grant> }> = [
  {
    name: 'List Filing Addresses',
    method: 'GET',
    route: '/api/filing-addresses',
    grants: { user: 'r', admin: 'r', reti: '' },
  },
  {
    name: 'Add Filing Address',
    method: 'POST',
    route: '/api/filing-addresses',
    grants: { user: 'w', admin: 'w', reti: '' },
  },
  {
    name: 'Withdraw Filing Address',
    method: 'DELETE',
    route: '/api/filing-addresses/{id}',
    grants: { user: 'd', admin: 'd', reti: '' },
  },
];

/** What a firm types from the I-130's "Where to file" page; the mechanism is under test, not the lockbox. */
const SOURCE = 'https://www.uscis.gov/i-130-addresses';
const OLD = {
  form: 'I-130',
  label: 'Petitioner lives in Texas, Florida or Georgia',
  address: 'USCIS\nAttn: I-130\nP.O. Box 650888\nDallas, TX 75265-0888',
  effectiveFrom: '2024-04-01',
  sourceUrl: SOURCE,
};
const NEW = {
  form: 'i130',
  address: '  USCIS  \r\n\r\nAttn: I-130\r\nP.O. Box 660000\r\nDallas, TX 75266-0000\r\n',
  effectiveFrom: '2026-01-15',
  sourceUrl: SOURCE,
};
const FUTURE = {
  form: 'I-130',
  address: 'USCIS\nAttn: I-130\nP.O. Box 4053\nCarol Stream, IL 60197-4053',
  effectiveFrom: '2099-01-01',
  sourceUrl: SOURCE,
};

describe.each(BACKENDS)('a firm’s USCIS filing addresses on %s', (backend) => {
  let t: TestApp;
  let attorney: SignedIn;
  let admin: SignedIn;
  let staff: SignedIn;
  let firmId: string;
  let other: { id: string; admin: SignedIn };
  const db = () => t.database.db;
  const service = () => createFilingAddressesService({ db: db(), namesOf: createUsersService(db()).namesOf });
  const listOf = async (as: SignedIn): Promise<FilingAddress[]> => {
    const res = await apiAs(as).get('/filing-addresses');
    expect(res.status).toBe(200);
    return res.body.addresses;
  };
  const auditOf = (id: string) =>
    db()
      .selectFrom('audit_log')
      .select(['action', 'firm_id', 'before', 'after'])
      .where('entity', '=', 'filing-address')
      .where('entity_id', '=', id)
      .orderBy('created_at')
      .execute();

  beforeAll(async () => {
    t = await startTestApp({ backend });
    firmId = await demoFirmId(t.database);
    attorney = await signIn(t.app, DEMO_LOGINS.user);
    admin = await signIn(t.app, DEMO_LOGINS.admin);
    staff = await signIn(t.app, DEMO_LOGINS.reti);
    const second = await secondFirm(t);
    other = { id: second.id, admin: await signIn(t.app, second.admin) };
  });
  afterAll(() => t?.close());

  it('catalogs its actions with their default grants', async () => {
    const rows = await db()
      .selectFrom('actions')
      .innerJoin('permissions', 'permissions.action_id', 'actions.id')
      .select(['name', 'method', 'route', 'category', 'role', 'can_read', 'can_write', 'can_delete'])
      .where('route', 'like', '/api/filing-addresses%')
      .execute();
    for (const row of CATALOG) {
      const own = rows.filter((r) => r.method === row.method && r.route === row.route);
      expect([row.name, own[0]?.name, own[0]?.category]).toEqual([row.name, row.name, 'AI Tools']);
      for (const role of ['user', 'admin', 'reti'] as const) {
        const p = own.find((r) => r.role === role)!;
        const flags = `${p.can_read ? 'r' : ''}${p.can_write ? 'w' : ''}${p.can_delete ? 'd' : ''}`;
        expect([row.name, role, flags]).toEqual([row.name, role, row.grants[role]]);
      }
    }
    expect(new Set(rows.map((r) => r.name))).toEqual(new Set(CATALOG.map((r) => r.name)));
  });

  it('adds, lists and withdraws addresses, each change audited; the cover letter gets the one in effect on its date', async () => {
    const old = await apiAs(attorney).post('/filing-addresses', OLD);
    expect(old.status).toBe(201);
    const attorneyName = await db()
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name'])
      .where('login_id', '=', DEMO_LOGINS.user)
      .executeTakeFirstOrThrow();
    expect(old.body).toEqual({
      id: expect.any(String),
      form: 'I-130',
      label: 'Petitioner lives in Texas, Florida or Georgia',
      address: OLD.address,
      effectiveFrom: '2024-04-01',
      sourceUrl: SOURCE,
      addedAt: expect.any(String),
      addedBy: {
        id: attorneyName.id,
        name: `${attorneyName.first_name} ${attorneyName.last_name}`,
      },
      withdrawnAt: null,
      withdrawnReason: null,
    });
    // Typed loosely: the code written the product's way, the lines trimmed, blank ones left out, no label.
    const added = await apiAs(admin).post('/filing-addresses', NEW);
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      form: 'I-130',
      label: null,
      address: 'USCIS\nAttn: I-130\nP.O. Box 660000\nDallas, TX 75266-0000',
      effectiveFrom: '2026-01-15',
    });
    const future = await apiAs(attorney).post('/filing-addresses', FUTURE);
    expect(future.status).toBe(201);
    const n400 = await apiAs(attorney).post('/filing-addresses', {
      form: 'N-400',
      address: 'USCIS\nAttn: N-400\nP.O. Box 21251\nPhoenix, AZ 85036-1251',
      effectiveFrom: '2025-06-01',
      sourceUrl: 'https://www.uscis.gov/n-400-addresses',
    });
    expect(n400.status).toBe(201);

    // Newest in effect first, every one of them; the admin sees the attorney's too (one firm).
    expect((await listOf(admin)).map((a) => [a.form, a.effectiveFrom])).toEqual([
      ['I-130', '2099-01-01'],
      ['I-130', '2026-01-15'],
      ['N-400', '2025-06-01'],
      ['I-130', '2024-04-01'],
    ]);
    expect(await auditOf(old.body.id)).toEqual([
      {
        action: 'filing-address.added',
        firm_id: firmId,
        before: null,
        after: {
          form: 'I-130',
          label: OLD.label,
          effectiveFrom: '2024-04-01',
          address: OLD.address,
          sourceUrl: SOURCE,
        },
      },
    ]);

    // By date: before any, the old one, the new one; the future one not yet; another form its own.
    const svc = service();
    expect(await svc.addressFor(firmId, 'I-130', '2024-03-31')).toBeUndefined();
    expect(await svc.addressFor(firmId, 'I-130', '2024-04-01')).toEqual({
      id: old.body.id,
      form: 'I-130',
      label: OLD.label,
      lines: ['USCIS', 'Attn: I-130', 'P.O. Box 650888', 'Dallas, TX 75265-0888'],
      effectiveFrom: '2024-04-01',
      sourceUrl: SOURCE,
    });
    expect((await svc.addressFor(firmId, 'I-130', '2026-01-14'))?.id).toBe(old.body.id);
    expect((await svc.addressFor(firmId, 'i130', '2026-01-15'))?.id).toBe(added.body.id);
    expect((await svc.addressFor(firmId, 'I-130', '2098-12-31'))?.id).toBe(added.body.id);
    expect((await svc.addressFor(firmId, 'I-130', '2099-01-01'))?.id).toBe(future.body.id);
    expect((await svc.addressFor(firmId, 'N-400', '2026-01-15'))?.lines[2]).toBe('P.O. Box 21251');
    expect(await svc.addressFor(firmId, 'I-485', '2026-01-15')).toBeUndefined();
    expect(await svc.addressFor(firmId, 'no form', '2026-01-15')).toBeUndefined();
    await expect(svc.addressFor(firmId, 'I-130', '01/15/2026')).rejects.toThrow('YYYY-MM-DD');
    // Another firm holds none of them.
    expect(await svc.addressFor(other.id, 'I-130', '2026-01-15')).toBeUndefined();

    // Withdrawn with a reason: no longer used, still listed with the reason, audited.
    const unexplained = await apiAs(attorney).delete(`/filing-addresses/${added.body.id}?reason=`);
    expect([unexplained.status, unexplained.body.fields]).toEqual([
      422,
      { reason: 'Give the reason the address is withdrawn.' },
    ]);
    const withdrawn = await apiAs(attorney)
      .delete(`/filing-addresses/${added.body.id}`)
      .query({ reason: 'Typed from the draft page; USCIS published another box.' });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body).toMatchObject({
      id: added.body.id,
      withdrawnAt: expect.any(String),
      withdrawnReason: 'Typed from the draft page; USCIS published another box.',
    });
    expect((await svc.addressFor(firmId, 'I-130', '2026-01-15'))?.id).toBe(old.body.id);
    const listed = (await listOf(attorney)).find((a) => a.id === added.body.id)!;
    expect(listed.withdrawnReason).toBe('Typed from the draft page; USCIS published another box.');
    expect((await auditOf(added.body.id)).map((a) => [a.action, a.firm_id, a.after])).toEqual([
      ['filing-address.added', firmId, expect.objectContaining({ form: 'I-130' })],
      [
        'filing-address.withdrawn',
        firmId,
        { reason: 'Typed from the draft page; USCIS published another box.' },
      ],
    ]);
    const again = await apiAs(attorney).delete(`/filing-addresses/${added.body.id}?reason=Twice.`);
    expect([again.status, again.body.error]).toEqual([
      409,
      'This address is already withdrawn: Typed from the draft page; USCIS published another box.',
    ]);
    const unknown = await apiAs(attorney).delete(
      '/filing-addresses/00000000-0000-4000-8000-000000000000?reason=Unknown.',
    );
    expect([unknown.status, unknown.body.error]).toEqual([404, 'Filing address not found.']);
  });

  it('refuses what cannot be an address, naming each field, and keeps nothing', async () => {
    const before = await db().selectFrom('filing_addresses').select('id').execute();
    const bad = await apiAs(attorney).post('/filing-addresses', {
      form: 'Form one-thirty',
      label: 'x'.repeat(201),
      address: 'USCIS only',
      effectiveFrom: '2026-02-30',
      sourceUrl: 'http://www.uscis.gov/i-130-addresses',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.fields).toEqual({
      form: 'form must be a USCIS form code such as I-130',
      label: 'label must be at most 200 characters',
      address: 'address must have at least 2 lines: the name or box, then the city, state and ZIP code',
      effectiveFrom: 'effectiveFrom must be a real date written YYYY-MM-DD, such as 2026-03-01',
      sourceUrl: 'sourceUrl must be an https:// address',
    });
    const empty = await apiAs(attorney).post('/filing-addresses', { ...OLD, address: ' \n \n' });
    expect([empty.status, empty.body.fields]).toEqual([
      422,
      { address: 'address is required: the lines of the form’s “Where to file” page' },
    ]);
    const long = await apiAs(attorney).post('/filing-addresses', {
      ...OLD,
      address: Array.from({ length: 9 }, (_, i) => `Line ${i + 1}`).join('\n'),
    });
    expect([long.status, long.body.fields]).toEqual([422, { address: 'address must have at most 8 lines' }]);
    const wide = await apiAs(attorney).post('/filing-addresses', {
      ...OLD,
      address: ['A', 'B', 'C'].map((c) => c.repeat(200)).join('\r\n'),
    });
    expect([wide.status, wide.body.fields]).toEqual([
      422,
      { address: 'address must be at most 500 characters' },
    ]);
    const missing = await apiAs(attorney).post('/filing-addresses', {});
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.fields).sort()).toEqual([
      'address',
      'effectiveFrom',
      'form',
      'sourceUrl',
    ]);
    expect(await db().selectFrom('filing_addresses').select('id').execute()).toHaveLength(before.length);
  });

  it('keeps each firm’s addresses to itself, and platform staff out', async () => {
    const ours = (await listOf(attorney))[0];
    expect(await listOf(other.admin)).toEqual([]);
    const theirs = await apiAs(other.admin).post('/filing-addresses', OLD);
    expect(theirs.status).toBe(201);
    expect((await listOf(other.admin)).map((a) => a.id)).toEqual([theirs.body.id]);
    expect((await listOf(attorney)).map((a) => a.id)).not.toContain(theirs.body.id);
    const across = await apiAs(other.admin).delete(`/filing-addresses/${ours.id}?reason=Not ours.`);
    expect([across.status, across.body.error]).toEqual([404, 'Filing address not found.']);
    expect((await listOf(attorney)).find((a) => a.id === ours.id)?.withdrawnAt).toBeNull();
    expect((await service().addressFor(other.id, 'I-130', '2026-01-15'))?.id).toBe(theirs.body.id);

    // Staff: refused by the matrix, and by the service whatever the matrix says.
    expect((await apiAs(staff).get('/filing-addresses')).status).toBe(403);
    expect((await apiAs(staff).post('/filing-addresses', OLD)).status).toBe(403);
    expect((await apiAs(staff).delete(`/filing-addresses/${ours.id}?reason=Staff.`)).status).toBe(403);
    expect((await staff.agent.get('/user/ai/filing-addresses')).status).toBe(403);
    const reti = { id: ours.id, loginId: 'reti', firstName: 'Staff', role: 'reti' as const, firmId: null };
    await expect(service().list(reti)).rejects.toEqual(expect.any(ServiceError));
    await expect(service().add(reti, { ...OLD, label: null })).rejects.toMatchObject({ status: 403 });
  });

  it('works without JavaScript: an address added from the page, refused first, then withdrawn', async () => {
    const page = await attorney.agent.get('/user/ai/filing-addresses');
    expect(page.status).toBe(200);
    const text = visibleText(page.text);
    expect(text).toContain('Filing Addresses');
    expect(text).toContain('USCIS changes the addresses where its forms are filed.');
    expect(text).toContain('Add an address');
    const token = csrfFrom(page.text);
    const form = {
      _csrf: token,
      form: 'I-485',
      label: '',
      address: 'USCIS\r\nAttn: AOS\r\nP.O. Box 805887\r\nChicago, IL 60680-4120',
      effectiveFrom: '2026-03-01',
      sourceUrl: 'ftp://uscis.gov/i-485-addresses',
    };
    const refused = await attorney.agent.post('/user/ai/filing-addresses').type('form').send(form);
    expect(refused.status).toBe(422);
    expect(visibleText(refused.text)).toContain('sourceUrl must be an https:// address');
    expect(refused.text).toContain('P.O. Box 805887');
    const added = await attorney.agent
      .post('/user/ai/filing-addresses')
      .type('form')
      .send({ ...form, sourceUrl: 'https://www.uscis.gov/i-485-addresses' });
    expect([added.status, added.headers.location]).toEqual([303, '/user/ai/filing-addresses']);
    const shown = visibleText((await attorney.agent.get('/user/ai/filing-addresses')).text);
    expect(shown).toContain('Added: the address of Form I-485, in use from 03/01/2026.');
    expect(shown).toContain(
      'I-485 Every filer USCIS Attn: AOS P.O. Box 805887 Chicago, IL 60680-4120 03/01/2026 www.uscis.gov In use Added by',
    );
    // The address of a later day is listed, not in use yet.
    expect(shown).toContain('Carol Stream, IL 60197-4053 01/01/2099 www.uscis.gov Not yet in use');

    const row = await db()
      .selectFrom('filing_addresses')
      .select('id')
      .where('firm_id', '=', firmId)
      .where('form', '=', 'I-485')
      .executeTakeFirstOrThrow();
    const unexplained = await attorney.agent
      .post(`/user/ai/filing-addresses/${row.id}/withdraw`)
      .type('form')
      .send({ _csrf: token, reason: '' });
    expect(unexplained.status).toBe(422);
    expect(visibleText(unexplained.text)).toContain('Give the reason the address is withdrawn.');
    const withdrawn = await attorney.agent
      .post(`/user/ai/filing-addresses/${row.id}/withdraw`)
      .type('form')
      .send({ _csrf: token, reason: 'Entered for the test of the screen.' });
    expect([withdrawn.status, withdrawn.headers.location]).toEqual([303, '/user/ai/filing-addresses']);
    const after = visibleText((await attorney.agent.get('/user/ai/filing-addresses')).text);
    expect(after).toContain('Withdrawn: the address of Form I-485, in use from 03/01/2026.');
    expect(after).toContain('Withdrawn Entered for the test of the screen.');
    expect(await service().addressFor(firmId, 'I-485', '2026-03-02')).toBeUndefined();
    // Another firm's address is not found from the page either.
    const theirs = await db()
      .selectFrom('filing_addresses')
      .select('id')
      .where('firm_id', '=', other.id)
      .executeTakeFirstOrThrow();
    const across = await attorney.agent
      .post(`/user/ai/filing-addresses/${theirs.id}/withdraw`)
      .type('form')
      .send({ _csrf: token, reason: 'Not ours at all.' });
    expect(across.status).toBe(404);
  });
});
