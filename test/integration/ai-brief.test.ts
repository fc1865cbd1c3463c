import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import mammoth from 'mammoth';
import type { Response } from 'supertest';
import { extractText, getDocumentProxy } from 'unpdf';
import { createPolisher } from '../../src/ai/brief/polish';
import { createCaseFacts } from '../../src/ai';
import { createClientsService } from '../../src/cases/client-service';
import { createCasesService } from '../../src/cases/service';
import { bankStatement, marriageCertificate, notice, type Person } from '../../src/documents/demo-papers';
import { createSandbox } from '../../src/documents/sandbox';
import { createDocumentsService } from '../../src/documents/service';
import { localDocumentStorage } from '../../src/documents/storage';
import { paperPdf } from '../../src/pdf/paper';
import { BRIEF_TEMPLATE_CODES, BRIEF_TEMPLATES, type BriefTemplate } from '../../src/shared/ai';
import type { Facts } from '../../src/shared/facts';
import type { SessionUser } from '../../src/shared/session';
import { createUsersService } from '../../src/users/service';
import { createLogger } from '../../src/logger';
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
import { analysed, documentsDir, sha256, upload } from '../helpers/documents';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const FORMATS = ['pdf', 'docx'] as const;

/** A response body read whole as bytes (a brief is a file, not JSON). */
const binary = (res: Response, done: (error: Error | null, body: Buffer) => void) => {
  const stream = res as unknown as http.IncomingMessage;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
};

/** The file's text as a reader meets it, white space (line and page breaks) as single spaces. */
async function textOf(bytes: Buffer, format: 'pdf' | 'docx'): Promise<string> {
  const text =
    format === 'pdf'
      ? (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text
      : (await mammoth.extractRawText({ buffer: bytes })).value;
  return text.replace(/\s+/g, ' ');
}

const CLIENT = { firstName: 'Văn An', lastName: 'Nguyễn', full: 'Văn An Nguyễn' };
const person: Person = {
  full: CLIENT.full,
  given: CLIENT.firstName,
  surname: CLIENT.lastName,
  sex: 'M',
  birthDate: '1990-02-28',
  country: 'Vietnam',
};
const FIRM = {
  name: 'Demo Immigration Law',
  address: '350 Fifth Avenue, New York, NY 10118',
  phone: '(212) 555-0100',
  email: 'office@demo-immigration.example',
  attorney: 'Jordan Avery',
};
const RECEIPT = 'IOE0912345678';

/** The case's documents, filed in this order: the exhibits A, B, C. */
const papers = () => [
  {
    name: 'marriage certificate.pdf',
    paper: marriageCertificate(
      person,
      { full: 'Emily Carter', birthDate: '1991-05-14', birthplace: 'Boston, Massachusetts' },
      { married: '2021-06-12', license: 'M-2021-004512', officiant: 'Hon. Rita Shah', issued: '2021-06-20' },
    ),
  },
  {
    name: 'joint bank statement.pdf',
    paper: bankStatement(
      [CLIENT.full, 'Emily Carter'],
      { name: 'Hudson Savings Bank', address: '1 Main Street, New York, NY 10001' },
      {
        start: '2026-09-01',
        end: '2026-09-30',
        account: '4410028831',
        opening: 5200,
        transactions: [
          ['2026-09-01', 'Rent, 12 Orchard Street', -2100],
          ['2026-09-15', 'Payroll deposit', 3150],
        ],
      },
    ),
  },
  {
    name: 'request for evidence.pdf',
    paper: notice({
      kind: 'rfe',
      form: 'I-130',
      receiptNumber: RECEIPT,
      received: '2026-08-03',
      noticeDate: '2026-11-02',
      beneficiary: person,
      petitioner: 'Emily Carter',
      firm: FIRM,
      about: 'marriage',
    }),
  },
];

/** The facts a person enters on the case's facts page (the notice gives its type and date). */
const ENTERED: Facts = { responsePeriodDays: 84, servedByMail: true, marriageDate: '2021-06-12' };

/** Enters facts for a case through the AI feature's own service, as the facts page does. */
async function enterFacts(t: TestApp, actor: SessionUser, caseId: string, facts: Facts) {
  const db = t.database.db;
  const firmUsers = createUsersService(db).listByFirm;
  const caseDeps = { db, timeZoneOf: async () => 'America/New_York', firmUsers };
  const cases = createCasesService(caseDeps);
  const documents = createDocumentsService({
    ...caseDeps,
    storage: localDocumentStorage(documentsDir(t)),
    cases,
    // The services these tests use read no file: the sandbox never starts a worker.
    sandbox: createSandbox({ logger: createLogger('silent') }),
    firmNameOf: async () => FIRM.name,
    wake: () => undefined,
  });
  const clients = createClientsService(caseDeps);
  await createCaseFacts({ ...caseDeps, cases, clients, documents }).enter(actor, caseId, facts);
}

const usesOf = (t: TestApp, caseId: string) =>
  t.database.db
    .selectFrom('ai_usage')
    .select(['tool', 'user_id', 'firm_id'])
    .where('case_id', '=', caseId)
    .execute();

const briefsOf = (t: TestApp, caseId: string) =>
  t.database.db
    .selectFrom('documents')
    .select(['id', 'name', 'kind', 'sha256', 'category', 'uploaded_by'])
    .where('case_id', '=', caseId)
    .where('category', '=', 'legal-brief')
    .orderBy('created_at')
    .execute();

/** A client with a Vietnamese name and a new I-130 case for them, with its three documents analyzed. */
async function marriageCase(as: SignedIn) {
  const post = (path: string, body: object) =>
    as.agent.post(`/api/${path}`).set('X-CSRF-Token', as.token).send(body);
  const client = await post('clients', {
    firstName: CLIENT.firstName,
    lastName: CLIENT.lastName,
    aNumber: 'A123456789',
    dateOfBirth: person.birthDate,
    countryOfCitizenship: 'Vietnam',
    address: '12 Orchard Street, New York, NY 10002',
  });
  expect(client.status).toBe(201);
  const kase = await post('cases', {
    clientId: client.body.id,
    caseType: 'family',
    formType: 'I-130',
    receiptNumber: RECEIPT,
    dueDate: '2027-01-15',
  });
  expect(kase.status).toBe(201);
  const documents = [];
  for (const { name, paper } of papers()) {
    const res = await upload(as, Buffer.from(await paperPdf(paper)), name, {
      caseId: kase.body.id,
      category: 'evidence',
    });
    expect(res.status).toBe(201);
    documents.push(await analysed(as, res.body.id));
  }
  return { client: client.body, kase: kase.body, documents };
}

describe.each(BACKENDS)('the Legal Brief Generator on %s', (backend) => {
  let t: TestApp;
  let attorney: SignedIn;
  let attorneyId: string;
  let firmId: string;
  let kase: { id: string; caseNumber: string };

  const brief = (as: SignedIn, body: object) =>
    as.agent.post('/api/ai/brief').set('X-CSRF-Token', as.token).send(body).buffer(true).parse(binary);

  beforeAll(async () => {
    t = await startTestApp({ backend });
    attorney = await signIn(t.app, 'attorney');
    firmId = await demoFirmId(t.database);
    const made = await marriageCase(attorney);
    kase = made.kase;
    expect(made.documents.map((d) => [d.status, d.type])).toEqual([
      ['done', 'marriage-certificate'],
      ['done', 'bank-statement'],
      ['done', 'i797-rfe'],
    ]);
    const account = await t.database.db
      .selectFrom('users')
      .select(['id', 'login_id', 'first_name'])
      .where('login_id', '=', 'attorney')
      .executeTakeFirstOrThrow();
    attorneyId = account.id;
    await enterFacts(
      t,
      { id: account.id, loginId: 'attorney', firstName: account.first_name, role: 'user', firmId },
      kase.id,
      ENTERED,
    );
  }, 180_000);
  afterAll(() => t?.close());

  /** What every brief of this case says, whatever its template. */
  const EXHIBITS = [
    'A Marriage Certificate: marriage certificate.pdf',
    'B Bank Statement: joint bank statement.pdf',
    'C I-797E Request for Evidence: request for evidence.pdf',
  ];

  /** Each template's own facts and citations. */
  const SAYS: Record<BriefTemplate, string[]> = {
    'cover-letter': [
      'U.S. Citizenship and Immigration Services',
      'On behalf of our client, Văn An Nguyễn, we respectfully submit the enclosed Form I-130, Petition for Alien Relative (receipt number IOE0912345678)',
      'Filing fee',
      '$675 for Form I-130',
      'USCIS Form G-1055',
      'Evidence checklist',
      'Proof of the relationship (marriage or birth certificate): enclosed as Exhibit A',
      'Evidence the marriage is genuine (joint bank statements, joint tax returns): enclosed as Exhibit B',
    ],
    'rfe-response': [
      'Response deadline',
      // 11/02/2026 + 84 days + 3 days by mail.
      'Response to the Request for Evidence due: 01/28/2027.',
      'Notice date 11/02/2026 + 84 days stated on the notice + 3 days (served by mail)',
      'This letter responds to the Request for Evidence dated 11/02/2026',
      'The Request for Evidence itself: Exhibit C.',
      'IV. Conclusion',
    ],
    'bona-fide-marriage': [
      'Date of marriage',
      'the marriage of Văn An Nguyễn, entered into on 06/12/2021, is bona fide',
      '8 CFR 204.2(a)(1)(i)(B)',
      'Evidence the marriage is genuine (joint bank statements, joint tax returns) (8 CFR 204.2(a)(1)(i)(B)): Exhibit B.',
    ],
    'client-checklist': [
      'Dear Văn An Nguyễn,',
      'We are preparing your Form I-130, Petition for Alien Relative.',
      'no later than 01/15/2027',
      'Documents we still need',
      'Proof of the relationship (marriage or birth certificate) (Exhibit A)',
      'Response to the Request for Evidence due: 01/28/2027',
    ],
  };

  describe.each(FORMATS)('as %s', (format) => {
    it.each(BRIEF_TEMPLATE_CODES)(
      '%s: the file, filled from the case with its rules cited and exhibits listed, kept with the case and counted',
      async (template) => {
        const usesBefore = (await usesOf(t, kase.id)).length;
        const briefsBefore = (await briefsOf(t, kase.id)).length;
        const started = performance.now();
        const res = await brief(attorney, { caseId: kase.id, template, format });
        const ms = performance.now() - started;
        expect(res.status).toBe(200);
        expect(ms).toBeLessThan(5000);
        expect(res.headers['content-type']).toBe(format === 'pdf' ? 'application/pdf' : DOCX);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        const filename = `${BRIEF_TEMPLATES[template]} ${kase.caseNumber}.${format}`;
        expect(res.headers['content-disposition']).toBe(`attachment; filename="${filename}"`);

        const text = await textOf(res.body as Buffer, format);
        // The particulars are "Label: value" lines in the PDF, a table of two columns in Word.
        expect(text).toMatch(new RegExp(`Client:? ${CLIENT.full}`));
        for (const fact of ['A123456789', RECEIPT, 'I-130, Petition for Alien Relative', kase.caseNumber])
          expect(text).toContain(fact);
        for (const said of SAYS[template]) expect(text).toContain(said);
        // The exhibits are the case's documents, lettered as the evidence package letters them; the
        // briefs generated before are no exhibits.
        for (const exhibit of EXHIBITS) expect(text).toContain(exhibit);
        expect(text).not.toMatch(/\bD (Cover Letter|RFE|Bona|Checklist)/);
        // The rules cited close the brief: id, citation, the date each took effect and its source.
        const cited = text.slice(text.lastIndexOf('Rules cited'));
        expect(cited).toMatch(/^Rules cited \S+: /);
        expect(cited).toMatch(/Citation: [^ ]+/);
        expect(cited).toMatch(/In effect from \d\d\/\d\d\/\d{4}/);
        expect(cited).toMatch(/Source: https:\/\//);
        // No model is configured: no paragraph says one wrote it.
        expect(text).not.toContain('Drafted with the help of');

        const uses = await usesOf(t, kase.id);
        expect(uses).toHaveLength(usesBefore + 1);
        expect(uses[uses.length - 1]).toEqual({
          tool: 'brief-generator',
          user_id: attorneyId,
          firm_id: firmId,
        });
        const briefs = await briefsOf(t, kase.id);
        expect(briefs).toHaveLength(briefsBefore + 1);
        const stored = briefs[briefs.length - 1];
        expect(res.headers['x-document-id']).toBe(stored.id);
        expect(stored).toMatchObject({ name: filename, kind: format, uploaded_by: attorneyId });
        expect(stored.sha256).toBe(sha256(res.body as Buffer));
      },
    );
  });

  it('the case must be one of the firm’s: another firm’s case or an unknown one is not found (404)', async () => {
    const other = await secondFirm(t);
    const theirs = await signIn(t.app, other.user);
    const usesBefore = (await usesOf(t, kase.id)).length;
    for (const [as, caseId] of [
      [theirs, kase.id],
      [attorney, crypto.randomUUID()],
    ] as const) {
      const res = await as.agent
        .post('/api/ai/brief')
        .set('X-CSRF-Token', as.token)
        .send({ caseId, template: 'cover-letter', format: 'pdf' });
      expect([res.status, res.body.error]).toEqual([404, 'Case not found.']);
    }
    expect(await usesOf(t, kase.id)).toHaveLength(usesBefore);
  });

  it('a template, format or case that is not one answers 422 naming the field', async () => {
    const post = (body: object) =>
      attorney.agent.post('/api/ai/brief').set('X-CSRF-Token', attorney.token).send(body);
    const cases: Array<[object, string, string]> = [
      [
        { caseId: kase.id, template: 'memo', format: 'pdf' },
        'template',
        'template must be one of cover-letter, rfe-response, bona-fide-marriage, client-checklist',
      ],
      [
        { caseId: kase.id, template: 'cover-letter', format: 'txt' },
        'format',
        'format must be one of pdf, docx',
      ],
      [{ template: 'cover-letter', format: 'pdf' }, 'caseId', 'Choose a case'],
      [
        { caseId: 'RI-2026-0001', template: 'cover-letter', format: 'pdf' },
        'caseId',
        'caseId must be a case ID',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await post(body);
      expect([res.status, res.body.fields?.[field]]).toEqual([422, message]);
    }
  });

  it('/user/ai/brief: choose a case, a template and a format; Generate downloads the file without JavaScript', async () => {
    const page = await attorney.agent.get(`/user/ai/brief?case=${kase.id}`);
    expect(page.status).toBe(200);
    const text = visibleText(page.text);
    expect(text).toContain('Legal Brief Generator');
    expect(page.text).toContain(
      `<option value="${kase.id}" selected="">${kase.caseNumber} · ${CLIENT.full}</option>`,
    );
    for (const label of Object.values(BRIEF_TEMPLATES)) expect(text).toContain(label);
    // The one script is the case picker's (a live search); the form itself is plain HTML.
    expect([...page.text.matchAll(/data-island="(\w+)"/g)].map((m) => m[1])).toEqual(['CasePicker']);

    const token = csrfFrom(page.text);
    const generated = await attorney.agent
      .post('/user/ai/brief')
      .type('form')
      .send({ _csrf: token, caseId: kase.id, template: 'client-checklist', format: 'docx' })
      .buffer(true)
      .parse(binary);
    expect(generated.status).toBe(200);
    expect(generated.headers['content-type']).toBe(DOCX);
    expect(generated.headers['content-disposition']).toMatch(/^attachment; /);
    expect(await textOf(generated.body as Buffer, 'docx')).toContain(`Dear ${CLIENT.full},`);

    const refused = await attorney.agent
      .post('/user/ai/brief')
      .type('form')
      .send({ _csrf: token, caseId: kase.id, template: '', format: 'docx' });
    expect(refused.status).toBe(422);
    expect(visibleText(refused.text)).toContain(
      'template must be one of cover-letter, rfe-response, bona-fide-marriage, client-checklist',
    );
    // The values entered are chosen again.
    expect(refused.text).toContain(`<option value="${kase.id}" selected="">`);
    expect(refused.text).toContain('<option value="docx" selected="">');
  });

  it('/user/ai/brief reads the cases through Get Cases: revoked for the user role, it answers 403 with no case', async () => {
    const staff = await signIn(t.app, 'reti');
    const actions = (await staff.agent.get('/api/actions')).body as Array<{ id: string; name: string }>;
    const getCases = actions.find((a) => a.name === 'Get Cases')!;
    /** PUT /permissions/{id}: read for these roles, nothing else (Get Cases is a read). */
    const grantRead = (user: boolean) =>
      staff.agent
        .put(`/api/permissions/${getCases.id}`)
        .set('X-CSRF-Token', staff.token)
        .send({
          permissions: [
            { roleId: 'user', canRead: user, canWrite: false, canDelete: false },
            { roleId: 'admin', canRead: true, canWrite: false, canDelete: false },
            { roleId: 'reti', canRead: false, canWrite: false, canDelete: false },
          ],
        });
    expect((await grantRead(false)).status).toBe(200);
    try {
      expect((await attorney.agent.get('/api/cases')).status).toBe(403);
      const page = await attorney.agent.get(`/user/ai/brief?case=${kase.id}`);
      // A refused form shows the page again: no more than the page itself.
      const posted = await attorney.agent
        .post('/user/ai/brief')
        .type('form')
        .send({ _csrf: attorney.token, caseId: kase.id, template: '', format: 'pdf' });
      for (const res of [page, posted]) {
        expect(res.status).toBe(403);
        expect(visibleText(res.text)).toContain('does not have read permission for Get Cases');
        expect(res.text).not.toContain(kase.caseNumber);
        expect(res.text).not.toContain(CLIENT.full);
        expect(res.text).not.toMatch(/RI-\d{4}-\d{4}/);
      }
    } finally {
      expect((await grantRead(true)).status).toBe(200);
    }
    expect((await attorney.agent.get('/user/ai/brief')).status).toBe(200);
  });
});

/**
 * The optional model, a small local server that speaks the OpenAI protocol (as Ollama, llama.cpp and vLLM
 * do). It rewords the paragraphs it is sent as `reword` says.
 */
describe('the Legal Brief Generator with a language model', () => {
  type Sent = { model: string; messages: Array<{ role: string; content: string }> };
  const sent: Sent[] = [];
  let reword: (paragraphs: string[]) => string[] | 'fail' | 'hang' = (p) => p;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk));
    req.on('end', () => {
      const request = JSON.parse(body) as Sent;
      res.setHeader('Content-Type', 'application/json');
      const completion = (content: string) =>
        res.end(
          JSON.stringify({
            id: 'chatcmpl-1',
            object: 'chat.completion',
            created: 1_700_000_000,
            model: request.model,
            choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
          }),
        );
      // The uploaded documents' analysis asks the same server for a summary of each.
      if (!request.messages[1].content.startsWith('{')) return completion('A document of the case.');
      sent.push(request);
      const { paragraphs } = JSON.parse(request.messages[1].content) as { paragraphs: string[] };
      const answer = reword(paragraphs);
      if (answer === 'hang') return;
      if (answer === 'fail') {
        res.statusCode = 500;
        return res.end('{"error":{"message":"model not loaded"}}');
      }
      completion(JSON.stringify({ paragraphs: answer }));
    });
  });

  let t: TestApp;
  let attorney: SignedIn;
  let kase: { id: string; caseNumber: string };
  let baseUrl: string;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    t = await startTestApp({ env: { LLM_BASE_URL: baseUrl, LLM_MODEL: 'brief-test-model' } });
    attorney = await signIn(t.app, 'attorney');
    kase = (await marriageCase(attorney)).kase;
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => (sent.length = 0));

  const coverLetter = async () => {
    const res = await attorney.agent
      .post('/api/ai/brief')
      .set('X-CSRF-Token', attorney.token)
      .send({ caseId: kase.id, template: 'cover-letter', format: 'pdf' })
      .buffer(true)
      .parse(binary);
    expect(res.status).toBe(200);
    return textOf(res.body as Buffer, 'pdf');
  };
  const MARK =
    'Drafted with the help of brief-test-model (AI); to be reviewed by the attorney before it is sent.';
  const OPENING =
    'On behalf of our client, Văn An Nguyễn, we respectfully submit the enclosed Form I-130, Petition for Alien Relative (receipt number IOE0912345678)';

  it('the model rewords only the prose; a paragraph that changed a fact keeps the template’s words; each reworded one says so', async () => {
    reword = (paragraphs) =>
      paragraphs.map((p) =>
        // A model that "corrects" the receipt number: that paragraph is not taken.
        p.includes(RECEIPT) ? p.replace(RECEIPT, 'IOE0000000001') : `Kindly note: ${p}`,
      );
    const text = await coverLetter();
    // Only prose went to the model: no exhibit, no citation, no fee.
    expect(sent).toHaveLength(1);
    const asked = JSON.parse(sent[0].messages[1].content) as { paragraphs: string[] };
    expect(asked.paragraphs).toEqual([
      expect.stringContaining(OPENING),
      'Please send all notices about this filing to our office. Should you need anything further to decide it, please contact us.',
    ]);
    expect(sent[0].messages[1].content).not.toMatch(/G-1055|Exhibit|\$675/);

    expect(text).toContain(`${OPENING}, together with the filing fee`);
    expect(text).not.toContain('IOE0000000001');
    expect(text).toContain(
      `Kindly note: Please send all notices about this filing to our office. Should you need anything further to decide it, please contact us. ${MARK}`,
    );
    expect(text.split(MARK)).toHaveLength(2);
    expect(text).toContain(
      'Paragraphs marked “Drafted with the help of brief-test-model” were reworded by that AI model.',
    );
    // The facts stand as the case and the rules give them.
    expect(text).toContain('$675 for Form I-130');
    expect(text).toContain('A Marriage Certificate: marriage certificate.pdf');
  });

  it('the page says that a model may reword the prose', async () => {
    const page = await attorney.agent.get('/user/ai/brief');
    expect(visibleText(page.text)).toContain(
      'A language model is configured: it may reword the prose paragraphs, and each one it wrote says so.',
    );
  });

  it('a model that fails leaves the template’s own words, unmarked', async () => {
    reword = () => 'fail';
    const text = await coverLetter();
    expect(sent).toHaveLength(1);
    expect(text).toContain(`${OPENING}, together with the filing fee`);
    expect(text).not.toContain('Drafted with the help of');
  });

  it('a model that answers another number of paragraphs is not used', async () => {
    reword = (paragraphs) => [paragraphs.join(' ')];
    const text = await coverLetter();
    expect(text).not.toContain('Drafted with the help of');
  });

  it('a model too slow is given up at its time limit, and the brief keeps its own words', async () => {
    reword = () => 'hang';
    const errors: Error[] = [];
    const polisher = createPolisher(
      { baseUrl, model: 'brief-test-model' },
      { timeoutMs: 300, onError: (e) => errors.push(e) },
    )!;
    const drafted = {
      title: 'Cover Letter',
      firmName: FIRM.name,
      caseNumber: 'RI-2026-0001',
      preparedOn: '11/23/2026',
      blocks: [{ type: 'paragraph' as const, text: 'Please contact us.', prose: { keep: [] } }],
      rules: [],
    };
    const started = performance.now();
    expect(await polisher.polish(drafted)).toBe(drafted);
    const ms = performance.now() - started;
    expect(ms).toBeGreaterThanOrEqual(250);
    expect(ms).toBeLessThan(2000);
    expect(errors).toHaveLength(1);
  });
});
