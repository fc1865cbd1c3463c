import request from 'supertest';
import type { CaseRecord } from '../../src/shared/cases';
import type { DocketDeadline } from '../../src/shared/ai';
import { formatDate, todayIn } from '../../src/shared/dates';
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
import { analysed, upload } from '../helpers/documents';
import { textPdf } from '../helpers/files';

const FIRM_TIME_ZONE = 'America/Chicago';
const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const us = (iso: string) => formatDate(iso);

const RFE_TITLE = 'Response to the Request for Evidence due';
const NOID_TITLE = 'Response to the Notice of Intent to Deny due';
const MOTION_TITLE = 'Motion to reopen or reconsider (Form I-290B) due: no appeal lies';

/** The iCalendar events' UIDs and summaries (folded lines joined again). */
function calendarEvents(ics: string): Array<{ uid: string; summary: string }> {
  const lines = ics.replace(/\r\n /g, '').split('\r\n');
  const events: Array<{ uid: string; summary: string }> = [];
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') events.push({ uid: '', summary: '' });
    else if (line.startsWith('UID:')) events.at(-1)!.uid = line.slice(4);
    else if (line.startsWith('SUMMARY:')) events.at(-1)!.summary = line.slice(8).replace(/\\([,;\\])/g, '$1');
  }
  return events;
}

describe.each(BACKENDS)('the docket on %s', (backend) => {
  let t: TestApp;
  let attorney: SignedIn;
  let admin: SignedIn;
  let attorneyId: string;
  let today: string;
  let kase: CaseRecord;
  const notices: Record<'rfe' | 'noid' | 'denial', string> = { rfe: '', noid: '', denial: '' };
  const db = () => t.database.db;

  const docket = async (as: SignedIn, query = '') => {
    const res = await apiAs(as).get(`/deadlines${query}`);
    expect(res.status).toBe(200);
    return res.body.items as DocketDeadline[];
  };
  const ofCase = async () => docket(attorney, `?caseId=${kase.id}`);
  const byTitle = async (title: string) => (await ofCase()).find((d) => d.title === title)!;

  async function notice(lines: string[], filename: string): Promise<string> {
    const res = await upload(attorney, await textPdf(lines), filename, { caseId: kase.id });
    expect(res.status).toBe(201);
    const doc = await analysed(attorney, res.body.id);
    expect(doc.status).toBe('done');
    return doc.id;
  }

  beforeAll(async () => {
    t = await startTestApp({ backend });
    await db()
      .updateTable('firms')
      .set({ time_zone: FIRM_TIME_ZONE })
      .where('id', '=', await demoFirmId(t.database))
      .execute();
    today = todayIn(FIRM_TIME_ZONE);
    attorney = await signIn(t.app, DEMO_LOGINS.user);
    admin = await signIn(t.app, DEMO_LOGINS.admin);
    attorneyId = (
      await db().selectFrom('users').select('id').where('login_id', '=', 'attorney').executeTakeFirstOrThrow()
    ).id;
    const created = await apiAs(admin).post('/cases', {
      clientName: 'Docket Dlamini',
      caseType: 'family',
      formType: 'I-130',
      assigneeId: attorneyId,
      dueDate: addDays(today, 40),
    });
    expect(created.status).toBe(201);
    kase = created.body;

    // An I-485 RFE printing 87 days (the mail days already in), a NOID of 30 days, an I-485 denial.
    notices.rfe = await notice(
      [
        'I-797E, Notice of Action',
        'Request for Evidence',
        'Receipt Number: MSC2590123456',
        'Case Type: I-485, APPLICATION TO REGISTER PERMANENT RESIDENCE OR ADJUST STATUS',
        `Notice Date: ${us(addDays(today, -70))}`,
        'You have 87 days from the date of this notice to respond.',
        'Evidence needed:',
        '1. Form I-693, Report of Immigration Medical Examination and Vaccination Record.',
      ],
      'rfe.pdf',
    );
    notices.noid = await notice(
      [
        'U.S. Citizenship and Immigration Services',
        'NOTICE OF INTENT TO DENY',
        'Receipt Number: IOE0912345678',
        `Notice Date: ${us(addDays(today, -10))}`,
        'Form I-130, Petition for Alien Relative',
        'USCIS intends to deny your petition. You may submit evidence within 30 days of the date of this notice.',
      ],
      'noid.pdf',
    );
    notices.denial = await notice(
      [
        'U.S. Citizenship and Immigration Services',
        'DECISION',
        'Receipt Number: MSC2590123456',
        `Notice Date: ${us(addDays(today, -5))}`,
        'Form I-485, Application to Register Permanent Residence or Adjust Status',
        'After careful review, your application is hereby denied.',
      ],
      'denial.pdf',
    );
  }, 240_000);
  afterAll(() => t?.close());

  it('holds each notice read from an uploaded PDF as its own deadline, beside the case’s due date', async () => {
    const items = await ofCase();
    expect(items.map((d) => [d.title, d.source.kind]).sort()).toEqual(
      [
        ['Case due date', 'case'],
        [MOTION_TITLE, 'document'],
        [NOID_TITLE, 'document'],
        [RFE_TITLE, 'document'],
      ].sort(),
    );
    const expected = {
      [RFE_TITLE]: { documentId: notices.rfe, counted: addDays(today, 17), filing: undefined },
      [NOID_TITLE]: { documentId: notices.noid, counted: addDays(today, 20), filing: undefined },
      // The denial's own form decides the route: an I-485 has no appeal, only a motion on I-290B.
      [MOTION_TITLE]: { documentId: notices.denial, counted: addDays(today, 25), filing: 'I-290B' },
    };
    for (const [title, want] of Object.entries(expected)) {
      const d = items.find((x) => x.title === title)!;
      expect(d).toMatchObject({
        caseId: kase.id,
        caseNumber: kase.caseNumber,
        kind: 'deadline',
        state: 'open',
        receivedBy: true,
        owner: { id: attorneyId, name: 'Jordan Rivera' },
        source: { kind: 'document', documentId: want.documentId, ruleId: expect.any(String) },
        citation: expect.stringMatching(/CFR/),
      });
      expect(d.filing).toBe(want.filing);
      // A last day on a weekend or holiday runs to the next business day, saying from when.
      expect(d.unadjustedDate ?? d.date).toBe(want.counted);
      if (d.unadjustedDate) expect(d.date > d.unadjustedDate).toBe(true);
    }
    // The RFE's deadline says what the response must hold, in the notice's order.
    expect(items.find((d) => d.title === RFE_TITLE)!.explanation).toMatch(
      /USCIS asks for: \(1\) Form I-693, Report of Immigration Medical Examination and Vaccination Record\.$/,
    );
    expect(items.find((d) => d.source.kind === 'case')).toMatchObject({
      date: addDays(today, 40),
      state: 'open',
    });
    // Read again, the same rows: nothing is added twice.
    expect((await ofCase()).map((d) => d.id).sort()).toEqual(items.map((d) => d.id).sort());
    expect(
      await db().selectFrom('deadlines').select('id').where('case_id', '=', kase.id).execute(),
    ).toHaveLength(4);
  });

  it('shows them on the dashboard, in the Deadline Tracker and in the calendar feeds', async () => {
    const items = (await ofCase()).filter((d) => d.source.kind === 'document');
    const dashboard = visibleText((await attorney.agent.get('/user/dashboard')).text);
    const tracker = visibleText((await attorney.agent.get(`/user/ai/deadlines?case=${kase.id}`)).text);
    expect(tracker).toContain(`Docket of ${kase.caseNumber}`);
    for (const d of items) {
      expect(dashboard).toContain(
        `${us(d.date)} ${d.title} Open ${kase.caseNumber} Docket Dlamini Jordan Rivera`,
      );
      expect(tracker).toContain(`Received by ${us(d.date)}`);
      expect(tracker).toContain(d.title);
    }

    const firmFeed = await apiAs(attorney).post('/ai/calendar', { scope: 'firm' });
    const mineFeed = await apiAs(attorney).post('/ai/calendar', { scope: 'mine' });
    const adminMine = await apiAs(admin).post('/ai/calendar', { scope: 'mine' });
    expect([firmFeed.status, mineFeed.status, adminMine.status]).toEqual([201, 201, 201]);
    const eventsAt = async (url: string) =>
      calendarEvents((await request(t.app).get(new URL(url).pathname).expect(200)).text);
    const uids = items.map((d) => `${d.id}@127.0.0.1`);
    for (const url of [firmFeed.body.url, mineFeed.body.url]) {
      const events = await eventsAt(url);
      expect(events.map((e) => e.uid)).toEqual(expect.arrayContaining(uids));
      expect(events.find((e) => e.uid === uids[0])!.summary).toBe(
        `${items[0].title}: ${kase.caseNumber} (Docket Dlamini)`,
      );
    }
    // The administrator owns none of them: their own feed holds none.
    const theirs = (await eventsAt(adminMine.body.url)).map((e) => e.uid);
    for (const uid of uids) expect(theirs).not.toContain(uid);
    // Both feeds live side by side: the person's page shows each.
    const calendar = await apiAs(attorney).get('/ai/calendar');
    expect(calendar.body).toEqual({ since: expect.any(String), mine: expect.any(String) });
  });

  it('marks a deadline done or dismissed (with its reason, audited), and open again', async () => {
    const rfe = await byTitle(RFE_TITLE);
    const done = await apiAs(attorney).patch(`/deadlines/${rfe.id}`, { state: 'done' });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ id: rfe.id, state: 'done' });
    expect((await docket(attorney, '?state=done')).map((d) => d.id)).toContain(rfe.id);
    expect((await docket(attorney, '?state=open')).map((d) => d.id)).not.toContain(rfe.id);
    const feed = await apiAs(attorney).post('/ai/calendar', { scope: 'firm' });
    const ics = (await request(t.app).get(new URL(feed.body.url).pathname)).text;
    expect(ics).not.toContain(rfe.id);
    const dashboard = visibleText((await attorney.agent.get('/user/dashboard')).text);
    expect(dashboard).not.toContain(`${us(rfe.date)} ${RFE_TITLE}`);

    const noid = await byTitle(NOID_TITLE);
    const unexplained = await apiAs(attorney).patch(`/deadlines/${noid.id}`, {
      state: 'dismissed',
      reason: '  ',
    });
    expect(unexplained.status).toBe(422);
    expect(unexplained.body.fields).toEqual({ reason: 'Give the reason the deadline is dismissed.' });
    const bogus = await apiAs(attorney).patch(`/deadlines/${noid.id}`, { state: 'missed' });
    expect([bogus.status, bogus.body.fields]).toEqual([
      422,
      { state: 'state must be one of done, dismissed, open' },
    ]);
    expect((await byTitle(NOID_TITLE)).state).toBe('open');

    const dismissed = await apiAs(attorney).patch(`/deadlines/${noid.id}`, {
      state: 'dismissed',
      reason: 'USCIS withdrew the NOID on 11/20/2026.',
    });
    expect(dismissed.body).toMatchObject({
      state: 'dismissed',
      reason: 'USCIS withdrew the NOID on 11/20/2026.',
    });
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'entity_id'])
      .where('entity', '=', 'deadline')
      .where('entity_id', 'in', [rfe.id, noid.id])
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['deadline.dismissed', 'deadline.done']);

    const reopened = await apiAs(attorney).patch(`/deadlines/${rfe.id}`, { state: 'open' });
    expect(reopened.body).toMatchObject({ state: 'open' });
    expect(reopened.body.reason).toBeUndefined();
  });

  it('takes a deadline entered by hand; a passed open one is missed and listed first', async () => {
    const hearing = await apiAs(attorney).post(`/cases/${kase.id}/deadlines`, {
      title: 'Master calendar hearing, Chicago Immigration Court',
      date: addDays(today, 3),
      kind: 'hearing',
    });
    expect(hearing.status).toBe(201);
    expect(hearing.body).toMatchObject({
      kind: 'hearing',
      state: 'open',
      owner: { id: attorneyId },
      source: { kind: 'manual' },
    });
    const late = await apiAs(admin).post(`/cases/${kase.id}/deadlines`, {
      title: 'Send the client the signed G-28',
      date: addDays(today, -2),
    });
    expect(late.body).toMatchObject({ state: 'missed', kind: 'deadline' });
    const items = await ofCase();
    expect(items[0].id).toBe(late.body.id);
    expect((await docket(attorney, '?state=missed&assignee=me')).map((d) => d.id)).toContain(late.body.id);
    const dashboard = visibleText((await attorney.agent.get('/user/dashboard')).text);
    expect(dashboard).toContain(
      `${us(addDays(today, -2))} Send the client the signed G-28 Missed ${kase.caseNumber}`,
    );

    // Bad input: the reason for each field, and nothing stored.
    const before = (await ofCase()).length;
    const bad = await apiAs(attorney).post(`/cases/${kase.id}/deadlines`, {
      title: ' ',
      date: '2026-02-30',
      kind: 'trial',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.fields).toMatchObject({
      title: 'Give the deadline a title.',
      date: 'date must be a real date written YYYY-MM-DD, such as 2026-11-23',
      kind: 'kind must be one of deadline, opens, expires, hearing',
    });
    const stranger = await apiAs(attorney).post(`/cases/${kase.id}/deadlines`, {
      title: 'Biometrics',
      date: addDays(today, 9),
      ownerId: '00000000-0000-4000-8000-000000000000',
    });
    expect([stranger.status, stranger.body.fields]).toEqual([
      422,
      { ownerId: 'Choose an active user of the firm.' },
    ]);
    expect((await ofCase()).length).toBe(before);
  });

  it('filters by dates, case, owner and state, and refuses a filter it cannot read', async () => {
    const from = addDays(today, 16);
    const to = addDays(today, 30);
    const window = await docket(attorney, `?from=${from}&to=${to}&caseId=${kase.id}`);
    expect(window.length).toBeGreaterThan(0);
    for (const d of window) expect(d.date >= from && d.date <= to).toBe(true);
    const bad = await apiAs(attorney).get('/deadlines?from=11/23/2026&state=late&assignee=someone');
    expect(bad.status).toBe(422);
    expect(bad.body.fields).toMatchObject({
      from: 'from must be a real date written YYYY-MM-DD, such as 2026-11-23',
      state: 'state must be one of open, done, missed, dismissed',
      assignee: 'assignee must be a user ID or "me"',
    });
  });

  it('moves with its source: a due date changed is the same deadline on its new date, open again', async () => {
    const due = (await ofCase()).find((d) => d.source.kind === 'case')!;
    await apiAs(attorney).patch(`/deadlines/${due.id}`, { state: 'done' }).expect(200);
    const changed = await apiAs(attorney).patch(`/cases/${kase.id}`, { dueDate: addDays(today, 50) });
    expect(changed.status).toBe(200);
    const moved = (await ofCase()).find((d) => d.source.kind === 'case')!;
    expect(moved).toMatchObject({ id: due.id, date: addDays(today, 50), state: 'open' });
  });

  it('is the firm’s alone: another firm sees none of it and cannot change it', async () => {
    const other = await secondFirm(t);
    const theirs = await signIn(t.app, other.user);
    const rfe = await byTitle(RFE_TITLE);
    expect(await docket(theirs, `?caseId=${kase.id}`)).toEqual([]);
    expect((await docket(theirs)).map((d) => d.id)).not.toContain(rfe.id);
    const patch = await apiAs(theirs).patch(`/deadlines/${rfe.id}`, { state: 'done' });
    expect([patch.status, patch.body.error]).toEqual([404, 'Deadline not found.']);
    const add = await apiAs(theirs).post(`/cases/${kase.id}/deadlines`, { title: 'X', date: today });
    expect(add.status).toBe(404);
    expect((await byTitle(RFE_TITLE)).state).toBe('open');
    const staff = await signIn(t.app, DEMO_LOGINS.reti);
    expect((await apiAs(staff).get('/deadlines')).status).toBe(403);
  });

  it('works without JavaScript: done, dismissed with a reason, and a deadline added from the tracker', async () => {
    const page = await attorney.agent.get(`/user/ai/deadlines?case=${kase.id}`);
    const token = csrfFrom(page.text);
    const noid = await byTitle(NOID_TITLE);
    await apiAs(attorney).patch(`/deadlines/${noid.id}`, { state: 'open' }).expect(200);

    const refused = await attorney.agent
      .post(`/user/ai/deadlines/${noid.id}/state`)
      .type('form')
      .send({ _csrf: token, state: 'dismissed', reason: '' });
    expect(refused.status).toBe(422);
    expect(visibleText(refused.text)).toContain('Give the reason the deadline is dismissed.');

    const done = await attorney.agent
      .post(`/user/ai/deadlines/${noid.id}/state`)
      .type('form')
      .send({ _csrf: token, state: 'done', view: 'case' });
    expect([done.status, done.headers.location]).toEqual([303, `/user/ai/deadlines?case=${kase.id}#docket`]);
    const after = visibleText((await attorney.agent.get(done.headers.location)).text);
    expect(after).toContain(`${NOID_TITLE} (${kase.caseNumber}, ${us(noid.date)}): marked done.`);

    const typo = await attorney.agent.post(`/user/ai/cases/${kase.id}/deadlines`).type('form').send({
      _csrf: token,
      title: 'Biometrics appointment',
      date: '2026-13-01',
      kind: 'hearing',
      view: 'case',
    });
    expect(typo.status).toBe(422);
    expect(typo.text).toContain('value="Biometrics appointment"');
    expect(visibleText(typo.text)).toContain(
      'date must be a real date written YYYY-MM-DD, such as 2026-11-23',
    );
    const added = await attorney.agent
      .post(`/user/ai/cases/${kase.id}/deadlines`)
      .type('form')
      .send({
        _csrf: token,
        title: 'Biometrics appointment',
        date: addDays(today, 12),
        kind: 'hearing',
        view: 'case',
      });
    expect([added.status, added.headers.location]).toEqual([
      303,
      `/user/ai/deadlines?case=${kase.id}#docket`,
    ]);
    expect((await ofCase()).map((d) => d.title)).toContain('Biometrics appointment');
  });

  it("holds every open case's due date of the demo firm", async () => {
    const firmId = await demoFirmId(t.database);
    const open = await db()
      .selectFrom('cases')
      .select(['id', 'due_date'])
      .where('firm_id', '=', firmId)
      .where('status', 'in', ['pending', 'processing', 'on-hold'])
      .execute();
    const items = await docket(admin);
    const dueDates = items.filter((d) => d.source.kind === 'case');
    expect(dueDates.map((d) => `${d.caseId} ${d.date}`).sort()).toEqual(
      open
        .filter((c) => c.due_date)
        .map((c) => `${c.id} ${c.due_date}`)
        .sort(),
    );
    const bySource = new Map<string, number>();
    for (const d of items) bySource.set(d.source.kind, (bySource.get(d.source.kind) ?? 0) + 1);
    console.log(
      `demo docket (${backend}): ${open.length} open cases, ${items.length} deadlines by source: ${[
        ...bySource,
      ]
        .map(([kind, n]) => `${kind} ${n}`)
        .join(', ')}`,
    );
  });
});
