import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import type { Response } from 'supertest';
import { extractText } from 'unpdf';
import { FORM_SPECS } from '../../src/forms/specs';
import { filingFeeOf } from '../../src/rules';
import type { CaseRecord, ClientRecord } from '../../src/shared/cases';
import { formatDate, todayIn } from '../../src/shared/dates';
import { type FormError, PACKET_FORMS, type PacketForm } from '../../src/shared/forms';
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
import { upload } from '../helpers/documents';
import { COMPLETE_CLIENT } from '../helpers/forms';
import { textPdf } from '../helpers/files';

const FORM_LIST = 'I-130, I-130A, I-485, I-864, I-765, I-131, I-140, N-400 and G-1145';
const FAMILY = ['G-1145', 'I-130', 'I-130A', 'I-485', 'I-864', 'I-765', 'I-131'];

/** A response body read whole as bytes (the packet is not JSON). */
const binary = (res: Response, done: (error: Error | null, body: Buffer) => void) => {
  const stream = res as unknown as http.IncomingMessage;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
};

/** Every page's text, as a PDF reader extracts it. */
async function pagesText(bytes: Buffer): Promise<string[]> {
  const { text } = await extractText(new Uint8Array(bytes), { mergePages: false });
  return (text as string[]).map((t) => t.replace(/\s+/g, ' '));
}

/** A PDF with these AcroForm fields, as USCIS's fillable editions have them (Helvetica, so no Unicode). */
async function officialLike(names: string[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  names.forEach((name, i) =>
    doc
      .getForm()
      .createTextField(name)
      .addToPage(page, { x: 40, y: 740 - i * 22, width: 400, height: 18, font }),
  );
  return Buffer.from(await doc.save());
}

/**
 * The share of dark pixels on page 1 rendered by poppler's pdftoppm (Debian poppler-utils), as a gray PGM:
 * "P5 width height 255" then one byte a pixel.
 */
function inkOnFirstPage(bytes: Buffer): number {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forms-render-'));
  try {
    fs.writeFileSync(path.join(dir, 'packet.pdf'), bytes);
    execFileSync(
      'pdftoppm',
      ['-f', '1', '-l', '1', '-r', '40', '-gray', '-singlefile', 'packet.pdf', 'page'],
      {
        cwd: dir,
      },
    );
    const pgm = fs.readFileSync(path.join(dir, 'page.pgm'));
    const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 40).toString('latin1'))!;
    const pixels = pgm.subarray(header[0].length);
    expect(pixels.length).toBe(Number(header[1]) * Number(header[2]));
    return pixels.filter((p) => p < 160).length / pixels.length;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe.each(BACKENDS)('USCIS forms on %s', (backend) => {
  let t: TestApp;
  let attorney: SignedIn;
  let today: string;
  let complete: CaseRecord;
  let lacking: CaseRecord;

  const json = (as: SignedIn, route: string, body: object) =>
    as.agent.post(`/api${route}`).set('X-CSRF-Token', as.token).send(body);
  const generate = (as: SignedIn, body: object) =>
    json(as, '/forms/generate', body).buffer(true).parse(binary);

  async function caseFor(client: Record<string, unknown>): Promise<CaseRecord> {
    const made = await json(attorney, '/clients', client);
    expect(made.status).toBe(201);
    const kase = await json(attorney, '/cases', {
      clientId: (made.body as ClientRecord).id,
      caseType: 'family',
      formType: 'I-130',
    });
    expect(kase.status).toBe(201);
    return kase.body as CaseRecord;
  }

  beforeAll(async () => {
    t = await startTestApp({ backend });
    attorney = await signIn(t.app, 'attorney');
    today = todayIn('America/New_York');
    complete = await caseFor(COMPLETE_CLIENT);
    lacking = await caseFor({ firstName: 'Ana', lastName: 'Lopez', address: 'somewhere in Queens' });
    const evidence = await upload(
      attorney,
      await textPdf(['Marriage certificate of Thi Lan Nguyen']),
      'marriage.pdf',
      {
        caseId: complete.id,
        category: 'evidence',
      },
    );
    expect(evidence.status).toBe(201);
  }, 120_000);
  afterAll(() => t?.close());

  it('lists the catalog by group, with G-1145 in every packet', async () => {
    const res = await attorney.agent.get('/api/forms');
    expect(res.status).toBe(200);
    const groups = res.body.groups.map((g: { id: string; forms: Array<{ code: string }> }) => [
      g.id,
      g.forms.map((f) => f.code),
    ]);
    expect(groups).toEqual([
      ['family-based', ['I-130', 'I-130A', 'I-485', 'I-864', 'I-765', 'I-131']],
      ['employment-based', ['I-140', 'I-485', 'I-765', 'I-131']],
      ['naturalization', ['N-400']],
    ]);
    expect(res.body.always).toEqual([
      { code: 'G-1145', title: PACKET_FORMS['G-1145'], edition: '09/26/14', fieldCount: 4 },
    ]);
  });

  it("answers a form's specification by its code, and names the forms there are for an unknown one", async () => {
    const res = await attorney.agent.get('/api/forms/I-130');
    expect(res.status).toBe(200);
    expect(res.body.fields).toContainEqual({
      part: 'Part 4',
      item: '4.a',
      pdfName: 'form1[0].#subform[4].Pt4Line4a_FamilyName[0]',
      label: 'Family Name (Last Name)',
      type: 'text',
      maxLength: 40,
      required: true,
      source: 'client.familyName',
      rule: 'Required. Text, at most 40 characters.',
    });
    const unknown = await attorney.agent.get('/api/forms/I-999');
    expect([unknown.status, unknown.body.error]).toEqual([
      404,
      `Unknown form: I-999. The forms are ${FORM_LIST}.`,
    ]);
    // No official PDF field name appears twice across the forms: one packet holds them all.
    const names = Object.values(FORM_SPECS).flatMap((s) => s.fields.map((f) => f.pdfName));
    expect(new Set(names).size).toBe(names.length);
  });

  it('validates a complete case, and names what a lacking one misses by form, part and item', async () => {
    expect(
      (await json(attorney, '/forms/validate', { caseId: complete.id, group: 'family-based' })).body,
    ).toEqual({
      valid: true,
      errors: [],
    });
    const res = await json(attorney, '/forms/validate', { caseId: lacking.id, forms: ['I-485', 'n-400'] });
    expect(res.status).toBe(200);
    const errors = res.body.errors as FormError[];
    expect(res.body.valid).toBe(false);
    expect(errors).toContainEqual({
      form: 'G-1145',
      part: 'Applicant/Petitioner',
      item: 'Email Address',
      message:
        "G-1145 needs the client's email address or mobile phone number: add one to the client's record.",
    });
    expect(errors).toContainEqual({
      form: 'I-485',
      part: 'Part 1',
      item: '3',
      message:
        "Date of Birth (mm/dd/yyyy) is empty: the client's record has no date of birth. Add it on the client's page.",
    });
    expect(errors).toContainEqual({
      form: 'I-485',
      part: 'Part 1',
      item: '18.a',
      message:
        "Current U.S. Physical Address: Street Number and Name: the client's address could not be split into street, city, state and ZIP code. Write it on the client's page as 123 Main Street, Apt 4, Springfield, IL 62701.",
    });
    expect(errors).toContainEqual({
      form: 'N-400',
      part: 'Part 1',
      item: 'A-Number',
      message:
        "Alien Registration Number (A-Number) is empty: the client's record has no A-number. Add it on the client's page.",
    });
    // The address is said once per form (at its street), not four times.
    expect(errors.filter((e) => e.form === 'I-485' && e.message.includes('address'))).toHaveLength(1);
  });

  it('refuses an unknown form, a bad group, both or neither, naming the problem', async () => {
    const cases: Array<[object, string]> = [
      [{ forms: ['I-130', 'I-999'] }, `Unknown form: I-999. The forms are ${FORM_LIST}.`],
      [{ group: 'asylum' }, 'group must be one of family-based, employment-based, naturalization'],
      [
        { forms: ['I-130'], group: 'naturalization' },
        'Send either forms (form codes) or group (family-based, employment-based or naturalization)',
      ],
      [{}, 'Send either forms (form codes) or group (family-based, employment-based or naturalization)'],
    ];
    for (const [body, message] of cases)
      for (const route of ['/forms/validate', '/forms/generate']) {
        const res = await json(attorney, route, { caseId: complete.id, ...body });
        expect([route, res.status, res.body.error]).toEqual([route, 422, message]);
      }
  });

  it('refuses a packet with problems (422, the same errors), unless a draft: then every page says DRAFT', async () => {
    const validated = await json(attorney, '/forms/validate', {
      caseId: lacking.id,
      group: 'naturalization',
    });
    const refused = await json(attorney, '/forms/generate', { caseId: lacking.id, group: 'naturalization' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual(validated.body.errors);
    expect(refused.body.error).toBe(
      `The forms have ${validated.body.errors.length} problems: correct them, or generate a draft.`,
    );

    const draft = await generate(attorney, { caseId: lacking.id, group: 'naturalization', draft: true });
    expect(draft.status).toBe(200);
    const pages = await pagesText(draft.body);
    expect(pages.length).toBeGreaterThanOrEqual(5);
    for (const page of pages) expect(page).toContain('DRAFT');
    const row = await t.database.db
      .selectFrom('generated_forms')
      .selectAll()
      .where('case_id', '=', lacking.id)
      .executeTakeFirstOrThrow();
    expect([row.draft, row.forms]).toEqual([true, ['G-1145', 'N-400']]);
  });

  it('generates the family-based packet: editable fields with the case facts, fees, exhibits, stored with the case', async () => {
    const res = await generate(attorney, { caseId: complete.id, group: 'family-based' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`Forms packet ${complete.caseNumber} ${today}.pdf`);

    const form = (await PDFDocument.load(res.body)).getForm();
    const text = (name: string) => form.getTextField(name).getText();
    expect(text('form1[0].#subform[4].Pt4Line4a_FamilyName[0]')).toBe('Nguyễn');
    expect(text('form1[0].#subform[4].Pt4Line4b_GivenName[0]')).toBe('Thị Lan');
    expect(text('form1[0].#subform[4].Pt4Line9_DateOfBirth[0]')).toBe('02/03/1990');
    expect(text('form1[0].#subform[4].#area[6].Pt4Line1_AlienNumber[0]')).toBe('012345678');
    expect(text('form1[0].#subform[0].Pt1Line18_StreetNumberName[0]')).toBe('12 Oak Street, Apt 4');
    expect(text('form1[0].#subform[0].Pt1Line18_State[0]')).toBe('NY');
    expect(text('form1[0].Page4[0].Pt3Line3_DaytimePhoneNumber1[0]')).toBe('5550101234');
    expect(text('form1[0].Page3[0].#area[2].section_1[0]')).toBe('c');
    expect(text('form1[0].#subform[0].Email[0]')).toBe('lan.nguyen@example.net');
    // Every field of every form is there, under its official name, and stays editable.
    const names = new Set(form.getFields().map((f) => f.getName()));
    for (const code of FAMILY)
      for (const f of FORM_SPECS[code as PacketForm].fields) expect(names.has(f.pdfName)).toBe(true);
    expect(form.getTextField('form1[0].#subform[4].Pt4Line4a_FamilyName[0]').isReadOnly()).toBe(false);

    const pages = await pagesText(res.body);
    const all = pages.join('\n');
    expect(all).not.toContain('DRAFT');
    expect(pages[0]).toContain(`Re: Thị Lan Nguyễn — case ${complete.caseNumber}`);
    expect(pages[1]).toContain('Form G-1145, E-Notification of Application/Petition Acceptance');
    expect(pages[2]).toContain(`Fees as of ${formatDate(today)}, paper filing, from USCIS Form G-1055`);
    for (const code of ['I-130', 'I-485', 'I-765', 'I-131'] as const) {
      const fee = filingFeeOf(code, today)!;
      const amount = fee.amount
        .toLocaleString('en-US', { style: 'currency', currency: 'USD' })
        .replace(/\.00$/, '');
      expect(pages[2]).toContain(`Form ${code}, ${PACKET_FORMS[code]}: ${amount}`);
      expect(pages[2]).toContain(
        `G-1055 edition of ${formatDate(fee.scheduleDate)}; rule ${fee.rule.ruleId}, ${fee.rule.citation}`,
      );
    }
    expect(pages.at(-1)).toContain('Index of Exhibits');
    expect(pages.at(-1)).toContain('Exhibit 1. marriage.pdf');

    // Page 1 rendered by poppler shows the letter: not a blank page.
    expect(inkOnFirstPage(res.body)).toBeGreaterThan(0.005);

    const stored = await attorney.agent.get(`/api/documents?caseId=${complete.id}&category=uscis-form`);
    expect(stored.body.items.map((d: { name: string; kind: string }) => [d.name, d.kind])).toContainEqual([
      `Forms packet ${complete.caseNumber} ${today}.pdf`,
      'pdf',
    ]);
    const row = await t.database.db
      .selectFrom('generated_forms')
      .selectAll()
      .where('case_id', '=', complete.id)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.forms).toEqual(FAMILY);
    expect(row.draft).toBe(false);
    expect(stored.body.items.map((d: { id: string }) => d.id)).toContain(row.document_id);
    const kept = await attorney.agent
      .get(`/api/documents/${row.document_id}/content`)
      .buffer(true)
      .parse(binary);
    expect(kept.body.equals(res.body)).toBe(true);
  });

  it("fills the firm's official edition instead of the generated pages, once uploaded", async () => {
    const i130 = FORM_SPECS['I-130'].fields.map((f) => f.pdfName);
    const petitioner = 'form1[0].#subform[0].Pt2Line4a_FamilyName[0]';
    const send = (file: Buffer, filename: string, editionDate = '2024-04-01') =>
      attorney.agent
        .post('/api/forms/I-130/editions')
        .set('X-CSRF-Token', attorney.token)
        .field('editionDate', editionDate)
        .attach('file', file, { filename, contentType: 'application/octet-stream' });

    const lacks = await send(await officialLike(i130.slice(2)), 'i-130.pdf');
    expect([lacks.status, lacks.body.error]).toEqual([
      422,
      `This PDF lacks 2 fields of Form I-130: ${i130[0]}, ${i130[1]}. Upload the fillable edition from https://www.uscis.gov/i-130.`,
    ]);
    const notPdf = await send(Buffer.from('just text'), 'i-130.pdf');
    expect([notPdf.status, notPdf.body.error]).toEqual([
      415,
      'The official edition must be a PDF: this file is not one (its content decides, not its name).',
    ]);
    const kept = await send(await officialLike([...i130, petitioner]), 'i-130.pdf');
    expect(kept.status).toBe(201);
    expect(kept.body).toMatchObject({
      form: 'I-130',
      editionDate: '2024-04-01',
      fileName: 'i-130.pdf',
      fieldCount: 11,
    });

    const res = await generate(attorney, { caseId: complete.id, forms: ['I-130'] });
    expect(res.status).toBe(200);
    const form = (await PDFDocument.load(res.body)).getForm();
    // The edition's own field (one the specification does not fill) came with its page: its PDF was filled.
    expect(form.getTextField(petitioner).getText()).toBeUndefined();
    expect(form.getTextField('form1[0].#subform[4].Pt4Line4a_FamilyName[0]').getText()).toBe('Nguyễn');
    expect(form.getTextField('form1[0].#subform[0].LastName[0]').getText()).toBe('Nguyễn');
    const pages = await pagesText(res.body);
    expect(pages.join('\n')).not.toContain('Form I-130, Petition for Alien Relative Edition');
  });

  it("answers 404 for another firm's case, and the catalog to every firm", async () => {
    const other = await secondFirm(t);
    const stranger = await signIn(t.app, other.user);
    for (const route of ['/forms/validate', '/forms/generate']) {
      const res = await json(stranger, route, { caseId: complete.id, group: 'family-based', draft: true });
      expect([route, res.status, res.body.error]).toEqual([route, 404, 'Case not found.']);
    }
    expect((await stranger.agent.get('/api/forms')).status).toBe(200);
    expect(await demoFirmId(t.database)).not.toBe(other.id);
    const staff = await signIn(t.app, 'reti');
    expect(
      (await json(staff, '/forms/validate', { caseId: complete.id, group: 'naturalization' })).status,
    ).toBe(403);
  });

  // Its time (at most 2 seconds) is measured alone, in test/timing/forms-packet.test.ts.
  it('generates a 5-form packet (G-1145, I-140, I-485, I-765, I-131) with the client in its boxes', async () => {
    const res = await generate(attorney, { caseId: complete.id, group: 'employment-based' });
    expect(res.status).toBe(200);
    expect(
      (await PDFDocument.load(res.body))
        .getForm()
        .getTextField('form1[0].#subform[2].Pt3Line1a_FamilyName[0]')
        .getText(),
    ).toBe('Nguyễn');
  });

  it('serves the pages without JavaScript: the groups, a refused packet with its problems and choices kept', async () => {
    const list = await attorney.agent.get('/user/forms');
    expect(list.status).toBe(200);
    const text = visibleText(list.text);
    for (const group of ['Family-Based', 'Employment-Based', 'Naturalization']) expect(text).toContain(group);
    expect(list.text.match(/>Generate Forms</g)).toHaveLength(3);

    const page = await attorney.agent.get('/user/forms/generate?group=naturalization');
    expect(page.status).toBe(200);
    const token = csrfFrom(page.text);
    const refused = await attorney.agent
      .post('/user/forms/generate')
      .type('form')
      .send({ _csrf: token, group: 'naturalization', caseId: lacking.id, forms: 'N-400' });
    expect(refused.status).toBe(422);
    const shown = visibleText(refused.text);
    expect(shown).toContain('correct them, or generate a draft.');
    expect(shown).toContain(
      "N-400 Part 1 A-Number Alien Registration Number (A-Number) is empty: the client's record has no A-number. Add it on the client's page.",
    );
    expect(refused.text).toMatch(new RegExp(`<option value="${lacking.id}" selected=""`));

    const checked = await attorney.agent
      .post('/user/forms/generate')
      .type('form')
      .send({ _csrf: token, group: 'naturalization', caseId: complete.id, forms: 'N-400', intent: 'check' });
    expect(checked.status).toBe(200);
    expect(visibleText(checked.text)).toContain(
      'The forms have no problems: the packet is ready to generate.',
    );

    const spec = await attorney.agent.get('/user/forms/N-400');
    expect(visibleText(spec.text)).toContain('form1[0].#subform[0].P2_Line1_FamilyName[0]');
  });
});
