import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { sql } from 'kysely';
import { CASE_LIMITS } from '../../src/shared/cases';
import { pages } from '../../src/shared/paths';
import {
  BACKENDS,
  csrfFrom,
  demoFirmId,
  secondFirm,
  signIn,
  type SignedIn,
  startTestApp,
  type TestApp,
  visibleText,
} from '../helpers/app';
import { waitFor } from '../helpers/poll';

const HEADER =
  'Client Name,Case Type,Form Type,Status,Assigned To,Due Date,Description,Receipt Number,Legal Fee';
const ALL_OR_NOTHING = 'all-or-nothing';
const VALID_ROWS = 'valid-rows';
const UPDATE = 'update';

/** Receipt numbers no other test of this file uses. */
let receipts = 0;
const receipt = () => `IOE${String(Date.now() % 1e6).padStart(6, '0')}${String(++receipts).padStart(4, '0')}`;
/** A client name no other test of this file uses. */
const uniqueName = (first: string) => `${first} Import${crypto.randomBytes(3).toString('hex')}`;

const csv = (...rows: string[]) => [HEADER, ...rows].join('\r\n');

/** The mode the page's form has chosen. */
const modeChecked = (html: string) =>
  /<input type="radio" id="import-mode-([\w-]+)" name="mode" checked=""/.exec(html)?.[1];

/** Uploads leave no temporary file behind once their response has ended. */
const noLeftovers = () =>
  waitFor(() => !fs.readdirSync(os.tmpdir()).some((f) => f.startsWith('reti-upload-')), 5000);

describe.each(BACKENDS)('Import Cases on %s', (backend) => {
  let t: TestApp;
  let admin: SignedIn;
  let attorney: SignedIn;
  let firmId: string;
  beforeAll(async () => {
    t = await startTestApp({ backend });
    admin = await signIn(t.app, 'admin');
    attorney = await signIn(t.app, 'attorney');
    firmId = await demoFirmId(t.database);
  });
  afterAll(() => t?.close());

  const db = () => t.database.db;
  const importFile = (as: SignedIn, text: string | Buffer, mode?: string, name = 'cases.csv') => {
    const req = as.agent.post('/api/cases/import').set('X-CSRF-Token', as.token);
    if (mode) req.field('mode', mode);
    return req.attach('file', Buffer.from(text), { filename: name, contentType: 'text/csv' });
  };
  const caseCount = async () =>
    Number(
      (
        await db()
          .selectFrom('cases')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('firm_id', '=', firmId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const casesOf = (clientName: string) =>
    db()
      .selectFrom('cases')
      .selectAll()
      .where('firm_id', '=', firmId)
      .where('client_name', '=', clientName)
      .orderBy('case_number')
      .execute();
  const importAudits = () =>
    db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'cases.imported')
      .orderBy('created_at')
      .execute();

  describe('a file of good rows', () => {
    it('imports every row with the next case numbers, its client, its history row and one audit row', async () => {
      const ana = uniqueName('Ana');
      const ben = uniqueName('Ben');
      const [r1, r2] = [receipt(), receipt()];
      const year = new Date().getFullYear();
      const counterOfYear = () =>
        db()
          .selectFrom('case_counters')
          .select('last')
          .where('firm_id', '=', firmId)
          .where('year', '=', year)
          .executeTakeFirst();
      const counter = await counterOfYear();
      const audits = (await importAudits()).length;
      const res = await importFile(
        attorney,
        csv(
          `${ana},Visa,I-130,processing,admin,11/30/2026,"Spouse petition, filed",${r1},"$1,250.00"`,
          `"${ana.split(' ')[1]}, Ana",family,i485,,Jordan Rivera,2027-01-15,,${r2.toLowerCase()},`,
          `${ben},asylum,I-589,,,,,,`,
        ),
        ALL_OR_NOTHING,
      );
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ imported: 3, updated: 0, rejected: [] });

      // "Import…, Ana" is the same client as "Ana Import…": one client, two cases.
      const anas = await casesOf(ana);
      expect(anas).toHaveLength(2);
      expect(new Set(anas.map((c) => c.client_id)).size).toBe(1);
      const clients = await db()
        .selectFrom('clients')
        .select(['first_name', 'last_name'])
        .where('firm_id', '=', firmId)
        .where(sql`lower(trim(first_name || ' ' || last_name))`, 'in', [ana.toLowerCase(), ben.toLowerCase()])
        .orderBy('first_name')
        .execute();
      expect(clients).toEqual([
        { first_name: 'Ana', last_name: ana.split(' ')[1] },
        { first_name: 'Ben', last_name: ben.split(' ')[1] },
      ]);

      const [first, second] = anas;
      const start = (counter?.last ?? 0) + 1;
      const number = (n: number) => `RI-${year}-${String(n).padStart(4, '0')}`;
      expect(first).toMatchObject({
        case_number: number(start),
        case_type: 'visa',
        form_type: 'I-130',
        status: 'processing',
        due_date: '2026-11-30',
        description: 'Spouse petition, filed',
        receipt_number: r1,
        legal_fee_cents: 125000,
      });
      expect(second).toMatchObject({
        case_number: number(start + 1),
        case_type: 'family',
        form_type: 'I-485',
        status: 'pending',
        due_date: '2027-01-15',
        receipt_number: r2,
      });
      const assignees = await db()
        .selectFrom('users')
        .select(['id', 'login_id'])
        .where('id', 'in', [first.assignee_id!, second.assignee_id!])
        .execute();
      expect(Object.fromEntries(assignees.map((u) => [u.id, u.login_id]))).toEqual({
        [first.assignee_id!]: 'admin',
        [second.assignee_id!]: 'attorney',
      });
      const [benCase] = await casesOf(ben);
      expect(benCase.case_number).toBe(number(start + 2));
      const after = await counterOfYear();
      expect(after?.last).toBe(start + 2);

      const history = await db()
        .selectFrom('case_history')
        .selectAll()
        .where('case_id', '=', first.id)
        .execute();
      expect(history).toEqual([
        expect.objectContaining({
          field: 'Imported',
          from_value: null,
          to_value: 'Processing',
          actor_name: 'Jordan Rivera',
        }),
      ]);
      const logged = await importAudits();
      expect(logged).toHaveLength(audits + 1);
      expect(logged[logged.length - 1]).toMatchObject({
        firm_id: firmId,
        after: { imported: 3, rejected: 0, mode: ALL_OR_NOTHING, clientsAdded: 2 },
      });
      await noLeftovers();
    });

    it("matches an existing client by full name, whatever its case, and reads the export's own header", async () => {
      const name = uniqueName('Carla');
      const created = await admin.agent
        .post('/api/clients')
        .set('X-CSRF-Token', admin.token)
        .send({ firstName: 'Carla', lastName: name.split(' ')[1] });
      expect(created.status).toBe(201);
      const header =
        'Case Number,Client Name,Case Type,Form Type,Status,Assigned To,Due Date,Description,Receipt Number,Priority Date,Legal Fee,Amount Paid,Created';
      const res = await importFile(
        admin,
        `${header}\nRI-2020-0001,${name.toUpperCase()},citizenship,N-400,pending,,2026-12-01,,,2020-01-02,,,2020-01-01\n`,
      );
      expect(res.body).toEqual({ imported: 1, updated: 0, rejected: [] });
      const [stored] = await casesOf(name);
      expect(stored.client_id).toBe(created.body.id);
      expect(stored.case_number).not.toBe('RI-2020-0001');
      expect(stored.priority_date).toBe('2020-01-02');
    });
  });

  describe('bad rows', () => {
    /** One file with each kind of bad row, and two good ones. */
    async function mixedFile() {
      const stored = receipt();
      const made = await attorney.agent
        .post('/api/cases')
        .set('X-CSRF-Token', attorney.token)
        .send({
          clientName: uniqueName('Stored'),
          caseType: 'visa',
          formType: 'I-130',
          receiptNumber: stored,
        });
      expect(made.status).toBe(201);
      const twice = receipt();
      const good = [uniqueName('Good'), uniqueName('Fine')];
      const text = csv(
        `${good[0]},visa,I-130,,,12/01/2026,,${twice},`, // 2: good
        `${uniqueName('Wrong')},visa,I-130,,,02/30/2026,,,`, // 3: wrong date
        `${uniqueName('Boat')},boat,I-130,,,,,,`, // 4: unknown type
        `,asylum,I-589,,,,,,`, // 5: missing client
        `${uniqueName('Twice')},family,I-130,,,,,${twice},`, // 6: receipt on line 2 already
        `${uniqueName('Stored')},family,I-130,,,,,${stored},`, // 7: receipt on a stored case
        `${good[1]},citizenship,N-400,,,,,,`, // 8: good
      );
      return { text, good, stored: made.body.caseNumber as string, receipt: stored, twice };
    }

    it('all or nothing: lists each bad row with its line and why, and writes nothing', async () => {
      const m = await mixedFile();
      const before = await caseCount();
      const audits = (await importAudits()).length;
      const res = await importFile(attorney, m.text, ALL_OR_NOTHING);
      expect(res.status).toBe(200);
      expect(res.body.imported).toBe(0);
      expect(res.body.rejected).toEqual([
        { line: 3, reason: 'Due Date "02/30/2026" is not a date: write it as MM/DD/YYYY or YYYY-MM-DD' },
        { line: 4, reason: 'Case Type "boat" is not one of visa, citizenship, asylum, family' },
        { line: 5, reason: 'Client Name is required' },
        { line: 6, reason: `Receipt Number ${m.twice} is on line 2 already` },
        { line: 7, reason: `Receipt Number ${m.receipt} is on case ${m.stored} already` },
      ]);
      expect(await caseCount()).toBe(before);
      expect(await casesOf(m.good[0])).toEqual([]);
      expect((await importAudits()).length).toBe(audits);
    });

    it('valid rows: writes the good rows in one go and lists the others', async () => {
      const m = await mixedFile();
      const before = await caseCount();
      const res = await importFile(attorney, m.text, VALID_ROWS);
      expect(res.status).toBe(200);
      expect(res.body.imported).toBe(2);
      expect(res.body.rejected.map((r: { line: number }) => r.line)).toEqual([3, 4, 5, 6, 7]);
      expect(await caseCount()).toBe(before + 2);
      expect(await casesOf(m.good[0])).toHaveLength(1);
      expect(await casesOf(m.good[1])).toHaveLength(1);
      const logged = await importAudits();
      expect(logged[logged.length - 1].after).toMatchObject({ imported: 2, rejected: 5, mode: VALID_ROWS });
    });

    it("refuses a client name that several of the firm's clients share", async () => {
      const last = uniqueName('Twin').split(' ')[1];
      for (let i = 0; i < 2; i++) {
        const made = await admin.agent
          .post('/api/clients')
          .set('X-CSRF-Token', admin.token)
          .send({ firstName: 'Mia', lastName: last });
        expect(made.status).toBe(201);
      }
      const res = await importFile(attorney, csv(`Mia ${last},visa,I-130,,,,,,`), VALID_ROWS);
      expect(res.body).toEqual({
        imported: 0,
        updated: 0,
        rejected: [
          {
            line: 2,
            reason: `The firm has 2 clients named Mia ${last}: open this case from the right client's page instead`,
          },
        ],
      });
    });

    it('refuses an assignee who is not an active user of the firm', async () => {
      const other = await secondFirm(t);
      const res = await importFile(
        attorney,
        csv(`${uniqueName('Dan')},visa,I-130,,${other.user},,,,`),
        VALID_ROWS,
      );
      expect(res.body).toEqual({
        imported: 0,
        updated: 0,
        rejected: [
          {
            line: 2,
            reason: `Assigned To "${other.user}" is not an active user of the firm (give a user ID, email or full name)`,
          },
        ],
      });
    });
  });

  it('imports a large file (vacuumed and analyzed after it), and the list finds its rows at once', async () => {
    const name = uniqueName('Bulk');
    const rows = Array.from(
      { length: 1200 },
      (_, i) => `${name},visa,I-765,,,2027-02-0${(i % 9) + 1},Row ${i},,`,
    );
    const before = await caseCount();
    const res = await importFile(admin, csv(...rows), ALL_OR_NOTHING);
    expect([res.status, res.body.imported, res.body.rejected]).toEqual([200, 1200, []]);
    expect(await caseCount()).toBe(before + 1200);
    const list = await admin.agent.get('/api/cases').query({ q: name.split(' ')[1], pageSize: 5 });
    expect([list.status, list.body.total, list.body.items.length]).toEqual([200, 1200, 5]);
  }, 60_000);

  describe('cases the firm has already, and updating them by case number', () => {
    const exported = async () => {
      const res = await admin.agent.get('/api/cases/export?sort=caseNumber');
      expect(res.status).toBe(200);
      return res.text;
    };
    const dataLines = (text: string) => text.trim().split(/\r?\n/).length - 1;
    const numberOf = async (name: string) => (await casesOf(name))[0].case_number;

    it("imports the firm's own export back cleanly when updating by case number: nothing refused, nothing changed", async () => {
      const file = await exported();
      const before = await caseCount();
      const history = await db()
        .selectFrom('case_history')
        .select(db().fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const res = await importFile(admin, file, UPDATE);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ imported: 0, updated: 0, rejected: [] });
      expect(await caseCount()).toBe(before);
      const after = await db()
        .selectFrom('case_history')
        .select(db().fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(history.n));
    });

    it("refuses every row of the firm's own export in the other modes, each with its line and why, and adds nothing", async () => {
      const file = await exported();
      const rows = dataLines(file);
      const before = await caseCount();
      for (const mode of [ALL_OR_NOTHING, VALID_ROWS]) {
        const res = await importFile(admin, file, mode);
        expect(res.status).toBe(200);
        expect(res.body.imported).toBe(0);
        expect(res.body.rejected).toHaveLength(rows);
        const [first] = file.trim().split(/\r?\n/).slice(1);
        expect(res.body.rejected[0]).toEqual({
          line: 2,
          reason: `Case Number ${first.split(',')[0].replace(/^\uFEFF/, '')} is a case of the firm already: import the file with "Update cases by case number" to change it`,
        });
      }
      expect(await caseCount()).toBe(before);
    });

    it('refuses a new case of a client who has one of the same form with no receipt number, naming it', async () => {
      const name = uniqueName('Noor');
      expect((await importFile(admin, csv(`${name},visa,I-765,,,,,,`))).body.imported).toBe(1);
      const existing = await numberOf(name);
      const res = await importFile(
        admin,
        csv(`${name},visa,I-765,,,,,,`, `${name},visa,I-131,,,,,,`),
        VALID_ROWS,
      );
      expect(res.body).toEqual({
        imported: 1,
        updated: 0,
        rejected: [
          { line: 2, reason: `${name} already has an I-765 case with no receipt number: ${existing}` },
        ],
      });
      expect((await casesOf(name)).map((c) => c.form_type).sort()).toEqual(['I-131', 'I-765']);
    });

    it('changes the cases a file numbers (only the columns it has), adds the others, with history and one audit row', async () => {
      const name = uniqueName('Omar');
      const [r1, r2] = [receipt(), receipt()];
      expect(
        (await importFile(admin, csv(`${name},visa,I-130,,admin,2027-01-15,First,${r1},1000`))).status,
      ).toBe(200);
      const [before] = await casesOf(name);
      const fresh = uniqueName('Pia');
      const audits = (await importAudits()).length;
      const res = await importFile(
        attorney,
        [
          'Case Number,Client Name,Case Type,Form Type,Status,Due Date,Receipt Number',
          `${before.case_number.toLowerCase()},${name},visa,I-130,processing,02/01/2027,${r2}`,
          `RI-1999-0001,${fresh},asylum,I-589,,,`,
        ].join('\n'),
        UPDATE,
      );
      expect(res.body).toEqual({ imported: 1, updated: 1, rejected: [] });
      const [after] = await casesOf(name);
      expect(after).toMatchObject({
        id: before.id,
        case_number: before.case_number,
        status: 'processing',
        due_date: '2027-02-01',
        receipt_number: r2,
        // Not in the file: left as they were.
        assignee_id: before.assignee_id,
        description: 'First',
        legal_fee_cents: 100000,
      });
      const history = await db()
        .selectFrom('case_history')
        .select(['field', 'from_value', 'to_value', 'actor_name'])
        .where('case_id', '=', before.id)
        .where('field', '!=', 'Imported')
        .orderBy('field')
        .execute();
      expect(history).toEqual([
        { field: 'Due date', from_value: '01/15/2027', to_value: '02/01/2027', actor_name: 'Jordan Rivera' },
        { field: 'Receipt number', from_value: r1, to_value: r2, actor_name: 'Jordan Rivera' },
        { field: 'Status', from_value: 'Pending', to_value: 'Processing', actor_name: 'Jordan Rivera' },
      ]);
      const [added] = await casesOf(fresh);
      expect(added.case_number).not.toBe('RI-1999-0001');
      expect(added.status).toBe('pending');
      const logged = await importAudits();
      expect(logged).toHaveLength(audits + 1);
      expect(logged[logged.length - 1].after).toMatchObject({
        imported: 1,
        updated: 1,
        rejected: 0,
        mode: UPDATE,
      });
    });

    it('refuses a move the case lifecycle does not allow, a receipt number on another case and a case number twice, writing nothing', async () => {
      const name = uniqueName('Quinn');
      const holder = uniqueName('Rae');
      const taken = receipt();
      expect(
        (
          await importFile(
            admin,
            csv(`${name},visa,I-130,approved,,,,,`, `${holder},visa,I-130,,,,,${taken},`),
          )
        ).body.imported,
      ).toBe(2);
      const approved = await numberOf(name);
      const other = uniqueName('Sol');
      const res = await importFile(
        admin,
        [
          'Case Number,Client Name,Case Type,Form Type,Status,Receipt Number',
          `${approved},${name},visa,I-130,pending,`,
          `${approved},${name},visa,I-130,approved,`,
          `,${other},visa,I-130,,${taken}`,
        ].join('\n'),
        UPDATE,
      );
      expect(res.body.imported + res.body.updated).toBe(0);
      expect(res.body.rejected).toEqual([
        {
          line: 2,
          reason:
            'An approved case cannot be moved to pending. An approved case is final: no move is allowed.',
        },
        { line: 3, reason: `Case Number ${approved} is on line 2 already` },
        {
          line: 4,
          reason: `Receipt Number ${taken} is on case ${await numberOf(holder)} already`,
        },
      ]);
      expect(await casesOf(other)).toHaveLength(0);
      expect((await casesOf(name))[0].status).toBe('approved');
    });

    it('writes nothing when a batch fails after others were written (here a case number the counter gives is taken)', async () => {
      const name = uniqueName('Tess');
      const year = new Date().getFullYear();
      const counter = await db()
        .selectFrom('case_counters')
        .select('last')
        .where('firm_id', '=', firmId)
        .where('year', '=', year)
        .executeTakeFirstOrThrow();
      // A case numbered 700 past the counter: the third batch of this import reaches it.
      const blocking = counter.last + 700;
      await db()
        .insertInto('cases')
        .values({
          firm_id: firmId,
          case_number: `RI-${year}-${String(blocking).padStart(4, '0')}`,
          client_id: (
            await db()
              .selectFrom('clients')
              .select('id')
              .where('firm_id', '=', firmId)
              .executeTakeFirstOrThrow()
          ).id,
          case_type: 'visa',
          form_type: 'I-130',
        })
        .execute();
      const before = await caseCount();
      const clients = await db()
        .selectFrom('clients')
        .select(db().fn.countAll<number>().as('n'))
        .where('firm_id', '=', firmId)
        .executeTakeFirstOrThrow();
      const rows = Array.from({ length: 1000 }, (_, i) => `${name} ${i},visa,I-130,,,,,,`);
      const res = await importFile(admin, csv(...rows), ALL_OR_NOTHING);
      expect(res.status).toBe(500);
      expect(await caseCount()).toBe(before);
      const clientsAfter = await db()
        .selectFrom('clients')
        .select(db().fn.countAll<number>().as('n'))
        .where('firm_id', '=', firmId)
        .executeTakeFirstOrThrow();
      expect(Number(clientsAfter.n)).toBe(Number(clients.n));
    }, 60_000);
  });

  describe('files refused whole (422, nothing written)', () => {
    it('refuses a file of 100,001 rows', async () => {
      const row = 'Client Many,visa,I-130,,,,,,';
      const text = csv(...Array.from({ length: CASE_LIMITS.importRows + 1 }, () => row));
      const before = await caseCount();
      const res = await importFile(admin, text, VALID_ROWS);
      expect(res.status).toBe(422);
      expect(res.body.error).toBe(
        'The file has more than 100,000 rows below its header: import at most 100,000 cases at a time (split the file).',
      );
      expect(await caseCount()).toBe(before);
    }, 60_000);

    it('refuses a file over 20 MB, malformed CSV, an unknown column and a missing file', async () => {
      const big = Buffer.alloc(CASE_LIMITS.importBytes + 10, 'a');
      const tooLarge = await importFile(admin, big);
      expect(tooLarge.status).toBe(422);
      expect(tooLarge.body.error).toBe(
        'The file is larger than 20 MB: import at most 100,000 rows and 20 MB at a time (split the file).',
      );
      const malformed = await importFile(admin, csv('"Open quote,visa,I-130,,,,,,'));
      expect(malformed.status).toBe(422);
      expect(malformed.body.error).toMatch(
        /^The file could not be read as CSV \(line \d+\): a value opens a quote/,
      );
      const unknown = await importFile(admin, 'Client,Type,Form,Colour\nAna,visa,I-130,red\n');
      expect(unknown.status).toBe(422);
      expect(unknown.body.error).toMatch(
        /^The first row names a column Import Cases does not know: "Colour"\./,
      );
      const none = await admin.agent
        .post('/api/cases/import')
        .set('X-CSRF-Token', admin.token)
        .field('mode', VALID_ROWS);
      expect(none.status).toBe(422);
      expect(none.body).toMatchObject({
        error: 'Choose a CSV file of cases to import.',
        fields: { file: expect.any(String) },
      });
      await noLeftovers();
    });

    it('refuses a mode it does not know', async () => {
      const res = await importFile(admin, csv(`${uniqueName('Eve')},visa,I-130,,,,,,`), 'some');
      expect(res.status).toBe(422);
      expect(res.body.error).toBe('Mode must be all-or-nothing, valid-rows or update');
    });
  });

  describe('access', () => {
    it('is for the firm: platform staff are refused, another firm imports into its own', async () => {
      const staff = await signIn(t.app, 'reti');
      expect((await importFile(staff, csv(`${uniqueName('Fay')},visa,I-130,,,,,,`))).status).toBe(403);
      const other = await secondFirm(t);
      const theirs = await signIn(t.app, other.user);
      const name = uniqueName('Gus');
      const res = await importFile(theirs, csv(`${name},visa,I-130,,,,,,`));
      expect(res.body).toEqual({ imported: 1, updated: 0, rejected: [] });
      const [row] = await db()
        .selectFrom('cases')
        .select('firm_id')
        .where('client_name', '=', name)
        .execute();
      expect(row.firm_id).toBe(other.id);
    });

    it('needs the security token', async () => {
      const res = await attorney.agent
        .post('/api/cases/import')
        .attach('file', Buffer.from(csv(`${uniqueName('Hal')},visa,I-130,,,,,,`)), 'cases.csv');
      expect(res.status).toBe(403);
    });
  });

  describe('the Import Cases page, without JavaScript', () => {
    for (const [login, area] of [
      ['attorney', 'user'],
      ['admin', 'admin'],
    ] as const) {
      it(`${area}: the form, then back to the list when every row went in`, async () => {
        const as = await signIn(t.app, login);
        const paths = pages.cases(area);
        const page = await as.agent.get(paths.import);
        expect(page.status).toBe(200);
        const text = visibleText(page.text);
        expect(text).toContain('Import Cases');
        expect(text).toContain('All or nothing: if any row has a problem, import none');
        expect(page.text).toContain(
          `<form action="${paths.import}" encType="multipart/form-data" method="post">`,
        );
        expect(modeChecked(page.text)).toBe(ALL_OR_NOTHING);
        const name = uniqueName('Ivy');
        const res = await as.agent
          .post(paths.import)
          .field('_csrf', csrfFrom(page.text))
          .field('mode', ALL_OR_NOTHING)
          .attach('file', Buffer.from(csv(`${name},visa,I-130,,,,,,`)), 'cases.csv');
        expect(res.status).toBe(303);
        expect(res.headers.location).toBe(paths.list);
        expect(await casesOf(name)).toHaveLength(1);
        // The message waits for the next page the person sees.
        expect(visibleText((await as.agent.get(paths.import)).text)).toContain('Imported 1 case.');
      });
    }

    it('updates by case number from the form: back to the list saying what changed', async () => {
      const paths = pages.cases('admin');
      const page = await admin.agent.get(paths.import);
      expect(visibleText(page.text)).toContain(
        "Update cases by case number: a row whose Case Number is one of the firm's cases changes that case, the others are added; if any row has a problem, none is imported",
      );
      const name = uniqueName('Uma');
      expect((await importFile(admin, csv(`${name},visa,I-130,,,,,,`))).body.imported).toBe(1);
      const [stored] = await casesOf(name);
      const post = (text: string) =>
        admin.agent
          .post(paths.import)
          .field('_csrf', csrfFrom(page.text))
          .field('mode', UPDATE)
          .attach('file', Buffer.from(text), 'cases.csv');
      const file = (status: string) =>
        `Case Number,Client Name,Case Type,Form Type,Status\n${stored.case_number},${name},visa,I-130,${status}\n,${uniqueName('Val')},visa,I-130,\n`;
      const res = await post(file('processing'));
      expect([res.status, res.headers.location]).toEqual([303, paths.list]);
      expect(visibleText((await admin.agent.get(paths.import)).text)).toContain(
        'Imported 1 case and updated 1 case.',
      );
      const again = await post(
        `Case Number,Client Name,Case Type,Form Type,Status\n${stored.case_number},${name},visa,I-130,processing\n`,
      );
      expect(again.status).toBe(303);
      expect(visibleText((await admin.agent.get(paths.import)).text)).toContain(
        'Every case was already as the file says: nothing changed.',
      );
      const refused = await post(file('approved').replace(',visa,I-130,\n', ',boat,I-130,\n'));
      expect(refused.status).toBe(422);
      expect(visibleText(refused.text)).toContain(
        'Nothing was imported or updated: 1 row has a problem. Correct it and import the file again.',
      );
      expect(modeChecked(refused.text)).toBe(UPDATE);
      expect((await casesOf(name))[0].status).toBe('processing');
    });

    it('shows each refused row with its line and why, keeping the mode chosen', async () => {
      const page = await attorney.agent.get(pages.cases('user').import);
      const good = uniqueName('Jo');
      const res = await attorney.agent
        .post(pages.cases('user').import)
        .field('_csrf', csrfFrom(page.text))
        .field('mode', VALID_ROWS)
        .attach(
          'file',
          Buffer.from(csv(`${good},visa,I-130,,,,,,`, `${uniqueName('Kim')},boat,I-130,,,,,,`)),
          'c.csv',
        );
      expect(res.status).toBe(200);
      const text = visibleText(res.text);
      expect(text).toContain('Imported 1 case. 1 row was not imported.');
      expect(text).toContain('3 Case Type "boat" is not one of visa, citizenship, asylum, family');
      expect(modeChecked(res.text)).toBe(VALID_ROWS);
      expect(await casesOf(good)).toHaveLength(1);

      const none = await attorney.agent
        .post(pages.cases('user').import)
        .field('_csrf', csrfFrom(page.text))
        .field('mode', ALL_OR_NOTHING)
        .attach(
          'file',
          Buffer.from(csv(`${uniqueName('Lu')},visa,I-130,,,,,,`, `,visa,I-130,,,,,,`)),
          'c.csv',
        );
      expect(none.status).toBe(422);
      expect(visibleText(none.text)).toContain(
        'Nothing was imported: 1 row has a problem. Correct it and import the file again, or choose to import the valid rows.',
      );
      expect(visibleText(none.text)).toContain('3 Client Name is required');
    });

    it('says why a file was refused beside the file field', async () => {
      const page = await attorney.agent.get(pages.cases('user').import);
      const post = () =>
        attorney.agent
          .post(pages.cases('user').import)
          .field('_csrf', csrfFrom(page.text))
          .field('mode', VALID_ROWS);
      const empty = await post().attach('file', Buffer.from(''), 'empty.csv');
      expect(empty.status).toBe(422);
      expect(empty.text).toContain('<p class="field-error" id="import-file-error">');
      expect(visibleText(empty.text)).toContain(
        'The file is empty. Its first row names the columns, and each row below is a case.',
      );
      // The mode chosen is kept.
      expect(modeChecked(empty.text)).toBe(VALID_ROWS);
      const none = await post();
      expect(none.status).toBe(422);
      expect(visibleText(none.text)).toContain('Choose a CSV file of cases to import.');
    });

    it('is not for platform staff', async () => {
      const staff = await signIn(t.app, 'reti');
      expect((await staff.agent.get(pages.cases('user').import)).status).toBe(403);
    });
  });
});
