import { sql } from 'kysely';
import {
  ADMIN_VIEW,
  CASE_MOVES,
  CASE_SORT_KEYS,
  CASE_SORTS,
  CASE_STATUSES,
  type CaseRecord,
  type CaseStatus,
  FORM_CODES,
  RECEIPT_MESSAGE,
  refusedMoveMessage,
  STATUS_FILTERS,
  STATUS_LABELS,
  USER_VIEW,
} from '../../src/shared/cases';
import { addDays, formatDate, todayIn } from '../../src/shared/dates';
import { DECISION_BEFORE_OPENED, DECISION_IN_FUTURE, DECISION_WITHOUT_MOVE } from '../../src/cases/service';
import {
  type Backend,
  BACKENDS,
  demoFirmId,
  REDIS_URL,
  secondFirm,
  signIn,
  type SignedIn,
  startTestApp,
  type TestApp,
} from '../helpers/app';

/** Sessions in the database on PGlite, in Redis on PostgreSQL (and on PGlite too when only Redis is given). */
const SETUPS: Array<[Backend, boolean]> = BACKENDS.map((b) => [b, b === 'postgres' && Boolean(REDIS_URL)]);
if (REDIS_URL && !BACKENDS.includes('postgres')) SETUPS.push(['pglite', true]);

const NOT_FOUND = 'Case not found.';
const ASSIGNEE_REFUSED = "Assigned to must be one of the firm's active users";
/** The way to each status from pending, through allowed moves only. */
const PATH: Record<CaseStatus, CaseStatus[]> = {
  pending: [],
  processing: ['processing'],
  'on-hold': ['on-hold'],
  approved: ['processing', 'approved'],
  rejected: ['processing', 'rejected'],
};
const PAIRS = CASE_STATUSES.flatMap((from) => CASE_STATUSES.map((to) => [from, to] as const));

const api = (as: SignedIn) => ({
  get: (path: string) => as.agent.get(`/api${path}`),
  post: (path: string, body: object) => as.agent.post(`/api${path}`).set('X-CSRF-Token', as.token).send(body),
  put: (path: string, body: object) => as.agent.put(`/api${path}`).set('X-CSRF-Token', as.token).send(body),
  patch: (path: string, body: object) =>
    as.agent.patch(`/api${path}`).set('X-CSRF-Token', as.token).send(body),
  delete: (path: string) => as.agent.delete(`/api${path}`).set('X-CSRF-Token', as.token),
});

let unique = 0;
/** A receipt number no other test uses: three letters and ten digits. */
const receipt = (prefix = 'IOE') =>
  `${prefix}${String(Date.now() % 1e6).padStart(6, '0')}${String(++unique).padStart(4, '0')}`;

describe.each(SETUPS)('the cases API on %s (sessions in Redis: %s)', (backend, redis) => {
  let t: TestApp;
  let admin: SignedIn;
  let attorney: SignedIn;
  let firmId: string;
  let adminId: string;
  let attorneyId: string;
  let year: string;
  let timeZone: string;

  const db = () => t.database.db;
  const idOf = async (loginId: string) =>
    (await db().selectFrom('users').select('id').where('login_id', '=', loginId).executeTakeFirstOrThrow())
      .id;
  const caseRow = (id: string) =>
    db().selectFrom('cases').selectAll().where('id', '=', id).executeTakeFirst();
  const historyOf = (id: string) =>
    db()
      .selectFrom('case_history')
      .select(['field', 'from_value', 'to_value', 'actor_user_id', 'actor_name'])
      .where('case_id', '=', id)
      .orderBy('seq')
      .execute();
  const auditOf = (id: string) =>
    db()
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id', 'firm_id', 'entity', 'before', 'after'])
      .where('entity_id', '=', id)
      .orderBy('seq')
      .execute();
  const countOf = async (table: 'cases' | 'clients', firm = firmId) =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('firm_id', '=', firm)
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** The last number the firm has given this year (0 before its first case). */
  const lastNumber = async (firm = firmId) =>
    (
      await db()
        .selectFrom('case_counters')
        .select('last')
        .where('firm_id', '=', firm)
        .where('year', '=', Number(year))
        .executeTakeFirst()
    )?.last ?? 0;
  const numberOf = (n: number) => `RI-${year}-${String(n).padStart(4, '0')}`;

  let clients = 0;
  /** A new case of the demo firm, for a client of its own, through the API. */
  async function newCase(fields: object = {}, as = admin): Promise<CaseRecord> {
    const res = await api(as).post('/cases', {
      clientName: `Lina Haddad${++clients}`,
      caseType: 'family',
      formType: 'I-130',
      ...fields,
    });
    expect([res.status, res.body.error]).toEqual([201, undefined]);
    return res.body;
  }

  /** A new case moved along allowed moves to `status`. */
  async function caseIn(status: CaseStatus): Promise<CaseRecord> {
    let record = await newCase();
    for (const step of PATH[status]) {
      const res = await api(admin).patch(`/cases/${record.id}`, { status: step });
      expect([res.status, res.body.error]).toEqual([200, undefined]);
      record = res.body;
    }
    expect(record.status).toBe(status);
    return record;
  }

  beforeAll(async () => {
    t = await startTestApp({ backend, redis });
    admin = await signIn(t.app, 'admin');
    attorney = await signIn(t.app, 'attorney');
    firmId = await demoFirmId(t.database);
    adminId = await idOf('admin');
    attorneyId = await idOf('attorney');
    const firm = await db()
      .selectFrom('firms')
      .select('time_zone')
      .where('id', '=', firmId)
      .executeTakeFirstOrThrow();
    timeZone = firm.time_zone ?? t.config.timeZone;
    year = todayIn(timeZone).slice(0, 4);
  });
  afterAll(() => t?.close());

  describe('POST /cases', () => {
    it('opens a case for a new client by name: the next number, the client created, history and audit written', async () => {
      const before = await lastNumber();
      const clientsBefore = await countOf('clients');
      const res = await api(admin).post('/cases', {
        clientName: '  Amara   Okafor-Bello ',
        caseType: 'family',
        formType: 'I-130',
        assigneeId: attorneyId,
        dueDate: '2026-12-15',
        description: 'Spousal petition; marriage certificate received.',
        receiptNumber: 'ioe-0912345678',
        priorityDate: '2026-03-02',
        legalFee: '$1,250.50',
        amountPaid: 500,
      });
      expect(res.status).toBe(201);
      const client = await db()
        .selectFrom('clients')
        .selectAll()
        .where('firm_id', '=', firmId)
        .where('last_name', '=', 'Okafor-Bello')
        .executeTakeFirstOrThrow();
      expect(client).toMatchObject({ first_name: 'Amara', last_name: 'Okafor-Bello', email: null });
      expect(await countOf('clients')).toBe(clientsBefore + 1);
      expect(res.body).toEqual({
        id: expect.any(String),
        caseNumber: numberOf(before + 1),
        status: 'pending',
        userStatus: 'pending',
        adminStatus: 'pending',
        nextStatuses: ['processing', 'on-hold'],
        client: { id: client.id, name: 'Amara Okafor-Bello' },
        caseType: 'family',
        formType: 'I-130',
        assignee: { id: attorneyId, name: 'Jordan Rivera' },
        dueDate: '2026-12-15',
        description: 'Spousal petition; marriage certificate received.',
        receiptNumber: 'IOE0912345678',
        priorityDate: '2026-03-02',
        legalFee: 1250.5,
        amountPaid: 500,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        decidedAt: null,
        decidedOn: null,
      });
      expect(await caseRow(res.body.id)).toMatchObject({
        firm_id: firmId,
        case_number: numberOf(before + 1),
        client_id: client.id,
        client_name: 'Amara Okafor-Bello',
        status: 'pending',
        assignee_id: attorneyId,
        due_date: '2026-12-15',
        receipt_number: 'IOE0912345678',
        legal_fee_cents: 125050,
        amount_paid_cents: 50000,
        decided_at: null,
      });
      expect(await lastNumber()).toBe(before + 1);
      expect(await historyOf(res.body.id)).toEqual([
        {
          field: 'Opened',
          from_value: null,
          to_value: 'Pending',
          actor_user_id: adminId,
          actor_name: 'Alex Morgan',
        },
      ]);
      expect(await auditOf(res.body.id)).toEqual([
        expect.objectContaining({
          action: 'case.created',
          actor_user_id: adminId,
          firm_id: firmId,
          entity: 'case',
        }),
      ]);
      expect((await auditOf(res.body.id))[0].after).toMatchObject({ caseNumber: numberOf(before + 1) });
      expect(await auditOf(client.id)).toEqual([
        expect.objectContaining({ action: 'client.created', actor_user_id: adminId, firm_id: firmId }),
      ]);

      const read = await api(attorney).get(`/cases/${res.body.id}`);
      expect(read.status).toBe(200);
      expect(read.body).toEqual({
        ...res.body,
        history: [{ at: expect.any(String), by: 'Alex Morgan', field: 'Opened', from: null, to: 'Pending' }],
      });
    });

    it("reuses the firm's client of that name whatever its case and spacing, and never creates it twice", async () => {
      const first = await newCase({ clientName: 'Bao Tran Nguyen' });
      const clientsBefore = await countOf('clients');
      const again = await newCase({ clientName: 'bao  TRAN nguyen', caseType: 'visa', formType: 'I-765' });
      expect(again.client).toEqual({ id: first.client.id, name: 'Bao Tran Nguyen' });
      expect(await countOf('clients')).toBe(clientsBefore);
      const stored = await db()
        .selectFrom('clients')
        .select(['first_name', 'last_name'])
        .where('firm_id', '=', firmId)
        .where('last_name', '=', 'Nguyen')
        .where('first_name', '=', 'Bao Tran')
        .execute();
      expect(stored).toHaveLength(1);
      expect(await auditOf(first.client.id)).toHaveLength(1);
    });

    it('opens a case for a client chosen by ID, and refuses an ID that is no client of the firm', async () => {
      const client = await api(admin).post('/clients', { firstName: 'Carlos', lastName: 'Mendoza' });
      expect(client.status).toBe(201);
      const clientsBefore = await countOf('clients');
      const res = await api(attorney).post('/cases', {
        clientId: client.body.id,
        caseType: 'citizenship',
        formType: 'N-400',
      });
      expect(res.status).toBe(201);
      expect(res.body.client).toEqual({ id: client.body.id, name: 'Carlos Mendoza' });
      expect(res.body.assignee).toBeNull();
      expect(await countOf('clients')).toBe(clientsBefore);
      expect((await historyOf(res.body.id))[0]).toMatchObject({
        actor_user_id: attorneyId,
        actor_name: 'Jordan Rivera',
      });

      const cases = await countOf('cases');
      const unknown = await api(admin).post('/cases', {
        clientId: '6a1f0c1e-2b4d-4c1a-9e55-0c2f7d3a9b10',
        caseType: 'visa',
        formType: 'I-765',
      });
      expect([unknown.status, unknown.body.error, unknown.body.fields]).toEqual([
        422,
        'Client not found.',
        { clientId: 'Client not found.' },
      ]);
      const none = await api(admin).post('/cases', { caseType: 'visa', formType: 'I-765' });
      expect([none.status, none.body.error, none.body.fields]).toEqual([
        422,
        'Client name is required',
        { clientName: 'Client name is required' },
      ]);
      expect(await countOf('cases')).toBe(cases);
    });

    const INVALID: Array<[string, object, string]> = [
      ['receiptNumber', { receiptNumber: 'IOE12345' }, RECEIPT_MESSAGE],
      ['receiptNumber', { receiptNumber: '1OE0912345678' }, RECEIPT_MESSAGE],
      [
        'dueDate',
        { dueDate: '2026-02-30' },
        'Due date must be a real date written YYYY-MM-DD, such as 2026-11-23',
      ],
      [
        'dueDate',
        { dueDate: '12/01/2026' },
        'Due date must be a real date written YYYY-MM-DD, such as 2026-11-23',
      ],
      [
        'priorityDate',
        { priorityDate: '2026-13-01' },
        'Priority date must be a real date written YYYY-MM-DD, such as 2026-11-23',
      ],
      ['caseType', { caseType: 'employment' }, 'Case type must be visa, citizenship, asylum or family'],
      ['formType', { formType: 'I-999' }, `Form type must be one of ${FORM_CODES.join(', ')}`],
      ['formType', { formType: undefined }, `Form type must be one of ${FORM_CODES.join(', ')}`],
      ['legalFee', { legalFee: -1 }, 'Legal fee cannot be negative'],
      ['legalFee', { legalFee: 10.005 }, 'Legal fee must be whole cents'],
      ['amountPaid', { amountPaid: '-0.01' }, 'Amount paid cannot be negative'],
      ['amountPaid', { amountPaid: 'lots' }, 'Amount paid must be an amount in dollars, such as 1250.00'],
      ['assigneeId', { assigneeId: 'jordan' }, 'Assigned to must be an ID'],
      ['assigneeId', { assigneeId: '6a1f0c1e-2b4d-4c1a-9e55-0c2f7d3a9b10' }, ASSIGNEE_REFUSED],
    ];
    it.each(INVALID)(
      'refuses a bad %s with 422 and its message beside it, writing nothing',
      async (field, bad, message) => {
        const [cases, clientsBefore, last] = [
          await countOf('cases'),
          await countOf('clients'),
          await lastNumber(),
        ];
        const res = await api(admin).post('/cases', {
          clientName: 'Refused Client',
          caseType: 'asylum',
          formType: 'I-589',
          ...bad,
        });
        expect([res.status, res.body.error, res.body.fields?.[field]]).toEqual([422, message, message]);
        expect([await countOf('cases'), await countOf('clients'), await lastNumber()]).toEqual([
          cases,
          clientsBefore,
          last,
        ]);
      },
    );

    it("refuses as assignee a user of another firm, and one of the firm's users who is not active", async () => {
      const other = await secondFirm(t);
      const suspended = await db()
        .insertInto('users')
        .values({
          firm_id: firmId,
          login_id: `suspended${Date.now()}`,
          first_name: 'Sus',
          last_name: 'Pended',
          email: `suspended${Date.now()}@demo-firm.example`,
          role: 'user',
          status: 'suspended',
          password_hash: 'x',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const assigneeId of [await idOf(other.user), await idOf(other.admin), suspended.id]) {
        const cases = await countOf('cases');
        const res = await api(admin).post('/cases', {
          clientName: 'Refused Client',
          caseType: 'asylum',
          formType: 'I-589',
          assigneeId,
        });
        expect([res.status, res.body.error, res.body.fields]).toEqual([
          422,
          ASSIGNEE_REFUSED,
          { assigneeId: ASSIGNEE_REFUSED },
        ]);
        expect(await countOf('cases')).toBe(cases);
      }
    });

    it('refuses a receipt number already on a case (409), and the refused create takes no number', async () => {
      const taken = receipt('EAC');
      const holder = await newCase({ receiptNumber: taken });
      const last = await lastNumber();
      const res = await api(attorney).post('/cases', {
        clientName: 'Second Holder',
        caseType: 'visa',
        formType: 'I-129F',
        receiptNumber: taken.toLowerCase(),
      });
      const message = `Receipt number ${taken} is already on case ${holder.caseNumber}`;
      expect([res.status, res.body.error, res.body.fields]).toEqual([
        409,
        message,
        { receiptNumber: message },
      ]);
      expect(await lastNumber()).toBe(last);
      expect(
        await db()
          .selectFrom('clients')
          .select('id')
          .where('last_name', '=', 'Holder')
          .where('firm_id', '=', firmId)
          .execute(),
      ).toEqual([]);
      const next = await newCase();
      expect(next.caseNumber).toBe(numberOf(last + 1));

      const moved = await api(admin).patch(`/cases/${next.id}`, { receiptNumber: taken });
      expect([moved.status, moved.body.error]).toEqual([409, message]);
      expect((await caseRow(next.id))?.receipt_number).toBeNull();
      // Its own receipt number again is no conflict.
      expect((await api(admin).patch(`/cases/${holder.id}`, { receiptNumber: taken })).status).toBe(200);
    });
  });

  describe('PATCH /cases/{id} moves along the lifecycle only', () => {
    it.each(PAIRS)('%s → %s', async (from, to) => {
      const record = await caseIn(from);
      const before = await caseRow(record.id);
      const [history, audit] = [await historyOf(record.id), await auditOf(record.id)];
      const started = Date.now();
      const res = await api(attorney).patch(`/cases/${record.id}`, { status: to });
      const after = await caseRow(record.id);

      if (from === to) {
        // Asking for the status the case has changes nothing (a repeated click, a PUT of the whole case).
        expect([res.status, res.body.status]).toEqual([200, from]);
        expect(after).toEqual(before);
        expect([await historyOf(record.id), await auditOf(record.id)]).toEqual([history, audit]);
      } else if (CASE_MOVES[from].includes(to)) {
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({
          id: record.id,
          status: to,
          userStatus: USER_VIEW[to],
          adminStatus: ADMIN_VIEW[to],
          nextStatuses: [...CASE_MOVES[to]],
        });
        expect(after?.status).toBe(to);
        // A decision's day comes with it (today in the firm's time zone when not given); a move out clears it.
        const dayOf = (day: string | null | undefined) => (day ? formatDate(day) : null);
        const dated = before!.decided_on !== after!.decided_on;
        expect(after!.decided_on).toBe(to === 'approved' || to === 'rejected' ? todayIn(timeZone) : null);
        expect(res.body.decidedOn).toBe(after!.decided_on);
        expect(await historyOf(record.id)).toEqual([
          ...history,
          ...(dated
            ? [
                {
                  field: 'Decision date',
                  from_value: dayOf(before!.decided_on),
                  to_value: dayOf(after!.decided_on),
                  actor_user_id: attorneyId,
                  actor_name: 'Jordan Rivera',
                },
              ]
            : []),
          {
            field: 'Status',
            from_value: STATUS_LABELS[from],
            to_value: STATUS_LABELS[to],
            actor_user_id: attorneyId,
            actor_name: 'Jordan Rivera',
          },
        ]);
        const written = (await auditOf(record.id)).slice(audit.length);
        expect(written).toEqual([
          {
            action: 'case.status-changed',
            actor_user_id: attorneyId,
            firm_id: firmId,
            entity: 'case',
            before: {
              caseNumber: record.caseNumber,
              client: { name: record.client.name },
              status: from,
              ...(dated ? { decided_on: before!.decided_on } : {}),
            },
            after: {
              caseNumber: record.caseNumber,
              client: { name: record.client.name },
              status: to,
              ...(dated ? { decided_on: after!.decided_on } : {}),
            },
          },
        ]);
        if (to === 'approved' || to === 'rejected') {
          expect(after?.decided_at?.getTime()).toBeGreaterThanOrEqual(started - 1000);
          expect(res.body.decidedAt).toBe(after!.decided_at!.toISOString());
        } else {
          // A reopened case (rejected → processing) is undecided again.
          expect([after?.decided_at, res.body.decidedAt]).toEqual([null, null]);
        }
      } else {
        const message = refusedMoveMessage(from, to);
        expect([res.status, res.body.error, res.body.fields]).toEqual([409, message, { status: message }]);
        expect(message).toMatch(CASE_MOVES[from].length ? /Allowed: / : /no move is allowed/);
        expect(after).toEqual(before);
        expect([await historyOf(record.id), await auditOf(record.id)]).toEqual([history, audit]);
      }
    });

    it('keeps the decision time while the decided case changes other facts, and clears it on reopening', async () => {
      const record = await caseIn('rejected');
      const decided = (await caseRow(record.id))!.decided_at;
      expect(decided).not.toBeNull();
      const edited = await api(admin).patch(`/cases/${record.id}`, {
        description: 'Appeal drafted (I-290B).',
      });
      expect([edited.status, edited.body.decidedAt]).toEqual([200, decided!.toISOString()]);
      const reopened = await api(admin).patch(`/cases/${record.id}`, { status: 'processing' });
      expect([reopened.status, reopened.body.decidedAt, reopened.body.nextStatuses]).toEqual([
        200,
        null,
        ['approved', 'rejected', 'on-hold'],
      ]);
      const detail = await api(admin).get(`/cases/${record.id}`);
      expect(detail.body.history.slice(0, 3)).toEqual([
        { at: expect.any(String), by: 'Alex Morgan', field: 'Status', from: 'Rejected', to: 'Processing' },
        {
          at: expect.any(String),
          by: 'Alex Morgan',
          field: 'Decision date',
          from: formatDate(todayIn(timeZone)),
          to: null,
        },
        {
          at: expect.any(String),
          by: 'Alex Morgan',
          field: 'Description',
          from: null,
          to: 'Appeal drafted (I-290B).',
        },
      ]);
    });

    it('two people recording opposite decisions at once: one wins, the other is refused by the case as it is then', async () => {
      const record = await caseIn('processing');
      const [approve, reject] = await Promise.all([
        api(admin).patch(`/cases/${record.id}`, { status: 'approved' }),
        api(attorney).patch(`/cases/${record.id}`, { status: 'rejected' }),
      ]);
      expect([approve.status, reject.status].sort()).toEqual([200, 409]);
      const [won, lost] = approve.status === 200 ? [approve, reject] : [reject, approve];
      const decided = won.body.status as CaseStatus;
      expect(lost.body.error).toBe(
        refusedMoveMessage(decided, decided === 'approved' ? 'rejected' : 'approved'),
      );
      expect((await caseRow(record.id))?.status).toBe(decided);
      expect((await historyOf(record.id)).filter((h) => h.to_value === STATUS_LABELS[decided])).toHaveLength(
        1,
      );
      expect((await historyOf(record.id)).map((h) => h.field)).toEqual([
        'Opened',
        'Status',
        'Decision date',
        'Status',
      ]);
    });

    it('refuses an unknown status word with 422 and a case that is not there with 404', async () => {
      const record = await newCase();
      const bad = await api(admin).patch(`/cases/${record.id}`, { status: 'active' });
      const message = 'Status must be one of pending, processing, on-hold, approved, rejected';
      expect([bad.status, bad.body.error, bad.body.fields]).toEqual([422, message, { status: message }]);
      expect((await caseRow(record.id))?.status).toBe('pending');
      for (const id of ['6a1f0c1e-2b4d-4c1a-9e55-0c2f7d3a9b10', 'RI-2026-0001']) {
        const res = await api(admin).patch(`/cases/${id}`, { status: 'processing' });
        expect([res.status, res.body.error]).toEqual([404, NOT_FOUND]);
        const read = await api(admin).get(`/cases/${id}`);
        expect([read.status, read.body.error]).toEqual([404, NOT_FOUND]);
      }
    });
  });

  describe('PUT and PATCH /cases/{id}', () => {
    it('PUT sets the facts it is given, each change in the history, one audit row; what it leaves out stays', async () => {
      const other = await api(admin).post('/clients', { firstName: 'Dana', lastName: 'Ivanova' });
      const record = await newCase({ description: 'Kept as it is', receiptNumber: receipt('WAC') });
      const res = await api(attorney).put(`/cases/${record.id}`, {
        clientId: other.body.id,
        caseType: 'visa',
        formType: 'I-765',
        assigneeId: attorneyId,
        dueDate: '2027-01-04',
        priorityDate: '2025-06-30',
        legalFee: 2000,
        amountPaid: '750.25',
        status: 'processing',
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        client: { id: other.body.id, name: 'Dana Ivanova' },
        caseType: 'visa',
        formType: 'I-765',
        assignee: { id: attorneyId, name: 'Jordan Rivera' },
        dueDate: '2027-01-04',
        priorityDate: '2025-06-30',
        legalFee: 2000,
        amountPaid: 750.25,
        status: 'processing',
        description: 'Kept as it is',
        receiptNumber: record.receiptNumber,
        caseNumber: record.caseNumber,
      });
      expect((await historyOf(record.id)).slice(1).map((h) => [h.field, h.from_value, h.to_value])).toEqual([
        ['Status', 'Pending', 'Processing'],
        ['Client', record.client.name, 'Dana Ivanova'],
        ['Case type', 'Family', 'Visa'],
        ['Form type', 'I-130', 'I-765'],
        ['Assigned to', null, 'Jordan Rivera'],
        ['Due date', null, '01/04/2027'],
        ['Priority date', null, '06/30/2025'],
        ['Legal fee', null, '$2,000.00'],
        ['Amount paid', null, '$750.25'],
      ]);
      const audit = await auditOf(record.id);
      expect(audit.map((a) => a.action)).toEqual(['case.created', 'case.status-changed']);
      expect(audit[1].after).toMatchObject({
        status: 'processing',
        case_type: 'visa',
        legal_fee_cents: 200000,
      });
      expect(await caseRow(record.id)).toMatchObject({
        client_name: 'Dana Ivanova',
        amount_paid_cents: 75025,
      });
    });

    it('PATCH changes one fact, clears one set to null, and a PATCH that changes nothing writes nothing', async () => {
      const record = await newCase({ dueDate: '2026-12-01', assigneeId: attorneyId, legalFee: 900 });
      const one = await api(admin).patch(`/cases/${record.id}`, { dueDate: '2026-12-08' });
      expect(one.status).toBe(200);
      expect(one.body).toEqual({ ...record, dueDate: '2026-12-08', updatedAt: expect.any(String) });
      const cleared = await api(admin).patch(`/cases/${record.id}`, { assigneeId: null, legalFee: null });
      expect([cleared.body.assignee, cleared.body.legalFee, cleared.body.dueDate]).toEqual([
        null,
        null,
        '2026-12-08',
      ]);
      expect((await historyOf(record.id)).slice(1).map((h) => [h.field, h.from_value, h.to_value])).toEqual([
        ['Due date', '12/01/2026', '12/08/2026'],
        ['Assigned to', 'Jordan Rivera', null],
        ['Legal fee', '$900.00', null],
      ]);
      const audit = await auditOf(record.id);
      expect(audit.map((a) => a.action)).toEqual(['case.created', 'case.updated', 'case.updated']);
      expect([audit[1].before, audit[1].after]).toEqual([
        { caseNumber: record.caseNumber, client: { name: record.client.name }, due_date: '2026-12-01' },
        { caseNumber: record.caseNumber, client: { name: record.client.name }, due_date: '2026-12-08' },
      ]);

      const row = await caseRow(record.id);
      const same = await api(admin).patch(`/cases/${record.id}`, {
        dueDate: '2026-12-08',
        caseType: 'family',
      });
      expect(same.status).toBe(200);
      expect(await caseRow(record.id)).toEqual(row);
      expect(await historyOf(record.id)).toHaveLength(4);
      expect(await auditOf(record.id)).toHaveLength(3);
    });

    it('PATCH refuses bad facts with 422 and keeps the case as it was', async () => {
      const record = await newCase();
      const row = await caseRow(record.id);
      const refusals: Array<[object, string, string]> = [
        [
          { dueDate: '2026-02-30' },
          'dueDate',
          'Due date must be a real date written YYYY-MM-DD, such as 2026-11-23',
        ],
        [{ receiptNumber: 'EAC123' }, 'receiptNumber', RECEIPT_MESSAGE],
        [{ legalFee: -5 }, 'legalFee', 'Legal fee cannot be negative'],
        [{ caseType: 'work' }, 'caseType', 'Case type must be visa, citizenship, asylum or family'],
        [{ clientId: '6a1f0c1e-2b4d-4c1a-9e55-0c2f7d3a9b10' }, 'clientId', 'Client not found.'],
        [{ assigneeId: '6a1f0c1e-2b4d-4c1a-9e55-0c2f7d3a9b10' }, 'assigneeId', ASSIGNEE_REFUSED],
      ];
      for (const [body, field, message] of refusals) {
        const res = await api(admin).patch(`/cases/${record.id}`, body);
        expect([res.status, res.body.error, res.body.fields?.[field]]).toEqual([422, message, message]);
      }
      expect(await caseRow(record.id)).toEqual(row);
      expect(await historyOf(record.id)).toHaveLength(1);
    });

    it('PUT moves the status under the same rules as PATCH', async () => {
      const record = await caseIn('approved');
      const res = await api(admin).put(`/cases/${record.id}`, {
        status: 'processing',
        description: 'Reopen?',
      });
      expect([res.status, res.body.error]).toEqual([409, refusedMoveMessage('approved', 'processing')]);
      expect(await caseRow(record.id)).toMatchObject({ status: 'approved', description: '' });
      const whole = await api(admin).put(`/cases/${record.id}`, {
        ...record,
        status: 'approved',
        description: 'Card mailed',
      });
      expect([whole.status, whole.body.status, whole.body.description]).toEqual([
        200,
        'approved',
        'Card mailed',
      ]);
    });
  });

  describe('the day USCIS decided, and reopening a decision recorded by mistake', () => {
    it('PATCH takes decidedOn with a decision: kept and answered; not in the future, not before the case was opened', async () => {
      const today = todayIn(timeZone);
      const record = await caseIn('processing');
      const refusals: Array<[object, string]> = [
        [{ status: 'approved', decidedOn: addDays(today, 1) }, DECISION_IN_FUTURE],
        [
          { status: 'approved', decidedOn: addDays(today, -1) },
          `${DECISION_BEFORE_OPENED} (${formatDate(today)})`,
        ],
        [{ status: 'on-hold', decidedOn: today }, DECISION_WITHOUT_MOVE],
        [
          { status: 'approved', decidedOn: '2026-02-30' },
          'Decision date must be a real date written YYYY-MM-DD, such as 2026-11-23',
        ],
      ];
      for (const [body, message] of refusals) {
        const res = await api(attorney).patch(`/cases/${record.id}`, body);
        expect([res.status, res.body.error, res.body.fields]).toEqual([422, message, { decidedOn: message }]);
      }
      expect((await caseRow(record.id))?.status).toBe('processing');

      const decided = await api(attorney).patch(`/cases/${record.id}`, {
        status: 'rejected',
        decidedOn: today,
      });
      expect([decided.status, decided.body.status, decided.body.decidedOn]).toEqual([200, 'rejected', today]);
      expect((await caseRow(record.id))?.decided_on).toBe(today);
      // The whole record sent back (its own date with it) is no new decision.
      const resent = await api(attorney).put(`/cases/${record.id}`, {
        ...decided.body,
        description: 'Denied',
      });
      expect([resent.status, resent.body.decidedOn]).toEqual([200, today]);
    });

    it('an administrator reopens a decision with a reason (history, audit); a firm user may not; an undecided case cannot be', async () => {
      const record = await caseIn('approved');
      const decidedOn = (await caseRow(record.id))!.decided_on;
      const refused = await api(attorney).post(`/cases/${record.id}/reopen`, { reason: 'Wrong case' });
      expect([refused.status, refused.body.error]).toEqual([
        403,
        'Your role (user) does not have write permission for Reopen Decision.',
      ]);
      const blank = await api(admin).post(`/cases/${record.id}/reopen`, { reason: '  ' });
      expect([blank.status, blank.body.fields]).toEqual([422, { reason: 'Reason is required' }]);

      const audit = await auditOf(record.id);
      const res = await api(admin).post(`/cases/${record.id}/reopen`, {
        reason: 'Approval was recorded on the wrong case',
      });
      expect([
        res.status,
        res.body.status,
        res.body.decidedAt,
        res.body.decidedOn,
        res.body.nextStatuses,
      ]).toEqual([200, 'processing', null, null, ['approved', 'rejected', 'on-hold']]);
      expect((await historyOf(record.id)).slice(-3)).toEqual([
        {
          field: 'Decision date',
          from_value: formatDate(decidedOn!),
          to_value: null,
          actor_user_id: adminId,
          actor_name: 'Alex Morgan',
        },
        {
          field: 'Status',
          from_value: 'Approved',
          to_value: 'Processing',
          actor_user_id: adminId,
          actor_name: 'Alex Morgan',
        },
        {
          field: 'Decision reopened',
          from_value: null,
          to_value: 'Approval was recorded on the wrong case',
          actor_user_id: adminId,
          actor_name: 'Alex Morgan',
        },
      ]);
      expect((await auditOf(record.id)).slice(audit.length)).toEqual([
        {
          action: 'case.decision-reopened',
          actor_user_id: adminId,
          firm_id: firmId,
          entity: 'case',
          before: {
            caseNumber: record.caseNumber,
            client: { name: record.client.name },
            status: 'approved',
            decidedOn,
          },
          after: {
            caseNumber: record.caseNumber,
            client: { name: record.client.name },
            status: 'processing',
            decidedOn: null,
            reason: 'Approval was recorded on the wrong case',
          },
        },
      ]);
      const again = await api(admin).post(`/cases/${record.id}/reopen`, { reason: 'Twice' });
      expect([again.status, again.body.error]).toEqual([
        409,
        'Only a decided case (approved or rejected) can be reopened: this one is processing.',
      ]);
    });
  });

  describe('DELETE /cases/{id}', () => {
    it('an administrator deletes a case and its history (204, audited); a firm user is refused (403)', async () => {
      const record = await caseIn('processing');
      const refused = await api(attorney).delete(`/cases/${record.id}`);
      expect([refused.status, refused.body.error]).toEqual([
        403,
        'Your role (user) does not have delete permission for Delete Case.',
      ]);
      expect(await caseRow(record.id)).toBeDefined();

      const res = await api(admin).delete(`/cases/${record.id}`);
      expect([res.status, res.text]).toEqual([204, '']);
      expect(await caseRow(record.id)).toBeUndefined();
      expect(await historyOf(record.id)).toEqual([]);
      const audit = await auditOf(record.id);
      expect(audit.map((a) => [a.action, a.actor_user_id, a.firm_id])).toEqual([
        ['case.created', adminId, firmId],
        ['case.status-changed', adminId, firmId],
        ['case.deleted', adminId, firmId],
      ]);
      expect(audit[2].before).toMatchObject({ caseNumber: record.caseNumber, status: 'processing' });
      // The client stays: only the case went.
      expect((await api(admin).get(`/clients/${record.client.id}`)).body.caseCount).toBe(0);

      const again = await api(admin).delete(`/cases/${record.id}`);
      expect([again.status, again.body.error]).toEqual([404, NOT_FOUND]);
      expect((await api(admin).get(`/cases/${record.id}`)).status).toBe(404);
    });
  });

  describe('GET /cases', () => {
    type Spec = {
      client: string;
      type: CaseRecord['caseType'];
      form: CaseRecord['formType'];
      status: CaseStatus;
      assignee: 'admin' | 'user' | null;
      due: string | null;
      receipt: string | null;
      description: string;
      /** Hours before now it was opened and last changed: the created and updated orders differ. */
      created: number;
      updated: number;
    };
    const SPECS: Spec[] = [
      {
        client: 'Amara Okafor',
        type: 'family',
        form: 'I-130',
        status: 'pending',
        assignee: 'user',
        due: '2026-12-01',
        receipt: 'IOE0900000001',
        description: 'Spousal petition for her husband',
        created: 30,
        updated: 3,
      },
      {
        client: 'Amara Okafor',
        type: 'family',
        form: 'I-130A',
        status: 'processing',
        assignee: 'user',
        due: '2026-12-15',
        receipt: null,
        description: 'Supplement for the spouse',
        created: 29,
        updated: 12,
      },
      {
        client: 'Bao Nguyen',
        type: 'visa',
        form: 'I-765',
        status: 'on-hold',
        assignee: 'admin',
        due: '2026-12-15',
        receipt: 'EAC1912345678',
        description: 'Work permit while waiting',
        created: 28,
        updated: 1,
      },
      {
        client: 'Bao Nguyen',
        type: 'citizenship',
        form: 'N-400',
        status: 'approved',
        assignee: null,
        due: null,
        receipt: 'EAC1900000002',
        description: 'Naturalization, interview passed',
        created: 27,
        updated: 20,
      },
      {
        client: 'Carlos Mendoza',
        type: 'asylum',
        form: 'I-589',
        status: 'rejected',
        assignee: 'admin',
        due: '2026-10-01',
        receipt: 'ZLA1000000003',
        description: 'Asylum claim; appeal under consideration',
        created: 26,
        updated: 8,
      },
      {
        client: 'Carlos Mendoza',
        type: 'visa',
        form: 'I-131',
        status: 'processing',
        assignee: null,
        due: '2027-02-20',
        receipt: null,
        description: 'Fee waiver: 100% of filing fee',
        created: 25,
        updated: 15,
      },
      {
        client: 'Dana Ivanova',
        type: 'family',
        form: 'I-751',
        status: 'pending',
        assignee: 'admin',
        due: '2026-11-30',
        receipt: null,
        description: 'Remove conditions on residence',
        created: 24,
        updated: 2,
      },
      {
        client: 'Dana Ivanova',
        type: 'visa',
        form: 'I-140',
        status: 'approved',
        assignee: 'user',
        due: '2026-09-15',
        receipt: 'LIN2000000004',
        description: 'Employer petition approved',
        created: 23,
        updated: 18,
      },
      {
        client: 'Elif Yilmaz',
        type: 'citizenship',
        form: 'I-90',
        status: 'on-hold',
        assignee: 'user',
        due: null,
        receipt: null,
        description: 'Replace green card_lost abroad',
        created: 22,
        updated: 5,
      },
      {
        client: 'Elif Yilmaz',
        type: 'asylum',
        form: 'I-765',
        status: 'pending',
        assignee: null,
        due: '2026-12-15',
        receipt: null,
        description: 'Asylum-based work permit',
        created: 21,
        updated: 9,
      },
      {
        client: 'Farid Haddad',
        type: 'family',
        form: 'I-864',
        status: 'rejected',
        assignee: 'user',
        due: '2026-12-31',
        receipt: 'MSC2100000005',
        description: 'Affidavit of support',
        created: 20,
        updated: 11,
      },
      {
        client: 'Farid Haddad',
        type: 'visa',
        form: 'I-485',
        status: 'processing',
        assignee: 'admin',
        due: '2027-01-15',
        receipt: 'MSC2100000006',
        description: 'Adjustment of status',
        created: 19,
        updated: 4,
      },
    ];
    let firm: { id: string; admin: string; user: string };
    let boss: SignedIn;
    let member: SignedIn;
    let all: CaseRecord[];
    let people: Record<'admin' | 'user', string>;

    beforeAll(async () => {
      firm = await secondFirm(t);
      boss = await signIn(t.app, firm.admin);
      member = await signIn(t.app, firm.user);
      people = { admin: await idOf(firm.admin), user: await idOf(firm.user) };
      for (const spec of SPECS) {
        const res = await api(boss).post('/cases', {
          clientName: spec.client,
          caseType: spec.type,
          formType: spec.form,
          assigneeId: spec.assignee && people[spec.assignee],
          dueDate: spec.due,
          receiptNumber: spec.receipt,
          description: spec.description,
        });
        expect([res.status, res.body.error]).toEqual([201, undefined]);
        // The lifecycle is tested above; here the list reads the status as stored.
        await sql`UPDATE cases SET status = ${spec.status},
          created_at = now() - make_interval(hours => ${spec.created}),
          updated_at = now() - make_interval(hours => ${spec.updated})
          WHERE id = ${res.body.id}`.execute(db());
      }
      all = (await api(boss).get('/cases?pageSize=200')).body.items;
      expect(all).toHaveLength(SPECS.length);
    });

    /** The fixture's case numbers of the specs that pass `test`, sorted. */
    const numbersWhere = (test: (spec: Spec) => boolean) =>
      SPECS.map((spec, i) => [spec, numberOf(i + 1)] as const)
        .filter(([spec]) => test(spec))
        .map(([, n]) => n)
        .sort();
    const listed = async (query: string, as = boss) => {
      const res = await api(as).get(`/cases?pageSize=200&${query}`);
      expect([res.status, res.body.error]).toEqual([200, undefined]);
      expect(res.body.total).toBe(res.body.items.length);
      return (res.body.items as CaseRecord[]).map((c) => c.caseNumber).sort();
    };

    it('numbers the firm’s cases from 0001 and answers items, total, page and pageSize', async () => {
      expect(all.map((c) => c.caseNumber).sort()).toEqual(SPECS.map((_, i) => numberOf(i + 1)));
      const res = await api(member).get('/cases');
      expect(Object.keys(res.body).sort()).toEqual(['items', 'page', 'pageSize', 'total']);
      expect(res.body).toMatchObject({ total: SPECS.length, page: 1, pageSize: 50 });
    });

    it.each([
      ['a surname, in any case', 'OKAF', (s: Spec) => s.client === 'Amara Okafor'],
      ['a full client name', 'dana ivanova', (s: Spec) => s.client === 'Dana Ivanova'],
      ['a case number', 'the third case number', (s: Spec) => s === SPECS[2]],
      ['part of a receipt number', 'eac19', (s: Spec) => Boolean(s.receipt?.startsWith('EAC19'))],
      ['a whole receipt number', 'MSC2100000006', (s: Spec) => s.receipt === 'MSC2100000006'],
      [
        'words of a description',
        'work permit',
        (s: Spec) => s.description.toLowerCase().includes('work permit'),
      ],
      ['a % taken literally', '100%', (s: Spec) => s.description.includes('100%')],
      ['a lone %', '%', (s: Spec) => s.description.includes('%')],
      ['an _ taken literally', 'card_lost', (s: Spec) => s.description.includes('card_lost')],
      ['nothing that matches', 'zzzz', () => false],
    ])('q finds %s', async (_, q, test) => {
      if (q === 'the third case number') q = numberOf(3);
      const expected = numbersWhere(test);
      if (q !== 'zzzz') expect(expected.length).toBeGreaterThan(0);
      expect(await listed(`q=${encodeURIComponent(q)}`)).toEqual(expected);
    });

    it.each(Object.keys(STATUS_FILTERS))('status=%s lists exactly its statuses', async (status) => {
      const expected = numbersWhere((s) => STATUS_FILTERS[status].includes(s.status));
      expect(expected.length).toBeGreaterThan(0);
      expect(await listed(`status=${status}`)).toEqual(expected);
    });

    it('the user word processing includes the cases on hold; the administrator word active does not', async () => {
      expect(await listed('status=processing')).toEqual(
        numbersWhere((s) => s.status === 'processing' || s.status === 'on-hold'),
      );
      expect(await listed('status=active')).toEqual(numbersWhere((s) => s.status === 'processing'));
      expect(await listed('status=completed')).toEqual(
        numbersWhere((s) => s.status === 'approved' || s.status === 'rejected'),
      );
    });

    it.each(['visa', 'citizenship', 'asylum', 'family'] as const)('type=%s', async (type) => {
      expect(await listed(`type=${type}`)).toEqual(numbersWhere((s) => s.type === type));
    });

    it('formType filters by the USCIS form, each form the fixture holds', async () => {
      for (const form of new Set(SPECS.map((s) => s.form)))
        expect([form, await listed(`formType=${form}`)]).toEqual([
          form,
          numbersWhere((s) => s.form === form),
        ]);
      expect(await listed('formType=I-129F')).toEqual([]);
    });

    it('assignee=me, none or an ID', async () => {
      expect(await listed('assignee=me', member)).toEqual(numbersWhere((s) => s.assignee === 'user'));
      expect(await listed('assignee=me', boss)).toEqual(numbersWhere((s) => s.assignee === 'admin'));
      expect(await listed('assignee=none')).toEqual(numbersWhere((s) => s.assignee === null));
      expect(await listed(`assignee=${people.user}`)).toEqual(numbersWhere((s) => s.assignee === 'user'));
      expect(await listed(`assignee=${adminId}`)).toEqual([]);
    });

    it('dueBefore and dueAfter include their own day and leave undated cases out', async () => {
      const day = '2026-12-15';
      expect(await listed(`dueBefore=${day}`)).toEqual(numbersWhere((s) => s.due !== null && s.due <= day));
      expect(await listed(`dueAfter=${day}`)).toEqual(numbersWhere((s) => s.due !== null && s.due >= day));
      expect(await listed(`dueAfter=${day}&dueBefore=${day}`)).toEqual(numbersWhere((s) => s.due === day));
      expect((await listed(`dueAfter=${day}&dueBefore=${day}`)).length).toBe(3);
      expect(await listed('dueAfter=2026-12-02&dueBefore=2026-12-14')).toEqual([]);
    });

    it('combines the search and the filters', async () => {
      expect(await listed('status=open&type=family&dueBefore=2026-12-31')).toEqual(
        numbersWhere(
          (s) =>
            ['pending', 'processing', 'on-hold'].includes(s.status) &&
            s.type === 'family' &&
            s.due !== null &&
            s.due <= '2026-12-31',
        ),
      );
      expect(await listed('q=haddad&assignee=me', member)).toEqual(
        numbersWhere((s) => s.client === 'Farid Haddad' && s.assignee === 'user'),
      );
    });

    /** What each sort key orders by in a listed case, as the list's user sees it. */
    const KEY: Record<(typeof CASE_SORT_KEYS)[number], (c: CaseRecord) => string | null> = {
      caseNumber: (c) => c.caseNumber,
      client: (c) => c.client.name.toLowerCase(),
      type: (c) => c.caseType,
      formType: (c) => c.formType,
      status: (c) => c.status,
      dueDate: (c) => c.dueDate,
      created: (c) => c.createdAt,
      updated: (c) => c.updatedAt,
    };
    /** The order the list promises: by the key, undated last either way, then by ID in the same direction. */
    function sortedBy(key: keyof typeof KEY, descending: boolean) {
      const sign = descending ? -1 : 1;
      return [...all].sort((a, b) => {
        const [x, y] = [KEY[key](a), KEY[key](b)];
        if (x !== y) {
          if (x === null) return 1;
          if (y === null) return -1;
          return x < y ? -sign : sign;
        }
        return a.id < b.id ? -sign : sign;
      });
    }

    it.each(CASE_SORT_KEYS.flatMap((k) => [[k, false] as const, [k, true] as const]))(
      'sort=%s (descending: %s)',
      async (key, descending) => {
        const res = await api(boss).get(`/cases?pageSize=200&sort=${descending ? '-' : ''}${key}`);
        expect(res.status).toBe(200);
        expect(res.body.items.map((c: CaseRecord) => c.id)).toEqual(
          sortedBy(key, descending).map((c) => c.id),
        );
      },
    );

    it('sorts newest first by default', async () => {
      const res = await api(boss).get('/cases');
      expect(res.body.items.map((c: CaseRecord) => c.id)).toEqual(sortedBy('created', true).map((c) => c.id));
    });

    it('pages never overlap or skip, and each page answers the whole total', async () => {
      const order = sortedBy('dueDate', false).map((c) => c.id);
      const pages = [];
      for (const page of [1, 2, 3, 4]) {
        const res = await api(boss).get(`/cases?sort=dueDate&pageSize=5&page=${page}`);
        expect([res.status, res.body.total, res.body.page, res.body.pageSize]).toEqual([
          200,
          SPECS.length,
          page,
          5,
        ]);
        pages.push(res.body.items.map((c: CaseRecord) => c.id));
      }
      expect(pages.map((p) => p.length)).toEqual([5, 5, 2, 0]);
      expect(pages.flat()).toEqual(order);
      const filtered = await api(boss).get('/cases?type=visa&pageSize=2&page=2&sort=caseNumber');
      expect([filtered.body.total, filtered.body.items.map((c: CaseRecord) => c.caseNumber)]).toEqual([
        4,
        numbersWhere((s) => s.type === 'visa').slice(2, 4),
      ]);
    });

    it.each([
      [
        'status=closed',
        'status',
        'status must be one of pending, processing, on-hold, approved, rejected, active, completed, open',
      ],
      ['type=employment', 'type', 'Case type must be visa, citizenship, asylum or family'],
      ['formType=I-999', 'formType', `Form type must be one of ${FORM_CODES.join(', ')}`],
      ['assignee=someone', 'assignee', 'assignee must be an ID, me or none'],
      [
        'dueBefore=2026-02-30',
        'dueBefore',
        'dueBefore must be a real date written YYYY-MM-DD, such as 2026-11-23',
      ],
      [
        'dueAfter=tomorrow',
        'dueAfter',
        'dueAfter must be a real date written YYYY-MM-DD, such as 2026-11-23',
      ],
      ['sort=-priority', 'sort', `sort must be one of ${CASE_SORTS.join(', ')}`],
      ['pageSize=500', 'pageSize', 'pageSize must be 1 to 200'],
      ['pageSize=0', 'pageSize', 'pageSize must be 1 to 200'],
      ['page=0', 'page', 'page must be a whole number from 1'],
      ['page=1.5', 'page', 'page must be a whole number from 1'],
      [`q=${'x'.repeat(101)}`, 'q', 'q must be at most 100 characters'],
    ])('refuses %s with 422 naming the parameter', async (query, field, message) => {
      const res = await api(boss).get(`/cases?${query}`);
      expect([res.status, res.body.fields?.[field]]).toEqual([422, message]);
      expect(res.body.error).toEqual(res.body.fields[field]);
    });
  });

  describe('case numbers under concurrency', () => {
    it('50 concurrent creates in one firm get 50 distinct, consecutive numbers; clients named alike are created once', async () => {
      const firm = await secondFirm(t);
      const boss = await signIn(t.app, firm.admin);
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          api(boss).post('/cases', {
            clientName: `Concurrent Client${i % 5}`,
            caseType: 'visa',
            formType: 'I-765',
            description: `request ${i}`,
          }),
        ),
      );
      expect(answers.map((r) => r.status)).toEqual(Array(50).fill(201));
      const numbers = answers.map((r) => r.body.caseNumber as string).sort();
      expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => numberOf(i + 1)));
      expect(await lastNumber(firm.id)).toBe(50);
      expect(await countOf('cases', firm.id)).toBe(50);
      expect(await countOf('clients', firm.id)).toBe(5);
      // Each request's case is the one it described: no answer got another's row.
      for (const [i, res] of answers.entries())
        expect([res.body.description, res.body.client.name]).toEqual([
          `request ${i}`,
          `Concurrent Client${i % 5}`,
        ]);
    });

    it('a create refused inside its transaction gives its number back: the next case takes it', async () => {
      const firm = await secondFirm(t);
      const boss = await signIn(t.app, firm.admin);
      const taken = receipt('SRC');
      const first = await api(boss).post('/cases', {
        clientName: 'Gap Test',
        caseType: 'visa',
        formType: 'I-765',
        receiptNumber: taken,
      });
      expect(first.body.caseNumber).toBe(numberOf(1));
      // Ten at once for one receipt number: one wins, and the losers, refused after queueing for a number, return theirs.
      const racers = await Promise.all(
        Array.from({ length: 10 }, () =>
          api(boss).post('/cases', {
            clientName: 'Gap Test',
            caseType: 'visa',
            formType: 'I-765',
            receiptNumber: 'SRC0000000099',
          }),
        ),
      );
      expect(racers.map((r) => r.status).sort()).toEqual([201, ...Array(9).fill(409)]);
      for (const r of racers.filter((x) => x.status === 409))
        expect(r.body.fields).toEqual({ receiptNumber: expect.stringMatching(/receipt number/i) });
      expect(racers.find((r) => r.status === 201)!.body.caseNumber).toBe(numberOf(2));
      const duplicate = await api(boss).post('/cases', {
        clientName: 'Gap Test',
        caseType: 'visa',
        formType: 'I-765',
        receiptNumber: taken,
      });
      expect(duplicate.status).toBe(409);
      const next = await api(boss).post('/cases', {
        clientName: 'Gap Test',
        caseType: 'visa',
        formType: 'I-765',
      });
      expect(next.body.caseNumber).toBe(numberOf(3));
      expect(await lastNumber(firm.id)).toBe(3);
      expect(await countOf('clients', firm.id)).toBe(1);
    });
  });
});
