/**
 * The demo firm's 89 documents, made as real files (text PDFs, scanned pages as PNG and JPEG, Word
 * documents) for a spread of its cases, so that the same upload analysis reads them as it reads a firm's
 * own: passports (two expiring within six months), USCIS notices and forms, birth certificates (two in
 * Spanish with no translation, one with a certified one), marriage and divorce records, tax transcripts,
 * pay stubs, letters, bank statements and briefs, and one passport uploaded twice. The same cases and
 * `today` always give the same files, byte for byte: choices are seeded by the case numbers.
 */
import type { DocumentCategory, FileKind } from '../shared/documents';
import { type CaseType, FORM_TYPES, type FormType } from '../shared/cases';
import { addDays } from '../shared/dates';
import { DEMO_ACCOUNTS, DEMO_FIRM } from './accounts';
import { DEMO_CLIENT_NAMES } from './people';
import { type Paper, paperDocx, paperPdf, paperScan } from '../pdf/paper';
import {
  actaDeNacimiento,
  asylumMemorandum,
  bankStatement,
  birthCertificate,
  type CardForm,
  coverLetter,
  divorceJudgment,
  type Employer,
  employmentLetter,
  type Firm,
  i94,
  marriageBrief,
  marriageCertificate,
  notice,
  type NoticeFacts,
  type PassportFacts,
  passport,
  payStub,
  type Person,
  rfeResponse,
  taxTranscript,
  uscisForm,
} from './papers';

export type DemoCase = {
  id: string;
  caseNumber: string;
  clientName: string;
  formType: string;
  caseType: string;
  clientCountry?: string | null;
  clientBirthDate?: string | null;
  receiptNumber?: string | null;
  dueDate?: string | null;
  /** The client's names as recorded; without them the last word of `clientName` is taken as the surname. */
  clientFirstName?: string | null;
  clientLastName?: string | null;
  clientANumber?: string | null;
  clientAddress?: string | null;
};

export type DemoFile = {
  caseId: string;
  category: DocumentCategory;
  name: string;
  kind: FileKind;
  bytes: Uint8Array;
};

export const DEMO_DOCUMENT_COUNT = 89;

/** FNV-1a: a stable number from a text, to seed choices with. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** A small seeded generator (mulberry32), as the cases' demo uses. */
function generator(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)],
    digits: (count: number) => Array.from({ length: count }, () => Math.floor(next() * 10)).join(''),
  };
}
type Rng = ReturnType<typeof generator>;

const FIRM: Firm = {
  name: DEMO_FIRM.name,
  address: DEMO_FIRM.address,
  phone: DEMO_FIRM.phone,
  email: DEMO_FIRM.email,
  attorney: `${DEMO_ACCOUNTS.user.firstName} ${DEMO_ACCOUNTS.user.lastName}`,
};

/** Given names the demo's clients carry that are women's (passports print a sex). */
const WOMEN = new Set(
  `María Fernanda, Guadalupe, Priyanka, Sneha, Xiaoling, Mei, Maria Cristina, Angelica, Thi Lan,
  Ngọc Anh, Ngozi, Adaeze, Kateryna, Iryna, Ana Beatriz, Rosa, Fabienne, Nadège, Farzana, Zahra,
  Luana, Beatriz, Valentina, Camila, Selam, Hiwot, Seo-yeon, Ji-woo, Yesenia, Dulce, Katarzyna,
  Agnieszka`.split(/,\s*/),
);
const SPOUSES =
  'Michael Thompson|Jennifer Walsh|David Miller|Sarah Johnson|Kevin Brennan|Emily Carter|Robert Anderson|Laura Bennett|Daniel Price|Megan Foster'.split(
    '|',
  );
const FORMER_SPOUSES = ['Carlos Medina', 'Olena Hrytsenko', 'Anthony Russo', 'Grace Okafor', 'Paulo Mendes'];
const STREETS = ['Oak', 'Maple', 'Pine', 'Cedar', 'Elm', 'Willow'];
const TOWNS = [
  'Queens, NY 11368',
  'Newark, NJ 07105',
  'Yonkers, NY 10701',
  'Bronx, NY 10458',
  'Jersey City, NJ 07306',
];
const OFFICIALS = ['Ana Lucía Torres', 'Ramón Villalobos', 'Teresa Quintero', 'Jorge Salcedo'];
const JUDGES = ['Margaret A. Cullen', 'Robert J. Feinberg', 'Denise M. Alvarado'];
const OFFICIANTS = ['Hon. Patricia Lowe, Deputy City Clerk', 'Rev. Samuel Adeyemi', 'Rabbi Ellen Stern'];
const TRANSLATORS = ['Lucía Fernández', 'Martin Castillo'];
const EMPLOYERS: Array<
  Omit<Employer, 'title' | 'duties'> & { jobs: Array<[title: string, duties: string]> }
> = [
  {
    name: 'Hudson Valley Medical Center',
    address: '250 Riverside Avenue, Yonkers, NY 10701',
    phone: '+1 (555) 013-4400',
    hr: 'Karen Whitfield',
    jobs: [
      ['Registered Nurse', 'patient assessment, medication administration and care planning'],
      ['Medical Technologist', 'clinical laboratory testing and quality control'],
    ],
  },
  {
    name: 'Brightline Logistics LLC',
    address: '41 Port Street, Newark, NJ 07114',
    phone: '+1 (555) 016-2210',
    hr: 'Thomas Greer',
    jobs: [
      ['Warehouse Supervisor', 'scheduling a team of twelve, inventory control and safety training'],
      ['Logistics Coordinator', 'routing shipments, carrier contracts and customs paperwork'],
    ],
  },
  {
    name: 'Atlas Software Inc.',
    address: '330 West 34th Street, New York, NY 10001',
    phone: '+1 (555) 012-7788',
    hr: 'Nina Kaplan',
    jobs: [
      ['Software Engineer', 'designing, building and testing web services'],
      ['Data Analyst', 'reporting, data modeling and dashboards for the sales team'],
    ],
  },
  {
    name: 'Empire Construction Group',
    address: '1200 Bruckner Boulevard, Bronx, NY 10459',
    phone: '+1 (555) 018-9030',
    hr: 'Luis Ortega',
    jobs: [
      ['Project Estimator', 'cost estimates, bids and subcontractor pricing'],
      ['Site Foreman', 'daily site supervision, crew scheduling and safety inspections'],
    ],
  },
];
const BANKS = [
  { name: 'Hudson Community Bank', address: 'P.O. Box 4410, Albany, NY 12204' },
  { name: 'Liberty Federal Savings', address: '77 Water Street, New York, NY 10005' },
  { name: 'Garden State Credit Union', address: '500 Broad Street, Newark, NJ 07102' },
];
const SPANISH = ['Mexico', 'El Salvador', 'Guatemala', 'Colombia'];
/** Countries whose names carry letters beyond ASCII (Nguyễn, Wiśniewski): documents print them as written. */
const ACCENTED = ['Vietnam', 'Poland', 'Brazil'];
/** Countries whose birth records are in English. */
const ENGLISH = ['Philippines', 'India', 'Nigeria'];
const CENTERS = ['IOE', 'EAC', 'WAC', 'LIN', 'SRC', 'MSC', 'NBC', 'YSC'];
const USCIS_RECEIPT = new RegExp(`^(${CENTERS.join('|')})\\d{10}$`);

const slug = (text: string) =>
  text
    .replace(/[Đđ]/g, 'd')
    .normalize('NFD')
    .replace(/[\u0300-\u036f']/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

type Format = 'pdf' | 'png' | 'jpeg' | 'docx';
type Item =
  | { category: DocumentCategory; name: string; format: Format; paper: Paper }
  | { copyOf: number; name: string };

/** What a bundle of documents is made from: its case, the client, and facts its papers share. */
type Kit = {
  c: DemoCase;
  client: Person;
  rng: Rng;
  today: string;
  slug: string;
  spouse: { full: string; birthDate: string; address: string };
  address: string;
  employer: Employer;
  passport: PassportFacts;
  /** The case's own USCIS receipt number, or one for it. */
  receipt: string;
  /** The form the case's notices are about. */
  form: FormType;
  items: Item[];
};

/** The case a bundle wants: its type, its client's country, whether it has a receipt number yet. */
type Want = { types: CaseType[]; countries?: string[]; receipt?: boolean; passportDays?: number };

/** An I-864 or I-130A has no receipt of its own: it rides with the I-130. */
const noticeForm = (form: string): FormType =>
  form in FORM_TYPES && form !== 'I-864' && form !== 'I-130A' ? (form as FormType) : 'I-130';

function personOf(c: DemoCase, rng: Rng): Person {
  const words = c.clientName.trim().split(/\s+/);
  const given = c.clientFirstName ?? (words.slice(0, -1).join(' ') || words[0]);
  const surname = c.clientLastName ?? words[words.length - 1];
  return {
    full: c.clientName,
    given,
    surname,
    sex: WOMEN.has(given) ? 'F' : 'M',
    birthDate:
      c.clientBirthDate ??
      `${rng.int(1962, 1999)}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`,
    country: c.clientCountry ?? 'Mexico',
  };
}

function kitOf(c: DemoCase, key: string, today: string, want: Want): Kit {
  const rng = generator(hash(`${c.caseNumber}/${key}`));
  const client = personOf(c, rng);
  const job = EMPLOYERS[hash(c.caseNumber) % EMPLOYERS.length];
  const [title, duties] = rng.pick(job.jobs);
  const expires = want.passportDays ? addDays(today, want.passportDays) : addDays(today, rng.int(700, 2900));
  const letter = String.fromCharCode(65 + (hash(c.caseNumber) % 26));
  const form = noticeForm(c.formType);
  const address = c.clientAddress ?? `${rng.int(12, 980)} ${rng.pick(STREETS)} Street, ${rng.pick(TOWNS)}`;
  const receipt = c.receiptNumber && USCIS_RECEIPT.test(c.receiptNumber) ? c.receiptNumber : newReceipt(rng);
  return {
    c,
    client,
    rng,
    today,
    slug: slug(c.clientName),
    spouse: {
      full: SPOUSES[hash(c.caseNumber) % SPOUSES.length],
      birthDate: `${rng.int(1965, 1998)}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`,
      address,
    },
    address,
    employer: { ...job, title, duties },
    passport: { number: `${letter}${rng.digits(8)}`, issued: addDays(expires, -3652), expires },
    receipt,
    form,
    items: [],
  };
}

/** Adds a paper to the bundle, as a file of its format and category. */
function add(k: Kit, category: DocumentCategory, name: string, format: Format, paper: Paper) {
  k.items.push({ category, name: `${name}.${format === 'jpeg' ? 'jpg' : format}`, format, paper });
}

/** A receipt number as USCIS gives them: a service center and ten digits. */
const newReceipt = (rng: Rng) => `${rng.pick(['IOE', 'IOE', 'MSC', 'NBC'])}09${rng.digits(8)}`;

const minDay = (a: string, b: string) => (a < b ? a : b);
const maxDay = (a: string, b: string) => (a > b ? a : b);
const past = (k: Kit, min: number, max: number) => addDays(k.today, -k.rng.int(min, max));

function addPassport(k: Kit, format: Format = 'pdf') {
  add(k, 'evidence', `passport-${k.slug}`, format, passport(k.client, k.passport));
}

/** A notice about the case's own form carries the case's receipt number; another form's has its own. */
function addNotice(k: Kit, kind: NoticeFacts['kind'], format: Format = 'pdf', form = k.form) {
  const receiptNumber = form === k.form ? k.receipt : newReceipt(k.rng);
  const received = past(k, 120, 420);
  const noticeDate = kind === 'receipt' ? addDays(received, k.rng.int(3, 14)) : past(k, 10, 100);
  const label = { receipt: 'I-797C-receipt', approval: 'I-797-approval', rfe: 'I-797E-RFE' }[kind];
  add(
    k,
    'correspondence',
    `${label}-${receiptNumber}`,
    format,
    notice({
      kind,
      form,
      receiptNumber,
      received,
      noticeDate,
      beneficiary: k.client,
      petitioner: form === 'I-140' ? k.employer.name : k.spouse.full,
      firm: FIRM,
      about: k.c.caseType === 'family' ? 'marriage' : 'employment',
    }),
  );
  return noticeDate;
}

function addForm(k: Kit, form: CardForm) {
  const paper = uscisForm(form, {
    client: k.client,
    spouse: k.spouse,
    address: k.address,
    aNumber: k.c.clientANumber ?? null,
    passportNumber: k.passport.number,
    signed: past(k, 30, 200),
    // The underlying petition's receipt, when the case is that petition.
    receiptNumber: form === 'I-485' && k.form === 'I-130' ? k.receipt : null,
    income: k.rng.int(52, 118) * 1000,
    taxYear: Number(k.today.slice(0, 4)) - 1,
    caseType: k.c.caseType,
    firm: FIRM,
  });
  add(k, 'uscis-form', `Form-${form}-${k.slug}`, 'pdf', paper);
}

function birthFacts(k: Kit) {
  const names = DEMO_CLIENT_NAMES.find((n) => n.country === k.client.country);
  // Parents from the client's country, neither named as the client is.
  const men = names?.given.filter((name) => !WOMEN.has(name) && name !== k.client.given) ?? [];
  const women = names?.given.filter((name) => WOMEN.has(name) && name !== k.client.given) ?? [];
  return {
    registry: `${k.rng.int(1, 9)}${k.rng.digits(5)}`,
    registered: addDays(k.client.birthDate, k.rng.int(5, 60)),
    issued: past(k, 200, 900),
    father: `${men.length ? k.rng.pick(men) : 'Luis'} ${k.client.surname}`,
    mother: `${women.length ? k.rng.pick(women) : 'Ana'} ${names ? k.rng.pick(names.family) : 'López'}`,
    registrar: k.rng.pick(OFFICIALS),
  };
}

function addBirth(k: Kit, as: 'english' | 'spanish' | 'translated', format: Format = 'pdf') {
  const facts = birthFacts(k);
  if (as === 'english')
    add(k, 'evidence', `birth-certificate-${k.slug}`, format, birthCertificate(k.client, facts));
  else if (as === 'spanish')
    add(k, 'evidence', `acta-de-nacimiento-${k.slug}`, format, actaDeNacimiento(k.client, facts));
  else
    add(
      k,
      'evidence',
      `birth-certificate-${k.slug}-with-translation`,
      format,
      actaDeNacimiento(k.client, facts, { name: k.rng.pick(TRANSLATORS), on: past(k, 20, 120) }),
    );
}

function addMarriage(k: Kit, format: Format = 'pdf') {
  const married = past(k, 420, 1600);
  add(
    k,
    'evidence',
    `marriage-certificate-${k.slug}`,
    format,
    marriageCertificate(
      k.client,
      { full: k.spouse.full, birthDate: k.spouse.birthDate, birthplace: 'New York, USA' },
      {
        married,
        license: `M-${married.slice(0, 4)}-${k.rng.digits(5)}`,
        officiant: k.rng.pick(OFFICIANTS),
        issued: addDays(married, k.rng.int(20, 60)),
      },
    ),
  );
  return married;
}

/** A prior marriage, married at twenty at the earliest and dissolved two years or more later. */
function addDivorce(k: Kit) {
  const married = maxDay(past(k, 2800, 6200), addDays(k.client.birthDate, 7305));
  const entered = maxDay(past(k, 1900, 3200), addDays(married, 730));
  add(
    k,
    'evidence',
    `divorce-judgment-${k.slug}`,
    'pdf',
    divorceJudgment(k.client.full, k.rng.pick(FORMER_SPOUSES), {
      index: `${k.rng.int(50_100, 59_900)}/${entered.slice(0, 4)}`,
      married,
      entered,
      judge: k.rng.pick(JUDGES),
      county: k.rng.pick(['Kings', 'Queens', 'Bronx']),
    }),
  );
}

function addTax(k: Kit, format: Format = 'pdf', yearsBack = 1) {
  const year = Number(k.today.slice(0, 4)) - yearsBack;
  const wages = k.rng.int(3600, 9800) * 10;
  const joint = k.c.caseType === 'family';
  add(
    k,
    'evidence',
    `IRS-tax-return-transcript-${year}-${k.slug}`,
    format,
    taxTranscript(k.client, {
      year,
      requested: past(k, 5, 90),
      agi: wages + k.rng.int(20, 900),
      wages,
      filingStatus: joint ? 'Married Filing Joint' : 'Single',
      address: k.address,
      ssnLast4: k.rng.digits(4),
      tracking: `1080${k.rng.digits(8)}`,
    }),
  );
}

function addPayStub(k: Kit, format: Format = 'pdf') {
  const end = past(k, 3, 40);
  add(
    k,
    'evidence',
    `pay-stub-${end}-${k.slug}`,
    format,
    payStub(k.client, k.employer, {
      start: addDays(end, -13),
      end,
      rate: k.rng.int(2200, 5400) / 100,
      hours: 80,
      employeeId: `E${k.rng.digits(5)}`,
    }),
  );
}

function addEmploymentLetter(k: Kit, format: Format = 'pdf') {
  add(
    k,
    'evidence',
    `employment-letter-${k.slug}`,
    format,
    employmentLetter(k.client, k.employer, {
      date: past(k, 5, 60),
      since: past(k, 500, 3000),
      salary: k.rng.int(46, 135) * 1000,
    }),
  );
}

function addBankStatement(k: Kit, format: Format = 'pdf') {
  const end = past(k, 10, 45);
  const start = addDays(end, -30);
  const joint = k.c.caseType === 'family';
  const pay = k.rng.int(1900, 3600) + k.rng.int(0, 99) / 100;
  const on = (days: number) => addDays(start, days);
  add(
    k,
    'evidence',
    `bank-statement-${end.slice(0, 7)}-${k.slug}`,
    format,
    bankStatement(joint ? [k.client.full, k.spouse.full] : [k.client.full], BANKS[hash(k.c.caseNumber) % 3], {
      start,
      end,
      account: k.rng.digits(4),
      opening: k.rng.int(1200, 9800) + k.rng.int(0, 99) / 100,
      transactions: [
        [on(1), `Payroll deposit, ${k.employer.name}`, pay],
        [on(2), 'Rent payment, online transfer', -k.rng.int(1650, 2600)],
        [on(5), 'Electric and gas autopay', -(k.rng.int(6000, 16000) / 100)],
        [on(9), 'Grocery purchase, debit card', -(k.rng.int(4000, 19000) / 100)],
        [on(12), 'ATM withdrawal', -k.rng.pick([60, 100, 200])],
        [on(15), `Payroll deposit, ${k.employer.name}`, pay],
        [on(18), 'Mobile phone autopay', -(k.rng.int(4500, 9500) / 100)],
        [on(22), 'Transfer to savings', -k.rng.pick([200, 300, 500])],
        [on(27), 'Pharmacy purchase, debit card', -(k.rng.int(900, 4800) / 100)],
      ],
    }),
  );
}

function addI94(k: Kit, format: Format = 'pdf') {
  const entered = past(k, 200, 1400);
  const admission = { family: 'B2', asylum: 'B2', visa: 'H1B', citizenship: 'B2' }[k.c.caseType] ?? 'B2';
  add(
    k,
    'evidence',
    `I-94-${k.slug}`,
    format,
    i94(k.client, {
      record: `${k.rng.int(1, 9)}${k.rng.digits(10)}`,
      entered,
      admission,
      until: admission === 'B2' ? addDays(entered, 182) : addDays(entered, 1095),
      passportNumber: k.passport.number,
    }),
  );
  return entered;
}

/**
 * The bundles, each for one case: 89 documents over 15 cases. The first is the fullest, an evidence
 * package in the making; the others spread every kind of document over every type of case.
 */
const BUNDLES: Array<{ want: Want; make: (k: Kit) => void }> = [
  {
    want: { types: ['family'], countries: ENGLISH, receipt: true },
    make: (k) => {
      addPassport(k);
      addBirth(k, 'english');
      addMarriage(k);
      addNotice(k, 'receipt');
      addForm(k, 'I-130');
      addForm(k, 'I-864');
      addTax(k);
      addPayStub(k);
      addEmploymentLetter(k);
      addBankStatement(k);
      add(
        k,
        'legal-brief',
        `cover-letter-I-130-${k.slug}`,
        'docx',
        coverLetter(FIRM, { date: past(k, 30, 60), client: k.client, spouse: k.spouse.full, form: 'I-130' }),
      );
      // Uploaded twice: the analysis finds the duplicate by its SHA-256.
      k.items.push({ copyOf: 0, name: `passport-${k.slug}-copy.pdf` });
    },
  },
  {
    want: { types: ['family'], countries: SPANISH, receipt: true, passportDays: 75 },
    make: (k) => {
      addPassport(k);
      addBirth(k, 'spanish');
      addMarriage(k);
      addForm(k, 'I-130');
      addForm(k, 'I-485');
      addNotice(k, 'receipt');
      addTax(k);
    },
  },
  {
    want: { types: ['family'], countries: SPANISH, receipt: true },
    make: (k) => {
      addPassport(k);
      addBirth(k, 'translated');
      addMarriage(k, 'png');
      addForm(k, 'I-485');
      addForm(k, 'I-765');
      addForm(k, 'I-864');
      addNotice(k, 'receipt', 'png');
      addNotice(k, 'approval', 'pdf', 'I-130');
    },
  },
  {
    want: { types: ['family'], countries: ACCENTED, receipt: true },
    make: (k) => {
      addPassport(k);
      addDivorce(k);
      const married = addMarriage(k);
      addForm(k, 'I-130');
      addTax(k);
      addPayStub(k, 'jpeg');
      addBankStatement(k);
      add(
        k,
        'legal-brief',
        `brief-bona-fide-marriage-${k.slug}`,
        'docx',
        marriageBrief(FIRM, { date: past(k, 20, 50), client: k.client, spouse: k.spouse.full, married }),
      );
    },
  },
  {
    want: { types: ['family'], countries: SPANISH, receipt: true },
    make: (k) => {
      addPassport(k);
      addBirth(k, 'spanish', 'jpeg');
      addForm(k, 'I-130');
      addForm(k, 'I-864');
      addNotice(k, 'receipt');
      const noticeDate = addNotice(k, 'rfe');
      add(
        k,
        'legal-brief',
        `RFE-response-${k.receipt}`,
        'docx',
        rfeResponse(FIRM, {
          date: minDay(addDays(noticeDate, 30), k.today),
          client: k.client,
          receiptNumber: k.receipt,
          form: k.form,
          noticeDate,
        }),
      );
      addEmploymentLetter(k);
    },
  },
  {
    want: { types: ['family'], receipt: true },
    make: (k) => {
      addForm(k, 'I-485');
      addForm(k, 'I-765');
      addNotice(k, 'approval');
      addI94(k);
    },
  },
  {
    // No receipt number on the case yet: the analysis finds the one on its notice and links it.
    want: { types: ['family'], receipt: false },
    make: (k) => {
      addPassport(k);
      addForm(k, 'I-130');
      addNotice(k, 'receipt');
    },
  },
  {
    want: { types: ['citizenship'], countries: ACCENTED, receipt: true },
    make: (k) => {
      addForm(k, 'N-400');
      addPassport(k);
      addTax(k);
      addNotice(k, 'receipt');
      addDivorce(k);
    },
  },
  {
    want: { types: ['citizenship'], receipt: true, passportDays: 140 },
    make: (k) => {
      addForm(k, 'N-400');
      addPassport(k);
      addTax(k, 'png');
      addMarriage(k);
    },
  },
  {
    want: { types: ['citizenship'], receipt: true },
    make: (k) => {
      addForm(k, 'N-400');
      addNotice(k, 'receipt');
      addTax(k, 'pdf', 2);
      addPayStub(k);
    },
  },
  {
    want: { types: ['visa'], countries: ACCENTED, receipt: true },
    make: (k) => {
      addPassport(k);
      addI94(k);
      addEmploymentLetter(k);
      addPayStub(k);
      addForm(k, 'I-765');
      addNotice(k, 'receipt');
      addNotice(k, 'approval');
    },
  },
  {
    want: { types: ['visa'] },
    make: (k) => {
      addPassport(k);
      addI94(k, 'png');
      addEmploymentLetter(k, 'png');
      addPayStub(k);
      addBankStatement(k, 'jpeg');
      addForm(k, 'I-765');
    },
  },
  {
    want: { types: ['visa'], receipt: true },
    make: (k) => {
      addForm(k, 'I-765');
      addNotice(k, 'receipt');
      addNotice(k, 'rfe');
      addEmploymentLetter(k);
    },
  },
  {
    want: { types: ['asylum'], countries: ENGLISH },
    make: (k) => {
      addPassport(k);
      const entered = addI94(k);
      addBirth(k, 'english');
      addForm(k, 'I-765');
      addNotice(k, 'receipt', 'pdf', 'I-765');
      add(
        k,
        'legal-brief',
        `asylum-memorandum-${k.slug}`,
        'docx',
        asylumMemorandum(FIRM, { date: minDay(addDays(entered, 200), k.today), client: k.client, entered }),
      );
    },
  },
  {
    want: { types: ['asylum'], countries: ENGLISH },
    make: (k) => {
      addPassport(k);
      addNotice(k, 'approval', 'pdf', 'I-765');
      addBirth(k, 'english');
    },
  },
];

/** The bundle's case: the first (by a hash of case numbers) not taken that fits best, or any at all. */
function chooseCase(cases: DemoCase[], taken: Set<string>, want: Want, key: string): DemoCase {
  const order = [...cases].sort((a, b) => hash(`${key}/${a.caseNumber}`) - hash(`${key}/${b.caseNumber}`));
  const fits = [
    (c: DemoCase) =>
      want.types.includes(c.caseType as CaseType) &&
      (!want.countries || want.countries.includes(c.clientCountry ?? '')) &&
      (want.receipt === undefined || Boolean(c.receiptNumber) === want.receipt),
    (c: DemoCase) => want.types.includes(c.caseType as CaseType),
    () => true,
  ];
  for (const fit of fits) {
    const found = order.find((c) => !taken.has(c.id) && fit(c));
    if (found) return found;
  }
  return order[0];
}

/** The demo firm's 89 documents for its cases, the same files for the same cases and day. */
export async function demoDocumentFiles(cases: DemoCase[], today: string): Promise<DemoFile[]> {
  if (cases.length === 0) return [];
  const sorted = [...cases].sort((a, b) => (a.caseNumber < b.caseNumber ? -1 : 1));
  const taken = new Set<string>();
  const files: DemoFile[] = [];
  for (const [i, bundle] of BUNDLES.entries()) {
    const c = chooseCase(sorted, taken, bundle.want, `bundle-${i}`);
    taken.add(c.id);
    const kit = kitOf(c, `bundle-${i}`, today, bundle.want);
    bundle.make(kit);
    const made: DemoFile[] = [];
    for (const item of kit.items) {
      if ('copyOf' in item) {
        made.push({ ...made[item.copyOf], name: item.name });
        continue;
      }
      const bytes =
        item.format === 'pdf'
          ? await paperPdf(item.paper)
          : item.format === 'docx'
            ? await paperDocx(item.paper)
            : await paperScan(item.paper, item.format);
      made.push({ caseId: c.id, category: item.category, name: item.name, kind: item.format, bytes });
    }
    files.push(...made);
  }
  return files;
}
