import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { PDFCheckBox, PDFDocument, PDFTextField } from '@cantoo/pdf-lib';
import type { Response } from 'supertest';
import { FORM_MAPS } from '../../src/forms/maps';
import type { FormCheck } from '../../src/shared/forms';
import { BACKENDS, secondFirm, signIn, type SignedIn, startTestApp, type TestApp } from '../helpers/app';
import { upload } from '../helpers/documents';
import { textPdf } from '../helpers/files';
import { familyMatter, uscisLikePdf } from '../helpers/forms';

/** A response body read whole as bytes (the packet is not JSON). */
const binary = (res: Response, done: (error: Error | null, body: Buffer) => void) => {
  const stream = res as unknown as http.IncomingMessage;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
};

/** pdftotext's text of each page (poppler-utils), split on form feeds. */
function pagesText(bytes: Buffer): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forms-text-'));
  try {
    fs.writeFileSync(path.join(dir, 'p.pdf'), bytes);
    return execFileSync('pdftotext', ['-layout', 'p.pdf', '-'], { cwd: dir, maxBuffer: 64 << 20 })
      .toString()
      .split('\f')
      .slice(0, -1);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const G1145 = FORM_MAPS.get('G-1145')!;
/**
 * A test that builds a packet: the first one starts a sandbox worker, at its lower CPU priority, which
 * prepares the official templates (seconds on a machine busy with other test files).
 */
const PACKET_TEST_MS = 120_000;
const P2_FAMILY = 'I-130.form1[0].#subform[0].Pt2Line4a_FamilyName[0]';
const P4_FAMILY = 'I-130.form1[0].#subform[4].Pt4Line4a_FamilyName[0]';
const P2_DOB = 'I-130.form1[0].#subform[1].Pt2Line8_DateofBirth[0]';
const P2_FEMALE = 'I-130.form1[0].#subform[1].Pt2Line9_Female[0]';

describe.each(BACKENDS)('USCIS forms on %s', (backend) => {
  let t: TestApp;
  let attorney: SignedIn;
  let admin: SignedIn;
  let matter: Awaited<ReturnType<typeof familyMatter>>;

  const post = (as: SignedIn, route: string, body: object) =>
    as.agent.post(`/api${route}`).set('X-CSRF-Token', as.token).send(body);
  const generate = (body: object) => post(attorney, '/forms/generate', body).buffer(true).parse(binary);
  const sendEdition = (as: SignedIn, code: string, file: Buffer, fields: Record<string, string> = {}) => {
    const req = as.agent.post(`/api/forms/${code}/editions`).set('X-CSRF-Token', as.token);
    for (const [k, v] of Object.entries(fields)) req.field(k, v);
    return req.attach('file', file, { filename: `${code}.pdf`, contentType: 'application/pdf' });
  };

  beforeAll(async () => {
    t = await startTestApp({ backend });
    attorney = await signIn(t.app, 'attorney');
    admin = await signIn(t.app, 'admin');
    // The attorney's profile, as User Management keeps it, goes into the forms' attorney block.
    const me = (await attorney.agent.get('/api/users?q=attorney')).body.users.find(
      (u: { loginId: string }) => u.loginId === 'attorney',
    );
    const profile = await admin.agent.patch(`/api/users/${me.id}`).set('X-CSRF-Token', admin.token).send({
      barNumber: 'NY4455667',
      licensingAuthority: 'New York State Bar',
      uscisAccountNumber: '123456789012',
    });
    expect(profile.status).toBe(200);
    const badAccount = await admin.agent
      .patch(`/api/users/${me.id}`)
      .set('X-CSRF-Token', admin.token)
      .send({ uscisAccountNumber: '12-34' });
    expect(JSON.stringify(badAccount.body)).toContain('USCIS online account number must be its 12 digits');
    matter = await familyMatter(
      (route, body) => post(attorney, route, body),
      { petitioner: 'Petitionerson', beneficiary: 'Beneficiarez' },
      { assigneeId: me.id },
    );
    const evidence = await upload(attorney, await textPdf(['Marriage certificate']), 'marriage.pdf', {
      caseId: matter.caseId,
      category: 'evidence',
    });
    expect(evidence.status).toBe(201);
  }, 180_000);
  afterAll(() => t?.close());

  it('lists every form with its edition, source, pages and fields', async () => {
    const res = await attorney.agent.get('/api/forms');
    expect(res.status).toBe(200);
    const forms = res.body.forms as Array<Record<string, unknown>>;
    expect(forms.find((f) => f.form === 'I-130')).toMatchObject({
      form: 'I-130',
      edition: '04/01/24',
      source: 'official',
      pages: 12,
      fields: 450,
    });
    expect(forms.find((f) => f.form === 'I-485')).toMatchObject({
      edition: '01/20/25',
      pages: 24,
      fields: 760,
    });
    expect(forms.find((f) => f.form === 'G-1145')).toMatchObject({ source: 'not-uploaded', pages: 0 });
    expect(res.body.groups.map((g: { id: string }) => g.id)).toEqual([
      'family-based',
      'employment-based',
      'naturalization',
    ]);
  });

  it('answers the fees from the dated rules: the two packets of the issue, and bad input', async () => {
    const family = await attorney.agent.get(
      '/api/fees?forms=I-130,I-130A,I-485,I-765,I-131,I-864&filing=paper&asOf=2026-11-27&withPendingI485=true',
    );
    expect(family.status).toBe(200);
    expect(family.body.total).toBe(3005);
    expect(family.body.items.find((i: { form: string }) => i.form === 'I-765')).toMatchObject({
      fee: 260,
      citation: expect.stringContaining('8 CFR 106.2'),
    });
    const employment = await attorney.agent.get(
      '/api/fees?forms=I-140&filing=paper&asOf=2026-11-27&employerFullTimeEmployees=100',
    );
    expect(employment.body.items.map((i: { fee: number }) => i.fee)).toEqual([715, 600]);
    expect(employment.body.total).toBe(1315);
    const small = await attorney.agent.get(
      '/api/fees?forms=I-140&asOf=2026-11-27&employerFullTimeEmployees=25',
    );
    expect(small.body.total).toBe(1015);
    const before = await attorney.agent.get('/api/fees?forms=I-130,I-485&asOf=2024-03-31');
    expect(before.body.items.map((i: { fee: number }) => i.fee)).toEqual([535, 1225]);
    const bad = await attorney.agent.get('/api/fees?forms=I-999&asOf=2026-02-30');
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain('asOf must be a date, YYYY-MM-DD');
    const unknown = await attorney.agent.get('/api/fees?forms=I-999');
    expect([unknown.status, unknown.body.error]).toEqual([
      422,
      expect.stringContaining('Unknown form: I-999'),
    ]);
  });

  it('validates truthfully: what each form fills, requires and misses, with the question and whom to ask', async () => {
    const res = await post(attorney, '/forms/validate', { caseId: matter.caseId, forms: ['I-130', 'I-485'] });
    expect(res.status).toBe(200);
    expect(res.body.valid).toBe(false);
    const forms = res.body.forms as FormCheck[];
    expect(forms.map((f) => f.form)).toEqual(['G-1145', 'I-130', 'I-485']);
    const g1145 = forms[0];
    expect(g1145).toMatchObject({ ready: false, source: 'not-uploaded' });
    expect(g1145.missing[0]).toMatchObject({
      party: 'firm',
      question: expect.stringContaining('Upload the official PDF'),
    });
    const i130 = forms[1];
    expect(i130).toMatchObject({ form: 'I-130', edition: '04/01/24', ready: false });
    expect(i130.filled).toBeGreaterThan(30);
    expect(i130.required).toBeGreaterThan(i130.missing.length);
    // The I-130's Part 1 relationship is the petitioner's to answer: asked of them, linked to their record.
    expect(i130.missing).toContainEqual(
      expect.objectContaining({
        field: expect.stringMatching(/^Part 1, Item 1/),
        party: 'petitioner',
        personId: matter.petitioner.id,
      }),
    );
    // Nothing the matter holds is reported missing: the names and dates of birth are there.
    expect(i130.missing.map((m) => m.field)).not.toContainEqual(
      expect.stringMatching(/Family Name|Date of Birth/),
    );
  });

  it(
    'refuses a final packet with what is missing (422), and makes a draft: official pages, filled, editable, DRAFT on every page',
    async () => {
      const refused = await post(attorney, '/forms/generate', {
        caseId: matter.caseId,
        forms: ['I-130'],
        draft: false,
      });
      expect(refused.status).toBe(422);
      expect(refused.body.missing).toContainEqual(
        expect.objectContaining({ form: 'I-130', party: 'petitioner' }),
      );
      expect(refused.body.error).toMatch(/^The forms are not ready to file/);

      const res = await generate({ caseId: matter.caseId, forms: ['I-130'], draft: true });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const form = (await PDFDocument.load(res.body)).getForm();
      expect((form.getField(P2_FAMILY) as PDFTextField).getText()).toBe('Petitionerson');
      expect((form.getField(P4_FAMILY) as PDFTextField).getText()).toBe('Beneficiarez');
      expect((form.getField(P2_DOB) as PDFTextField).getText()).toBe('03/14/1988');
      expect((form.getField(P2_FEMALE) as PDFCheckBox).isChecked()).toBe(true);
      expect(
        (form.getField('I-130.form1[0].#subform[0].AttorneyStateBarNumber[0]') as PDFTextField).getText(),
      ).toBe('NY4455667');
      expect(
        (form.getField('I-130.form1[0].#subform[0].USCISOnlineAcctNumber[0]') as PDFTextField).getText(),
      ).toBe('123456789012');
      expect(form.getFields().filter((f) => f.getName().startsWith('I-130.')).length).toBe(450);
      const pages = pagesText(res.body);
      expect(pages.every((p) => p.includes('DRAFT'))).toBe(true);
      expect(pages.join('\n')).toContain('Petition for Alien Relative');
      expect(pages.join('\n')).toContain('Form I-130 Edition 04/01/24');
      expect(pages.join('\n')).toMatch(/Part 6, Item 6\.a: Petitioner/);

      // The packet is a document of the case: never a received notice, never offered as an exhibit.
      const docs = await attorney.agent.get(`/api/documents?caseId=${matter.caseId}`);
      const packet = docs.body.items.find((d: { name: string }) => /^Forms packet/.test(d.name));
      expect(packet).toMatchObject({ category: 'uscis-form' });
      expect(String(packet.type)).not.toMatch(/notice/i);
      const again = await generate({ caseId: matter.caseId, forms: ['I-130'], draft: true });
      expect(pagesText(again.body).join('\n')).not.toContain('Forms packet');
    },
    PACKET_TEST_MS,
  );

  it(
    "keeps a firm's edition checked by its content, and reports the boxes it lacks or renamed",
    async () => {
      const names = G1145.fields.map((f) => f.pdf);
      const notThis = await sendEdition(
        admin,
        'G-1145',
        await uscisLikePdf('Form I-130 Edition 04/01/24', names),
      );
      expect([notThis.status, notThis.body.error]).toEqual([
        422,
        'This PDF is not Form G-1145: its footer must read "Form G-1145 Edition MM/DD/YY", as USCIS\'s official PDF does. Download it from uscis.gov.',
      ]);
      // One box moved to another branch, one dropped.
      const moved = names[0].replace('#subform[0]', '#subform[1]');
      const kept = await sendEdition(
        admin,
        'G-1145',
        await uscisLikePdf('Form G-1145 Edition 09/26/14', [moved, ...names.slice(2)]),
      );
      expect(kept.status).toBe(201);
      expect(kept.body).toMatchObject({
        form: 'G-1145',
        editionDate: '2014-09-26',
        lacking: [names[1]],
        renamed: [{ from: names[0], to: moved }],
      });
      const list = await attorney.agent.get('/api/forms');
      expect(list.body.forms.find((f: { form: string }) => f.form === 'G-1145')).toMatchObject({
        source: 'firm-upload',
        edition: '09/26/14',
      });
      const check = await post(attorney, '/forms/validate', { caseId: matter.caseId, forms: ['I-130'] });
      expect((check.body.forms as FormCheck[])[0]).toMatchObject({ form: 'G-1145', absent: [names[1]] });
      const res = await generate({ caseId: matter.caseId, forms: ['I-130'], draft: true });
      const form = (await PDFDocument.load(res.body)).getForm();
      expect((form.getField(`G-1145.${moved}`) as PDFTextField).getText()).toBe('Beneficiarez');
    },
    PACKET_TEST_MS,
  );

  it("answers another firm's case as not found", async () => {
    const other = await signIn(t.app, (await secondFirm(t)).user);
    const res = await post(other, '/forms/validate', { caseId: matter.caseId, forms: ['I-130'] });
    expect(res.status).toBe(404);
  });
});
