import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from '@cantoo/pdf-lib';
import type { Response } from 'supertest';
import type { CaseRecord } from '../../src/shared/cases';
import { addDays, todayIn } from '../../src/shared/dates';
import {
  DOCUMENT_MAX_BYTES,
  type DocumentRecord,
  FILE_KINDS,
  type FileKind,
  UPLOAD_REFUSALS,
} from '../../src/shared/documents';
import {
  BACKENDS,
  DEMO_LOGINS,
  DEMO_PASSWORD,
  csrfFrom,
  demoFirmId,
  listen,
  secondFirm,
  signIn,
  type SignedIn,
  startTestApp,
  type TestApp,
} from '../helpers/app';
import {
  analysed,
  filesIn,
  incomingDir,
  pdfLikeFile,
  sha256,
  sha256OfFile,
  storedFile,
  upload,
} from '../helpers/documents';
import {
  docx,
  fakeDocx,
  legacyDoc,
  passportMrzLines,
  renamedExecutable,
  textJpeg,
  textPdf,
  textPng,
} from '../helpers/files';
import { waitFor } from '../helpers/poll';

const NOT_FOUND = 'Document not found.';
const CASE_NOT_FOUND = 'Case not found.';
const CSRF_REFUSED = 'Your security token is missing or out of date. Reload the page and try again.';
/** What a file that starts like a PDF but is none says once its analysis has failed. */
const UNREADABLE_PDF = 'This PDF could not be read: Invalid PDF structure.';
const BOTH_OR_NEITHER = 'Send either documentId (a stored document) or text (pasted text), not both';

/** A receipt number no other test uses: IOE and ten digits. */
let unique = 0;
const receiptNumber = () =>
  `IOE${String(Date.now() % 1e6).padStart(6, '0')}${String(++unique).padStart(4, '0')}`;

/** An I-797C receipt notice's text, as USCIS prints it. */
const receiptNotice = (receipt: string, names: { petitioner: string; beneficiary: string }) => [
  'THE UNITED STATES OF AMERICA',
  'U.S. Department of Homeland Security',
  'U.S. Citizenship and Immigration Services',
  'I-797C, Notice of Action',
  `Receipt Number: ${receipt}`,
  'Case Type: I-130 - Petition for Alien Relative',
  'Received Date: 03/02/2026    Priority Date: 03/02/2026    Page 1 of 1',
  'Notice Date: 03/09/2026',
  `Petitioner: ${names.petitioner}`,
  `Beneficiary: ${names.beneficiary}`,
  'Notice Type: Receipt Notice',
  'Amount received: $675.00 U.S.',
  'This notice confirms that USCIS received your application or petition (this form) as shown above.',
];

/** A response body read whole as bytes (downloads and packages are not JSON). */
const binary = (res: Response, done: (error: Error | null, body: Buffer) => void) => {
  // In Node the response handed to a parser is the IncomingMessage itself.
  const stream = res as unknown as http.IncomingMessage;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
};

/** The name a browser saves an attachment as: the header's UTF-8 `filename*`, else its `filename`. */
const savedName = (disposition: string | undefined) => {
  const encoded = /filename\*=UTF-8''([^;]+)/.exec(disposition ?? '')?.[1];
  if (encoded) return decodeURIComponent(encoded);
  const plain = /filename=(?:"([^"]*)"|([^;\s]+))/.exec(disposition ?? '');
  return plain?.[1] ?? plain?.[2];
};

/** A multipart body written by hand: a part's file name goes exactly as given (clients may not clean it). */
function multipart(
  parts: Array<{ name: string; value: string } | { name: string; filename: string; data: Buffer }>,
) {
  const boundary = `----reti-${crypto.randomBytes(8).toString('hex')}`;
  const pieces: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      'filename' in part
        ? `form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: application/octet-stream`
        : `form-data; name="${part.name}"`;
    pieces.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`, 'utf8'));
    pieces.push('filename' in part ? part.data : Buffer.from(part.value, 'utf8'));
    pieces.push(Buffer.from('\r\n'));
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return { type: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat(pieces) };
}

describe.each(BACKENDS)('the documents API on %s', (backend) => {
  let t: TestApp;
  let attorney: SignedIn;
  let admin: SignedIn;
  let firmId: string;
  let attorneyId: string;
  let today: string;
  let tmp: string;
  let other: { id: string; admin: SignedIn; case: CaseRecord };

  const db = () => t.database.db;
  const rowOf = (id: string) =>
    db().selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirst();
  const documentCount = async (firm = firmId) =>
    Number(
      (
        await db()
          .selectFrom('documents')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('firm_id', '=', firm)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const firmFolder = () => path.join(t.config.dataDir, 'documents', firmId);
  const post = (as: SignedIn, route: string, body: object) =>
    as.agent.post(`/api${route}`).set('X-CSRF-Token', as.token).send(body);

  let clients = 0;
  /** A case of the demo firm for a client of its own. */
  async function newCase(fields: object = {}, as = admin): Promise<CaseRecord> {
    const res = await post(as, '/cases', {
      clientName: `Lina Haddad${++clients}`,
      caseType: 'family',
      formType: 'I-130',
      ...fields,
    });
    expect([res.status, res.body.error]).toEqual([201, undefined]);
    return res.body;
  }

  /** Uploads and expects 201; answers the record as the upload answered it. */
  async function uploaded(
    data: Buffer | string,
    name: string,
    fields: { caseId?: string; category?: string } = {},
    as = attorney,
  ): Promise<DocumentRecord> {
    const res = await upload(as, data, name, fields);
    expect([res.status, res.body.error]).toEqual([201, null]);
    return res.body;
  }

  /** Nothing new in the firm's rows or folder, and the upload's temporary file gone (once its response closed). */
  async function expectNothingKept(rowsBefore: number, filesBefore: string[]) {
    expect(await documentCount()).toBe(rowsBefore);
    expect(filesIn(firmFolder())).toEqual(filesBefore);
    await waitFor(() => filesIn(incomingDir(t)).length === 0, 5_000);
  }

  // Signing in hashes passwords (argon2), several times: slow on a loaded machine.
  beforeAll(async () => {
    t = await startTestApp({ backend });
    attorney = await signIn(t.app, DEMO_LOGINS.user);
    admin = await signIn(t.app, DEMO_LOGINS.admin);
    firmId = await demoFirmId(t.database);
    attorneyId = (
      await db()
        .selectFrom('users')
        .select('id')
        .where('login_id', '=', DEMO_LOGINS.user)
        .executeTakeFirstOrThrow()
    ).id;
    const firm = await db()
      .selectFrom('firms')
      .select('time_zone')
      .where('id', '=', firmId)
      .executeTakeFirstOrThrow();
    today = todayIn(firm.time_zone ?? t.config.timeZone);
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'reti-documents-api-'));
    const second = await secondFirm(t);
    const theirAdmin = await signIn(t.app, second.admin);
    const theirCase = await post(theirAdmin, '/cases', {
      clientName: 'Other Firm Client',
      caseType: 'visa',
      formType: 'I-765',
    });
    expect(theirCase.status).toBe(201);
    other = { id: second.id, admin: theirAdmin, case: theirCase.body };
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  describe('POST /documents/upload', () => {
    // Each kind the hint names, with and without a case and a category; the text carries a word of its own
    // that the search then finds, so the text was really read (by OCR for the pictures).
    const KINDS: Array<{
      kind: FileKind;
      name: string;
      make: (word: string) => Promise<Buffer> | Buffer;
      method: string;
      withCase: boolean;
      category?: string;
    }> = [
      {
        kind: 'pdf',
        name: 'Cover letter.pdf',
        make: (w) => textPdf(['Cover letter for the petition', `Reference word ${w}`]),
        method: 'pdf-text',
        withCase: true,
        category: 'legal-brief',
      },
      {
        kind: 'pdf',
        name: 'notes.PDF',
        make: (w) => textPdf(['Intake notes', `Reference word ${w}`]),
        method: 'pdf-text',
        withCase: false,
      },
      {
        kind: 'png',
        name: 'scan.png',
        make: (w) => textPng(['Intake notes', `Reference word ${w}`]),
        method: 'ocr',
        withCase: true,
      },
      {
        kind: 'jpeg',
        name: 'photo.jpg',
        make: (w) => textJpeg(['Intake notes', `Reference word ${w}`]),
        method: 'ocr',
        withCase: false,
        category: 'evidence',
      },
      {
        kind: 'jpeg',
        name: 'photo.jpeg',
        make: (w) => textJpeg(['Intake notes', `Reference word ${w}`]),
        method: 'ocr',
        withCase: true,
        category: 'other',
      },
      {
        kind: 'docx',
        name: 'Declaration.docx',
        make: (w) => docx(['Declaration of support', `Reference word ${w}`]),
        method: 'docx',
        withCase: false,
        category: 'legal-brief',
      },
      {
        kind: 'doc',
        name: 'Old letter.doc',
        make: (w) => legacyDoc(['Letter from the employer', `Reference word ${w}`]),
        method: 'doc',
        withCase: true,
      },
    ];
    const WORDS = ['marigold', 'juniper', 'saffron', 'tamarind', 'cardamom', 'lavender', 'chamomile'];

    it.each(KINDS.map((k, i) => [k.name, { ...k, word: WORDS[i] }] as const))(
      'takes %s: 201 queued, the row, the file under its ID with its SHA-256; then its text is read',
      async (_name, spec) => {
        const record = spec.withCase ? await newCase() : undefined;
        const bytes = await spec.make(spec.word);
        const res = await upload(attorney, bytes, spec.name, { caseId: record?.id, category: spec.category });
        expect([res.status, res.body.error]).toEqual([201, null]);
        const { id } = res.body;
        expect(res.body).toMatchObject({
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          name: spec.name,
          kind: spec.kind,
          size: bytes.length,
          sha256: sha256(bytes),
          category: spec.category ?? 'other',
          case: record ? { id: record.id, caseNumber: record.caseNumber } : null,
          client: record ? record.client : null,
          status: 'queued',
          type: null,
          fields: null,
          findings: [],
          error: null,
          uploadedBy: { id: attorneyId, name: 'Jordan Rivera' },
          analyzedAt: null,
        });
        expect(await rowOf(id)).toMatchObject({
          firm_id: firmId,
          case_id: record?.id ?? null,
          client_id: record?.client.id ?? null,
          category_chosen: Boolean(spec.category),
          name: spec.name,
          kind: spec.kind,
          sha256: sha256(bytes),
          storage_key: `${firmId}/${id}`,
          uploaded_by: attorneyId,
        });
        expect(Number((await rowOf(id))!.size)).toBe(bytes.length);
        const file = storedFile(t, firmId, id);
        expect(fs.readFileSync(file).equals(bytes)).toBe(true);
        expect(await sha256OfFile(file)).toBe(sha256(bytes));
        await waitFor(() => filesIn(incomingDir(t)).length === 0, 5_000);

        const done = await analysed(attorney, id);
        expect([done.status, done.error]).toEqual(['done', null]);
        expect(done.analysis!.textMethod).toBe(spec.method);
        expect(done.analyzedAt).toEqual(expect.any(String));
        // A category the person chose stays; otherwise it follows what the analysis found.
        if (spec.category) expect(done.category).toBe(spec.category);
        const found = await attorney.agent.get(`/api/documents?q=${spec.word}`);
        expect(found.status).toBe(200);
        expect(found.body.items.map((d: DocumentRecord) => d.id)).toEqual([id]);
      },
    );

    it('recognises an I-797C receipt notice: its type, receipt number, form and notice date, filed as a notice', async () => {
      const receipt = receiptNumber();
      const record = await newCase({ clientName: 'Amara Okafor' });
      const bytes = await textPdf(
        receiptNotice(receipt, { petitioner: 'Amara Okafor', beneficiary: 'Chidi Okafor' }),
      );
      const { id } = await uploaded(bytes, 'I-797C receipt.pdf', { caseId: record.id });
      const done = await analysed(attorney, id);
      expect(done).toMatchObject({
        status: 'done',
        type: 'i797-receipt',
        category: 'correspondence',
        case: { id: record.id, caseNumber: record.caseNumber },
      });
      expect(done.confidence).toBeGreaterThanOrEqual(0.5);
      expect(done.evidence.length).toBeGreaterThan(0);
      expect(done.fields).toMatchObject({
        receiptNumbers: [receipt],
        noticeType: 'receipt',
        noticeDate: '2026-03-09',
        formNumber: 'I-130',
      });
      expect(done.analysis).toMatchObject({ type: 'i797-receipt', textMethod: 'pdf-text', pages: 1 });
      // Its receipt number and its type find it.
      const byReceipt = await attorney.agent.get(`/api/documents?q=${receipt}`);
      expect(byReceipt.body.items.map((d: DocumentRecord) => d.id)).toEqual([id]);
    });

    it("finds a passport that expires within six months of today, citing the rule, on its client's case", async () => {
      const expiry = addDays(today, 90);
      const [line1, line2] = passportMrzLines({
        surname: 'Garcia Lopez',
        givenNames: 'Maria Elena',
        documentNumber: 'G12345678',
        nationality: 'MEX',
        birthDate: '1988-03-14',
        expirationDate: expiry,
        sex: 'F',
      });
      const record = await newCase({
        clientName: 'Maria Elena Garcia Lopez',
        formType: 'I-485',
        caseType: 'family',
      });
      const bytes = await textPdf([
        'PASSPORT',
        'UNITED MEXICAN STATES',
        'Type P   Code MEX   Passport No. G12345678',
        'Surname: GARCIA LOPEZ',
        'Given names: MARIA ELENA',
        'Nationality: MEXICAN',
        'Date of birth: 14 MAR 1988',
        `Date of expiry: ${expiry}`,
        line1,
        line2,
      ]);
      const { id } = await uploaded(bytes, 'passport.pdf', { caseId: record.id, category: 'evidence' });
      const done = await analysed(attorney, id);
      expect([done.status, done.type]).toEqual(['done', 'passport']);
      expect(done.fields).toMatchObject({
        passportNumber: 'G12345678',
        nationality: 'MEX',
        expirationDate: expiry,
        passportZone: expect.objectContaining({
          documentNumber: 'G12345678',
          expirationDate: expiry,
          valid: true,
        }),
      });
      const finding = done.findings.find((f) => f.ruleId === 'passport-validity-6-months');
      expect(finding).toEqual({
        ruleId: 'passport-validity-6-months',
        severity: expect.stringMatching(/^(danger|warning)$/),
        title: expect.any(String),
        message: expect.stringContaining(
          `${expiry.slice(5, 7)}/${expiry.slice(8, 10)}/${expiry.slice(0, 4)}`,
        ),
        citation: expect.any(String),
        sourceUrl: expect.stringMatching(/^https:\/\//),
      });
      expect(finding!.citation.length).toBeGreaterThan(3);
      // The name agrees with the case's client: no finding says otherwise.
      expect(done.findings.map((f) => f.ruleId)).toEqual(['passport-validity-6-months']);
    });

    it.each([
      ['a renamed executable', () => renamedExecutable().data, renamedExecutable().name],
      ['a PNG named .pdf', () => textPng(['Not a PDF']), 'statement.pdf'],
      ['a PDF named .png', () => textPdf(['Not a picture']), 'photo.png'],
      ['a ZIP without word/document.xml named .docx', () => fakeDocx(), 'letter.docx'],
      ['a DOCX named .doc', () => docx(['A new Word file']), 'letter.doc'],
      ['a PDF without an extension', () => textPdf(['No extension']), 'statement'],
      ['a text file', () => Buffer.from('plain text\n'), 'notes.txt'],
    ] as const)(
      'refuses %s with 415 saying what is accepted, and keeps nothing',
      async (_what, make, name) => {
        const rows = await documentCount();
        const files = filesIn(firmFolder());
        const res = await upload(attorney, await make(), name);
        expect([res.status, res.body.error, res.body.fields]).toEqual([
          415,
          UPLOAD_REFUSALS.badType,
          { file: UPLOAD_REFUSALS.badType },
        ]);
        await expectNothingKept(rows, files);
      },
    );

    it('refuses an empty file and a form without a file (422), keeping nothing', async () => {
      const rows = await documentCount();
      const files = filesIn(firmFolder());
      const empty = await upload(attorney, Buffer.alloc(0), 'empty.pdf');
      expect([empty.status, empty.body.error, empty.body.fields]).toEqual([
        422,
        UPLOAD_REFUSALS.empty,
        { file: UPLOAD_REFUSALS.empty },
      ]);
      const noFile = await attorney.agent
        .post('/api/documents/upload')
        .set('X-CSRF-Token', attorney.token)
        .field('category', 'evidence');
      expect([noFile.status, noFile.body.error]).toEqual([422, UPLOAD_REFUSALS.noFile]);
      // JSON is no upload at all.
      const json = await post(attorney, '/documents/upload', { file: 'passport.pdf' });
      expect([json.status, json.body.error]).toEqual([422, UPLOAD_REFUSALS.noFile]);
      await expectNothingKept(rows, files);
    });

    it("refuses a case that does not exist or is another firm's (422 Case not found.), and an unknown category", async () => {
      const rows = await documentCount();
      const files = filesIn(firmFolder());
      const bytes = await textPdf(['A letter']);
      for (const caseId of [crypto.randomUUID(), other.case.id]) {
        const res = await upload(attorney, bytes, 'letter.pdf', { caseId });
        expect([res.status, res.body.error, res.body.fields]).toEqual([
          422,
          CASE_NOT_FOUND,
          { caseId: CASE_NOT_FOUND },
        ]);
      }
      const notAnId = await upload(attorney, bytes, 'letter.pdf', { caseId: 'RI-2026-0001' });
      expect([notAnId.status, notAnId.body.error]).toEqual([422, 'Case must be an ID']);
      const category = await upload(attorney, bytes, 'letter.pdf', { category: 'receipts' });
      expect([category.status, category.body.error]).toEqual([
        422,
        'Category must be one of uscis-form, legal-brief, evidence, correspondence, other',
      ]);
      await expectNothingKept(rows, files);
    });

    it('refuses an upload without the CSRF token (403) and keeps nothing', async () => {
      const rows = await documentCount();
      const files = filesIn(firmFolder());
      const res = await attorney.agent
        .post('/api/documents/upload')
        .attach('file', await textPdf(['Forged']), 'forged.pdf');
      expect([res.status, res.body.error]).toEqual([403, CSRF_REFUSED]);
      await expectNothingKept(rows, files);
    });

    it('takes a file of exactly 52,428,800 bytes (its analysis then fails in words); one byte more is 413 and leaves nothing', async () => {
      const exact = pdfLikeFile(path.join(tmp, 'exact.pdf'), DOCUMENT_MAX_BYTES);
      const res = await upload(attorney, exact, 'exactly 50MB.pdf');
      expect([res.status, res.body.error]).toEqual([201, null]);
      expect([res.body.size, res.body.sha256]).toEqual([DOCUMENT_MAX_BYTES, await sha256OfFile(exact)]);
      expect(fs.statSync(storedFile(t, firmId, res.body.id)).size).toBe(DOCUMENT_MAX_BYTES);
      const failed = await analysed(attorney, res.body.id);
      expect(failed.status).toBe('failed');
      expect(failed.error).toBe(UNREADABLE_PDF);
      expect([failed.type, failed.fields, failed.findings]).toEqual([null, null, []]);

      const rows = await documentCount();
      const files = filesIn(firmFolder());
      fs.appendFileSync(exact, '%');
      const tooLarge = await upload(attorney, exact, 'just over 50MB.pdf');
      expect([tooLarge.status, tooLarge.body.error, tooLarge.body.fields]).toEqual([
        413,
        UPLOAD_REFUSALS.tooLarge,
        { file: UPLOAD_REFUSALS.tooLarge },
      ]);
      await expectNothingKept(rows, files);
      fs.rmSync(exact);
    }, 90_000);

    it('keeps nothing of an upload cut off mid-body, however much of it had come', async () => {
      const server = await listen(t);
      try {
        const { port } = new URL(server.url);
        // A session of its own, signed in over a real socket.
        const login = await fetch(`${server.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ user_id: DEMO_LOGINS.user, password: DEMO_PASSWORD }),
        });
        expect(login.status).toBe(200);
        const cookie = login.headers.getSetCookie()[0].split(';')[0];
        const token = csrfFrom(
          await (await fetch(`${server.url}/user/dashboard`, { headers: { cookie } })).text(),
        );
        expect(token).not.toBe('');

        const rows = await documentCount();
        const files = filesIn(firmFolder());
        // Some bytes or many before the cut: the server may still hold parsed bytes of the file when it goes.
        for (const sent of [64 << 10, 2 << 20, 8 << 20, 2 << 20, 8 << 20, 16 << 20]) {
          const boundary = `----reti-${crypto.randomBytes(8).toString('hex')}`;
          const head = Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`,
          );
          const req = http.request({
            host: '127.0.0.1',
            port: Number(port),
            method: 'POST',
            path: '/api/documents/upload',
            headers: {
              cookie,
              'x-csrf-token': token,
              'content-type': `multipart/form-data; boundary=${boundary}`,
              'content-length': String(head.length + 2 * sent + boundary.length + 8),
            },
          });
          const settled = new Promise<string>((resolve) => {
            req.on('error', (error) => resolve(`error ${error.message}`));
            req.on('response', (res) => resolve(`answered ${res.statusCode}`));
          });
          req.write(head);
          req.write(Buffer.alloc(sent, '% half of a file\n'));
          // The server is writing the file: then the client goes away with half of it sent.
          await waitFor(() => filesIn(incomingDir(t)).length === 1, 10_000);
          req.destroy();
          expect(await settled).toMatch(/^error /);
          await expectNothingKept(rows, files);
        }
        // The server goes on serving.
        expect((await fetch(`${server.url}/api/documents?pageSize=1`, { headers: { cookie } })).status).toBe(
          200,
        );
      } finally {
        await server.close();
      }
    });
  });

  describe('GET /documents/{id}/content', () => {
    it.each([
      ['pdf', () => textPdf(['A PDF to download']), 'Nguyễn Văn Anh – hộ chiếu.pdf'],
      ['png', () => textPng(['A picture']), 'Zoë’s birth certificate.png'],
      ['jpeg', () => textJpeg(['A photo']), 'photo.JPG'],
      ['docx', () => docx(['A Word file']), 'Brief (final).docx'],
      ['doc', () => legacyDoc(['An old Word file']), 'letter 1998.doc'],
    ] as const)(
      'sends a %s back as it came: an attachment under its own name, its type, never sniffed',
      async (kind, make, name) => {
        const bytes = await make();
        const { id } = await uploaded(bytes, name);
        const res = await attorney.agent.get(`/api/documents/${id}/content`).buffer(true).parse(binary);
        expect(res.status).toBe(200);
        expect((res.body as Buffer).equals(bytes)).toBe(true);
        expect(res.headers['content-type']).toBe(FILE_KINDS[kind].mime);
        expect(res.headers['content-length']).toBe(String(bytes.length));
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['content-disposition']).toMatch(/^attachment; /);
        expect(savedName(res.headers['content-disposition'])).toBe(name);
        expect(res.headers['cache-control']).toBe('private, no-store');
      },
    );

    it('shows a name with path parts and direction or control characters cleaned, and never uses it as a path', async () => {
      const bytes = await textPdf(['A disguised name']);
      const form = multipart([
        { name: 'category', value: 'other' },
        { name: 'file', filename: '../../etc/passwd\u202egpj.pdf', data: bytes },
      ]);
      const res = await attorney.agent
        .post('/api/documents/upload')
        .set('X-CSRF-Token', attorney.token)
        .set('Content-Type', form.type)
        .send(form.body);
      expect([res.status, res.body.error]).toEqual([201, null]);
      expect(res.body.name).toBe('passwdgpj.pdf');
      const { id } = res.body;
      expect(fs.readFileSync(storedFile(t, firmId, id)).equals(bytes)).toBe(true);
      expect(fs.existsSync(path.join(t.config.dataDir, 'etc'))).toBe(false);
      const download = await attorney.agent.get(`/api/documents/${id}/content`).buffer(true).parse(binary);
      expect(savedName(download.headers['content-disposition'])).toBe('passwdgpj.pdf');

      const tabs = multipart([
        { name: 'file', filename: 'C:\\Users\\ana\\\u200bscan\u200e   2026.pdf', data: bytes },
      ]);
      const windows = await attorney.agent
        .post('/api/documents/upload')
        .set('X-CSRF-Token', attorney.token)
        .set('Content-Type', tabs.type)
        .send(tabs.body);
      expect([windows.status, windows.body.name]).toEqual([201, 'scan 2026.pdf']);
    });

    it('answers 404 for an ID that names no document of the firm', async () => {
      for (const id of [crypto.randomUUID(), 'not-an-id']) {
        const res = await attorney.agent.get(`/api/documents/${id}/content`);
        expect([res.status, res.body.error]).toEqual([404, NOT_FOUND]);
      }
    });
  });

  describe('GET /documents', () => {
    let record: CaseRecord;
    let ids: { receipt: string; brief: string; failed: string; letter: string };
    let receipt: string;

    beforeAll(async () => {
      record = await newCase({ clientName: 'Yusuf Demir' });
      receipt = receiptNumber();
      const notice = await uploaded(
        await textPdf(receiptNotice(receipt, { petitioner: 'Yusuf Demir', beneficiary: 'Elif Demir' })),
        'receipt notice.pdf',
        { caseId: record.id },
      );
      const brief = await uploaded(
        await docx(['Brief in support of the petition', 'The beneficiary, Elif Demir, is the spouse.']),
        'brief.docx',
        { caseId: record.id, category: 'legal-brief' },
      );
      // A file that says it is a PDF but is none: its analysis fails.
      const broken = await uploaded(Buffer.from('%PDF-1.7\nnothing else\n'), 'broken.pdf', {
        caseId: record.id,
      });
      const letter = await uploaded(
        await textPdf(['A letter filed under no case', 'Yusuf Demir']),
        'letter.pdf',
      );
      ids = { receipt: notice.id, brief: brief.id, failed: broken.id, letter: letter.id };
      for (const id of Object.values(ids)) await analysed(attorney, id);
    });

    const idsOf = (res: Response) => res.body.items.map((d: DocumentRecord) => d.id);

    it("lists a case's documents newest first, one page at a time", async () => {
      const all = await attorney.agent.get(`/api/documents?caseId=${record.id}`);
      expect(all.status).toBe(200);
      expect(all.body).toMatchObject({ total: 3, page: 1, pageSize: 25 });
      expect(idsOf(all)).toEqual([ids.failed, ids.brief, ids.receipt]);
      const first = await attorney.agent.get(`/api/documents?caseId=${record.id}&pageSize=2`);
      const second = await attorney.agent.get(`/api/documents?caseId=${record.id}&pageSize=2&page=2`);
      expect([idsOf(first), first.body.total]).toEqual([[ids.failed, ids.brief], 3]);
      expect([idsOf(second), second.body.page]).toEqual([[ids.receipt], 2]);
      const beyond = await attorney.agent.get(`/api/documents?caseId=${record.id}&pageSize=2&page=3`);
      expect([idsOf(beyond), beyond.body.total]).toEqual([[], 3]);
      const clients = await attorney.agent.get(`/api/documents?clientId=${record.client.id}`);
      expect(idsOf(clients)).toEqual([ids.failed, ids.brief, ids.receipt]);
    });

    it('searches the text read from the files (and names), and filters by type, status and category', async () => {
      const query = async (q: string) => idsOf(await attorney.agent.get(`/api/documents?${q}`));
      expect(await query(`q=${receipt}`)).toEqual([ids.receipt]);
      expect(await query(`q=${receipt.toLowerCase()}`)).toEqual([ids.receipt]);
      expect(await query('q=elif%20demir')).toEqual([ids.brief, ids.receipt]);
      expect(await query('q=yusuf%20demir')).toEqual([ids.letter, ids.receipt]);
      expect(await query(`q=broken.pdf&caseId=${record.id}`)).toEqual([ids.failed]);
      expect(await query('q=%25%25')).toEqual([]);
      expect(await query(`caseId=${record.id}&type=i797-receipt`)).toEqual([ids.receipt]);
      expect(await query(`caseId=${record.id}&status=failed`)).toEqual([ids.failed]);
      expect(await query(`caseId=${record.id}&status=done`)).toEqual([ids.brief, ids.receipt]);
      expect(await query(`caseId=${record.id}&category=legal-brief`)).toEqual([ids.brief]);
      expect(await query(`caseId=${record.id}&category=correspondence`)).toEqual([ids.receipt]);
      expect(await query(`caseId=${record.id}&type=passport`)).toEqual([]);
      // An empty filter (a form's "All") is no filter.
      expect(await query(`caseId=${record.id}&type=&status=&category=`)).toEqual([
        ids.failed,
        ids.brief,
        ids.receipt,
      ]);
    });

    it('refuses filters that are not ours (422)', async () => {
      const cases: Array<[string, string]> = [
        ['pageSize=101', 'pageSize must be 1 to 100'],
        ['status=archived', 'status must be one of queued, processing, done, failed'],
        ['caseId=RI-2026-0001', 'caseId must be an ID'],
      ];
      for (const [query, message] of cases) {
        const res = await attorney.agent.get(`/api/documents?${query}`);
        expect([query, res.status, res.body.error]).toEqual([query, 422, message]);
      }
    });

    it('deletes a document: 204, its row and its file gone, audited, then 404 everywhere', async () => {
      const bytes = await textPdf(['To be deleted']);
      const { id } = await uploaded(bytes, 'to delete.pdf');
      await analysed(attorney, id);
      const file = storedFile(t, firmId, id);
      expect(fs.existsSync(file)).toBe(true);
      const res = await attorney.agent.delete(`/api/documents/${id}`).set('X-CSRF-Token', attorney.token);
      expect([res.status, res.text]).toEqual([204, '']);
      expect(await rowOf(id)).toBeUndefined();
      expect(fs.existsSync(file)).toBe(false);
      const audit = await db()
        .selectFrom('audit_log')
        .select(['action', 'actor_user_id', 'firm_id'])
        .where('entity_id', '=', id)
        .orderBy('seq')
        .execute();
      expect(audit).toEqual([
        { action: 'document.uploaded', actor_user_id: attorneyId, firm_id: firmId },
        { action: 'document.deleted', actor_user_id: attorneyId, firm_id: firmId },
      ]);
      for (const again of [
        attorney.agent.get(`/api/documents/${id}`),
        attorney.agent.get(`/api/documents/${id}/content`),
        attorney.agent.delete(`/api/documents/${id}`).set('X-CSRF-Token', attorney.token),
      ]) {
        const r = await again;
        expect([r.status, r.body.error]).toEqual([404, NOT_FOUND]);
      }
    });

    it('POST /ai/analyze: pasted text at once (200); a stored document again (202, then analysed anew); both or neither 422', async () => {
      const pasted = await post(attorney, '/ai/analyze', {
        text: receiptNotice('EAC2612345678', { petitioner: 'Ana Lopez', beneficiary: 'Luis Lopez' }).join(
          '\n',
        ),
      });
      expect(pasted.status).toBe(200);
      expect(pasted.body.analysis).toMatchObject({
        type: 'i797-receipt',
        textMethod: 'none',
        fields: expect.objectContaining({ receiptNumbers: ['EAC2612345678'], noticeType: 'receipt' }),
      });
      // OCR's "1-797C" and "I-797C" are the same notice.
      const ocrSpelling = await post(attorney, '/ai/analyze', {
        text: 'U.S. Citizenship and Immigration Services 1-797C, Notice of Action Receipt Number WAC2698765432 Receipt Notice',
      });
      expect([ocrSpelling.body.analysis.type, ocrSpelling.body.analysis.fields.receiptNumbers]).toEqual([
        'i797-receipt',
        ['WAC2698765432'],
      ]);

      const before = (await attorney.agent.get(`/api/documents/${ids.receipt}`)).body as DocumentRecord;
      const again = await post(attorney, '/ai/analyze', { documentId: ids.receipt });
      expect(again.status).toBe(202);
      expect(again.body.document).toMatchObject({ id: ids.receipt, status: 'queued', type: null });
      const after = await analysed(attorney, ids.receipt);
      expect(after).toMatchObject({ status: 'done', type: 'i797-receipt', fields: before.fields });
      expect(Date.parse(after.analyzedAt!)).toBeGreaterThan(Date.parse(before.analyzedAt!));
      // A failed analysis can be asked again too (and fails again, in words).
      expect((await post(attorney, '/ai/analyze', { documentId: ids.failed })).status).toBe(202);
      expect((await analysed(attorney, ids.failed)).error).toBe(UNREADABLE_PDF);

      for (const body of [{ documentId: ids.receipt, text: 'Receipt Notice' }, {}, { text: '   ' }]) {
        const res = await post(attorney, '/ai/analyze', body);
        expect(res.status).toBe(422);
      }
      expect((await post(attorney, '/ai/analyze', {})).body.error).toBe(BOTH_OR_NEITHER);
      expect((await post(attorney, '/ai/analyze', { documentId: ids.receipt, text: 'x' })).body.error).toBe(
        BOTH_OR_NEITHER,
      );
      const unknown = await post(attorney, '/ai/analyze', { documentId: crypto.randomUUID() });
      expect([unknown.status, unknown.body.error]).toEqual([404, NOT_FOUND]);
    });

    it("POST /documents/evidence-package: one PDF of the chosen documents, an index and a tab page before each; another case's documents 422", async () => {
      const png = await uploaded(await textPng(['Photograph of the couple']), 'wedding photo.png', {
        caseId: record.id,
        category: 'evidence',
      });
      const twoPages = await uploaded(
        await textPdf([['Joint lease, page one'], ['Joint lease, page two']]),
        'lease.pdf',
        { caseId: record.id, category: 'evidence' },
      );
      for (const id of [png.id, twoPages.id]) await analysed(attorney, id);
      const documentIds = [ids.receipt, twoPages.id, png.id, ids.brief];
      const res = await post(attorney, '/documents/evidence-package', { caseId: record.id, documentIds })
        .buffer(true)
        .parse(binary);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(savedName(res.headers['content-disposition'])).toBe(`Evidence Package ${record.caseNumber}.pdf`);
      expect(res.headers['content-disposition']).toMatch(/^attachment; /);
      const pdf = await PDFDocument.load(res.body as Buffer);
      // The index; then each exhibit's tab page and its pages: the notice 1, the lease 2, the photo 1, the brief's text 1.
      expect(pdf.getPageCount()).toBe(1 + (1 + 1) + (1 + 2) + (1 + 1) + (1 + 1));
      expect(pdf.getTitle()).toContain(record.caseNumber);

      const theirs = await uploaded(await textPdf(['Another case']), 'other case.pdf', {
        caseId: (await newCase()).id,
      });
      for (const chosen of [[ids.receipt, theirs.id], [ids.letter], [crypto.randomUUID()]]) {
        const refused = await post(attorney, '/documents/evidence-package', {
          caseId: record.id,
          documentIds: chosen,
        });
        expect([refused.status, refused.body.error, refused.body.fields]).toEqual([
          422,
          'Choose only documents of this case',
          { documentIds: 'Choose only documents of this case' },
        ]);
      }
      const none = await post(attorney, '/documents/evidence-package', {
        caseId: record.id,
        documentIds: [],
      });
      expect([none.status, none.body.error]).toEqual([422, 'Choose at least one document']);
      for (const caseId of [crypto.randomUUID(), other.case.id]) {
        const missing = await post(attorney, '/documents/evidence-package', {
          caseId,
          documentIds: [ids.receipt],
        });
        expect([missing.status, missing.body.error]).toEqual([404, CASE_NOT_FOUND]);
      }
    }, 60_000);
  });

  it("counts the firm's documents on the administrator's dashboard", async () => {
    const card = async () =>
      (
        (await admin.agent.get('/api/dashboard')).body.stats as Array<{ key: string; value: number | null }>
      ).find((s) => s.key === 'documents');
    const before = await documentCount();
    expect(await card()).toEqual({ key: 'documents', label: 'Documents', value: before });
    const { id } = await uploaded(await textPdf(['Counted']), 'counted.pdf');
    expect((await card())!.value).toBe(before + 1);
    // Another firm's documents are not this firm's.
    const theirs = await upload(other.admin, await textPdf(['Theirs']), 'theirs.pdf');
    expect(theirs.status).toBe(201);
    expect((await card())!.value).toBe(before + 1);
    await analysed(attorney, id);
    expect(
      (await attorney.agent.delete(`/api/documents/${id}`).set('X-CSRF-Token', attorney.token)).status,
    ).toBe(204);
    expect((await card())!.value).toBe(before);
  });
});
