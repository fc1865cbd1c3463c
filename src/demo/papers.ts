/**
 * The demo firm's papers, as the agencies, courts, employers and banks issue them: passports with their
 * machine-readable zone, USCIS notices and forms, civil records (some in Spanish), tax transcripts, pay
 * stubs, letters and bank statements, and the firm's own briefs. Made up, but true to the real ones in the
 * phrases and fields a reader (or the analysis) looks for. Every date is given: nothing here reads the clock.
 */
import type { Block, Paper } from '../pdf/paper';
import { FORM_TYPES, type FormType } from '../shared/cases';
import { addDays, formatDate } from '../shared/dates';

export type Person = {
  full: string;
  given: string;
  surname: string;
  sex: 'M' | 'F';
  /** ISO date. */
  birthDate: string;
  country: string;
};

export type Firm = { name: string; address: string; phone: string; email: string; attorney: string };

/** What the papers need to know of a country: its code, a city, its passport office, its civil records. */
export type Country = {
  code: string;
  /** The state's name in English, as its documents head them. */
  state: string;
  /** As passports and forms name its citizens. */
  nationality: string;
  city: string;
  authority: string;
  /** Birth records in Spanish: the heading lines of that country's. */
  spanishRecord?: [state: string, office: string, title: string];
};

export const COUNTRIES: Record<string, Country> = {
  Mexico: {
    code: 'MEX',
    state: 'United Mexican States',
    nationality: 'Mexican',
    city: 'Guadalajara, Jalisco',
    authority: 'Secretaría de Relaciones Exteriores',
    spanishRecord: ['ESTADOS UNIDOS MEXICANOS', 'REGISTRO CIVIL DEL ESTADO DE JALISCO', 'ACTA DE NACIMIENTO'],
  },
  India: {
    code: 'IND',
    state: 'Republic of India',
    nationality: 'Indian',
    city: 'Chennai',
    authority: 'Ministry of External Affairs',
  },
  China: {
    code: 'CHN',
    state: "People's Republic of China",
    nationality: 'Chinese',
    city: 'Guangzhou',
    authority: 'National Immigration Administration',
  },
  Philippines: {
    code: 'PHL',
    state: 'Republic of the Philippines',
    nationality: 'Filipino',
    city: 'Quezon City',
    authority: 'Department of Foreign Affairs',
  },
  Vietnam: {
    code: 'VNM',
    state: 'Socialist Republic of Viet Nam',
    nationality: 'Vietnamese',
    city: 'Hồ Chí Minh City',
    authority: 'Immigration Department',
  },
  Nigeria: {
    code: 'NGA',
    state: 'Federal Republic of Nigeria',
    nationality: 'Nigerian',
    city: 'Lagos',
    authority: 'Nigeria Immigration Service',
  },
  Ukraine: {
    code: 'UKR',
    state: 'Ukraine',
    nationality: 'Ukrainian',
    city: 'Kyiv',
    authority: 'State Migration Service',
  },
  'El Salvador': {
    code: 'SLV',
    state: 'Republic of El Salvador',
    nationality: 'Salvadoran',
    city: 'San Salvador',
    authority: 'Dirección General de Migración y Extranjería',
    spanishRecord: [
      'REPÚBLICA DE EL SALVADOR',
      'REGISTRO DEL ESTADO FAMILIAR, ALCALDÍA MUNICIPAL DE SAN SALVADOR',
      'PARTIDA DE NACIMIENTO',
    ],
  },
  Haiti: {
    code: 'HTI',
    state: 'Republic of Haiti',
    nationality: 'Haitian',
    city: 'Port-au-Prince',
    authority: "Direction de l'Immigration et de l'Émigration",
  },
  Afghanistan: {
    code: 'AFG',
    state: 'Afghanistan',
    nationality: 'Afghan',
    city: 'Kabul',
    authority: 'Ministry of Interior Affairs',
  },
  Brazil: {
    code: 'BRA',
    state: 'Federative Republic of Brazil',
    nationality: 'Brazilian',
    city: 'São Paulo',
    authority: 'Polícia Federal',
  },
  Colombia: {
    code: 'COL',
    state: 'Republic of Colombia',
    nationality: 'Colombian',
    city: 'Medellín, Antioquia',
    authority: 'Ministerio de Relaciones Exteriores',
    spanishRecord: [
      'REPÚBLICA DE COLOMBIA',
      'REGISTRADURÍA NACIONAL DEL ESTADO CIVIL',
      'REGISTRO CIVIL DE NACIMIENTO',
    ],
  },
  Ethiopia: {
    code: 'ETH',
    state: 'Federal Democratic Republic of Ethiopia',
    nationality: 'Ethiopian',
    city: 'Addis Ababa',
    authority: 'Immigration and Citizenship Service',
  },
  'South Korea': {
    code: 'KOR',
    state: 'Republic of Korea',
    nationality: 'Korean',
    city: 'Seoul',
    authority: 'Ministry of Foreign Affairs',
  },
  Guatemala: {
    code: 'GTM',
    state: 'Republic of Guatemala',
    nationality: 'Guatemalan',
    city: 'Quetzaltenango',
    authority: 'Instituto Guatemalteco de Migración',
    spanishRecord: [
      'REPÚBLICA DE GUATEMALA',
      'REGISTRO NACIONAL DE LAS PERSONAS (RENAP)',
      'CERTIFICADO DE NACIMIENTO',
    ],
  },
  Poland: {
    code: 'POL',
    state: 'Republic of Poland',
    nationality: 'Polish',
    city: 'Kraków',
    authority: 'Minister Spraw Wewnętrznych',
  },
};
/** ICAO's code for an unspecified nationality. */
const UNKNOWN_COUNTRY: Country = {
  code: 'XXX',
  state: 'Unknown',
  nationality: 'Unspecified',
  city: 'Unknown',
  authority: 'Unknown',
};
export const countryOf = (name: string) => COUNTRIES[name] ?? UNKNOWN_COUNTRY;

const MONTHS = `January February March April May June
  July August September October November December`.split(/\s+/);
const MESES = `enero febrero marzo abril mayo junio
  julio agosto septiembre octubre noviembre diciembre`.split(/\s+/);
const parts = (iso: string) => iso.split('-').map(Number) as [number, number, number];
/** "March 14, 2025" */
export const longDate = (iso: string) => {
  const [y, m, d] = parts(iso);
  return `${MONTHS[m - 1]} ${d}, ${y}`;
};
/** "14 MAR 2025", as passports print dates. */
const passportDate = (iso: string) => {
  const [y, m, d] = parts(iso);
  return `${String(d).padStart(2, '0')} ${MONTHS[m - 1].slice(0, 3).toUpperCase()} ${y}`;
};
/** "14 de marzo de 1988" */
const fechaLarga = (iso: string) => {
  const [y, m, d] = parts(iso);
  return `${d} de ${MESES[m - 1]} de ${y}`;
};
export const money = (dollars: number) =>
  `$${dollars.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const upper = (text: string) => text.toUpperCase();

/** ICAO 9303 check digit: weights 7, 3, 1; digits count as themselves, A–Z as 10–35, the filler < as 0. */
export function mrzCheckDigit(field: string): string {
  let sum = 0;
  for (let i = 0; i < field.length; i++) {
    const char = field[i];
    const value = char === '<' ? 0 : char <= '9' ? Number(char) : char.charCodeAt(0) - 55;
    sum += value * [7, 3, 1][i % 3];
  }
  return String(sum % 10);
}

/** A name as the zone writes it: Latin capitals only, accents dropped, other characters as fillers. */
function mrzName(name: string): string {
  return name
    .replace(/[Đđ]/g, 'D')
    .replace(/[Łł]/g, 'L')
    .replace(/ß/g, 'SS')
    .normalize('NFD')
    .replace(/[\u0300-\u036f']/g, '')
    .toUpperCase()
    .replace(/[^A-Z]+/g, '<');
}

const yymmdd = (iso: string) => iso.slice(2).replace(/-/g, '');

/** The two lines of a passport's machine-readable zone (TD3, 44 characters each), check digits included. */
export function passportZone(p: {
  issuingState: string;
  surname: string;
  givenNames: string;
  number: string;
  nationality: string;
  birthDate: string;
  sex: 'M' | 'F';
  expirationDate: string;
}): [string, string] {
  const line1 = `P<${p.issuingState}${mrzName(p.surname)}<<${mrzName(p.givenNames)}`
    .padEnd(44, '<')
    .slice(0, 44);
  const number = p.number.padEnd(9, '<');
  const birth = yymmdd(p.birthDate);
  const expiry = yymmdd(p.expirationDate);
  const personal = '<'.repeat(14);
  const withCheck = (field: string) => field + mrzCheckDigit(field);
  const composite = withCheck(number) + withCheck(birth) + withCheck(expiry) + withCheck(personal);
  const line2 =
    withCheck(number) +
    p.nationality +
    withCheck(birth) +
    p.sex +
    withCheck(expiry) +
    withCheck(personal) +
    mrzCheckDigit(composite);
  return [line1, line2];
}

export type PassportFacts = { number: string; issued: string; expires: string };

export function passport(person: Person, facts: PassportFacts): Paper {
  const country = countryOf(person.country);
  const zone = passportZone({
    issuingState: country.code,
    surname: person.surname,
    givenNames: person.given,
    number: facts.number,
    nationality: country.code,
    birthDate: person.birthDate,
    sex: person.sex,
    expirationDate: facts.expires,
  });
  return {
    title: `Passport ${facts.number}, ${person.full}`,
    issuer: country.authority,
    date: facts.issued,
    blocks: [
      { type: 'banner', text: `${upper(country.state)} · PASSPORT` },
      { type: 'center', text: 'PASSPORT', size: 18, bold: true },
      { type: 'space', size: 14 },
      {
        type: 'fields',
        columns: 2,
        rows: [
          ['Type', 'P'],
          ['Country Code', country.code],
          ['Passport No.', facts.number],
          ['Nationality', upper(country.nationality)],
          ['Surname', upper(person.surname)],
          ['Given Names', upper(person.given)],
          ['Date of Birth', passportDate(person.birthDate)],
          ['Sex', person.sex],
          ['Place of Birth', upper(country.city)],
          ['Authority', country.authority],
          ['Date of Issue', passportDate(facts.issued)],
          ['Date of Expiry', passportDate(facts.expires)],
        ],
      },
      { type: 'space', size: 40 },
      { type: 'rule' },
      { type: 'code', lines: zone },
    ],
  };
}

/** USCIS filing fees (paper filing, fee rule of April 2024) shown on receipt notices. */
const FEES: Partial<Record<FormType, number>> = {
  'I-90': 465,
  'I-129F': 675,
  'I-130': 675,
  'I-131': 630,
  'I-140': 715,
  'I-485': 1440,
  'I-751': 750,
  'I-765': 520,
  'N-400': 760,
};
/** Petitions name a petitioner and a beneficiary; applications an applicant. */
const PETITIONS: FormType[] = ['I-129F', 'I-130', 'I-140'];

export type NoticeFacts = {
  kind: 'receipt' | 'approval' | 'rfe';
  form: FormType;
  receiptNumber: string;
  received: string;
  noticeDate: string;
  /** The client, and for a petition the one who filed it. */
  beneficiary: Person;
  petitioner?: string;
  firm: Firm;
  /** What a Request for Evidence asks for: proof of a real marriage and the sponsor's income, or of the job. */
  about: 'marriage' | 'employment';
  /** Or these items, numbered in this order. */
  items?: string[];
};

const NOTICE_FORM = { receipt: 'I-797C', approval: 'I-797', rfe: 'I-797E' } as const;

export function notice(n: NoticeFacts): Paper {
  const form = NOTICE_FORM[n.kind];
  const petition = PETITIONS.includes(n.form);
  const parties: Array<[string, string]> = petition
    ? [
        ['Petitioner', upper(n.petitioner ?? n.firm.name)],
        ['Beneficiary', upper(n.beneficiary.full)],
      ]
    : [['Applicant', upper(n.beneficiary.full)]];
  const noun = petition ? 'petition' : 'application';
  const fee = FEES[n.form];
  const bodies: Record<NoticeFacts['kind'], Block[]> = {
    receipt: [
      {
        type: 'text',
        text: `We have received your ${noun} and fee and are processing it. We will notify you if we need more information. Keep this notice: include the receipt number above in every inquiry. If any of the information above is wrong, contact us right away.`,
      },
      ...(n.form === 'I-485'
        ? [
            {
              type: 'text',
              text: 'We will schedule your biometrics appointment at an Application Support Center and send you a notice with its date, time and place.',
            } as const,
          ]
        : []),
    ],
    approval: [
      { type: 'text', text: `The above ${noun} has been approved.` },
      {
        type: 'text',
        text:
          n.form === 'I-765'
            ? 'Your Employment Authorization Document will be mailed separately to the address we have on file. It shows how long you are authorized to work.'
            : 'This notice is not a visa and may not be used in place of one. Keep it with your records.',
      },
    ],
    rfe: [
      { type: 'heading', text: 'Request for Evidence' },
      {
        type: 'text',
        text: `We need more evidence before we can decide your ${noun}. Submit the evidence requested below, with a copy of this notice on top, so that we receive it by the response due date. If you do not respond by that date, we may decide your ${noun} on the record as it stands, and may deny it.`,
      },
      ...(n.items
        ? n.items.map((text, i) => ({ type: 'text', text: `${i + 1}. ${text}` }) as const)
        : n.about === 'employment'
          ? [
              {
                type: 'text',
                text: "1. Evidence of the beneficiary's current employment: a letter from the employer on its letterhead stating the position, hours and salary, and the three most recent pay stubs.",
              } as const,
            ]
          : [
              {
                type: 'text',
                text: '1. Evidence that the marriage was entered in good faith: joint bank statements, a joint lease or mortgage, and photographs of the couple together over time.',
              } as const,
              {
                type: 'text',
                text: "2. The sponsor's IRS tax return transcript for the most recent tax year, showing income at or above 125 percent of the Federal Poverty Guidelines for the household size (Form I-864).",
              } as const,
            ]),
      { type: 'fields', rows: [['Response Due Date', formatDate(addDays(n.noticeDate, 84))]] },
    ],
  };
  const body = bodies[n.kind];
  return {
    title: `${form}, Notice of Action, ${n.receiptNumber}`,
    issuer: 'U.S. Citizenship and Immigration Services',
    date: n.noticeDate,
    footer: `Form ${form}`,
    blocks: [
      { type: 'banner', text: 'THE UNITED STATES OF AMERICA' },
      { type: 'center', text: 'U.S. Department of Homeland Security' },
      { type: 'center', text: 'U.S. Citizenship and Immigration Services' },
      { type: 'center', text: `${form}, Notice of Action`, size: 15, bold: true },
      ...(n.kind === 'receipt'
        ? [
            {
              type: 'center',
              text: 'THIS NOTICE DOES NOT GRANT ANY IMMIGRATION STATUS OR BENEFIT.',
              size: 9,
              bold: true,
            } as const,
          ]
        : []),
      { type: 'rule' },
      {
        type: 'fields',
        columns: 2,
        rows: [
          ['Receipt Number', n.receiptNumber],
          ['Case Type', `${n.form} - ${upper(FORM_TYPES[n.form])}`],
          ['Received Date', formatDate(n.received)],
          ['Notice Date', formatDate(n.noticeDate)],
          ...parties,
          [
            'Notice Type',
            { receipt: 'Receipt Notice', approval: 'Approval Notice', rfe: 'Request for Evidence' }[n.kind],
          ],
          ['Page', '1 of 1'],
          ...(n.kind === 'receipt' && fee ? [['Amount Received', money(fee)] as [string, string]] : []),
        ],
      },
      { type: 'rule' },
      { type: 'text', text: [upper(n.firm.attorney), upper(n.firm.name), upper(n.firm.address)].join('\n') },
      { type: 'space' },
      ...body,
      { type: 'space' },
      {
        type: 'text',
        text: 'USCIS Contact Center: uscis.gov/contactcenter. Check the status of your case online at uscis.gov/casestatus.',
        size: 9,
      },
    ],
  };
}

export type I94Facts = {
  record: string;
  entered: string;
  admission: string;
  until: string;
  passportNumber: string;
};

export function i94(person: Person, facts: I94Facts): Paper {
  return {
    title: `Most Recent I-94, ${person.full}`,
    issuer: 'U.S. Customs and Border Protection',
    date: facts.entered,
    blocks: [
      { type: 'center', text: 'Most Recent I-94', size: 18, bold: true },
      { type: 'center', text: 'U.S. Customs and Border Protection · Arrival/Departure Record' },
      { type: 'rule' },
      {
        type: 'fields',
        rows: [
          ['Admission (I-94) Record Number', facts.record],
          ['Most Recent Date of Entry', formatDate(facts.entered)],
          ['Class of Admission', facts.admission],
          ['Admit Until Date', facts.until === 'D/S' ? 'D/S' : formatDate(facts.until)],
          ['Port of Entry', 'JFK - John F. Kennedy International Airport, NY'],
        ],
      },
      { type: 'heading', text: 'Details provided on the I-94 Information form' },
      {
        type: 'fields',
        rows: [
          ['Last/Surname', upper(person.surname)],
          ['First (Given) Name', upper(person.given)],
          ['Birth Date', formatDate(person.birthDate)],
          ['Document Number', facts.passportNumber],
          ['Country of Citizenship', person.country],
        ],
      },
      { type: 'space' },
      {
        type: 'text',
        text: 'Since April 26, 2013, DHS has automated the admission process: a person lawfully admitted or paroled into the United States no longer needs a paper Form I-94. This record of admission printed from the CBP website is a lawful record of admission (8 CFR 1.4(d)).',
        size: 9,
      },
    ],
  };
}

export type BirthFacts = {
  registry: string;
  registered: string;
  issued: string;
  father: string;
  mother: string;
  registrar: string;
};

export function birthCertificate(person: Person, facts: BirthFacts): Paper {
  const country = countryOf(person.country);
  return {
    title: `Certificate of Live Birth, ${person.full}`,
    issuer: `Civil Registry, ${person.country}`,
    date: facts.issued,
    blocks: [
      { type: 'center', text: upper(country.state), bold: true },
      { type: 'center', text: 'OFFICE OF THE CIVIL REGISTRAR · VITAL RECORDS' },
      { type: 'center', text: 'CERTIFICATE OF LIVE BIRTH', size: 17, bold: true },
      { type: 'rule' },
      {
        type: 'fields',
        rows: [
          ['Registry Number', facts.registry],
          ['Name of Child', person.full],
          ['Sex', person.sex === 'F' ? 'Female' : 'Male'],
          ['Date of Birth', longDate(person.birthDate)],
          ['Place of Birth', `${country.city}, ${person.country}`],
          ["Father's Name", facts.father],
          ["Mother's Maiden Name", facts.mother],
          ['Date of Registration', longDate(facts.registered)],
        ],
      },
      { type: 'space' },
      {
        type: 'text',
        text: 'This is to certify that the above is a true and correct copy of the record of birth on file in this office.',
      },
      {
        type: 'fields',
        rows: [
          ['Civil Registrar', facts.registrar],
          ['Date Issued', longDate(facts.issued)],
        ],
      },
    ],
  };
}

/** A birth record as a Spanish-speaking country issues it, and, if asked, its certified English translation. */
export function actaDeNacimiento(
  person: Person,
  facts: BirthFacts,
  translator?: { name: string; on: string },
): Paper {
  const country = countryOf(person.country);
  const [state, office, title] = country.spanishRecord ?? COUNTRIES.Mexico.spanishRecord!;
  const city = country.city;
  const blocks: Paper['blocks'] = [
    { type: 'center', text: state, bold: true },
    { type: 'center', text: office },
    { type: 'center', text: title, size: 17, bold: true },
    { type: 'rule' },
    {
      type: 'fields',
      columns: 2,
      rows: [
        ['Número de acta', facts.registry],
        ['Fecha de registro', fechaLarga(facts.registered)],
      ],
    },
    { type: 'heading', text: 'Datos de la persona registrada' },
    {
      type: 'fields',
      rows: [
        ['Nombre(s)', person.given],
        ['Apellidos', person.surname],
        ['Sexo', person.sex === 'F' ? 'Mujer' : 'Hombre'],
        ['Fecha de nacimiento', fechaLarga(person.birthDate)],
        ['Lugar de nacimiento', `${city}, ${person.country === 'Mexico' ? 'México' : person.country}`],
      ],
    },
    { type: 'heading', text: 'Datos de los padres' },
    {
      type: 'fields',
      rows: [
        ['Nombre del padre', facts.father],
        ['Nombre de la madre', facts.mother],
        ['Nacionalidad de ambos', country.nationality === 'Mexican' ? 'Mexicana' : 'Extranjera'],
      ],
    },
    { type: 'space' },
    {
      type: 'text',
      text: 'El suscrito Oficial del Registro Civil certifica que la presente es copia fiel del acta que obra en los archivos de esta oficina, y se expide a solicitud de la persona interesada para los fines legales que correspondan.',
    },
    {
      type: 'fields',
      rows: [
        ['Lugar y fecha de expedición', `${city}, a ${fechaLarga(facts.issued)}`],
        ['Oficial del Registro Civil', `Lic. ${facts.registrar}`],
      ],
    },
  ];
  if (translator)
    blocks.push(
      { type: 'page' },
      { type: 'center', text: 'CERTIFIED ENGLISH TRANSLATION', size: 15, bold: true },
      { type: 'center', text: 'Translated from Spanish' },
      { type: 'rule' },
      { type: 'center', text: upper(country.state), bold: true },
      { type: 'center', text: 'CIVIL REGISTRY · BIRTH CERTIFICATE', bold: true },
      {
        type: 'fields',
        rows: [
          ['Certificate Number', facts.registry],
          ['Date of Registration', longDate(facts.registered)],
          ['Given Name(s)', person.given],
          ['Surname(s)', person.surname],
          ['Sex', person.sex === 'F' ? 'Female' : 'Male'],
          ['Date of Birth', longDate(person.birthDate)],
          ['Place of Birth', `${city}, ${person.country}`],
          ["Father's Name", facts.father],
          ["Mother's Name", facts.mother],
        ],
      },
      {
        type: 'text',
        text: 'The undersigned Civil Registry Officer certifies that this is a true copy of the record kept in the archives of this office, issued at the request of the interested party for any legal purpose. [Seal of the Civil Registry] [Signature]',
      },
      { type: 'heading', text: "Translator's Certification" },
      {
        type: 'text',
        text: `I, ${translator.name}, certify that I am competent to translate from Spanish into English, and that the above English translation of the attached birth certificate of ${person.full} is complete and accurate to the best of my knowledge and ability.`,
      },
      {
        type: 'fields',
        rows: [
          ['Translator', translator.name],
          ['Address', '415 Lexington Avenue, Suite 1200, New York, NY 10017'],
          ['Signature', `/s/ ${translator.name}`],
          ['Date', formatDate(translator.on)],
        ],
      },
    );
  return {
    title: translator
      ? `${title} with certified English translation, ${person.full}`
      : `${title}, ${person.full}`,
    issuer: office,
    date: translator?.on ?? facts.issued,
    blocks,
  };
}

export function marriageCertificate(
  a: Person,
  b: { full: string; birthDate: string; birthplace: string },
  facts: { married: string; license: string; officiant: string; issued: string },
): Paper {
  return {
    title: `Certificate of Marriage Registration, ${a.full} and ${b.full}`,
    issuer: 'Office of the City Clerk, City of New York',
    date: facts.issued,
    blocks: [
      { type: 'center', text: 'THE CITY OF NEW YORK', bold: true },
      { type: 'center', text: 'OFFICE OF THE CITY CLERK · MARRIAGE BUREAU' },
      { type: 'center', text: 'CERTIFICATE OF MARRIAGE REGISTRATION', size: 16, bold: true },
      { type: 'rule' },
      { type: 'text', text: 'This is to certify that' },
      { type: 'center', text: upper(a.full), size: 13, bold: true },
      { type: 'center', text: 'and' },
      { type: 'center', text: upper(b.full), size: 13, bold: true },
      {
        type: 'text',
        text: `were united in marriage on ${longDate(facts.married)} in the Borough of Queens, City of New York, State of New York, as shown by the duly registered license and certificate of marriage on file in this office.`,
      },
      {
        type: 'fields',
        rows: [
          ['Date of Marriage', formatDate(facts.married)],
          ['Place of Marriage', 'Queens, New York'],
          ['Officiant', facts.officiant],
          ['Marriage License Number', facts.license],
          ['Spouse 1', `${a.full}, born ${formatDate(a.birthDate)} in ${a.country}`],
          ['Spouse 2', `${b.full}, born ${formatDate(b.birthDate)} in ${b.birthplace}`],
          ['Date Issued', formatDate(facts.issued)],
        ],
      },
      { type: 'space', size: 20 },
      { type: 'center', text: 'City Clerk of the City of New York' },
    ],
  };
}

export function divorceJudgment(
  plaintiff: string,
  defendant: string,
  facts: { index: string; married: string; entered: string; judge: string; county: string },
): Paper {
  return {
    title: `Judgment of Divorce, ${plaintiff} v. ${defendant}, Index No. ${facts.index}`,
    issuer: `Supreme Court of the State of New York, County of ${facts.county}`,
    date: facts.entered,
    blocks: [
      { type: 'center', text: 'SUPREME COURT OF THE STATE OF NEW YORK', bold: true },
      { type: 'center', text: `COUNTY OF ${upper(facts.county)}` },
      { type: 'rule' },
      { type: 'text', text: `${upper(plaintiff)}, Plaintiff,\n- against -\n${upper(defendant)}, Defendant.` },
      { type: 'fields', rows: [['Index No.', facts.index]] },
      { type: 'center', text: 'JUDGMENT OF DIVORCE', size: 16, bold: true },
      {
        type: 'text',
        text: `The Plaintiff commenced this action for divorce, the parties having been married on ${longDate(facts.married)}, and the Defendant having appeared and consented; upon the papers submitted, the Court finds that the relationship between the parties has broken down irretrievably for a period of at least six months.`,
      },
      {
        type: 'text',
        text: `ORDERED AND ADJUDGED that the marriage between the Plaintiff, ${plaintiff}, and the Defendant, ${defendant}, is hereby dissolved by reason of the irretrievable breakdown of the relationship, pursuant to Domestic Relations Law § 170(7); and it is further`,
      },
      {
        type: 'text',
        text: 'ORDERED AND ADJUDGED that neither party shall pay maintenance to the other, the parties having so agreed; and it is further',
      },
      { type: 'text', text: 'ORDERED AND ADJUDGED that each party may resume the use of any prior surname.' },
      { type: 'space', size: 16 },
      {
        type: 'fields',
        rows: [
          ['Dated', longDate(facts.entered)],
          ['ENTER', `Hon. ${facts.judge}, J.S.C.`],
        ],
      },
    ],
  };
}

export type TaxFacts = {
  year: number;
  requested: string;
  agi: number;
  wages: number;
  filingStatus: string;
  address: string;
  ssnLast4: string;
  tracking: string;
};

export function taxTranscript(person: Person, facts: TaxFacts): Paper {
  const irsDate = (iso: string) => formatDate(iso).replace(/\//g, '-');
  const deduction = facts.filingStatus === 'Married Filing Joint' ? 29_200 : 14_600;
  const taxable = Math.max(0, facts.agi - deduction);
  const tax = Math.round(taxable * 0.11);
  return {
    title: `Tax Return Transcript ${facts.year}, ${person.full}`,
    issuer: 'Internal Revenue Service',
    date: facts.requested,
    blocks: [
      { type: 'center', text: 'Internal Revenue Service', bold: true },
      { type: 'center', text: 'United States Department of the Treasury' },
      { type: 'center', text: 'This Product Contains Sensitive Taxpayer Data', size: 9 },
      { type: 'center', text: 'Tax Return Transcript', size: 16, bold: true },
      { type: 'rule' },
      {
        type: 'fields',
        columns: 2,
        rows: [
          ['Request Date', irsDate(facts.requested)],
          ['Response Date', irsDate(facts.requested)],
          ['Tracking Number', facts.tracking],
          ['SSN Provided', `XXX-XX-${facts.ssnLast4}`],
          ['Tax Period Ending', `Dec. 31, ${facts.year}`],
          ['Form Number', '1040'],
        ],
      },
      { type: 'space' },
      {
        type: 'fields',
        rows: [
          ['Name(s) Shown on Return', upper(person.full)],
          ['Address', upper(facts.address)],
          ['Filing Status', facts.filingStatus],
        ],
      },
      { type: 'heading', text: 'Income' },
      {
        type: 'table',
        head: ['Line', 'Amount'],
        widths: [0.7, 0.3],
        right: [1],
        rows: [
          ['Wages, salaries, tips, etc.', money(facts.wages)],
          ['Taxable interest income', money(facts.agi - facts.wages)],
          ['Total income', money(facts.agi)],
        ],
      },
      { type: 'heading', text: 'Adjustments to Income' },
      { type: 'fields', rows: [['Adjusted Gross Income', money(facts.agi)]] },
      { type: 'heading', text: 'Tax and Credits' },
      {
        type: 'table',
        head: ['Line', 'Amount'],
        widths: [0.7, 0.3],
        right: [1],
        rows: [
          ['Standard deduction', money(deduction)],
          ['Taxable income', money(taxable)],
          ['Total tax liability', money(tax)],
        ],
      },
    ],
  };
}

export type Employer = {
  name: string;
  address: string;
  phone: string;
  hr: string;
  title: string;
  duties: string;
};

export function payStub(
  person: Person,
  employer: Employer,
  facts: { start: string; end: string; rate: number; hours: number; employeeId: string },
): Paper {
  const gross = Math.round(facts.rate * facts.hours * 100) / 100;
  const periods = Math.max(
    1,
    Math.ceil((Number(facts.end.slice(5, 7)) - 1) * 2.17 + Number(facts.end.slice(8)) / 14),
  );
  const cut = (share: number) => Math.round(gross * share * 100) / 100;
  const deductions: Array<[string, number]> = [
    ['Federal Income Tax', cut(0.1)],
    ['Social Security', cut(0.062)],
    ['Medicare', cut(0.0145)],
    ['NY State Income Tax', cut(0.045)],
  ];
  const withheld = deductions.reduce((sum, [, amount]) => sum + amount, 0);
  const ytd = (amount: number) => money(Math.round(amount * periods * 100) / 100);
  return {
    title: `Earnings Statement ${formatDate(facts.end)}, ${person.full}`,
    issuer: employer.name,
    date: addDays(facts.end, 5),
    blocks: [
      { type: 'center', text: employer.name, size: 14, bold: true },
      { type: 'center', text: employer.address },
      { type: 'center', text: 'EARNINGS STATEMENT', size: 13, bold: true },
      { type: 'rule' },
      {
        type: 'fields',
        columns: 2,
        rows: [
          ['Employee', person.full],
          ['Employee ID', facts.employeeId],
          ['Pay Period', `${formatDate(facts.start)} - ${formatDate(facts.end)}`],
          ['Pay Date', formatDate(addDays(facts.end, 5))],
          ['Position', employer.title],
          ['Pay Frequency', 'Biweekly'],
        ],
      },
      { type: 'space' },
      {
        type: 'table',
        head: ['Earnings', 'Rate', 'Hours', 'Current', 'Year to Date'],
        widths: [0.3, 0.15, 0.15, 0.2, 0.2],
        right: [1, 2, 3, 4],
        rows: [['Regular Pay', money(facts.rate), facts.hours.toFixed(2), money(gross), ytd(gross)]],
      },
      {
        type: 'table',
        head: ['Deductions', 'Current', 'Year to Date'],
        widths: [0.6, 0.2, 0.2],
        right: [1, 2],
        rows: deductions.map(([label, amount]) => [label, money(amount), ytd(amount)]),
      },
      {
        type: 'fields',
        rows: [
          ['Gross Pay', money(gross)],
          ['Total Deductions', money(withheld)],
          ['Net Pay', money(Math.round((gross - withheld) * 100) / 100)],
        ],
      },
    ],
  };
}

export function employmentLetter(
  person: Person,
  employer: Employer,
  facts: { date: string; since: string; salary: number },
): Paper {
  const email = `hr@${employer.name
    .toLowerCase()
    .replace(/\b(inc|llc|corp)\b\.?/g, '')
    .replace(/[^a-z]+/g, '')}.example`;
  return {
    title: `Employment Verification Letter, ${person.full}`,
    issuer: employer.name,
    date: facts.date,
    blocks: [
      { type: 'center', text: employer.name, size: 15, bold: true },
      { type: 'center', text: `${employer.address} · ${employer.phone}` },
      { type: 'rule' },
      { type: 'text', text: longDate(facts.date) },
      { type: 'center', text: 'Employment Verification', bold: true },
      { type: 'text', text: 'To Whom It May Concern:' },
      {
        type: 'text',
        text: `This letter confirms that ${person.full} has been employed by ${employer.name} since ${longDate(facts.since)} in the position of ${employer.title}. ${person.given} works full-time, 40 hours per week, and is paid an annual salary of ${money(facts.salary)}.`,
      },
      {
        type: 'text',
        text: `${person.given}'s duties include ${employer.duties}. The position is permanent, and we expect the employment to continue.`,
      },
      {
        type: 'text',
        text: `We provide this letter at the employee's request, in support of an immigration application. Please contact me at ${employer.phone} or ${email} to verify any of it.`,
      },
      { type: 'text', text: 'Sincerely,' },
      { type: 'space', size: 16 },
      { type: 'text', text: `${employer.hr}\nHuman Resources Manager\n${employer.name}` },
    ],
  };
}

export function bankStatement(
  holders: string[],
  bank: { name: string; address: string },
  facts: {
    start: string;
    end: string;
    account: string;
    opening: number;
    transactions: Array<[date: string, description: string, amount: number]>;
  },
): Paper {
  let balance = facts.opening;
  const rows = facts.transactions.map(([date, description, amount]) => {
    balance = Math.round((balance + amount) * 100) / 100;
    return [formatDate(date), description, amount < 0 ? `-${money(-amount)}` : money(amount), money(balance)];
  });
  const deposits = facts.transactions.filter(([, , a]) => a > 0).reduce((sum, [, , a]) => sum + a, 0);
  const withdrawals = facts.transactions.filter(([, , a]) => a < 0).reduce((sum, [, , a]) => sum - a, 0);
  return {
    title: `Account Statement ${formatDate(facts.end)}, ${holders.join(' and ')}`,
    issuer: bank.name,
    date: addDays(facts.end, 2),
    blocks: [
      { type: 'center', text: bank.name, size: 15, bold: true },
      { type: 'center', text: bank.address },
      { type: 'center', text: 'ACCOUNT STATEMENT', size: 13, bold: true },
      { type: 'rule' },
      {
        type: 'fields',
        rows: [
          ['Account Holder', holders.map(upper).join(' and ')],
          ['Account Number', `XXXX XXXX ${facts.account}`],
          ['Account Type', holders.length > 1 ? 'Joint Everyday Checking' : 'Everyday Checking'],
          ['Statement Period', `${formatDate(facts.start)} - ${formatDate(facts.end)}`],
        ],
      },
      { type: 'heading', text: 'Account Summary' },
      {
        type: 'fields',
        columns: 2,
        rows: [
          ['Beginning Balance', money(facts.opening)],
          ['Deposits and Additions', money(deposits)],
          ['Withdrawals', money(withdrawals)],
          ['Ending Balance', money(balance)],
        ],
      },
      { type: 'heading', text: 'Transactions' },
      {
        type: 'table',
        head: ['Date', 'Description', 'Amount', 'Balance'],
        widths: [0.14, 0.54, 0.16, 0.16],
        right: [2, 3],
        rows,
      },
    ],
  };
}

/** The USCIS forms of SPEC's card, with their OMB control numbers. */
const OMB: Record<string, string> = {
  'I-130': '1615-0012',
  'I-485': '1615-0023',
  'I-765': '1615-0040',
  'I-864': '1615-0075',
  'N-400': '1615-0052',
};
export const CARD_FORM_CODES = ['I-130', 'I-485', 'I-765', 'I-864', 'N-400'] as const;
export type CardForm = (typeof CARD_FORM_CODES)[number];

export type FormFacts = {
  client: Person;
  /** The U.S. citizen spouse (petitioner, sponsor). */
  spouse: { full: string; birthDate: string; address: string };
  address: string;
  aNumber: string | null;
  passportNumber: string;
  signed: string;
  receiptNumber: string | null;
  income: number;
  taxYear: number;
  caseType: string;
  firm: Firm;
};

/** A filled USCIS form (its first pages: who, what for, and the signatures). */
export function uscisForm(form: CardForm, f: FormFacts): Paper {
  const c = f.client;
  const you = (who: Person): Array<[string, string]> => [
    ['Family Name (Last Name)', who.surname],
    ['Given Name (First Name)', who.given],
    ['Date of Birth (mm/dd/yyyy)', formatDate(who.birthDate)],
    ['Country of Birth', who.country],
    ['Country of Citizenship or Nationality', who.country],
    ['Alien Registration Number (A-Number)', f.aNumber ?? 'None'],
  ];
  const mailing: Array<[string, string]> = [['Mailing Address', f.address]];
  const partsOf: Record<CardForm, Block[]> = {
    'I-130': [
      {
        type: 'heading',
        text: 'Part 1. Relationship (You are the petitioner. Your relative is the beneficiary.)',
      },
      {
        type: 'fields',
        rows: [
          ['I am filing this petition for my', 'Spouse'],
          ['Did you gain lawful permanent resident status or citizenship through adoption?', 'No'],
        ],
      },
      { type: 'heading', text: 'Part 2. Information About You (Petitioner)' },
      {
        type: 'fields',
        rows: [
          ['Full Name', f.spouse.full],
          ['Date of Birth (mm/dd/yyyy)', formatDate(f.spouse.birthDate)],
          ['Citizenship', 'U.S. citizen by birth'],
          ['Mailing Address', f.spouse.address],
        ],
      },
      { type: 'heading', text: 'Part 4. Information About Beneficiary' },
      { type: 'fields', rows: [...you(c), ['Passport Number', f.passportNumber], ...mailing] },
    ],
    'I-485': [
      {
        type: 'heading',
        text: 'Part 1. Information About You (Person applying for lawful permanent residence)',
      },
      {
        type: 'fields',
        rows: [
          ...you(c),
          ['Passport Number', f.passportNumber],
          ['Sex', c.sex === 'F' ? 'Female' : 'Male'],
          ...mailing,
        ],
      },
      { type: 'heading', text: 'Part 2. Application Type or Filing Category' },
      {
        type: 'fields',
        rows: [
          ['Category', 'Family-based: immediate relative spouse of a U.S. citizen (Form I-130)'],
          ['Receipt Number of Underlying Petition', f.receiptNumber ?? 'Filed concurrently'],
        ],
      },
    ],
    'I-765': [
      { type: 'heading', text: 'Part 1. Reason for Applying' },
      { type: 'fields', rows: [['I am applying for', 'Initial permission to accept employment']] },
      { type: 'heading', text: 'Part 2. Information About You' },
      {
        type: 'fields',
        rows: [
          ...you(c),
          ...mailing,
          [
            'Eligibility Category',
            f.caseType === 'asylum'
              ? '(c)(8) pending asylum application'
              : '(c)(9) pending adjustment of status',
          ],
        ],
      },
    ],
    'I-864': [
      { type: 'heading', text: 'Part 1. Basis for Filing Affidavit of Support' },
      {
        type: 'fields',
        rows: [['I am the sponsor submitting this affidavit because', 'I am the petitioner']],
      },
      { type: 'heading', text: 'Part 2. Information About the Principal Immigrant' },
      { type: 'fields', rows: [...you(c), ...mailing] },
      { type: 'heading', text: 'Part 4. Information About You (Sponsor)' },
      {
        type: 'fields',
        rows: [
          ['Full Name', f.spouse.full],
          ['Date of Birth (mm/dd/yyyy)', formatDate(f.spouse.birthDate)],
          ['Mailing Address', f.spouse.address],
          ['Citizenship', 'U.S. citizen'],
        ],
      },
      { type: 'heading', text: "Part 6. Sponsor's Employment and Income" },
      {
        type: 'fields',
        rows: [
          ['My current individual annual income is', money(f.income)],
          [`Total income on my federal income tax return for ${f.taxYear}`, money(f.income)],
          ['Household size', '2'],
        ],
      },
    ],
    'N-400': [
      { type: 'heading', text: 'Part 1. Information About Your Eligibility' },
      {
        type: 'fields',
        rows: [['Reason for filing', 'General Provision: permanent resident for at least 5 years']],
      },
      { type: 'heading', text: 'Part 2. Information About You' },
      {
        type: 'fields',
        rows: [
          ...you(c),
          ['Date You Became a Lawful Permanent Resident (mm/dd/yyyy)', formatDate(addDays(f.signed, -2_030))],
          ...mailing,
        ],
      },
    ],
  };
  const parts = partsOf[form];
  const signer = form === 'I-130' || form === 'I-864' ? f.spouse.full : c.full;
  return {
    title: `Form ${form}, ${FORM_TYPES[form]}, ${c.full}`,
    issuer: f.firm.name,
    date: f.signed,
    footer: `Form ${form}`,
    blocks: [
      { type: 'center', text: 'Department of Homeland Security' },
      { type: 'center', text: 'U.S. Citizenship and Immigration Services' },
      { type: 'center', text: FORM_TYPES[form], size: 17, bold: true },
      { type: 'center', text: `USCIS Form ${form} · OMB No. ${OMB[form]}`, bold: true },
      { type: 'rule' },
      ...parts,
      { type: 'page' },
      { type: 'heading', text: 'Statement, Contact Information, Certification, and Signature' },
      {
        type: 'text',
        text: 'I certify, under penalty of perjury, that all of the information in my form and any document submitted with it were provided or authorized by me, that I reviewed and understand all of the information contained in, and submitted with, my form, and that all of this information is complete, true, and correct.',
      },
      {
        type: 'fields',
        rows: [
          ['Signature', `/s/ ${signer}`],
          ['Date of Signature (mm/dd/yyyy)', formatDate(f.signed)],
        ],
      },
      { type: 'heading', text: 'Preparer and Attorney (Form G-28 attached)' },
      {
        type: 'fields',
        rows: [
          ['Attorney', f.firm.attorney],
          ['Firm', f.firm.name],
          ['Address', f.firm.address],
          ['Telephone', f.firm.phone],
        ],
      },
    ],
  };
}

const letterhead = (firm: Firm, date: string): Paper['blocks'] => [
  { type: 'center', text: firm.name, size: 16, bold: true },
  { type: 'center', text: `${firm.address} · ${firm.phone} · ${firm.email}` },
  { type: 'rule' },
  { type: 'text', text: longDate(date) },
];
const signature = (firm: Firm, client: 'Petitioner' | 'Applicant'): Paper['blocks'] => [
  { type: 'text', text: 'Respectfully submitted,' },
  {
    type: 'text',
    text: `/s/ ${firm.attorney}\n${firm.attorney}, Esq.\n${firm.name}\nAttorney for the ${client}`,
  },
];

export function coverLetter(
  firm: Firm,
  f: { date: string; client: Person; spouse: string; form: FormType },
): Paper {
  return {
    title: `Cover letter, Form ${f.form}, ${f.client.full}`,
    issuer: firm.name,
    date: f.date,
    blocks: [
      ...letterhead(firm, f.date),
      { type: 'text', text: 'U.S. Citizenship and Immigration Services\nAttn: Family-Based Petitions' },
      {
        type: 'fields',
        rows: [
          ['RE', `Form ${f.form}, ${FORM_TYPES[f.form]}`],
          ['Petitioner', f.spouse],
          ['Beneficiary', f.client.full],
        ],
      },
      { type: 'text', text: 'Dear Sir or Madam:' },
      {
        type: 'text',
        text: `On behalf of the petitioner, ${f.spouse}, we submit the enclosed Form ${f.form} for the beneficiary, ${f.client.full}, with the filing fee and the evidence listed below. Please direct all notices to our office, as shown on the enclosed Form G-28.`,
      },
      { type: 'heading', text: 'Enclosures' },
      {
        type: 'text',
        text: [
          '1. Form G-28, Notice of Entry of Appearance as Attorney',
          `2. Form ${f.form}, signed, with the filing fee`,
          "3. Evidence of the petitioner's U.S. citizenship (birth certificate)",
          "4. The beneficiary's passport biographic page and birth certificate",
          '5. Certificate of marriage registration',
          '6. Evidence of a bona fide marriage: joint bank statements and lease',
          '7. Form I-864, Affidavit of Support, with IRS tax return transcripts and pay stubs',
        ].join('\n'),
      },
      { type: 'text', text: 'Thank you for your attention to this matter.' },
      ...signature(firm, 'Petitioner'),
    ],
  };
}

export function marriageBrief(
  firm: Firm,
  f: { date: string; client: Person; spouse: string; married: string },
): Paper {
  return {
    title: `Brief in support of Form I-130, ${f.client.full}`,
    issuer: firm.name,
    date: f.date,
    blocks: [
      ...letterhead(firm, f.date),
      { type: 'center', text: 'BRIEF IN SUPPORT OF FORM I-130, PETITION FOR ALIEN RELATIVE', bold: true },
      { type: 'center', text: `Petitioner: ${f.spouse} · Beneficiary: ${f.client.full}` },
      { type: 'heading', text: 'I. Introduction' },
      {
        type: 'text',
        text: `The petitioner, ${f.spouse}, a citizen of the United States, petitions for the beneficiary, ${f.client.full}, a citizen of ${f.client.country}, as the petitioner's spouse under INA § 201(b)(2)(A)(i). The parties married on ${longDate(f.married)} in Queens, New York. This brief shows that the marriage is legally valid and was entered in good faith.`,
      },
      { type: 'heading', text: 'II. The marriage is legally valid' },
      {
        type: 'text',
        text: "The certificate of marriage registration issued by the City Clerk of New York is enclosed. The beneficiary's prior marriage ended by a judgment of divorce entered before this marriage, also enclosed, so that each party was free to marry (8 CFR 204.2(a)(1)(i) and (a)(2)).",
      },
      { type: 'heading', text: 'III. The marriage was entered in good faith' },
      {
        type: 'text',
        text: 'The question is whether the parties intended to establish a life together when they married (Matter of Laureano, 19 I&N Dec. 1 (BIA 1983)). The regulation names the evidence that shows it: joint ownership of property, a joint lease, commingled finances, and other documents (8 CFR 204.2(a)(1)(iii)(B)). The enclosed joint bank statements, lease, tax return transcript filed jointly, and photographs taken over the course of the relationship show a shared life that began before the marriage and continues today.',
      },
      { type: 'heading', text: 'IV. Conclusion' },
      {
        type: 'text',
        text: 'The petitioner has established the claimed relationship by a preponderance of the evidence. We respectfully ask that the petition be approved.',
      },
      ...signature(firm, 'Petitioner'),
    ],
  };
}

export function rfeResponse(
  firm: Firm,
  f: { date: string; client: Person; receiptNumber: string; form: FormType; noticeDate: string },
): Paper {
  return {
    title: `Response to Request for Evidence, ${f.receiptNumber}`,
    issuer: firm.name,
    date: f.date,
    blocks: [
      ...letterhead(firm, f.date),
      { type: 'text', text: 'U.S. Citizenship and Immigration Services\nRequest for Evidence Response Unit' },
      {
        type: 'fields',
        rows: [
          ['RE', `Response to Request for Evidence dated ${formatDate(f.noticeDate)}`],
          ['Receipt Number', f.receiptNumber],
          ['Form', `${f.form}, ${FORM_TYPES[f.form]}`],
          ['Applicant', f.client.full],
        ],
      },
      { type: 'text', text: 'Dear Officer:' },
      {
        type: 'text',
        text: `We respond to the Request for Evidence issued on ${longDate(f.noticeDate)}, a copy of which is placed on top of this response as the notice instructs. Each item requested is answered below, in the order of the request.`,
      },
      { type: 'heading', text: 'Item 1' },
      {
        type: 'text',
        text: 'Enclosed are joint bank statements for the last twelve months, the parties’ joint residential lease, and photographs of the couple with family and friends over three years, which together show that the marriage was entered in good faith (8 CFR 204.2(a)(1)(iii)(B)).',
      },
      { type: 'heading', text: 'Item 2' },
      {
        type: 'text',
        text: "Enclosed is the sponsor's IRS tax return transcript for the most recent tax year, with a current employment verification letter and recent pay stubs. The sponsor's income exceeds 125 percent of the Federal Poverty Guidelines for a household of two (INA § 213A; 8 CFR 213a.2(c)).",
      },
      {
        type: 'text',
        text: 'With this evidence the record establishes eligibility. We respectfully ask that the application be approved.',
      },
      ...signature(firm, 'Applicant'),
    ],
  };
}

export function asylumMemorandum(firm: Firm, f: { date: string; client: Person; entered: string }): Paper {
  return {
    title: `Memorandum of law in support of Form I-589, ${f.client.full}`,
    issuer: firm.name,
    date: f.date,
    blocks: [
      ...letterhead(firm, f.date),
      { type: 'center', text: 'MEMORANDUM OF LAW IN SUPPORT OF THE APPLICATION FOR ASYLUM', bold: true },
      { type: 'center', text: `Applicant: ${f.client.full} · Form I-589` },
      { type: 'heading', text: 'I. The application is timely' },
      {
        type: 'text',
        text: `The applicant last entered the United States on ${longDate(f.entered)} and files within one year of that arrival, as INA § 208(a)(2)(B) and 8 CFR 208.4(a)(2) require.`,
      },
      { type: 'heading', text: 'II. The legal standard' },
      {
        type: 'text',
        text: 'An applicant is a refugee who is unable or unwilling to return to the country of nationality because of persecution or a well-founded fear of persecution on account of race, religion, nationality, membership in a particular social group, or political opinion (INA § 101(a)(42)(A); INA § 208(b)(1)). A fear is well founded even where the chance of persecution is well below fifty percent (INS v. Cardoza-Fonseca, 480 U.S. 421 (1987)).',
      },
      { type: 'heading', text: 'III. Application to the facts' },
      {
        type: 'text',
        text: "The applicant's declaration, the corroborating letters and the country conditions reports enclosed show past harm inflicted on account of a protected ground, which raises a presumption of a well-founded fear of future persecution (8 CFR 208.13(b)(1)). Internal relocation is not reasonable, for the reasons set out in the declaration.",
      },
      { type: 'heading', text: 'IV. Conclusion' },
      {
        type: 'text',
        text: 'The applicant meets the definition of a refugee and merits asylum in the exercise of discretion.',
      },
      ...signature(firm, 'Applicant'),
    ],
  };
}
