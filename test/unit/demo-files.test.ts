import crypto from 'node:crypto';
import { PDFDocument } from '@cantoo/pdf-lib';
import mammoth from 'mammoth';
import { parse } from 'mrz';
import { extractText, getDocumentProxy } from 'unpdf';
import { DEMO_CLIENT_NAMES } from '../../src/demo/people';
import { type DemoCase, type DemoFile, demoDocumentFiles } from '../../src/demo/files';
import { mrzCheckDigit } from '../../src/demo/papers';
import { addDays } from '../../src/shared/dates';
import { CARD_FORMS } from '../../src/shared/documents';

const TODAY = '2026-11-23';
const TYPES = ['family', 'family', 'family', 'visa', 'visa', 'citizenship', 'citizenship', 'asylum'];
const FORMS: Record<string, string[]> = {
  family: ['I-130', 'I-485', 'I-864', 'I-751', 'I-130'],
  citizenship: ['N-400'],
  visa: ['I-140', 'I-765', 'I-131'],
  asylum: ['I-589', 'I-765'],
};

/** A practice shaped like the demo firm's: 156 cases of 112 clients from its clients' countries. */
const CASES: DemoCase[] = Array.from({ length: 156 }, (_, i) => {
  const client = i % 112;
  const group = DEMO_CLIENT_NAMES[client % DEMO_CLIENT_NAMES.length];
  const first = group.given[client % group.given.length];
  const last = group.family[Math.floor(client / DEMO_CLIENT_NAMES.length) % group.family.length];
  const caseType = TYPES[(i * 5) % TYPES.length];
  return {
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    caseNumber: `RI-${i < 60 ? 2025 : 2026}-${String((i % 60) + 1).padStart(4, '0')}`,
    clientName: `${first} ${last}`,
    clientFirstName: first,
    clientLastName: last,
    formType: FORMS[caseType][i % FORMS[caseType].length],
    caseType,
    clientCountry: group.country,
    clientBirthDate: `${1960 + (client % 40)}-${String((client % 12) + 1).padStart(2, '0')}-${String((client % 27) + 1).padStart(2, '0')}`,
    receiptNumber: i % 4 === 0 ? null : `IOE25${String(90_000_000 + i * 7919).slice(0, 8)}`,
    dueDate: addDays(TODAY, (i % 90) - 20),
  };
});

const sha256 = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');
const textOf = async (file: DemoFile) =>
  (await extractText(await getDocumentProxy(file.bytes.slice()), { mergePages: true })).text;

describe('the demo firm’s documents', () => {
  let files: DemoFile[];

  beforeAll(async () => {
    const started = performance.now();
    files = await demoDocumentFiles(CASES, TODAY);
    const total = files.reduce((sum, f) => sum + f.bytes.length, 0);
    const largest = Math.max(...files.map((f) => f.bytes.length));
    console.log(
      `${files.length} demo documents in ${Math.round(performance.now() - started)} ms: ` +
        `${(total / 1024 / 1024).toFixed(2)} MB in all, the largest ${Math.round(largest / 1024)} KB`,
    );
  });

  it('are exactly 89, spread over the cases, each in a case given', () => {
    expect(files).toHaveLength(89);
    const ids = new Set(CASES.map((c) => c.id));
    expect(files.every((f) => ids.has(f.caseId))).toBe(true);
    expect(new Set(files.map((f) => f.caseId)).size).toBeGreaterThanOrEqual(12);
  });

  it('are the same files, byte for byte, every time', async () => {
    const again = await demoDocumentFiles(CASES, TODAY);
    expect(again.map((f) => `${f.caseId} ${f.name} ${sha256(f.bytes)}`)).toEqual(
      files.map((f) => `${f.caseId} ${f.name} ${sha256(f.bytes)}`),
    );
  });

  it('are of every kind made here, in every category, and each file is what its kind says', () => {
    const count = (key: (f: DemoFile) => string) =>
      files.reduce<Record<string, number>>((all, f) => ({ ...all, [key(f)]: (all[key(f)] ?? 0) + 1 }), {});
    expect(count((f) => f.kind)).toEqual({ pdf: 77, png: 5, jpeg: 3, docx: 4 });
    expect(count((f) => f.category)).toEqual({
      evidence: 49,
      correspondence: 16,
      'uscis-form': 20,
      'legal-brief': 4,
    });
    const magic = (f: DemoFile) => Buffer.from(f.bytes.subarray(0, 5)).toString('latin1');
    for (const f of files) {
      if (f.kind === 'pdf') expect(magic(f)).toBe('%PDF-');
      if (f.kind === 'png') expect(magic(f).slice(0, 4)).toBe('\x89PNG');
      if (f.kind === 'jpeg') expect([...f.bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      if (f.kind === 'docx') {
        expect(magic(f).slice(0, 4)).toBe('PK\x03\x04');
        expect(Buffer.from(f.bytes).includes('word/document.xml')).toBe(true);
      }
      const extension = { pdf: '.pdf', png: '.png', jpeg: '.jpg', docx: '.docx', doc: '.doc' }[f.kind];
      expect(f.name.endsWith(extension)).toBe(true);
    }
  });

  it('give passports a machine-readable zone whose check digits hold, two expiring within six months', async () => {
    // ICAO 9303's own specimen: L898902C<3 ... 6908061 F 9406236 ZE184226B<<<<<1 4
    expect(mrzCheckDigit('L898902C<')).toBe('3');
    expect(mrzCheckDigit('690806')).toBe('1');
    expect(mrzCheckDigit('940623')).toBe('6');
    expect(mrzCheckDigit('ZE184226B<<<<<')).toBe('1');
    expect(mrzCheckDigit('L898902C<369080619406236ZE184226B<<<<<1')).toBe('4');

    const passports = files.filter((f) => f.name.startsWith('passport-'));
    expect(passports).toHaveLength(13);
    const expiring = new Set<string>();
    for (const file of passports) {
      const text = await textOf(file);
      const zone = text.match(/^P<[A-Z<]{42}$\n^[A-Z0-9<]{44}$/m);
      expect(zone).not.toBeNull();
      const result = parse(zone![0].split('\n'));
      expect(result.valid).toBe(true);
      const expires = `20${result.fields.expirationDate}`.replace(/^(\d{4})(\d{2})(\d{2})$/, '$1-$2-$3');
      expect(text).toContain(`Passport No.: ${result.fields.documentNumber}`);
      if (expires <= addDays(TODAY, 182)) expiring.add(sha256(file.bytes));
    }
    expect(expiring.size).toBe(2);
  });

  it('hold the same passport twice in one case, for the duplicate check', () => {
    const seen = new Map<string, DemoFile>();
    const twice = files.filter((f) => {
      const earlier = seen.get(sha256(f.bytes));
      seen.set(sha256(f.bytes), f);
      return earlier !== undefined && earlier.caseId === f.caseId;
    });
    expect(twice.map((f) => f.name)).toEqual([expect.stringMatching(/^passport-.*-copy\.pdf$/)]);
  });

  it('give the USCIS Forms card each of its forms, as PDFs titled with the form', async () => {
    const forms = files.filter((f) => f.category === 'uscis-form');
    for (const form of CARD_FORMS) expect(forms.some((f) => f.name.startsWith(`Form-${form}-`))).toBe(true);
    for (const file of forms) {
      const form = file.name.match(/^Form-([IN]-\d+)-/)![1];
      const title = (await PDFDocument.load(file.bytes, { updateMetadata: false })).getTitle();
      expect(title).toMatch(new RegExp(`^Form ${form}, `));
    }
    const i130 = forms.find((f) => f.name.startsWith('Form-I-130-'))!;
    const text = await textOf(i130);
    expect(text).toContain('Petition for Alien Relative');
    expect(text).toContain('USCIS Form I-130 · OMB No. 1615-0012');
    expect(text).toContain('Part 4. Information About Beneficiary');
  });

  it('give notices real receipt numbers, notice dates and types', async () => {
    const notices = files.filter((f) => f.category === 'correspondence');
    const kinds = notices.map((f) => f.name.replace(/-[A-Z]{3}\d{10}\.(pdf|png|jpg)$/, ''));
    expect(kinds.filter((k) => k === 'I-797C-receipt')).toHaveLength(10);
    expect(kinds.filter((k) => k === 'I-797-approval')).toHaveLength(4);
    expect(kinds.filter((k) => k === 'I-797E-RFE')).toHaveLength(2);
    const receipt = notices.find((f) => f.kind === 'pdf' && f.name.startsWith('I-797C-receipt'))!;
    const text = await textOf(receipt);
    expect(text).toContain('I-797C, Notice of Action');
    expect(text).toContain('Notice Type: Receipt Notice');
    expect(text).toMatch(/Receipt Number: (IOE|EAC|WAC|LIN|SRC|MSC|NBC|YSC)\d{10}/);
    expect(text).toMatch(/Notice Date: \d{2}\/\d{2}\/\d{4}/);
    const rfe = await textOf(notices.find((f) => f.name.startsWith('I-797E-RFE'))!);
    expect(rfe).toContain('Request for Evidence');
    expect(rfe).toMatch(/Response Due Date: \d{2}\/\d{2}\/\d{4}/);
  });

  it('hold birth certificates in Spanish, two without a translation and one with a certified one', async () => {
    const spanish = files.filter((f) => f.name.startsWith('acta-de-nacimiento-'));
    expect(spanish.map((f) => f.kind).sort()).toEqual(['jpeg', 'pdf']);
    const untranslated = await textOf(spanish.find((f) => f.kind === 'pdf')!);
    expect(untranslated).toMatch(/(ACTA|PARTIDA|CERTIFICADO|REGISTRO CIVIL) DE NACIMIENTO/);
    expect(untranslated).not.toContain('TRANSLATION');
    const translated = files.filter((f) => f.name.endsWith('-with-translation.pdf'));
    expect(translated).toHaveLength(1);
    const text = await textOf(translated[0]);
    expect(text).toContain('CERTIFIED ENGLISH TRANSLATION');
    expect(text).toMatch(/I, .+, certify that I am competent to translate from Spanish into English/);
  });

  it('print names as written, accents and all', async () => {
    const clientOf = (f: DemoFile) => CASES.find((c) => c.id === f.caseId)!;
    const accented = (name: string) => name.split(' ').filter((word) => /[^\x00-\x7f]/.test(word));
    const pdfs = files.filter((f) => f.kind === 'pdf' && accented(clientOf(f).clientName).length > 0);
    expect(pdfs.length).toBeGreaterThanOrEqual(10);
    for (const file of pdfs) {
      const text = await textOf(file);
      for (const word of accented(clientOf(file).clientName))
        expect(text.includes(word) || text.includes(word.toUpperCase())).toBe(true);
    }
  });

  it('read tax years and income on IRS transcripts', async () => {
    const transcript = files.find(
      (f) => f.kind === 'pdf' && f.name.startsWith('IRS-tax-return-transcript-'),
    )!;
    const text = await textOf(transcript);
    expect(text).toContain('Tax Return Transcript');
    expect(text).toMatch(/Tax Period Ending: Dec\. 31, 20\d{2}/);
    expect(text).toMatch(/Adjusted Gross Income: \$\d{2,3},\d{3}\.\d{2}/);
  });

  it('write the briefs and cover letters as Word documents', async () => {
    const briefs = files.filter((f) => f.category === 'legal-brief');
    expect(briefs.every((f) => f.kind === 'docx')).toBe(true);
    for (const start of [
      'cover-letter-I-130-',
      'brief-bona-fide-marriage-',
      'RFE-response-',
      'asylum-memorandum-',
    ])
      expect(briefs.filter((f) => f.name.startsWith(start))).toHaveLength(1);
    const brief = briefs.find((f) => f.name.startsWith('brief-bona-fide-marriage-'))!;
    const { value } = await mammoth.extractRawText({ buffer: Buffer.from(brief.bytes) });
    expect(value).toContain('BRIEF IN SUPPORT OF FORM I-130, PETITION FOR ALIEN RELATIVE');
    expect(value).toContain('Matter of Laureano, 19 I&N Dec. 1 (BIA 1983)');
    expect(value).toContain('Demo Immigration Law');
  });
});
