/**
 * The official USCIS PDFs the product ships, filled from a matter through their field maps, and read back:
 * every map names only fields the official PDF has; every box filled reads back as written; names land in the
 * part of their party; dates, A-numbers and check boxes are as the forms ask; and the filled page renders as
 * the official layout.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFCheckBox, PDFDocument, PDFDropdown, PDFTextField } from '@cantoo/pdf-lib';
import { fillForm } from '../../src/forms/fill';
import { checkMap } from '../../src/forms/maps/check';
import officialFields from '../../src/forms/official/fields.json';
import { FORM_MAPS } from '../../src/forms/maps';
import type { FormMap } from '../../src/forms/maps/schema';
import type { Matter, MatterPerson } from '../../src/forms/matter';
import { placeFilled } from '../../src/forms/place';
import { prepare, type Template, templateOf } from '../../src/forms/templates';
import type { Person } from '../../src/shared/people';

jest.setTimeout(180_000);

const OFFICIAL = path.join(__dirname, '..', '..', 'src', 'forms', 'official');
const SHIPPED = [...FORM_MAPS.values()].filter((m) => m.file);

function person(over: Partial<Person> & Pick<Person, 'familyName' | 'givenName'>): MatterPerson {
  return {
    id: `id-${over.familyName}`,
    name: `${over.givenName} ${over.familyName}`,
    middleName: null,
    otherNames: [{ familyName: `${over.familyName}-Old`, givenName: over.givenName, middleName: null }],
    dateOfBirth: '1988-03-14',
    cityOfBirth: 'Guadalajara',
    countryOfBirth: 'Mexico',
    sex: 'female',
    citizenships: ['Mexico'],
    aNumber: 'A12345678',
    uscisAccountNumber: '123412341234',
    ssnLast4: '6789',
    ssn: '123456789',
    email: `${over.givenName!.toLowerCase()}@example.com`,
    phone: '(312) 555-0142',
    language: 'en',
    passport: { number: 'G12345678', country: 'Mexico', issued: '2020-01-10', expires: '2030-01-09' },
    i94: { number: '12345678901', admitUntil: 'D/S', classOfAdmission: 'B2' },
    lastEntry: { date: '2019-06-01', place: 'Chicago', status: 'B2' },
    currentStatus: 'B2',
    address: null,
    addresses: [
      {
        kind: 'physical',
        from: '2021-05-01',
        to: null,
        inCareOf: null,
        street: '123 Main Street',
        unitType: 'apt',
        unitNumber: '4B',
        city: 'Chicago',
        state: 'IL',
        zip: '60601',
        province: null,
        postalCode: null,
        country: 'United States',
      },
      {
        kind: 'physical',
        from: '2019-06-01',
        to: '2021-04-30',
        inCareOf: null,
        street: '9 Oak Avenue',
        unitType: null,
        unitNumber: null,
        city: 'Evanston',
        state: 'IL',
        zip: '60201',
        province: null,
        postalCode: null,
        country: 'United States',
      },
    ],
    marriages: [
      {
        spouseFamilyName: 'Spouse',
        spouseGivenName: 'Sam',
        spouseDateOfBirth: '1986-07-01',
        date: '2020-02-14',
        place: 'Chicago',
        endedOn: null,
        howEnded: null,
      },
    ],
    parents: [
      {
        familyName: 'Parent',
        givenName: 'Rosa',
        middleName: null,
        aNumber: null,
        livingWithYou: null,
        applyingWithYou: null,
        sex: 'female',
        dateOfBirth: '1960-01-01',
        cityOfBirth: 'Guadalajara',
        countryOfBirth: 'Mexico',
        residence: 'Guadalajara',
      },
    ],
    children: [1, 2, 3, 4, 5, 6, 7].map((n) => ({
      familyName: 'Child',
      givenName: `Kid${n}`,
      middleName: null,
      aNumber: null,
      livingWithYou: 'yes' as const,
      applyingWithYou: 'no' as const,
      sex: 'male' as const,
      dateOfBirth: `201${n}-05-05`,
      cityOfBirth: 'Chicago',
      countryOfBirth: 'United States',
      residence: 'Chicago',
    })),
    employment: [
      {
        employer: 'Acme Corp',
        occupation: 'Engineer',
        from: '2021-06-01',
        to: null,
        city: 'Chicago',
        state: 'IL',
        country: 'United States',
      },
    ],
    trips: [{ departed: '2023-07-01', returned: '2023-07-20', countries: ['Mexico'] }],
    formFacts: {
      'marital-status': 'married',
      'mailing-same-as-physical': 'yes',
      'mobile-phone': '3125550199',
    },
    factSources: {},
    matters: [],
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    ...over,
  };
}

const petitioner = person({ familyName: 'Petitionerson', givenName: 'Paula', sex: 'female' });
const beneficiary = person({
  familyName: 'Beneficiarez',
  givenName: 'Bruno',
  sex: 'male',
  aNumber: 'A87654321',
});
const matter: Matter = {
  case: { id: 'case-1', caseNumber: 'CASE-2026-0001', receiptNumber: 'IOE0912345678', formType: 'I-130' },
  parties: { petitioner, beneficiary, sponsor: petitioner },
  employer: {
    name: 'Acme Corp',
    fein: '123456789',
    street: '1 Industry Way',
    city: 'Chicago',
    state: 'IL',
    zip: '60602',
    country: 'United States',
    employeeCount: 120,
    naicsCode: '541511',
    nonprofit: false,
  },
  attorney: {
    familyName: 'Counsel',
    givenName: 'Alex',
    email: 'alex@firm.example',
    phone: null,
    barNumber: 'IL123456',
    licensingAuthority: 'Supreme Court of Illinois',
    uscisAccountNumber: '987698769876',
  },
  firm: {
    name: 'Reti Law',
    street: '100 Wacker Dr',
    city: 'Chicago',
    state: 'IL',
    zip: '60606',
    phone: '3125550100',
    email: 'office@firm.example',
  },
};

const templates = new Map<string, Template>();
beforeAll(async () => {
  for (const map of SHIPPED)
    templates.set(map.form, await templateOf(await prepare(fs.readFileSync(path.join(OFFICIAL, map.file!)))));
});

async function filledPdf(map: FormMap) {
  const template = templates.get(map.form)!;
  const filled = fillForm(map, matter, template.fields, () => undefined);
  const doc = await PDFDocument.create();
  await placeFilled(doc, template, map.form, filled.boxes);
  doc.getForm().updateFieldAppearances();
  const bytes = await doc.save({ updateFieldAppearances: false });
  return { filled, bytes, back: (await PDFDocument.load(bytes)).getForm() };
}

test('the shipped official PDFs are the ones in the manifest (edition, pages, fields)', () => {
  const manifest = fs
    .readFileSync(path.join(OFFICIAL, 'MANIFEST.tsv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t'));
  for (const map of SHIPPED) {
    const row = manifest.find((r) => r[0] === map.file)!;
    expect([row[1], row[2]]).toEqual([map.form, map.edition]);
    expect(templates.get(map.form)!.pages).toBe(Number(row[3]));
    expect(templates.get(map.form)!.fields.size).toBe(Number(row[4]));
  }
  expect(SHIPPED.map((m) => m.form).sort()).toEqual(
    [
      'I-129F',
      'I-130',
      'I-131',
      'I-140',
      'I-485',
      'I-589',
      'I-751',
      'I-765',
      'I-864',
      'I-90',
      'N-400',
    ].sort(),
  );
});

test("the shipped PDFs' field lists (src/forms/official/fields.json) are the PDFs' own", () => {
  for (const map of SHIPPED) {
    const listed = (officialFields as Record<string, { pages: number; fields: unknown[] }>)[map.file!];
    const template = templates.get(map.form)!;
    expect([map.form, listed.pages]).toEqual([map.form, template.pages]);
    expect(listed.fields).toEqual(JSON.parse(JSON.stringify([...template.fields.values()])));
  }
});

describe.each(SHIPPED.map((m) => [m.form, m] as const))('Form %s', (_form, map) => {
  test('its map names only fields of the official PDF, each as its kind', () => {
    const { problems, mapped } = checkMap(map, templates.get(map.form)!.fields);
    expect(problems).toEqual([]);
    expect(mapped).toBeGreaterThanOrEqual(100);
  });

  test('every box filled from the matter reads back from the saved PDF as written', async () => {
    const { filled, back } = await filledPdf(map);
    expect(filled.absent).toEqual([]);
    expect(filled.boxes.length).toBeGreaterThan(20);
    for (const box of filled.boxes) {
      const field = back.getField(`${map.form}.${box.pdf}`);
      if (box.checked) expect([box.pdf, (field as PDFCheckBox).isChecked()]).toEqual([box.pdf, true]);
      else if (field instanceof PDFTextField) expect([box.pdf, field.getText()]).toEqual([box.pdf, box.text]);
      else expect([box.pdf, (field as PDFDropdown).getSelected()[0]]).toEqual([box.pdf, box.text]);
    }
    // Not flattened: the attorney can still correct a box.
    expect(back.getFields().length).toBe(templates.get(map.form)!.fields.size);
  });

  test("a party's name goes in that party's part; dates, A-numbers and sex boxes are as the form asks", async () => {
    const { filled } = await filledPdf(map);
    const text = new Map(filled.boxes.map((b) => [b.pdf, b.text]));
    for (const field of map.fields) {
      const [role, what] = field.source.split('.');
      const person = matter.parties[role as keyof Matter['parties']];
      if (!person || field.when) continue;
      if (what === 'familyName' && field.part === map.parties[role])
        expect([field.pdf, text.get(field.pdf)]).toEqual([field.pdf, person.familyName]);
      if (field.format === 'date' && text.has(field.pdf))
        expect(text.get(field.pdf)).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      if (what === 'aNumber' && field.format === 'anumber' && text.has(field.pdf))
        expect(text.get(field.pdf)).toBe(person.aNumber!.slice(1).padStart(9, '0'));
      if (what === 'sex' && field.check !== undefined && field.part === map.parties[role]) {
        const checked = filled.boxes.some((b) => b.pdf === field.pdf && b.checked);
        expect([field.pdf, checked]).toEqual([field.pdf, field.check === person.sex]);
      }
    }
    // Each party the form names has its family name written in its own part.
    for (const [role, part] of Object.entries(map.parties)) {
      const person = matter.parties[role as keyof Matter['parties']];
      const names = map.fields.filter((f) => f.source === `${role}.familyName` && f.part === part && !f.when);
      if (person && names.length > 0)
        expect(names.some((f) => text.get(f.pdf) === person.familyName)).toBe(true);
    }
  });
});

test('a list longer than the form has rows continues to Additional Information, entry by entry', () => {
  const i485 = FORM_MAPS.get('I-485')!;
  const filled = fillForm(i485, matter, templates.get('I-485')!.fields, () => undefined);
  const children = filled.overflow.find((o) => /child/i.test(o.item + o.lines.join()));
  expect(children?.lines.length).toBe(
    7 - i485.lists.find((l) => l.source === 'beneficiary.children')!.rows.length,
  );
  expect(children?.lines[0]).toMatch(/Kid\d/);
});

test('what the form requires and the matter lacks is listed with the question and whom to ask', () => {
  const i130 = FORM_MAPS.get('I-130')!;
  const bare: Matter = { ...matter, parties: { beneficiary: { ...beneficiary, dateOfBirth: null } } };
  const filled = fillForm(i130, bare, templates.get('I-130')!.fields, (p) =>
    p === 'dateOfBirth' ? 'Date of Birth' : undefined,
  );
  expect(filled.missing).toContainEqual(
    expect.objectContaining({ party: 'petitioner', question: expect.stringMatching(/petitioner/i) }),
  );
  expect(filled.missing).toContainEqual(
    expect.objectContaining({ party: 'beneficiary', question: 'Date of Birth', personId: beneficiary.id }),
  );
});

test('a filled official page renders as the official layout (pdftoppm)', async () => {
  const { bytes } = await filledPdf(FORM_MAPS.get('I-130')!);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'form-'));
  const file = path.join(dir, 'i-130.pdf');
  fs.writeFileSync(file, bytes);
  expect(execFileSync('pdfinfo', [file]).toString()).toMatch(
    /Encrypted:\s+no[\s\S]*Pages:\s+12|Pages:\s+12[\s\S]*Encrypted:\s+no/,
  );
  execFileSync('pdftoppm', ['-f', '1', '-l', '1', '-r', '50', '-png', file, path.join(dir, 'page')]);
  const png = fs.readdirSync(dir).find((f) => f.endsWith('.png'))!;
  const image = fs.readFileSync(path.join(dir, png));
  // 8.5 × 11 in at 50 dpi: 425 × 550 pixels (the PNG header holds width and height).
  expect([image.readUInt32BE(16), image.readUInt32BE(20)]).toEqual([425, 550]);
  const text = execFileSync('pdftotext', ['-f', '1', '-l', '1', file, '-']).toString();
  expect(text).toMatch(/Petition for Alien Relative/);
  expect(text).toMatch(/Form I-130\s+Edition 04\/01\/24/);
  fs.rmSync(dir, { recursive: true, force: true });
});

test('free-text answers the form asks in Additional Information go there, under the item they explain', async () => {
  const n400 = FORM_MAPS.get('N-400')!;
  const explained: Matter = {
    ...matter,
    parties: {
      beneficiary: {
        ...beneficiary,
        children: [],
        formFacts: {
          ...beneficiary.formFacts,
          'n400-p9-1': 'yes',
          'n400-p9-1-explain': 'Checked the wrong box on a 2019 form.',
        },
      },
    },
  };
  const template = templates.get('N-400')!;
  const filled = fillForm(n400, explained, template.fields, () => undefined);
  expect(filled.overflow).toContainEqual(
    expect.objectContaining({
      part: 'Part 9',
      item: '1',
      lines: ['Explanation: Checked the wrong box on a 2019 form.'],
    }),
  );
});
