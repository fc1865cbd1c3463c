/**
 * Reports against rows this test inserts into a firm of its own (America/New_York), with figures worked
 * out by hand below, not by the reports' queries. The period 10/01/2026 – 11/07/2026 spans the end of
 * daylight saving time (11/01/2026), and cases opened a minute either side of its ends test its bounds.
 */
import http from 'node:http';
import type { Response } from 'supertest';
import { extractText } from 'unpdf';
import { filingFeeOf } from '../../src/rules';
import { REPORT_MESSAGES, type ReportData, type ReportTable } from '../../src/shared/reports';
import {
  BACKENDS,
  secondFirm,
  signIn,
  type SignedIn,
  startTestApp,
  type TestApp,
  visibleText,
} from '../helpers/app';
import { waitFor } from '../helpers/poll';

const PERIOD = { type: 'case-summary', range: 'custom', start: '2026-10-01', end: '2026-11-07' };

const binary = (res: Response, done: (error: Error | null, body: Buffer) => void) => {
  const stream = res as unknown as http.IncomingMessage;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
};

const tableOf = (data: ReportData, id: string): ReportTable => {
  const table = data.tables.find((t) => t.id === id);
  if (!table) throw new Error(`no table ${id}`);
  return table;
};
const cardsOf = (data: ReportData) =>
  Object.fromEntries(data.cards.map((c) => [c.id, [c.value, c.previous]]));
const chartOf = (data: ReportData, id: string) => data.charts.find((c) => c.id === id)!;

describe.each(BACKENDS)('reports (%s)', (backend) => {
  let t: TestApp;
  let firm: { id: string; admin: string; user: string };
  let admin: SignedIn;
  const ids: Record<string, string> = {};

  /** A report of the firm's, generated through the API and waited for. */
  async function generate(as: SignedIn, body: object): Promise<{ id: string; data: ReportData }> {
    const made = await as.agent.post('/api/reports').set('X-CSRF-Token', as.token).send(body);
    expect(made.status).toBe(201);
    expect(made.body.status).toBe('queued');
    let data: ReportData | null = null;
    await waitFor(async () => {
      const got = await as.agent.get(`/api/reports/${made.body.id}`);
      expect(got.body.status).not.toBe('failed');
      data = got.body.data;
      return got.body.status === 'done';
    });
    return { id: made.body.id, data: data! };
  }

  beforeAll(async () => {
    t = await startTestApp({ backend });
    firm = await secondFirm(t);
    const { db } = t.database;
    await db.updateTable('firms').set({ time_zone: 'America/New_York' }).where('id', '=', firm.id).execute();
    const users = await db
      .selectFrom('users')
      .select(['id', 'login_id'])
      .where('firm_id', '=', firm.id)
      .execute();
    const userId = users.find((u) => u.login_id === firm.user)!.id;
    const adminId = users.find((u) => u.login_id === firm.admin)!.id;
    ids.user = userId;
    ids.admin = adminId;

    const client = async (first: string, last: string, country: string | null, created: string) =>
      (
        await db
          .insertInto('clients')
          .values({
            firm_id: firm.id,
            first_name: first,
            last_name: last,
            email: null,
            phone: null,
            date_of_birth: null,
            country_of_citizenship: country,
            a_number: null,
            address: null,
            created_at: new Date(created),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const c1 = await client('Zoë', 'Nguyễn', 'Mexico', '2026-10-05T15:00:00Z');
    const c2 = await client('=2+5', 'Test', 'India', '2025-06-01T15:00:00Z');
    const c3 = await client('Omar', 'Haddad', null, '2026-10-20T15:00:00Z');
    let n = 0;
    const kase = async (row: {
      client: string;
      type: 'visa' | 'citizenship' | 'asylum' | 'family';
      form: 'I-130' | 'I-765' | 'N-400' | 'I-589';
      status: 'pending' | 'processing' | 'approved' | 'rejected';
      assignee: string | null;
      created: string;
      decided?: string;
      due?: string;
      fee: number | null;
      paid: number | null;
    }) =>
      (
        await db
          .insertInto('cases')
          .values({
            firm_id: firm.id,
            case_number: `RI-2026-9${String(++n).padStart(3, '0')}`,
            client_id: row.client,
            case_type: row.type,
            form_type: row.form,
            status: row.status,
            assignee_id: row.assignee,
            due_date: row.due ?? null,
            receipt_number: null,
            priority_date: null,
            legal_fee_cents: row.fee,
            amount_paid_cents: row.paid,
            decided_at: row.decided ? new Date(row.decided) : null,
            created_at: new Date(row.created),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    // Opened in the period, decided 10 days later, before its due date: on time.
    ids.a = await kase({
      client: c1,
      type: 'family',
      form: 'I-130',
      status: 'approved',
      assignee: userId,
      created: '2026-10-02T14:00:00Z',
      decided: '2026-10-12T14:00:00Z',
      due: '2026-10-15',
      fee: 300000,
      paid: 300000,
    });
    // Decided 20 days later, after its due date.
    ids.b = await kase({
      client: c1,
      type: 'visa',
      form: 'I-765',
      status: 'rejected',
      assignee: userId,
      created: '2026-10-03T14:00:00Z',
      decided: '2026-10-23T14:00:00Z',
      due: '2026-10-20',
      fee: 100000,
      paid: 50000,
    });
    // Open and overdue at the end; moved to Processing on 10/06 (its filing date, as no fact gives one).
    ids.c = await kase({
      client: c2,
      type: 'citizenship',
      form: 'N-400',
      status: 'processing',
      assignee: adminId,
      created: '2026-10-05T14:00:00Z',
      due: '2026-10-25',
      fee: 200000,
      paid: 0,
    });
    // Opened last year, decided in the previous period.
    ids.d = await kase({
      client: c2,
      type: 'family',
      form: 'I-130',
      status: 'approved',
      assignee: userId,
      created: '2025-06-10T14:00:00Z',
      decided: '2026-09-15T14:00:00Z',
      fee: null,
      paid: null,
    });
    // 11/07 at 11:30 PM EST: the period's last day. One more minute... see F.
    ids.e = await kase({
      client: c3,
      type: 'asylum',
      form: 'I-589',
      status: 'pending',
      assignee: null,
      created: '2026-11-08T04:30:00Z',
      fee: 50000,
      paid: 10000,
    });
    // 11/08 at midnight EST: after the period.
    ids.f = await kase({
      client: c3,
      type: 'asylum',
      form: 'I-589',
      status: 'pending',
      assignee: null,
      created: '2026-11-08T05:00:00Z',
      fee: 70000,
      paid: 0,
    });
    // 09/30 at 11:59 PM EDT: the previous period; overdue since 09/01.
    ids.g = await kase({
      client: c1,
      type: 'visa',
      form: 'I-765',
      status: 'processing',
      assignee: userId,
      created: '2026-10-01T03:59:00Z',
      due: '2026-09-01',
      fee: 0,
      paid: 0,
    });

    await db
      .insertInto('case_history')
      .values({
        case_id: ids.c,
        actor_user_id: adminId,
        actor_name: 'Sam',
        field: 'Status',
        from_value: 'Pending',
        to_value: 'Processing',
        created_at: new Date('2026-10-06T14:00:00Z'),
      })
      .execute();
    await db
      .insertInto('case_facts')
      .values({
        case_id: ids.a,
        firm_id: firm.id,
        facts: JSON.stringify({ filingDate: '2026-10-04' }),
        updated_by: userId,
      })
      .execute();
    // A payment made today, after the period: it counts neither as collected in it nor against its balance.
    await db.updateTable('cases').set({ amount_paid_cents: 25000 }).where('id', '=', ids.c).execute();

    const document = (by: string, created: string, i: number) => ({
      firm_id: firm.id,
      name: `letter-${i}.pdf`,
      kind: 'pdf' as const,
      size: 100,
      sha256: `${i}`.padStart(64, '0'),
      storage_key: `k${i}`,
      status: 'done' as const,
      uploaded_by: by,
      created_at: new Date(created),
    });
    await db
      .insertInto('documents')
      .values([
        document(userId, '2026-10-10T12:00:00Z', 1),
        document(userId, '2026-11-02T12:00:00Z', 2),
        document(userId, '2026-11-08T06:00:00Z', 3),
      ])
      .execute();
    const use = (by: string, created: string) => ({
      firm_id: firm.id,
      user_id: by,
      tool: 'deadline-tracker' as const,
      case_id: null,
      created_at: new Date(created),
    });
    await db
      .insertInto('ai_usage')
      .values([
        use(userId, '2026-10-10T12:00:00Z'),
        use(userId, '2026-10-11T12:00:00Z'),
        use(userId, '2026-11-07T12:00:00Z'),
        use(adminId, '2026-10-20T12:00:00Z'),
        use(adminId, '2026-09-20T12:00:00Z'),
      ])
      .execute();
    admin = await signIn(t.app, firm.admin);
  });
  afterAll(() => t.close());

  it('case-summary: the cards against the previous period, counts, durations and the overdue list', async () => {
    const { data } = await generate(admin, PERIOD);
    expect(data.period).toEqual({ start: '2026-10-01', end: '2026-11-07' });
    expect(data.previous).toEqual({ start: '2026-08-24', end: '2026-09-30' });
    expect(cardsOf(data)).toEqual({
      open: [3, 1],
      completed: [2, 1],
      'approval-rate': [0.5, 1],
      'median-days': [15, 462],
      overdue: [2, 1],
      'fees-collected': [360000, 0],
    });
    expect(tableOf(data, 'activity').rows).toEqual([
      ['Opened', 4],
      ['Decided', 2],
      ['Approved', 1],
      ['Rejected', 1],
    ]);
    expect(tableOf(data, 'by-status').rows).toEqual([
      ['Pending', 1],
      ['Processing', 1],
      ['On hold', 0],
      ['Approved', 1],
      ['Rejected', 1],
    ]);
    expect(tableOf(data, 'by-form').rows).toEqual([
      ['I-130', 1],
      ['I-589', 1],
      ['I-765', 1],
      ['N-400', 1],
    ]);
    expect(tableOf(data, 'durations').rows).toEqual([
      ['Average', 15],
      ['Median', 15],
    ]);
    expect(tableOf(data, 'overdue').rows).toEqual([
      ['RI-2026-9007', 'Zoë Nguyễn', 'I-765', 'Sam', '2026-09-01', 68],
      ['RI-2026-9003', '=2+5 Test', 'N-400', 'Sam', '2026-10-25', 14],
    ]);
    expect(chartOf(data, 'cases-by-type').series).toEqual([{ name: 'Cases', values: [1, 1, 1, 1] }]);
    // The case opened at 11:30 PM on 11/07 (EST, after the change) falls in November, not in the next period.
    const overTime = chartOf(data, 'status-over-time');
    expect(overTime.categories).toEqual(['Oct 2026', 'Nov 2026']);
    expect(overTime.series.map((s) => [s.name, s.values])).toEqual([
      ['Pending', [0, 1]],
      ['Processing', [1, 0]],
      ['On hold', [0, 0]],
      ['Approved', [1, 0]],
      ['Rejected', [1, 0]],
    ]);
  });

  it('user-performance: per person open, completed, on-time rate, documents and AI uses', async () => {
    const { data } = await generate(admin, { ...PERIOD, type: 'user-performance' });
    expect(tableOf(data, 'per-user').rows).toEqual([
      ['Sam', 'Administrator', 1, 0, null, 0, 1],
      ['Sam', 'User', 1, 2, 0.5, 2, 3],
    ]);
    expect(chartOf(data, 'workload').series[0].values).toEqual([1, 1]);
  });

  it('financial-summary: quoted, collected, outstanding and USCIS fees at the schedule of each filing date', async () => {
    const { data } = await generate(admin, { ...PERIOD, type: 'financial-summary' });
    const n400 = filingFeeOf('N-400', '2026-10-06')!.amount * 100;
    const i130 = filingFeeOf('I-130', '2026-10-04')!.amount * 100;
    expect(tableOf(data, 'totals').rows).toEqual([
      ['Legal fees quoted', 650000],
      ['Legal fees collected', 360000],
      ['Outstanding balance', 290000],
      ['USCIS filing fees', n400 + i130],
    ]);
    expect(tableOf(data, 'by-month').rows).toEqual([
      ['Oct 2026', 600000, 350000, n400 + i130],
      ['Nov 2026', 50000, 10000, 0],
    ]);
    expect(tableOf(data, 'by-type').rows).toEqual([
      ['Visa', 100000, 50000, 50000, 0],
      ['Citizenship', 200000, 0, 200000, n400],
      ['Asylum', 50000, 10000, 40000, 0],
      ['Family', 300000, 300000, 0, i130],
    ]);
    expect(tableOf(data, 'uscis-by-form').rows).toEqual([
      ['I-130', 1, 'G-1055 of 04/01/2024', i130],
      ['N-400', 1, 'G-1055 of 04/01/2024', n400],
    ]);
  });

  it('client-analysis: countries, case types per client, new and returning clients', async () => {
    const { data } = await generate(admin, { ...PERIOD, type: 'client-analysis' });
    const countries = chartOf(data, 'clients-by-country');
    expect(countries.categories).toEqual(['India', 'Mexico', 'Not recorded']);
    expect(countries.series[0].values).toEqual([1, 1, 1]);
    expect(tableOf(data, 'client-totals').rows.map((r) => r[1])).toEqual([3, 2, 2]);
    expect(tableOf(data, 'case-types-per-client').rows).toEqual([
      ['Asylum', 1],
      ['Citizenship + Family', 1],
      ['Family + Visa', 1],
    ]);
    expect(chartOf(data, 'new-clients').series[0].values).toEqual([2, 0]);
  });

  it('the PDF reads back: firm, period, cards, a Unicode name and page numbers; the CSV is safe', async () => {
    const { id } = await generate(admin, PERIOD);
    const pdf = await admin.agent.get(`/api/reports/${id}/pdf`).buffer(true).parse(binary);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('case-summary-2026-10-01-to-2026-11-07.pdf');
    const { text, totalPages } = await extractText(new Uint8Array(pdf.body as Buffer), { mergePages: true });
    const words = (text as string).replace(/\s+/g, ' ');
    expect(words).toContain(`Second Street Immigration`);
    expect(words).toContain('Period: 10/01/2026 – 11/07/2026');
    expect(words).toContain('Open cases');
    expect(words).toContain('Zoë Nguyễn');
    expect(words).toContain('Cases by status over time');
    expect(words).toContain(`Page ${totalPages} of ${totalPages}`);

    const csv = await admin.agent.get(`/api/reports/${id}/csv`).set('Accept-Encoding', 'identity');
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.text.replace(/^\uFEFF/, '').split(/\r?\n/);
    expect(lines).toContain('Open cases,count,3,1');
    expect(lines).toContain('Fees collected,USD,3600.00,0.00');
    expect(lines).toContain('Overdue cases at the end of the period');
    expect(lines).toContain("RI-2026-9003,'=2+5 Test,N-400,Sam,2026-10-25,14");
    expect(lines).not.toContain('RI-2026-9003,=2+5 Test,N-400,Sam,2026-10-25,14');
  });

  it('refuses a bad period with the field named, and keeps nothing', async () => {
    const before = await t.database.db
      .selectFrom('reports')
      .select(({ fn }) => fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const post = (body: object) =>
      admin.agent.post('/api/reports').set('X-CSRF-Token', admin.token).send(body);
    const cases: Array<[object, string, string]> = [
      [{ ...PERIOD, end: '2099-01-01' }, 'end', REPORT_MESSAGES.future],
      [{ ...PERIOD, start: '2026-11-08' }, 'start', REPORT_MESSAGES.order],
      [{ ...PERIOD, start: '2021-10-31', end: '2026-11-01' }, 'start', REPORT_MESSAGES.long],
      [{ ...PERIOD, start: undefined }, 'start', REPORT_MESSAGES.start],
      [{ ...PERIOD, start: '2026-02-30' }, 'start', REPORT_MESSAGES.start],
      [{ ...PERIOD, type: 'everything' }, 'type', REPORT_MESSAGES.type],
      [{ ...PERIOD, range: 'forever' }, 'range', REPORT_MESSAGES.range],
    ];
    for (const [body, field, message] of cases) {
      const res = await post(body);
      expect(res.status).toBe(422);
      expect(res.body.fields?.[field] ?? res.body.error).toBe(message);
    }
    // Five years to the day is allowed.
    expect((await post({ ...PERIOD, start: '2021-11-01', end: '2026-11-01' })).status).toBe(201);
    const after = await t.database.db
      .selectFrom('reports')
      .select(({ fn }) => fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n) + 1);
  });

  it('admins only, firm by firm: users and staff are refused, another firm sees 404; old reports go with retention', async () => {
    const { id } = await generate(admin, PERIOD);
    const listed = await admin.agent.get('/api/reports');
    expect(listed.status).toBe(200);
    expect(listed.body.reports[0]).toMatchObject({
      id,
      type: 'case-summary',
      title: 'Case Summary',
      status: 'done',
    });

    const user = await signIn(t.app, firm.user);
    expect((await user.agent.get('/api/reports')).status).toBe(403);
    expect((await user.agent.post('/api/reports').set('X-CSRF-Token', user.token).send(PERIOD)).status).toBe(
      403,
    );
    expect((await user.agent.get('/admin/reports')).status).toBe(403);
    const staff = await signIn(t.app, 'reti');
    expect((await staff.agent.get(`/api/reports/${id}`)).status).toBe(403);
    const other = await signIn(t.app, 'admin');
    for (const path of [
      `/api/reports/${id}`,
      `/api/reports/${id}/pdf`,
      `/api/reports/${id}/csv`,
      `/admin/reports/${id}`,
    ])
      expect((await other.agent.get(path)).status).toBe(404);
    expect(
      (await other.agent.get('/api/reports')).body.reports.map((r: { id: string }) => r.id),
    ).not.toContain(id);

    await t.database.db
      .updateTable('firm_settings')
      .set({ backup_retention_days: 7 })
      .where('firm_id', '=', firm.id)
      .execute();
    await t.database.db
      .updateTable('reports')
      .set({ created_at: new Date(Date.now() - 8 * 86_400_000) } as never)
      .where('id', '=', id)
      .execute();
    expect((await admin.agent.get(`/api/reports/${id}`)).status).toBe(404);
    expect(
      (await admin.agent.get('/api/reports')).body.reports.map((r: { id: string }) => r.id),
    ).not.toContain(id);
    expect(
      await t.database.db.selectFrom('reports').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('without JavaScript: Generate posts, lands on the report, and a refusal shows the page again with the values', async () => {
    const page = await admin.agent.get('/admin/reports?range=custom&start=2026-10-01&end=2026-11-07');
    expect(page.status).toBe(200);
    const text = visibleText(page.text);
    expect(text).toContain('10/01/2026 – 11/07/2026, compared with 08/24/2026 – 09/30/2026');
    expect(text).toContain('Open cases 3 +200% vs previous period');
    expect(text).toContain('Fees collected $3,600.00 +$3,600.00 vs previous period');
    expect(page.text).toContain('<title id="chart-workload-title">Workload by attorney</title>');
    const posted = await admin.agent
      .post('/admin/reports')
      .type('form')
      .send({ _csrf: admin.token, ...PERIOD, type: 'financial-summary' });
    expect(posted.status).toBe(303);
    expect(posted.headers.location).toMatch(/^\/admin\/reports\/[0-9a-f-]{36}$/);
    const id = posted.headers.location.split('/').pop()!;
    await waitFor(async () => (await admin.agent.get(`/api/reports/${id}`)).body.status === 'done');
    const view = visibleText((await admin.agent.get(posted.headers.location)).text);
    expect(view).toContain('Financial Summary: 10/01/2026 – 11/07/2026');
    expect(view).toContain('Legal fees quoted $6,500.00');

    const refused = await admin.agent
      .post('/admin/reports')
      .type('form')
      .send({ _csrf: admin.token, ...PERIOD, end: '2099-12-31' });
    expect(refused.status).toBe(422);
    expect(visibleText(refused.text)).toContain(REPORT_MESSAGES.future);
    expect(refused.text).toContain('value="2099-12-31"');
  });
});
