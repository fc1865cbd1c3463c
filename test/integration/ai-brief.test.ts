/**
 * The Legal Brief Generator (issue 26): every template drafted from the demo matter with an I-485 RFE on
 * file, as PDF and DOCX read back; the letter states only what the file holds, its review sheet (a file of
 * its own) says what is missing; the attorney orders exhibits and edits the text; client letters in the
 * client's language; a model may only reword.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import mammoth from 'mammoth';
import type { Response } from 'supertest';
import { extractText, getDocumentProxy } from 'unpdf';
import type { Block, Brief, Draft } from '../../src/ai/brief/model';
import { createPolisher, draftFacts } from '../../src/ai/brief/polish';
import { REVIEW_NOTICE } from '../../src/ai/brief/review';
import { USCIS_IN_ENGLISH } from '../../src/ai/brief/service';
import {
  bankStatement,
  i94,
  marriageCertificate,
  notice,
  type Person,
  taxTranscript,
} from '../../src/demo/papers';
import { paperPdf } from '../../src/pdf/paper';
import { BRIEF_TEMPLATE_CODES, BRIEF_TEMPLATES, type BriefTemplate } from '../../src/shared/ai';
import { formatDate, todayIn } from '../../src/shared/dates';
import {
  apiAs,
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
import { analysed, sha256, upload } from '../helpers/documents';
import { textPdf } from '../helpers/files';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const FORMATS = ['pdf', 'docx'] as const;
type Format = (typeof FORMATS)[number];

const binary = (res: Response, done: (error: Error | null, body: Buffer) => void) => {
  const stream = res as unknown as http.IncomingMessage;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
};

/** The file's text as a reader meets it, white space (line and page breaks) as single spaces. */
async function textOf(bytes: Buffer, format: Format): Promise<string> {
  const text =
    format === 'pdf'
      ? (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text
      : (await mammoth.extractRawText({ buffer: bytes })).value;
  // A PDF's bullets are drawn as characters; Word's are list formatting.
  return text.replace(/•/g, '').replace(/\s+/g, ' ');
}

/** A draft's letter as text, its blocks in order. */
const letterText = (brief: Brief) =>
  brief.blocks
    .map((b: Block) => {
      switch (b.type) {
        case 'heading':
        case 'paragraph':
          return b.text;
        case 'fields':
        case 'lettered':
          return b.rows.map(([l, v]) => `${l}: ${v}`).join(' ');
        case 'list':
          return b.items.join(' ');
        case 'numbered':
          return b.items.map((i, n) => `${n + 1}. ${i.text} ${i.answer ?? ''}`).join(' ');
        case 'rules':
          return b.rules.map((r) => r.citation).join(' ');
        case 'closing':
          return b.lines.join(' ');
      }
    })
    .join(' ')
    .replace(/\s+/g, ' ');

/** What the I-485 RFE asks for, in its order: a medical exam, the sponsor's tax return, the I-94. */
const ITEMS = [
  'Form I-693, Report of Immigration Medical Examination and Vaccination Record, completed by a civil surgeon and submitted in its sealed envelope.',
  "The joint sponsor's federal income tax return for the most recent tax year, or an IRS tax return transcript.",
  'A copy of your Form I-94, Arrival/Departure Record, showing your last admission.',
];
const RFE_RECEIPT = 'MSC2690123456';
const NOID_RECEIPT = 'MSC2690654321';

/** No internal note may reach a letter: the review sheet's words, the old "Rules cited", placeholders. */
const INTERNAL =
  /Rules (cited|relied on)|Review Sheet|review sheet|Missing before|not yet in the case file|Citation: |Source: https|check it|Drafted with|Not on file|TODO|\[|\]/;
/** The conclusions a letter may draw only when the evidence is in the file. */
const CONCLUSIONS =
  /responds to each item|answers the (Request|Notice)|shows a (shared life|life the couple)|married in good faith|We have a document for each|Tenemos un documento para cada/;
/** Citations a client letter never carries. */
const CITATIONS = /CFR|U\.S\.C|I&N Dec|INA §|Policy Manual|Matter of/;

const FIRM = {
  name: 'Demo Immigration Law',
  address: '350 Fifth Avenue, New York, NY 10118',
  phone: '(212) 555-0100',
  email: 'office@demo-immigration.example',
  attorney: 'Jordan Avery',
};

describe.each(BACKENDS)('the Legal Brief Generator on %s', (backend) => {
  let t: TestApp;
  let attorney: SignedIn;
  let firmId: string;
  let today: string;
  /** The demo firm's I-485 case with a petitioning spouse, and its people. */
  let kase: { id: string; caseNumber: string; receiptNumber: string | null; clientName: string };
  let spouse: string;
  /** The Spanish letter's greeting, by the client's sex as their record holds it. */
  let greeting: string;
  let person: Person;
  const ids: Record<'rfe' | 'noid' | 'tax' | 'i94' | 'marriage' | 'bank', string> = {
    rfe: '',
    noid: '',
    tax: '',
    i94: '',
    marriage: '',
    bank: '',
  };
  const db = () => t.database.db;
  const api = () => apiAs(attorney);

  const generate = (body: object) =>
    attorney.agent
      .post('/api/ai/brief')
      .set('X-CSRF-Token', attorney.token)
      .send(body)
      .buffer(true)
      .parse(binary);
  const draft = async (body: object): Promise<Draft> => {
    const res = await api().post('/ai/brief/draft', body);
    expect(res.status).toBe(200);
    return res.body as Draft;
  };
  async function add(paper: Buffer, name: string, category = 'evidence'): Promise<string> {
    const res = await upload(attorney, paper, name, { caseId: kase.id, category });
    expect(res.status).toBe(201);
    const doc = await analysed(attorney, res.body.id);
    expect(doc.status).toBe('done');
    return doc.id;
  }

  beforeAll(async () => {
    t = await startTestApp({ backend });
    attorney = await signIn(t.app, 'attorney');
    firmId = await demoFirmId(t.database);
    today = todayIn('America/New_York');
    // The demo matter: an open I-485 case whose client's spouse petitions.
    const found = await db()
      .selectFrom('cases')
      .innerJoin('case_parties', 'case_parties.case_id', 'cases.id')
      .select(['cases.id'])
      .where('cases.firm_id', '=', firmId)
      .where('cases.form_type', '=', 'I-485')
      .where('cases.status', 'in', ['pending', 'processing'])
      .where('case_parties.role', '=', 'petitioner')
      .orderBy('cases.case_number')
      .executeTakeFirstOrThrow();
    const record = (await api().get(`/cases/${found.id}`)).body;
    kase = {
      id: record.id,
      caseNumber: record.caseNumber,
      receiptNumber: record.receiptNumber,
      clientName: record.client.name,
    };
    const parties = (await api().get(`/cases/${kase.id}/parties`)).body as Array<{
      role: string;
      person: {
        name: string;
        givenName: string;
        familyName: string;
        dateOfBirth: string;
        sex: string | null;
      } | null;
    }>;
    spouse = parties.find((p) => p.role === 'petitioner')!.person!.name;
    const client = parties.find((p) => p.role === 'beneficiary')!.person!;
    greeting = { female: 'Estimada', male: 'Estimado' }[client.sex ?? ''] ?? 'Estimado(a)';
    person = {
      full: client.name,
      given: client.givenName,
      surname: client.familyName,
      sex: 'F',
      birthDate: client.dateOfBirth ?? '1990-02-28',
      country: 'Mexico',
    };

    const noticeDate = new Date(Date.parse(`${today}T00:00:00Z`) - 20 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    ids.rfe = await add(
      Buffer.from(
        await paperPdf(
          notice({
            kind: 'rfe',
            form: 'I-485',
            receiptNumber: RFE_RECEIPT,
            received: '2026-03-02',
            noticeDate,
            beneficiary: person,
            firm: FIRM,
            about: 'marriage',
            items: ITEMS,
          }),
        ),
      ),
      'I-485 RFE.pdf',
      'correspondence',
    );
    ids.noid = await add(
      await textPdf([
        'U.S. Citizenship and Immigration Services',
        'NOTICE OF INTENT TO DENY',
        `Receipt Number: ${NOID_RECEIPT}`,
        `Notice Date: ${formatDate(noticeDate)}`,
        'Form I-485, Application to Register Permanent Residence or Adjust Status',
        'USCIS intends to deny your application. You may submit evidence within 30 days of the date of this notice.',
        'Evidence needed:',
        '1. Evidence of your lawful admission, such as your Form I-94.',
      ]),
      'NOID.pdf',
      'correspondence',
    );
    ids.tax = await add(
      Buffer.from(
        await paperPdf(
          taxTranscript(person, {
            year: 2025,
            requested: '2026-10-01',
            agi: 61_200,
            wages: 61_200,
            filingStatus: 'Married Filing Joint',
            address: '12 Orchard Street, New York, NY 10002',
            ssnLast4: '4821',
            tracking: '1088-7744-2210',
          }),
        ),
      ),
      'tax transcript 2025.pdf',
    );
    ids.i94 = await add(
      Buffer.from(
        await paperPdf(
          i94(person, {
            record: '69314271834',
            entered: '2023-05-14',
            admission: 'B2',
            until: '2023-11-13',
            passportNumber: 'G31842277',
          }),
        ),
      ),
      'I-94.pdf',
    );
    ids.marriage = await add(
      Buffer.from(
        await paperPdf(
          marriageCertificate(
            person,
            { full: spouse, birthDate: '1988-04-02', birthplace: 'Boston, Massachusetts' },
            {
              married: '2024-06-12',
              license: 'M-2024-004512',
              officiant: 'Hon. Rita Shah',
              issued: '2024-06-20',
            },
          ),
        ),
      ),
      'marriage certificate.pdf',
    );
    ids.bank = await add(
      Buffer.from(
        await paperPdf(
          bankStatement(
            [person.full, spouse],
            { name: 'Hudson Savings Bank', address: '1 Main Street, New York, NY 10001' },
            {
              start: '2026-09-01',
              end: '2026-09-30',
              account: '4410028831',
              opening: 5200,
              transactions: [['2026-09-01', 'Rent, 12 Orchard Street', -2100]],
            },
          ),
        ),
      ),
      'joint bank statement.pdf',
    );
    expect((await api().put(`/cases/${kase.id}/facts`, { marriageDate: '2024-06-12' })).status).toBe(200);
    const appointment = await api().post(`/cases/${kase.id}/deadlines`, {
      title: 'Biometrics appointment',
      date: new Date(Date.parse(`${today}T00:00:00Z`) + 12 * 86_400_000).toISOString().slice(0, 10),
      kind: 'hearing',
    });
    expect(appointment.status).toBe(201);
    const address = await api().post('/filing-addresses', {
      form: 'I-130',
      label: 'Petitioner lives in New York',
      address: 'USCIS\nAttn: I-130\nP.O. Box 4053\nCarol Stream, IL 60197-4053',
      effectiveFrom: '2026-01-01',
      sourceUrl: 'https://www.uscis.gov/i-130-addresses',
    });
    expect(address.status).toBe(201);
  }, 300_000);
  afterAll(() => t?.close());

  /** Each template's choices here, and what its letter must say. */
  const CASES: Record<BriefTemplate, { choices?: object; says: () => string[] }> = {
    'rfe-response': {
      says: () => [
        `RE: Response to Request for Evidence, Form I-485, Receipt Number ${RFE_RECEIPT}`,
        'A copy of the notice is on top of this response.',
        'We respectfully request that USCIS consider this response and approve',
      ],
    },
    'noid-response': {
      says: () => [
        `RE: Response to Notice of Intent to Deny, Form I-485, Receipt Number ${NOID_RECEIPT}`,
        'Evidence of your lawful admission, such as your Form I-94.',
      ],
    },
    'cover-letter': {
      choices: { forms: ['I-130', 'I-130A', 'I-485', 'I-864'], paymentMethod: 'G-1450' },
      says: () => [
        'P.O. Box 4053 Carol Stream, IL 60197-4053',
        `Petitioner: ${spouse}`,
        `Beneficiary: ${kase.clientName}`,
        'Form G-28, Notice of Entry of Appearance as Attorney or Accredited Representative',
        'Form I-130, Petition for Alien Relative (edition 04/01/24), filing fee $675',
        'Form I-485, Application to Register Permanent Residence or Adjust Status (edition 01/20/25), filing fee $1,440',
        'Total fees: $2,115',
        'Paid by: Form G-1450, Authorization for Credit Card Transactions',
      ],
    },
    'bona-fide-marriage': {
      says: () => [
        'Matter of Laureano, 19 I&N Dec. 1 (BIA 1983)',
        'Matter of Chawathe, 25 I&N Dec. 369 (AAO 2010)',
        '(8 CFR 204.2(a)(1)(iii)(B))',
        `06/12/2024: ${spouse} and ${kase.clientName} married.`,
        'Commingled finances',
        'shows a life the couple has shared since they married',
      ],
    },
    'biometrics-reschedule': {
      choices: {
        text: {
          reason: 'The applicant is scheduled for surgery that day; the hospital’s letter is enclosed.',
        },
      },
      says: () => [
        'RE: Request to reschedule a biometrics appointment, Form I-485',
        'The applicant is scheduled for surgery that day',
      ],
    },
    'expedite-request': {
      choices: { criterion: 'emergency' },
      says: () => [
        'RE: Request to expedite, Form I-485',
        'under the expedite criterion “Emergencies and urgent humanitarian reasons”',
      ],
    },
    'client-checklist': {
      choices: { language: 'es' },
      says: () => [
        `${greeting} ${kase.clientName}:`,
        'Estamos preparando su solicitud de residencia permanente (Formulario I-485).',
        'Documentos que todavía necesitamos',
        'Atentamente,',
      ],
    },
    'client-rfe-letter': {
      choices: { language: 'en' },
      says: () => [
        'USCIS has asked for more evidence before it decides your application for a green card (Form I-485).',
        'What we need from you Your medical exam (Form I-693) from a USCIS civil surgeon',
        'What we already have A federal tax return or IRS tax transcript for the most recent year Your I-94 arrival record',
      ],
    },
  };

  describe.each(FORMATS)('as %s', (format) => {
    it.each(BRIEF_TEMPLATE_CODES)(
      '%s: the letter from the file alone, read back; its review sheet kept beside it; counted',
      async (template) => {
        const started = performance.now();
        const res = await generate({ caseId: kase.id, template, format, ...CASES[template].choices });
        const ms = performance.now() - started;
        expect(res.status).toBe(200);
        expect(ms).toBeLessThan(5000);
        expect(res.headers['content-type']).toBe(format === 'pdf' ? 'application/pdf' : DOCX);
        const filename = `${BRIEF_TEMPLATES[template]} ${kase.caseNumber}.${format}`;
        expect(res.headers['content-disposition']).toBe(`attachment; filename="${filename}"`);
        const letter = await textOf(res.body as Buffer, format);
        for (const said of CASES[template].says()) expect(letter).toContain(said);
        expect(letter).not.toMatch(INTERNAL);
        if (template.startsWith('client-')) expect(letter).not.toMatch(CITATIONS);
        // On the firm's letterhead, from its profile.
        expect(letter).toMatch(/^Demo Immigration Law 100 Liberty Street, New York, NY 10005 /);

        // The review sheet: its own document in Legal Briefs, which the letter's header names.
        const stored = await db()
          .selectFrom('documents')
          .select(['id', 'name', 'category', 'sha256'])
          .where('id', 'in', [res.headers['x-document-id'], res.headers['x-review-document-id']])
          .execute();
        expect(stored.map((d) => [d.name, d.category]).sort()).toEqual(
          [
            [filename, 'legal-brief'],
            [`Review sheet, ${BRIEF_TEMPLATES[template]} ${kase.caseNumber}.${format}`, 'legal-brief'],
          ].sort(),
        );
        expect(stored.find((d) => d.id === res.headers['x-document-id'])!.sha256).toBe(
          sha256(res.body as Buffer),
        );
        const sheet = await attorney.agent
          .get(`/api/documents/${res.headers['x-review-document-id']}/content`)
          .buffer(true)
          .parse(binary);
        const review = await textOf(sheet.body as Buffer, format);
        expect(review).toContain(REVIEW_NOTICE);
        expect(review).toContain('Missing before it can be sent');
        // Each letter to USCIS and the checklist rest on rules; the RFE letter only tells the notice's words.
        if (template !== 'client-rfe-letter') expect(review).toMatch(/Rules relied on .*Citation: /);
        console.log(`brief ${template} ${format}: ${ms.toFixed(0)} ms`);
      },
    );
  });

  it('the RFE response: the notice on top, the items in the notice’s order with their evidence, the RE line and due date from the notice', async () => {
    const d = await draft({ caseId: kase.id, template: 'rfe-response' });
    const text = letterText(d.outgoing);
    const positions = ITEMS.map((item) => text.indexOf(item));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    // The exhibits follow the items: the tax return (item 2) is A, the I-94 (item 3) is B; the notice is
    // on top, not an exhibit.
    expect(d.exhibits.map((e) => e.documentId)).toEqual([ids.tax, ids.i94]);
    const numbered = d.outgoing.blocks.find((b) => b.type === 'numbered') as Extract<
      Block,
      { type: 'numbered' }
    >;
    expect(numbered.items.map((i) => i.answer)).toEqual([
      undefined,
      'Enclosed as Exhibit A.',
      'Enclosed as Exhibit B.',
    ]);
    expect(text).not.toContain('I-797E Request for Evidence:');
    const rfe = (await api().get(`/documents/${ids.rfe}`)).body;
    expect(text).toContain(`Response due: To be received by ${formatDate(rfe.fields.responseDueDate)}`);
    // Item 1 has no evidence: no conclusion, and the review sheet says what to add.
    expect(text).not.toMatch(CONCLUSIONS);
    expect(d.review.missing).toContainEqual(
      expect.stringMatching(/^Item 1 of the notice \(“Form I-693, .*”\): nothing in the file answers it\./),
    );
    expect(d.review.rules.map((r) => r.citation)).toContain('8 CFR 103.2(b)(11)');

    // With the medical exam in the file, every item has its evidence: now the letter may say so.
    const medical = await add(
      await textPdf([
        'Report of Immigration Medical Examination and Vaccination Record',
        'Form I-693',
        `Applicant: ${kase.clientName}`,
      ]),
      'I-693 medical examination.pdf',
    );
    try {
      const full = await draft({ caseId: kase.id, template: 'rfe-response' });
      expect(full.exhibits.map((e) => e.documentId)).toEqual([medical, ids.tax, ids.i94]);
      expect(letterText(full.outgoing)).toContain(
        'The enclosed evidence responds to each item of the Request for Evidence.',
      );
      expect(full.review.missing.filter((m) => m.startsWith('Item '))).toEqual([]);
    } finally {
      expect((await api().delete(`/documents/${medical}`)).status).toBe(204);
    }
  });

  it('the attorney reorders, removes and adds exhibits and rewrites the text; the review sheet says so', async () => {
    const d = await draft({
      caseId: kase.id,
      template: 'rfe-response',
      exhibits: [ids.i94, ids.marriage],
      text: {
        introduction: 'We write for Ms. Client about the notice.',
        'item-1': 'The sealed Form I-693 will follow under separate cover.',
      },
    });
    expect(d.exhibits.map((e) => [e.letter, e.documentId])).toEqual([
      ['A', ids.i94],
      ['B', ids.marriage],
    ]);
    const text = letterText(d.outgoing);
    expect(text).toContain('We write for Ms. Client about the notice.');
    expect(text).toContain('The sealed Form I-693 will follow under separate cover.');
    // The tax return was removed: item 2 is missing again; the marriage certificate answers no item.
    expect(d.review.missing).toContainEqual(expect.stringMatching(/^Item 2 of the notice/));
    expect(text).toContain('Additional evidence B: Marriage Certificate: marriage certificate.pdf');
    expect(d.review.edited.sort()).toEqual([
      'Introduction: rewritten by the attorney.',
      'Item 1: our explanation: written by the attorney.',
    ]);
    // The attorney's words go to no model: they are not prose.
    expect(d.outgoing.blocks.find((b) => b.type === 'paragraph' && b.id === 'introduction')).toMatchObject({
      edited: true,
    });
    expect(
      d.outgoing.blocks.find((b) => b.type === 'paragraph' && b.id === 'introduction'),
    ).not.toHaveProperty('prose');

    const removed = await draft({ caseId: kase.id, template: 'rfe-response', text: { conclusion: '' } });
    expect(letterText(removed.outgoing)).not.toContain('We respectfully request');
    expect(removed.review.edited).toEqual(['Conclusion: removed by the attorney.']);
  });

  it('choices that are not a case’s or a template’s answer 422 naming the field; staff and other firms get nothing', async () => {
    const refusals: Array<[object, string, string]> = [
      [
        { caseId: kase.id, template: 'memo', format: 'pdf' },
        'template',
        `template must be one of ${BRIEF_TEMPLATE_CODES.join(', ')}`,
      ],
      [
        { caseId: kase.id, template: 'cover-letter', format: 'txt' },
        'format',
        'format must be one of pdf, docx',
      ],
      [{ template: 'cover-letter', format: 'pdf' }, 'caseId', 'Choose a case'],
      [
        { caseId: kase.id, template: 'rfe-response', format: 'pdf', language: 'es' },
        'language',
        USCIS_IN_ENGLISH,
      ],
      [
        { caseId: kase.id, template: 'rfe-response', format: 'pdf', exhibits: [crypto.randomUUID()] },
        'exhibits',
        'exhibits must be documents of this case',
      ],
      [
        { caseId: kase.id, template: 'cover-letter', format: 'pdf', paymentMethod: 'cash' },
        'paymentMethod',
        'paymentMethod must be one of G-1450, G-1650, G-1651',
      ],
      [
        { caseId: kase.id, template: 'bona-fide-marriage', format: 'pdf', exemption: 'yes' },
        'exemption',
        'exemption must be true or false',
      ],
      [
        { caseId: kase.id, template: 'expedite-request', format: 'pdf', criterion: 'vip' },
        'criterion',
        expect.stringMatching(/^criterion must be one of severe-financial-loss/) as unknown as string,
      ],
      [
        {
          caseId: kase.id,
          template: 'rfe-response',
          format: 'pdf',
          text: { introduction: 'x'.repeat(4001) },
        },
        'text.introduction',
        'A paragraph may hold at most 4,000 characters',
      ],
    ];
    const before = await db()
      .selectFrom('documents')
      .select(db().fn.countAll().as('n'))
      .where('case_id', '=', kase.id)
      .executeTakeFirstOrThrow();
    for (const [body, field, message] of refusals) {
      const res = await api().post('/ai/brief', body);
      expect([res.status, res.body.fields?.[field]]).toEqual([422, message]);
    }
    const after = await db()
      .selectFrom('documents')
      .select(db().fn.countAll().as('n'))
      .where('case_id', '=', kase.id)
      .executeTakeFirstOrThrow();
    expect(after.n).toEqual(before.n);

    const other = await secondFirm(t);
    const theirs = await signIn(t.app, other.user);
    for (const path of ['/ai/brief', '/ai/brief/draft']) {
      const res = await apiAs(theirs).post(path, {
        caseId: kase.id,
        template: 'cover-letter',
        format: 'pdf',
      });
      expect([res.status, res.body.error]).toEqual([404, 'Case not found.']);
    }
    const staff = await signIn(t.app, 'reti');
    expect(
      (await apiAs(staff).post('/ai/brief/draft', { caseId: kase.id, template: 'cover-letter' })).status,
    ).toBe(403);
  });

  it('with an empty file, no template concludes anything about evidence: the review sheet says what to add', async () => {
    const client = await api().post('/clients', {
      firstName: 'Ana',
      lastName: 'Empty',
      address: '1 Elm Street, Austin, TX 78701',
    });
    expect(client.status).toBe(201);
    const empty = await api().post('/cases', {
      clientId: client.body.id,
      caseType: 'family',
      formType: 'I-130',
      dueDate: '2027-01-15',
    });
    expect(empty.status).toBe(201);
    const first: Record<BriefTemplate, RegExp> = {
      'rfe-response': /^No Request for Evidence is in the case file/,
      'noid-response': /^No Notice of Intent to Deny is in the case file/,
      // The firm keeps an I-130 filing address (added above): the G-28 comes first.
      'cover-letter': /^Form G-28, Notice of Entry of Appearance/,
      'bona-fide-marriage': /^The date of the marriage/,
      'biometrics-reschedule': /^The receipt number: the case has none/,
      'expedite-request': /^The receipt number: the case has none/,
      'client-checklist': /^Your passport|./,
      'client-rfe-letter': /^No Request for Evidence is in the case file/,
    };
    for (const template of BRIEF_TEMPLATE_CODES) {
      const d = await draft({ caseId: empty.body.id, template });
      const text = letterText(d.outgoing);
      expect(text).not.toMatch(CONCLUSIONS);
      expect(text).not.toMatch(INTERNAL);
      expect(d.exhibits).toEqual([]);
      if (template !== 'client-checklist') expect(d.review.missing[0]).toMatch(first[template]);
    }
    const marriage = await draft({ caseId: empty.body.id, template: 'bona-fide-marriage' });
    expect(marriage.review.missing).toContainEqual(
      expect.stringMatching(/^No evidence of a shared life .* the summary draws no conclusion/),
    );
    expect(letterText(marriage.outgoing)).not.toContain('Conclusion');
    // The petitioner is named nowhere: the review sheet asks for them.
    expect(marriage.review.missing).toContainEqual(expect.stringMatching(/^The petitioner: add them/));
    const checklist = await draft({ caseId: empty.body.id, template: 'client-checklist' });
    expect(letterText(checklist.outgoing)).toContain(
      'Documents we still need Your marriage certificate, or the birth certificate that shows the family relationship',
    );
  });

  it('the bona fide marriage exemption: suggested by the beneficiary’s record of proceedings; requested, on clear and convincing evidence, when chosen', async () => {
    const parties = (await api().get(`/cases/${kase.id}/parties`)).body as Array<{
      role: string;
      person: { id: string } | null;
    }>;
    const beneficiary = parties.find((p) => p.role === 'beneficiary')!.person!.id;
    const proceedings = { 'i130-p4-53': 'yes', 'i130-p4-54': 'removal', 'i130-p4-56': '2024-01-10' };
    const set = async (formFacts: Record<string, string | null>) =>
      expect((await api().patch(`/people/${beneficiary}`, { formFacts })).status).toBe(200);
    await set(proceedings);
    try {
      const asked = await draft({ caseId: kase.id, template: 'bona-fide-marriage' });
      expect(asked.exemption).toBe(false);
      expect(asked.review.missing).toContain(
        'The beneficiary was in removal proceedings (from 01/10/2024), as the Form I-130 facts on their page say (Part 4, Items 53–56). If they were pending when the couple married on 06/12/2024, INA 204(g) bars approval unless the bona fide marriage exemption is requested and proved by clear and convincing evidence (INA 245(e)(3)): choose “Request the bona fide marriage exemption”.',
      );
      expect(letterText(asked.outgoing)).not.toMatch(/request for the bona fide marriage exemption|INA 204/i);

      const requested = await draft({ caseId: kase.id, template: 'bona-fide-marriage', exemption: true });
      expect(requested.exemption).toBe(true);
      // The edit form lists the paragraphs in the letter's order.
      expect(requested.paragraphs.map((p) => p.id)).toEqual([
        'introduction',
        'exemption',
        'standard',
        'conclusion',
      ]);
      const letter = letterText(requested.outgoing);
      expect(letter).toContain(
        'RE: Evidence of a bona fide marriage and request for the bona fide marriage exemption, Form I-130',
      );
      expect(letter).toContain(
        `Request for the bona fide marriage exemption ${spouse} and ${kase.clientName} married on 06/12/2024 while ${kase.clientName} was in removal proceedings.`,
      );
      expect(letter).toContain('(INA 204(g), 8 U.S.C. 1154(g))');
      expect(letter).toContain(
        'must establish the good faith of the marriage by clear and convincing evidence',
      );
      expect(letter).toContain('ask that the bona fide marriage exemption be granted');
      expect(letter).not.toMatch(/preponderance|Chawathe/);
      expect(letter).not.toMatch(INTERNAL);
      expect(requested.review.rules.map((r) => r.citation)).toEqual(
        expect.arrayContaining([
          'INA 204(g), 8 U.S.C. 1154(g)',
          'INA 245(e)(3), 8 U.S.C. 1255(e)(3)',
          '8 CFR 204.2(a)(1)(iii)(A)',
        ]),
      );
      expect(requested.review.rules.map((r) => r.citation)).not.toContain(
        'Matter of Chawathe, 25 I&N Dec. 369 (AAO 2010)',
      );
      expect(requested.review.assumed).toContainEqual(
        expect.stringMatching(
          /^To confirm with the couple before filing: the marriage was entered into in accordance/,
        ),
      );
      expect(requested.review.assumed).toContainEqual(
        expect.stringMatching(
          /^8 CFR 204\.2\(a\)\(1\)\(iii\)\(A\): its text was read only as quoted by others/,
        ),
      );
      expect(requested.review.missing.join(' ')).not.toContain(
        'choose “Request the bona fide marriage exemption”',
      );

      const file = await generate({
        caseId: kase.id,
        template: 'bona-fide-marriage',
        format: 'pdf',
        exemption: true,
      });
      expect(file.status).toBe(200);
      const printed = await textOf(file.body as Buffer, 'pdf');
      expect(printed).toContain('Request for the bona fide marriage exemption');
      expect(printed).toContain('clear and convincing evidence');
      expect(printed).not.toMatch(INTERNAL);

      // Without JavaScript: the edit form's box carries the choice through Update the draft.
      const page = await attorney.agent.get(`/user/ai/brief?case=${kase.id}&template=bona-fide-marriage`);
      expect(page.text).toMatch(
        /<input id="brief-exemption" type="checkbox"[^>]*name="exemption" value="yes"/,
      );
      const preview = await attorney.agent
        .post('/user/ai/brief')
        .type('form')
        .send({
          _csrf: csrfFrom(page.text),
          caseId: kase.id,
          template: 'bona-fide-marriage',
          language: 'en',
          exemption: 'yes',
          format: 'pdf',
          intent: 'preview',
        });
      expect(preview.status).toBe(200);
      expect(visibleText(preview.text)).toContain('Request for the bona fide marriage exemption');
      expect(preview.text).toMatch(/<input id="brief-exemption" type="checkbox"[^>]*checked/);
    } finally {
      await set({ 'i130-p4-53': null, 'i130-p4-54': null, 'i130-p4-56': null });
    }
  });

  it('/user/ai/brief: prepare a draft, see its review sheet, reorder exhibits, edit and generate — without JavaScript', async () => {
    const page = await attorney.agent.get(`/user/ai/brief?case=${kase.id}&template=rfe-response`);
    expect(page.status).toBe(200);
    const text = visibleText(page.text);
    expect(text).toContain('Review sheet');
    expect(text).toContain('Missing before it can be sent');
    expect(text).toContain(`RE: Response to Request for Evidence, Form I-485, Receipt Number ${RFE_RECEIPT}`);
    expect(page.text).toContain(`name="exhibit-${ids.tax}" value="1"`);
    expect([...page.text.matchAll(/data-island="(\w+)"/g)].map((m) => m[1])).toEqual(['CasePicker']);

    const token = csrfFrom(page.text);
    const form = {
      _csrf: token,
      caseId: kase.id,
      template: 'rfe-response',
      language: 'en',
      [`exhibit-${ids.tax}`]: '2',
      [`exhibit-${ids.i94}`]: '1',
      'was-introduction': 'old',
      'text-introduction': 'We answer the notice for our client.',
      format: 'docx',
    };
    const preview = await attorney.agent
      .post('/user/ai/brief')
      .type('form')
      .send({ ...form, intent: 'preview' });
    expect(preview.status).toBe(200);
    expect(visibleText(preview.text)).toContain('We answer the notice for our client.');
    expect(visibleText(preview.text)).toContain('Introduction: rewritten by the attorney.');
    expect(preview.text).toContain(`name="exhibit-${ids.i94}" value="1"`);

    const generated = await attorney.agent
      .post('/user/ai/brief')
      .type('form')
      .send({ ...form, intent: 'generate' })
      .buffer(true)
      .parse(binary);
    expect(generated.status).toBe(200);
    expect(generated.headers['content-type']).toBe(DOCX);
    const letter = await textOf(generated.body as Buffer, 'docx');
    expect(letter).toContain('We answer the notice for our client.');
    expect(letter.indexOf('A I-94 Arrival/Departure Record: I-94.pdf')).toBeGreaterThan(0);
    expect(letter).toContain('B Tax Return or IRS Transcript: tax transcript 2025.pdf');

    const refused = await attorney.agent
      .post('/user/ai/brief')
      .type('form')
      .send({ ...form, format: 'txt', intent: 'generate' });
    expect(refused.status).toBe(422);
    expect(visibleText(refused.text)).toContain('format must be one of pdf, docx');
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
  let caseId: string;
  let baseUrl: string;
  let drafted: Brief;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    t = await startTestApp({ env: { LLM_BASE_URL: baseUrl, LLM_MODEL: 'brief-test-model' } });
    attorney = await signIn(t.app, 'attorney');
    const firmId = await demoFirmId(t.database);
    caseId = (
      await t.database.db
        .selectFrom('cases')
        .innerJoin('case_parties', 'case_parties.case_id', 'cases.id')
        .select('cases.id')
        .where('cases.firm_id', '=', firmId)
        .where('cases.form_type', '=', 'I-130')
        .where('case_parties.role', '=', 'petitioner')
        .where('cases.status', 'in', ['pending', 'processing'])
        .orderBy('cases.case_number')
        .executeTakeFirstOrThrow()
    ).id;
    drafted = (
      (await apiAs(attorney).post('/ai/brief/draft', { caseId, template: 'cover-letter' })).body as Draft
    ).outgoing;
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => (sent.length = 0));

  const polisher = (timeoutMs?: number, errors: Error[] = []) =>
    createPolisher({ baseUrl, model: 'brief-test-model' }, { timeoutMs, onError: (e) => errors.push(e) })!;
  const paragraphs = (brief: Brief) =>
    brief.blocks.filter((b) => b.type === 'paragraph' && b.prose).map((b) => (b as { text: string }).text);

  it('rewording only: a paragraph that adds a fact, a date, a citation or an exhibit keeps the template’s words; the draft’s facts are the same before and after', async () => {
    const additions = [
      (p: string) => `${p} The couple has a son, Mateo.`,
      (p: string) => `${p} They married on 12/01/2019.`,
      (p: string) => `${p} See 8 CFR 204.2(a)(2).`,
      (p: string) => `${p} See also Exhibit Z.`,
    ];
    for (const add of additions) {
      reword = (ps) => ps.map((p) => add(p));
      const polished = await polisher().polish(drafted);
      expect(paragraphs(polished)).toEqual(paragraphs(drafted));
      expect(draftFacts(polished)).toEqual(draftFacts(drafted));
    }
    // An honest rewording is kept, marked as the model's, with the same facts.
    reword = (ps) =>
      ps.map((p) => p.replace(/^On behalf of/, 'Acting on behalf of').replace(/^Please send/, 'Kindly send'));
    const polished = await polisher().polish(drafted);
    expect(paragraphs(polished)).not.toEqual(paragraphs(drafted));
    expect(
      polished.blocks.filter((b) => b.type === 'paragraph' && b.prose?.draftedBy === 'brief-test-model'),
    ).toHaveLength(2);
    expect(draftFacts(polished)).toEqual(draftFacts(drafted));
    // Only prose went to the model: no RE block, no form list, no fee.
    expect(sent.at(-1)!.messages[1].content).not.toMatch(/G-28, Notice|\$675|Exhibit/);
  });

  it('through the app: the letter carries no model note; its review sheet names the model and what it reworded', async () => {
    reword = (ps) => ps.map((p) => p.replace(/^Please send/, 'Kindly send'));
    const res = await attorney.agent
      .post('/api/ai/brief')
      .set('X-CSRF-Token', attorney.token)
      .send({ caseId, template: 'cover-letter', format: 'pdf' })
      .buffer(true)
      .parse(binary);
    expect(res.status).toBe(200);
    const letter = await textOf(res.body as Buffer, 'pdf');
    expect(letter).toContain('Kindly send all notices about this filing to our office');
    expect(letter).not.toMatch(/brief-test-model|AI\)|Drafted with/);
    const sheet = await attorney.agent
      .get(`/api/documents/${res.headers['x-review-document-id']}/content`)
      .buffer(true)
      .parse(binary);
    expect(await textOf(sheet.body as Buffer, 'pdf')).toContain(
      '1 paragraph was reworded by brief-test-model (AI).',
    );
    const page = await attorney.agent.get('/user/ai/brief');
    expect(visibleText(page.text)).toContain(
      'A language model is configured: it may reword the letter’s prose',
    );
  });

  it('a model that fails, answers another number of paragraphs, or is too slow leaves the template’s words', async () => {
    for (const answer of ['fail', (ps: string[]) => [ps.join(' ')]] as const) {
      reword = typeof answer === 'string' ? () => answer : answer;
      const errors: Error[] = [];
      expect(await polisher(undefined, errors).polish(drafted)).toBe(drafted);
      expect(errors).toHaveLength(1);
    }
    reword = () => 'hang';
    const errors: Error[] = [];
    const started = performance.now();
    expect(await polisher(300, errors).polish(drafted)).toBe(drafted);
    const ms = performance.now() - started;
    expect(ms).toBeGreaterThanOrEqual(250);
    expect(ms).toBeLessThan(2000);
    expect(errors).toHaveLength(1);
  });
});
