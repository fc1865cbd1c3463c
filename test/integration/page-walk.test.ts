import { SECTION_IDS } from '../../src/shared/person-sections';
import { DECLARED_PAGES } from '../../src/features';
import type { AnyAction } from '../../src/access/action';
import type { AnyPage } from '../../src/access/page';
import { SETTINGS_SECTIONS } from '../../src/shared/settings';
import { waitFor } from '../helpers/poll';
import { upload } from '../helpers/documents';
import { textPdf } from '../helpers/files';
import { DEMO_LOGINS, demoFirmId, signIn, startTestApp, type SignedIn, type TestApp } from '../helpers/app';

type Role = keyof typeof DEMO_LOGINS;
const ROLES = Object.keys(DEMO_LOGINS) as Role[];

/**
 * Walks every declared page, as every role that may open it, with each of the page's reads revoked in
 * turn: the page must answer the refusal (403) and show none of the firm's privileged data, whatever the
 * page is. A page added later is walked too; one whose path takes a parameter this test cannot fill fails
 * until `ID_OF` learns it.
 */
describe('every declared page with each of its reads revoked', () => {
  let t: TestApp;
  const signedIn = new Map<Role, SignedIn>();
  let staff: SignedIn;
  /** Words only the firm's data holds: its case numbers and its clients' names. */
  let privileged: string[] = [];
  /** Real values for each kind of path parameter, by the path it sits in (each value is walked). */
  let VALUES_OF: Array<[RegExp, string[]]> = [];

  beforeAll(async () => {
    t = await startTestApp();
    const db = t.database.db;
    const firmId = await demoFirmId(t.database);
    const one = async (table: 'cases' | 'clients' | 'users') =>
      (await db.selectFrom(table).select('id').where('firm_id', '=', firmId).executeTakeFirst())?.id ?? '';
    for (const role of ROLES) signedIn.set(role, await signIn(t.app, DEMO_LOGINS[role]));
    staff = signedIn.get('reti')!;
    const admin = signedIn.get('admin')!;
    // A report and a backup of the firm's, so that their pages have something to show.
    const backup = await admin.agent.post('/api/backups').set('X-CSRF-Token', admin.token);
    const document = await upload(signedIn.get('user')!, await textPdf(['Receipt notice']), 'receipt.pdf', {
      caseId: await one('cases'),
    });
    expect(document.status).toBe(201);
    expect(backup.status).toBe(201);
    const report = await admin.agent
      .post('/api/reports')
      .set('X-CSRF-Token', admin.token)
      .send({ type: 'case-summary', range: 'custom', start: '2026-10-01', end: '2026-11-07' });
    expect(report.status).toBe(201);
    await waitFor(
      async () => (await admin.agent.get(`/api/reports/${report.body.id}`)).body.status === 'done',
    );
    const clientId = await one('clients');
    const caseId = await one('cases');
    const user = signedIn.get('user')!;
    const beneficiary = (await user.agent.get(`/api/cases/${caseId}/parties`)).body[0];
    const questionnaire = await user.agent
      .post(`/api/cases/${caseId}/questionnaires`)
      .set('X-CSRF-Token', user.token)
      .send({ template: 'family', partyId: beneficiary.id });
    expect(questionnaire.status).toBe(201);
    // The demo client's own matter, questionnaire and document request (the portal's pages).
    const mine = await db
      .selectFrom('portal_accounts')
      .innerJoin('users', 'users.id', 'portal_accounts.user_id')
      .innerJoin('document_requests', 'document_requests.person_id', 'portal_accounts.person_id')
      .innerJoin('questionnaires', 'questionnaires.case_id', 'document_requests.case_id')
      .select([
        'document_requests.case_id',
        'document_requests.id as request',
        'questionnaires.id as questionnaire',
      ])
      .where('users.login_id', '=', DEMO_LOGINS.client)
      .executeTakeFirstOrThrow();
    VALUES_OF = [
      [/\/portal\/matters\/:id\/requests\/:requestId/, [`${mine.case_id}|${mine.request}`]],
      [/\/portal\/matters\/:id/, [mine.case_id]],
      [/\/portal\/questionnaires\/:id/, [mine.questionnaire]],
      [/\/cases\/:id\/portal\/requests\/:requestId/, [`${mine.case_id}|${mine.request}`]],
      [/\/firms\/:id/, [firmId]],
      [/\/cases\/:id/, [await one('cases')]],
      [/\/clients\/:id/, [await one('clients')]],
      // Several parameters: their values in order, joined by '|'.
      [/\/people\/:id\/edit\/:section/, SECTION_IDS.map((section) => `${clientId}|${section}`)],
      [/\/people\/:id/, [clientId]],
      [/\/questionnaires\/:id/, [questionnaire.body.id]],
      [/\/documents\/:id/, [document.body.id]],
      [/\/users\/:id/, [await one('users')]],
      [/\/reports\/:id/, [report.body.id]],
      [/\/backups\/:id/, [backup.body.id]],
      [/\/forms\/:id/, ['I-130']],
      [/\/settings\/:section/, [...SETTINGS_SECTIONS]],
      // A link's token: a made-up one shows no page (404), so there is nothing of the firm's to refuse.
      [/:token/, ['no-such-token']],
    ];
    const cases = await db.selectFrom('cases').select('case_number').where('firm_id', '=', firmId).execute();
    const clients = await db
      .selectFrom('clients')
      .select(['first_name', 'last_name'])
      .where('firm_id', '=', firmId)
      .execute();
    privileged = [
      ...cases.map((c) => c.case_number),
      ...clients.map((c) => `${c.first_name} ${c.last_name}`),
    ];
    expect(privileged.length).toBeGreaterThan(20);
  }, 120_000);
  afterAll(() => t.close());

  /** The page's first path with its parameter filled with each real value of its kind. */
  function urlsOf(page: AnyPage): string[] {
    const path = [page.path].flat()[0];
    const param = /:(\w+)/.exec(path)?.[0];
    if (!param) return [path];
    const values = VALUES_OF.find(([pattern]) => pattern.test(path))?.[1];
    if (!values?.length || values.includes(''))
      throw new Error(`The walk cannot fill ${param} in ${path}: teach VALUES_OF its kind.`);
    return values.map((value) => {
      const each = value.split('|');
      return path.replace(/:(\w+)/g, () => each.shift() ?? value);
    });
  }

  /** Sets one role's flags on one catalog action, as Permission Management does. */
  async function setFlags(action: AnyAction, role: Role, flags: string) {
    const actions = (await staff.agent.get('/api/actions')).body as Array<{ id: string; name: string }>;
    const id = actions.find((a) => a.name === action.name)!.id;
    const entries = (await staff.agent.get('/api/permissions')).body as Array<{
      id: string;
      permissions: Array<{ roleId: Role; canRead: boolean; canWrite: boolean; canDelete: boolean }>;
    }>;
    const current = entries.find((e) => e.id === id)!.permissions;
    const body = Object.fromEntries(
      current.map((p) => [
        p.roleId,
        p.roleId === role
          ? flags
          : `${p.canRead ? 'r' : ''}${p.canWrite ? 'w' : ''}${p.canDelete ? 'd' : ''}`,
      ]),
    );
    const saved = await staff.agent
      .put(`/api/permissions/${id}`)
      .set('X-CSRF-Token', staff.token)
      .send({
        permissions: (Object.keys(body) as Role[]).map((roleId) => ({
          roleId,
          canRead: body[roleId].includes('r'),
          canWrite: body[roleId].includes('w'),
          canDelete: body[roleId].includes('d'),
        })),
      });
    // Staff's lifelines (reading the permissions, the actions) cannot be taken away: 409, nothing to walk.
    if (saved.status === 409) return undefined;
    expect(saved.status).toBe(200);
    return current.find((p) => p.roleId === role)!;
  }

  it('walks the declared pages', () => {
    expect(DECLARED_PAGES.length).toBeGreaterThan(4);
  });

  it.each(DECLARED_PAGES.map((page) => [[page.path].flat()[0], page] as const))(
    '%s',
    async (_path, page) => {
      for (const url of urlsOf(page))
        for (const role of ROLES) {
          const { agent } = signedIn.get(role)!;
          const open = await agent.get(url);
          if (open.status !== 200) continue;
          // A read of the page's own refuses the page (403); a part's read costs only its part (200).
          const walked = [
            ...page.reads.map((read) => [read, 403] as const),
            ...Object.values(page.parts ?? {}).map((read) => [read, 200] as const),
          ];
          for (const [read, status] of walked) {
            const before = await setFlags(read, role, '');
            if (!before) continue;
            try {
              const refused = await agent.get(url);
              expect({ url, role, read: read.name, status: refused.status }).toEqual({
                url,
                role,
                read: read.name,
                status,
              });
              const shown = privileged.filter((word) => refused.text.includes(word));
              expect({ url, role, read: read.name, shown }).toEqual({
                url,
                role,
                read: read.name,
                shown: [],
              });
            } finally {
              const flags = `${before.canRead ? 'r' : ''}${before.canWrite ? 'w' : ''}${before.canDelete ? 'd' : ''}`;
              await setFlags(read, role, flags);
            }
          }
        }
    },
    60_000,
  );
});
