import {
  A_NUMBER_MESSAGE,
  type CaseRecord,
  type CaseStatus,
  formatMoney,
  MOVE_LABELS,
  RECEIPT_MESSAGE,
  refusedMoveMessage,
  REOPEN_LABEL,
} from '../../src/shared/cases';
import { addDays, formatDate, formatDateTime, todayIn } from '../../src/shared/dates';
import {
  BACKENDS,
  demoFirmId,
  secondFirm,
  signIn,
  type SignedIn,
  startTestApp,
  type TestApp,
  visibleText,
} from '../helpers/app';

/** The demo firm's time zone in these tests: one no server's clock is set to, so a slip would show. */
const FIRM_TIME_ZONE = 'Pacific/Honolulu';
const CASE_NOT_FOUND = 'Case not found.';
const CLIENT_NOT_FOUND = 'Client not found.';

/** The end of the list's summary ("Showing 1–20 of 156 cases"), or what an empty list says. */
const ofCases = (n: number) =>
  n === 0 ? 'No cases match the search.' : `of ${n} ${n === 1 ? 'case' : 'cases'}`;

/** What a person reads, without the sortable headers' arrows (drawn, and hidden from screen readers). */
const textOf = (html: string) => visibleText(html).replace(/[↕▲▼]/g, '');

describe.each(BACKENDS)('the case and client pages on %s, as served without JavaScript', (backend) => {
  let t: TestApp;
  let admin: SignedIn;
  let attorney: SignedIn;
  let attorneyId: string;
  let today: string;
  beforeAll(async () => {
    t = await startTestApp({ backend });
    await db()
      .updateTable('firms')
      .set({ time_zone: FIRM_TIME_ZONE })
      .where('id', '=', await demoFirmId(t.database))
      .execute();
    admin = await signIn(t.app, 'admin');
    attorney = await signIn(t.app, 'attorney');
    attorneyId = (
      await db().selectFrom('users').select('id').where('login_id', '=', 'attorney').executeTakeFirstOrThrow()
    ).id;
    today = todayIn(FIRM_TIME_ZONE);
  });
  afterAll(() => t?.close());

  const db = () => t.database.db;
  const caseRow = (id: string) =>
    db().selectFrom('cases').selectAll().where('id', '=', id).executeTakeFirst();
  const clientRow = (id: string) =>
    db().selectFrom('clients').selectAll().where('id', '=', id).executeTakeFirst();

  /** A page as a person without JavaScript gets it: its status, what it says, and its HTML. */
  async function open(as: SignedIn, path: string) {
    const res = await as.agent.get(path);
    return {
      status: res.status,
      text: textOf(res.text),
      html: res.text,
      location: res.headers.location,
    };
  }

  /** A page form posted as the browser posts it, with the session's CSRF token. */
  async function post(as: SignedIn, path: string, fields: Record<string, string> = {}) {
    const res = await as.agent
      .post(path)
      .type('form')
      .send({ _csrf: as.token, ...fields });
    return {
      status: res.status,
      text: textOf(res.text),
      html: res.text,
      location: res.headers.location,
    };
  }

  let sequence = 0;
  /** A case made through the API, then moved along `moves`. */
  async function newCase(
    fields: Record<string, unknown> = {},
    moves: CaseStatus[] = [],
  ): Promise<CaseRecord> {
    const n = ++sequence;
    const res = await admin.agent
      .post('/api/cases')
      .set('X-CSRF-Token', admin.token)
      .send({
        clientName: `Client${n} Testcase${backend}`,
        caseType: 'family',
        formType: 'I-130',
        assigneeId: attorneyId,
        dueDate: addDays(today, 10),
        ...fields,
      });
    expect(res.status).toBe(201);
    for (const status of moves)
      expect(
        (
          await admin.agent
            .patch(`/api/cases/${res.body.id}`)
            .set('X-CSRF-Token', admin.token)
            .send({ status })
        ).status,
      ).toBe(200);
    return { ...res.body, status: moves.at(-1) ?? res.body.status };
  }

  /** The value of a form control, by its id, as the page was served. */
  function valueOf(html: string, id: string): string | undefined {
    const input = new RegExp(`<input[^>]*\\bid="${id}"[^>]*>`).exec(html)?.[0];
    if (input) return /\svalue="([^"]*)"/.exec(input)?.[1] ?? '';
    const area = new RegExp(`<textarea[^>]*\\bid="${id}"[^>]*>([^<]*)</textarea>`).exec(html);
    if (area) return area[1];
    const select = new RegExp(`<select[^>]*\\bid="${id}"[^>]*>([\\s\\S]*?)</select>`).exec(html)?.[1];
    return select && /<option[^>]*value="([^"]*)"[^>]*selected=""/.exec(select)?.[1];
  }
  const errorOf = (html: string, id: string) =>
    visibleText(new RegExp(`<p class="field-error" id="${id}-error">([^<]*)</p>`).exec(html)?.[1] ?? '');

  /** The rows of the page's (first) table, each as the text of its cells. */
  const rowsOf = (html: string) =>
    [...(/<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? '').matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((m) =>
      visibleText(m[1]).trim(),
    );

  describe('Case Management (/admin/cases)', () => {
    it("shows the firm's statistics, the search, the table and the create-case form", async () => {
      await newCase({}, ['processing']);
      await newCase({ dueDate: addDays(today, -3) }, ['on-hold']);
      const page = await open(admin, '/admin/cases');
      expect(page.status).toBe(200);
      const firmId = await demoFirmId(t.database);
      const rows = await db()
        .selectFrom('cases')
        .select(['status', 'due_date'])
        .where('firm_id', '=', firmId)
        .execute();
      const count = (statuses: string[]) => rows.filter((r) => statuses.includes(r.status)).length;
      const overdue = rows.filter(
        (r) =>
          ['pending', 'processing', 'on-hold'].includes(r.status) &&
          r.due_date !== null &&
          r.due_date < today,
      ).length;
      expect(overdue).toBeGreaterThan(0);
      expect(page.text).toContain(
        `Case Management Create Case Total Cases ${rows.length} Active ${count(['processing'])} Pending ${count(['pending'])} On Hold ${count(['on-hold'])} Completed ${count(['approved', 'rejected'])} Overdue ${overdue}`,
      );
      expect(page.text).toContain('Cases Case Number Client Type Status Assignee Due Date');
      expect(page.text).toContain(`Showing 1–${Math.min(20, rows.length)} of ${rows.length} cases`);
      expect(page.html).toContain('<form class="form" action="/admin/cases" method="post">');
      for (const label of ['Client Name', 'Case Type', 'Form Type', 'Assigned To', 'Due Date', 'Description'])
        expect(page.text).toContain(label);
    });

    it('links each statistic to the cases it counts', async () => {
      const page = await open(admin, '/admin/cases');
      const cards = [
        ...page.html.matchAll(/<a class="card stat-card stat-card-link" href="([^"]+)">([\s\S]*?)<\/a>/g),
      ];
      expect(cards).toHaveLength(6);
      for (const [, href, body] of cards) {
        const figure = Number(/<p class="stat-value">([\d,]+)<\/p>/.exec(body)![1].replace(/,/g, ''));
        const list = await open(admin, href.replace(/&amp;/g, '&'));
        const shown = ofCases(figure);
        expect([visibleText(body).trim(), list.text]).toEqual([
          visibleText(body).trim(),
          expect.stringContaining(shown),
        ]);
      }
    });

    it('searches, filters, sorts by a column header and pages on the server', async () => {
      const wanted = await newCase({ clientName: 'Zofia Wiśniewska', caseType: 'asylum', formType: 'I-589' });
      const found = await open(admin, '/admin/cases?q=wi%C5%9Bniewska&type=asylum&status=pending');
      expect(found.text).toContain('Cases matching the search');
      expect(rowsOf(found.html)).toEqual([
        `${wanted.caseNumber} Zofia Wiśniewska Asylum Pending Jordan Rivera ${formatDate(addDays(today, 10))}`,
      ]);
      expect(found.text).toContain('Clear search');
      // The same Import Cases page, and Export Data of the list as filtered now.
      expect(found.html).toContain('href="/admin/cases/import"');
      expect(found.html).toContain(
        'href="/admin/cases/export?q=wi%C5%9Bniewska&amp;status=pending&amp;type=asylum"',
      );

      const sorted = await open(admin, '/admin/cases?sort=caseNumber');
      const numbers = rowsOf(sorted.html).map((r) => r.split(' ')[0]);
      expect(numbers).toEqual([...numbers].sort());
      expect(sorted.html).toMatch(
        /<th scope="col" class="nowrap" aria-sort="ascending"><a class="sort-link" href="\/admin\/cases\?sort=-caseNumber">Case Number/,
      );
      const reversed = await open(admin, '/admin/cases?sort=-caseNumber');
      expect(rowsOf(reversed.html).map((r) => r.split(' ')[0])).toEqual(
        (
          await db()
            .selectFrom('cases')
            .select('case_number')
            .orderBy('case_number', 'desc')
            .limit(20)
            .execute()
        ).map((r) => r.case_number),
      );

      while (
        (
          await db()
            .selectFrom('cases')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n <= 20
      )
        await newCase();
      const total = Number(
        (
          await db()
            .selectFrom('cases')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
      const second = await open(admin, '/admin/cases?sort=caseNumber&page=2');
      expect(second.text).toContain(`Showing 21–${Math.min(40, total)} of ${total} cases`);
      expect(second.html).toContain('<a href="/admin/cases?sort=caseNumber" rel="prev">Previous</a>');
      expect((await open(admin, '/admin/cases?page=999')).status).toBe(404);
    });

    it('creates a case from the list form (a new client name adds the client), then shows it', async () => {
      const posted = await post(admin, '/admin/cases', {
        clientName: '  Amara   Okonkwo-Bello ',
        caseType: 'family',
        formType: 'I-130',
        assigneeId: attorneyId,
        dueDate: '2027-01-15',
        description: 'Spousal petition; marriage certificate received.',
      });
      expect(posted.status).toBe(303);
      const id = /^\/admin\/cases\/([0-9a-f-]{36})$/.exec(posted.location)![1];
      const row = (await caseRow(id))!;
      expect(row).toMatchObject({
        client_name: 'Amara Okonkwo-Bello',
        case_type: 'family',
        form_type: 'I-130',
        status: 'pending',
        assignee_id: attorneyId,
        description: 'Spousal petition; marriage certificate received.',
      });
      expect(await clientRow(row.client_id)).toMatchObject({
        first_name: 'Amara',
        last_name: 'Okonkwo-Bello',
      });

      const shown = await open(admin, posted.location);
      expect(shown.text).toContain(`Case ${row.case_number} was created for Amara Okonkwo-Bello.`);
      expect(shown.text).toContain('Due Date 01/15/2027');
      expect(shown.text).toContain('Form Type I-130 — Petition for Alien Relative');

      // The same name again is the same client, not a second one.
      const again = await post(admin, '/admin/cases', {
        clientName: 'amara okonkwo-bello',
        caseType: 'visa',
        formType: 'I-485',
      });
      expect(again.status).toBe(303);
      const second = (await caseRow(again.location.split('/').pop()!))!;
      expect(second.client_id).toBe(row.client_id);
    });

    it('a refused create keeps what was entered, with each message beside its field', async () => {
      const before = await db().selectFrom('cases').select('id').execute();
      const entered = {
        clientName: 'Keep Thisname',
        caseType: 'family',
        formType: 'I-999',
        assigneeId: attorneyId,
        dueDate: '2027-02-30',
        description: 'Keep this description',
      };
      const refused = await post(admin, '/admin/cases', entered);
      expect(refused.status).toBe(422);
      expect(errorOf(refused.html, 'create-formType')).toMatch(/^Form type must be one of I-90, /);
      expect(errorOf(refused.html, 'create-dueDate')).toBe(
        'Due date must be a real date written YYYY-MM-DD, such as 2026-11-23',
      );
      expect(refused.text).toContain('Check the fields marked below.');
      for (const name of ['clientName', 'caseType', 'assigneeId', 'description'] as const)
        expect([name, valueOf(refused.html, `create-${name}`)]).toEqual([name, entered[name]]);

      const nameless = await post(admin, '/admin/cases', {
        ...entered,
        clientName: '   ',
        formType: 'I-130',
        dueDate: '',
      });
      expect(nameless.status).toBe(422);
      expect(errorOf(nameless.html, 'create-clientName')).toBe('Client name is required');
      expect(valueOf(nameless.html, 'create-formType')).toBe('I-130');
      expect(await db().selectFrom('cases').select('id').execute()).toHaveLength(before.length);
    });
  });

  describe("a firm user's Dashboard and Cases", () => {
    it('the Dashboard counts my cases and my docket deadlines, each card leading to the list it counts', async () => {
      await newCase({ dueDate: addDays(today, 2) });
      await newCase({ dueDate: addDays(today, -2) }, ['processing']);
      await newCase({}, ['processing', 'approved']);
      const page = await open(attorney, '/user/dashboard');
      expect(page.status).toBe(200);
      const mine = await db()
        .selectFrom('cases')
        .select(['status', 'due_date', 'decided_at'])
        .where('assignee_id', '=', attorneyId)
        .execute();
      const open_ = mine.filter((c) => ['pending', 'processing', 'on-hold'].includes(c.status));
      // The deadline cards count my docket: my cases' due dates among them, with whatever else it holds.
      const myDocket = async (query: string) =>
        (await attorney.agent.get(`/api/deadlines?assignee=me&${query}`)).body.items as Array<{
          caseId: string;
          source: { kind: string };
        }>;
      const dueSoon = await myDocket(`state=open&from=${today}&to=${addDays(today, 7)}`);
      const missed = await myDocket('state=missed');
      const dueIn = (list: typeof dueSoon) => list.filter((d) => d.source.kind === 'case').length;
      expect(dueIn(dueSoon)).toBe(
        open_.filter((c) => c.due_date && c.due_date >= today && c.due_date <= addDays(today, 7)).length,
      );
      expect(dueIn(missed)).toBe(open_.filter((c) => c.due_date && c.due_date < today).length);
      const expected = {
        'My Open Cases': open_.length,
        'Due Within 7 Days': dueSoon.length,
        Overdue: missed.length,
        // Decided since the first of this month, by the firm's calendar.
        'Completed This Month': mine.filter(
          (c) =>
            c.decided_at !== null && todayIn(FIRM_TIME_ZONE, c.decided_at).slice(0, 7) === today.slice(0, 7),
        ).length,
      };
      expect(page.text).toContain(
        `Dashboard ${Object.entries(expected)
          .map(([label, n]) => `${label} ${n}`)
          .join(' ')} Recent Cases`,
      );
      const links = [
        ...page.html.matchAll(
          /<a class="card stat-card stat-card-link" href="([^"]+)"><p class="stat-label">([^<]+)</g,
        ),
      ];
      expect(links.map((l) => l[2])).toEqual(['My Open Cases', 'Due Within 7 Days', 'Overdue']);
      // My Open Cases leads to the cases; the deadline cards to my part of the docket, one row each.
      for (const [, href, label] of links) {
        const list = await open(attorney, href.replace(/&amp;/g, '&'));
        const count = expected[label as keyof typeof expected];
        if (label === 'My Open Cases') expect(list.text).toContain(ofCases(count));
        else {
          expect(href).toMatch(/^\/user\/ai\/deadlines\?owner=me&amp;state=/);
          expect([label, list.html.match(/aria-label="Mark done: /g)?.length ?? 0]).toEqual([label, count]);
        }
      }
    });

    it('Recent Cases shows my most recently changed cases with a View link each', async () => {
      const touched = await newCase({ clientName: 'Recent Ravensworth' }, ['processing']);
      const page = await open(attorney, '/user/dashboard');
      expect(page.text).toContain('Recent Cases Case ID Client Form Type Status Deadline View');
      expect(rowsOf(page.html)[0]).toBe(
        `${touched.caseNumber} Recent Ravensworth I-130 Processing ${formatDate(addDays(today, 10))} View`,
      );
      expect(page.html).toContain(`href="/user/cases/${touched.id}" aria-label="View ${touched.caseNumber}"`);
      expect(rowsOf(page.html).length).toBeLessThanOrEqual(5);
    });

    it('Cases has New Case, Import Cases and Export Data (with the filters), and the user view of statuses', async () => {
      const held = await newCase({ clientName: 'Hollis Heldmann' }, ['on-hold']);
      const page = await open(attorney, '/user/cases?q=heldmann&status=processing');
      expect(page.status).toBe(200);
      expect(page.text).toContain('Cases New CaseImport CasesExport Data Search');
      expect(page.html).toContain('href="/user/cases/new"');
      expect(page.html).toContain('href="/user/cases/import"');
      expect(page.html).toContain('href="/user/cases/export?q=heldmann&amp;status=processing"');
      expect(rowsOf(page.html)).toEqual([
        `${held.caseNumber} Hollis Heldmann I-130 Processing · on hold ${formatDate(addDays(today, 10))} Edit ${MOVE_LABELS.processing} Process`,
      ]);
      const options = /<select id="cases-status"[\s\S]*?<\/select>/.exec(page.html)![0];
      expect(visibleText(options).trim()).toBe('All statuses Pending Processing Approved Rejected');
    });

    it('Process moves a pending case on and comes back to the list as it was', async () => {
      const pending = await newCase({ clientName: 'Paloma Processa' });
      const list = await open(attorney, '/user/cases?q=processa');
      const form = new RegExp(`<form[^>]*action="/user/cases/${pending.id}/status"[\\s\\S]*?</form>`).exec(
        list.html,
      )![0];
      // Process: the allowed next steps, and nothing else.
      expect([...form.matchAll(/<option value="([^"]+)">([^<]+)</g)].map((m) => [m[1], m[2]])).toEqual([
        ['processing', MOVE_LABELS.processing],
        ['on-hold', MOVE_LABELS['on-hold']],
      ]);
      expect(form).toContain(`aria-label="Process ${pending.caseNumber}"`);
      const moved = await post(attorney, `/user/cases/${pending.id}/status`, {
        status: 'processing',
        back: '/user/cases?q=processa',
      });
      expect([moved.status, moved.location]).toEqual([303, '/user/cases?q=processa']);
      expect((await caseRow(pending.id))!.status).toBe('processing');
      const after = await open(attorney, moved.location);
      expect(after.text).toContain(`Case ${pending.caseNumber} is now processing.`);
      // After it ran, Process offers the next steps from processing; an approved case has none.
      const next = new RegExp(`<form[^>]*action="/user/cases/${pending.id}/status"[\\s\\S]*?</form>`).exec(
        after.html,
      )![0];
      expect([...next.matchAll(/<option value="([^"]+)"/g)].map((m) => m[1])).toEqual([
        'approved',
        'rejected',
        'on-hold',
      ]);
      const history = await db()
        .selectFrom('case_history')
        .selectAll()
        .where('case_id', '=', pending.id)
        .orderBy('seq')
        .execute();
      expect(history.at(-1)).toMatchObject({
        field: 'Status',
        from_value: 'Pending',
        to_value: 'Processing',
        actor_name: 'Jordan Rivera',
      });

      const approved = await newCase({ clientName: 'Paloma Approva' }, ['processing', 'approved']);
      expect(rowsOf((await open(attorney, '/user/cases?q=approva')).html)).toEqual([
        `${approved.caseNumber} Paloma Approva I-130 Approved ${formatDate(addDays(today, 10))} Edit`,
      ]);
    });

    it('a move the lifecycle refuses answers 409 and says which moves are allowed, where it was posted', async () => {
      const pending = await newCase();
      const onPage = await post(attorney, `/user/cases/${pending.id}/status`, { status: 'approved' });
      expect(onPage.status).toBe(409);
      expect(onPage.text).toContain(refusedMoveMessage('pending', 'approved'));
      expect(onPage.text).toContain(`Case ${pending.caseNumber}`);
      const fromList = await post(attorney, `/user/cases/${pending.id}/status`, {
        status: 'rejected',
        back: '/user/cases?status=pending',
      });
      expect(fromList.status).toBe(409);
      expect(fromList.text).toContain(
        `Cases New CaseImport CasesExport Data ${refusedMoveMessage('pending', 'rejected')} Search`,
      );
      expect((await caseRow(pending.id))!.status).toBe('pending');
      // A way back that is not this area's list is not followed.
      const elsewhere = await post(attorney, `/user/cases/${pending.id}/status`, {
        status: 'processing',
        back: 'https://evil.example/user/cases',
      });
      expect([elsewhere.status, elsewhere.location]).toEqual([303, `/user/cases/${pending.id}`]);
    });

    it('New Case: a refused form keeps its values with the message beside the field; a good one is stored', async () => {
      const page = await open(attorney, '/user/cases/new');
      expect(page.status).toBe(200);
      expect(page.text).toContain('New Case');
      // Assigned to the person opening it unless they choose someone else; the same on Case Management's form.
      expect(valueOf(page.html, 'case-assigneeId')).toBe(attorneyId);
      const adminId = (
        await db().selectFrom('users').select('id').where('login_id', '=', 'admin').executeTakeFirstOrThrow()
      ).id;
      expect(valueOf((await open(admin, '/admin/cases')).html, 'create-assigneeId')).toBe(adminId);
      const fields = {
        clientName: 'Tomasz Receiptski',
        caseType: 'visa',
        formType: 'I-485',
        assigneeId: attorneyId,
        dueDate: '2027-03-01',
        receiptNumber: 'IOE12',
        priorityDate: '2024-05-06',
        legalFee: '$3,500.00',
        amountPaid: '500',
        description: 'Adjustment of status',
      };
      const refused = await post(attorney, '/user/cases/new', fields);
      expect(refused.status).toBe(422);
      expect(errorOf(refused.html, 'case-receiptNumber')).toBe(RECEIPT_MESSAGE);
      for (const [name, value] of Object.entries(fields))
        expect([name, valueOf(refused.html, `case-${name}`)]).toEqual([name, value]);

      const created = await post(attorney, '/user/cases/new', { ...fields, receiptNumber: 'ioe-0912345678' });
      expect(created.status).toBe(303);
      const id = created.location.split('/').pop()!;
      expect(created.location).toBe(`/user/cases/${id}`);
      expect(await caseRow(id)).toMatchObject({
        receipt_number: 'IOE0912345678',
        priority_date: '2024-05-06',
        legal_fee_cents: expect.anything(),
      });
      const shown = await open(attorney, created.location);
      expect(shown.text).toContain(`Legal Fee ${formatMoney(3500)}`);
      expect(shown.text).toContain(`Amount Paid ${formatMoney(500)}`);
      expect(shown.text).toContain(`Balance Due ${formatMoney(3000)}`);
      expect(shown.text).toContain('Receipt Number IOE0912345678');
      expect(shown.text).toContain('Priority Date 05/06/2024');
    });
  });

  describe('a case page', () => {
    it('shows every fact, the client, the history in the firm’s time zone, and the next moves', async () => {
      const record = await newCase({ clientName: 'Ines Historia', description: 'Line one\nLine two' }, [
        'processing',
      ]);
      const page = await open(attorney, `/user/cases/${record.id}`);
      expect(page.status).toBe(200);
      expect(page.text).toContain(`Case ${record.caseNumber}`);
      expect(page.text).toContain('Client Ines Historia');
      expect(page.html).toContain(`href="/user/clients/${record.client.id}"`);
      expect(page.text).toContain('Case Type Family');
      expect(page.text).toContain('Status Processing');
      expect(page.text).toContain('Assigned To Jordan Rivera');
      const history = await db()
        .selectFrom('case_history')
        .selectAll()
        .where('case_id', '=', record.id)
        .orderBy('seq', 'desc')
        .execute();
      expect(page.text).toContain(
        `History When Who What From To ${formatDateTime(history[0].created_at, FIRM_TIME_ZONE)} Alex Morgan Status Pending Processing`,
      );
      expect(formatDateTime(history[0].created_at, FIRM_TIME_ZONE)).toMatch(/ HST$/);
      const moves = /<section class="card case-moves" id="moves"[\s\S]*?<\/section>/.exec(page.html)![0];
      expect(visibleText(moves).replace(/\s+/g, ' ').trim()).toBe(
        `Next steps This case is Processing ${MOVE_LABELS.approved} ${MOVE_LABELS.rejected} ${MOVE_LABELS['on-hold']}`,
      );

      const rejected = await newCase({}, ['processing', 'rejected']);
      const reopen = await open(attorney, `/user/cases/${rejected.id}`);
      expect(reopen.text).toContain(REOPEN_LABEL);
      // The administrator's page says it in the administrator's words.
      expect((await open(admin, `/admin/cases/${rejected.id}`)).text).toContain(
        'Status Completed · rejected',
      );
    });

    it('a move made on the case page comes back to it', async () => {
      const record = await newCase({}, ['processing']);
      const moved = await post(admin, `/admin/cases/${record.id}/status`, {
        status: 'approved',
        decidedOn: today,
      });
      expect([moved.status, moved.location]).toEqual([303, `/admin/cases/${record.id}`]);
      const page = await open(admin, moved.location);
      expect(page.text).toContain(`Case ${record.caseNumber} is now approved.`);
      expect(page.text).toContain('An approved case is final: a new matter is a new case.');
    });

    it('a decision is recorded only once confirmed, with the date USCIS decided, kept in the history and on the page', async () => {
      const record = await newCase({}, ['processing']);
      const casePage = await open(attorney, `/user/cases/${record.id}`);
      const decide = `/user/cases/${record.id}/decide?to=approved`;
      expect(casePage.html).toContain(`href="${decide}"`);
      // Posted without its date (a form of before, or the list's Process), it is asked for first.
      const undated = await post(attorney, `/user/cases/${record.id}/status`, {
        status: 'approved',
        back: '/user/cases?q=testcase',
      });
      expect([undated.status, undated.location]).toEqual([
        303,
        `${decide}&back=${encodeURIComponent('/user/cases?q=testcase')}`,
      ]);
      expect((await caseRow(record.id))!.status).toBe('processing');

      const page = await open(attorney, undated.location);
      expect(page.status).toBe(200);
      expect(page.text).toContain(
        `Record Approval Did USCIS approve case ${record.caseNumber} of ${record.client.name}?`,
      );
      expect(valueOf(page.html, 'decided-on')).toBe(today);
      expect(page.html).toMatch(
        new RegExp(`<input[^>]*id="decided-on"[^>]*min="${today}"[^>]*max="${today}"`),
      );
      expect(page.html).toContain('<input type="hidden" name="back" value="/user/cases?q=testcase"/>');

      const future = await post(attorney, `/user/cases/${record.id}/status`, {
        status: 'approved',
        decidedOn: addDays(today, 2),
      });
      expect(future.status).toBe(422);
      expect(errorOf(future.html, 'decided-on')).toBe('The decision date cannot be in the future');
      expect(valueOf(future.html, 'decided-on')).toBe(addDays(today, 2));
      const early = await post(attorney, `/user/cases/${record.id}/status`, {
        status: 'approved',
        decidedOn: addDays(today, -1),
      });
      expect([early.status, errorOf(early.html, 'decided-on')]).toEqual([
        422,
        `The decision date cannot be before the case was opened (${formatDate(today)})`,
      ]);
      expect((await caseRow(record.id))!.status).toBe('processing');

      const done = await post(attorney, `/user/cases/${record.id}/status`, {
        status: 'approved',
        decidedOn: today,
      });
      expect([done.status, done.location]).toEqual([303, `/user/cases/${record.id}`]);
      expect(await caseRow(record.id)).toMatchObject({ status: 'approved', decided_on: today });
      const after = await open(attorney, done.location);
      expect(after.text).toContain(`Decided On ${formatDate(today)}`);
      expect(rowsOf(after.html.slice(after.html.indexOf('History')))[0]).toContain(
        `Jordan Rivera Status Processing Approved`,
      );
      expect(after.text).toContain(`Decision date None ${formatDate(today)}`);
      // A firm user has no way to undo it.
      expect(after.text).not.toContain('Reopen decision');
      const closed = await open(attorney, `/user/cases/${record.id}/reopen`);
      expect(closed.text).toContain('Your role (user) does not have write permission for Reopen Decision.');
      expect(closed.html).toMatch(
        /<button type="submit" class="btn btn-danger" disabled="">Reopen decision<\/button>/,
      );
      const posted = await post(attorney, `/user/cases/${record.id}/reopen`, { reason: 'Mine' });
      expect(posted.status).toBe(403);
      expect((await caseRow(record.id))!.status).toBe('approved');
    });

    it('an administrator reopens a decision recorded by mistake, saying why; the case page and history show it', async () => {
      const record = await newCase({}, ['processing', 'rejected']);
      const casePage = await open(admin, `/admin/cases/${record.id}`);
      // The appeal (the ordinary move) and the correction are two different things.
      expect(casePage.text).toContain(REOPEN_LABEL);
      expect(casePage.html).toContain(`href="/admin/cases/${record.id}/reopen"`);
      const page = await open(admin, `/admin/cases/${record.id}/reopen`);
      expect(page.text).toContain(
        `Reopen Decision Case ${record.caseNumber} of ${record.client.name} is recorded as rejected on ${formatDate(today)}.`,
      );
      const blank = await post(admin, `/admin/cases/${record.id}/reopen`, { reason: ' ' });
      expect([blank.status, errorOf(blank.html, 'reopen-reason')]).toEqual([422, 'Reason is required']);
      const done = await post(admin, `/admin/cases/${record.id}/reopen`, {
        reason: 'Denial was entered on the wrong case',
      });
      expect([done.status, done.location]).toEqual([303, `/admin/cases/${record.id}`]);
      const after = await open(admin, done.location);
      expect(after.text).toContain(
        `The decision on case ${record.caseNumber} was reopened: it is processing again.`,
      );
      expect(after.text).toContain('Decision reopened None Denial was entered on the wrong case');
      expect(await caseRow(record.id)).toMatchObject({
        status: 'processing',
        decided_on: null,
        decided_at: null,
      });
      // Not decided any more: nothing to reopen.
      expect((await open(admin, `/admin/cases/${record.id}/reopen`)).status).toBe(409);
    });

    it('the edit page saves with a flash, and a refused edit keeps the values', async () => {
      const record = await newCase({ legalFee: 1200 });
      const page = await open(attorney, `/user/cases/${record.id}/edit`);
      expect(page.text).toContain(`Edit ${record.caseNumber}`);
      expect(valueOf(page.html, 'case-legalFee')).toBe('1200.00');
      expect(valueOf(page.html, 'case-formType')).toBe('I-130');
      const fields = {
        caseType: 'citizenship',
        formType: 'N-400',
        assigneeId: '',
        dueDate: '',
        description: 'Naturalization instead',
        receiptNumber: '',
        priorityDate: '',
        legalFee: 'twelve',
        amountPaid: '',
      };
      const refused = await post(attorney, `/user/cases/${record.id}/edit`, fields);
      expect(refused.status).toBe(422);
      expect(errorOf(refused.html, 'case-legalFee')).toBe(
        'Legal fee must be an amount in dollars, such as 1250.00',
      );
      expect(valueOf(refused.html, 'case-legalFee')).toBe('twelve');
      expect(valueOf(refused.html, 'case-caseType')).toBe('citizenship');

      const saved = await post(attorney, `/user/cases/${record.id}/edit`, { ...fields, legalFee: '1,400' });
      expect([saved.status, saved.location]).toEqual([303, `/user/cases/${record.id}`]);
      expect(await caseRow(record.id)).toMatchObject({
        case_type: 'citizenship',
        form_type: 'N-400',
        assignee_id: null,
        due_date: null,
        description: 'Naturalization instead',
      });
      expect((await open(attorney, saved.location)).text).toContain(`Case ${record.caseNumber} was updated.`);
    });

    it('a refused form that posts only some fields (a receipt number) shows the others as stored', async () => {
      const record = await newCase({ legalFee: 1200, description: 'Spousal petition' });
      const refused = await post(attorney, `/user/cases/${record.id}/edit`, { receiptNumber: 'IOE12' });
      expect(refused.status).toBe(422);
      expect(valueOf(refused.html, 'case-receiptNumber')).toBe('IOE12');
      expect(valueOf(refused.html, 'case-legalFee')).toBe('1200.00');
      expect(valueOf(refused.html, 'case-formType')).toBe('I-130');
      expect(refused.html).toContain('Spousal petition');
    });

    it('a firm user, not granted delete, sees no Delete and is refused; an administrator deletes after confirming', async () => {
      const record = await newCase();
      expect((await open(attorney, `/user/cases/${record.id}`)).text).not.toContain('Delete Case');
      const confirm = await open(attorney, `/user/cases/${record.id}/delete`);
      expect(confirm.html).toMatch(/<button type="submit" class="btn btn-danger" disabled=""/);
      const refused = await post(attorney, `/user/cases/${record.id}/delete`);
      expect(refused.status).toBe(403);
      expect(await caseRow(record.id)).toBeDefined();

      expect((await open(admin, `/admin/cases/${record.id}`)).text).toContain('Delete Case');
      expect((await open(admin, `/admin/cases/${record.id}/delete`)).text).toContain(
        `Are you sure you want to delete case ${record.caseNumber} of ${record.client.name}?`,
      );
      const deleted = await post(admin, `/admin/cases/${record.id}/delete`);
      expect([deleted.status, deleted.location]).toEqual([303, '/admin/cases']);
      expect(await caseRow(record.id)).toBeUndefined();
      expect((await open(admin, '/admin/cases')).text).toContain(
        `Case ${record.caseNumber} of ${record.client.name} was deleted.`,
      );
    });

    it("another firm's case and client are not found, on every page and form", async () => {
      const record = await newCase();
      const other = await secondFirm(t);
      const stranger = await signIn(t.app, other.user);
      for (const path of [
        `/user/cases/${record.id}`,
        `/user/cases/${record.id}/edit`,
        `/user/cases/${record.id}/delete`,
      ]) {
        const page = await open(stranger, path);
        expect([path, page.status, page.text]).toEqual([path, 404, expect.stringContaining(CASE_NOT_FOUND)]);
      }
      for (const [path, fields] of [
        [`/user/cases/${record.id}/status`, { status: 'processing' }],
        [`/user/cases/${record.id}/edit`, { caseType: 'visa', formType: 'I-485' }],
      ] as const) {
        const page = await post(stranger, path, fields);
        expect([path, page.status, page.text]).toEqual([path, 404, expect.stringContaining(CASE_NOT_FOUND)]);
      }
      const client = await open(stranger, `/user/clients/${record.client.id}`);
      expect([client.status, client.text]).toEqual([404, expect.stringContaining(CLIENT_NOT_FOUND)]);
      const edit = await post(stranger, `/user/clients/${record.client.id}/edit`, {
        firstName: 'Mallory',
        lastName: 'M',
      });
      expect(edit.status).toBe(404);
      expect(await caseRow(record.id)).toMatchObject({ status: 'pending', case_type: 'family' });
      expect(await clientRow(record.client.id)).not.toMatchObject({ first_name: 'Mallory' });
    });
  });

  describe('a client page', () => {
    it("shows the client's details and cases, and saves the edit form", async () => {
      const record = await newCase({ clientName: 'Dmitri Volkov' });
      const page = await open(attorney, `/user/clients/${record.client.id}`);
      expect(page.status).toBe(200);
      expect(page.text).toContain('Dmitri Volkov Edit Client Client details Name Dmitri Volkov');
      expect(page.text).toContain(
        `Cases of Dmitri Volkov Case Number Type Form Type Status Assignee Due Date ${record.caseNumber}`,
      );
      expect(page.text).not.toContain('Delete Client');

      const fields = {
        firstName: 'Dmitri',
        lastName: 'Volkova',
        email: 'dmitri@example.com',
        phone: '+1 (212) 555-0147',
        dateOfBirth: '1988-04-12',
        countryOfCitizenship: 'Ukraine',
        aNumber: 'A12345',
        address: '12 Harbor Road, Brooklyn, NY',
      };
      const refused = await post(attorney, `/user/clients/${record.client.id}/edit`, fields);
      expect(refused.status).toBe(422);
      expect(errorOf(refused.html, 'client-aNumber')).toBe(A_NUMBER_MESSAGE);
      for (const [name, value] of Object.entries(fields))
        expect([name, valueOf(refused.html, `client-${name}`)]).toEqual([name, value]);

      const saved = await post(attorney, `/user/clients/${record.client.id}/edit`, {
        ...fields,
        aNumber: 'a-123456789',
      });
      expect([saved.status, saved.location]).toEqual([303, `/user/clients/${record.client.id}`]);
      expect(await clientRow(record.client.id)).toMatchObject({
        last_name: 'Volkova',
        a_number: 'A123456789',
        date_of_birth: '1988-04-12',
      });
      const after = await open(attorney, saved.location);
      expect(after.text).toContain('Dmitri Volkova was updated.');
      expect(after.text).toContain('Date of Birth 04/12/1988');
      // The case shows the client's new name.
      expect((await open(attorney, `/user/cases/${record.id}`)).text).toContain('Client Dmitri Volkova');
    });

    it('an administrator deletes a client only once their cases are gone (409 explained until then)', async () => {
      const record = await newCase({ clientName: 'Bogdan Keepcase' });
      const clientId = record.client.id;
      const confirm = await open(admin, `/admin/clients/${clientId}/delete`);
      expect(confirm.text).toContain('Bogdan Keepcase has 1 case.');
      const refused = await post(admin, `/admin/clients/${clientId}/delete`);
      expect(refused.status).toBe(409);
      expect(refused.text).toContain(
        'Bogdan Keepcase has 1 case: a client can be removed only once they have no cases',
      );
      expect(await clientRow(clientId)).toBeDefined();

      expect((await post(admin, `/admin/cases/${record.id}/delete`)).status).toBe(303);
      const deleted = await post(admin, `/admin/clients/${clientId}/delete`);
      expect([deleted.status, deleted.location]).toEqual([303, '/admin/cases']);
      expect(await clientRow(clientId)).toBeUndefined();
      expect((await open(admin, '/admin/cases')).text).toContain('Bogdan Keepcase was deleted.');
    });
  });
});
