import { DOCUMENT_TYPES } from '../../src/shared/documents';
import { analyzeText, type AnalysisContext } from '../../src/documents/analysis/analyze';
import { sameName } from '../../src/documents/analysis/names';
import { DOCUMENT_RULES } from '../../src/documents/analysis/rules';
import type { ExtractedText } from '../../src/documents/analysis/text';
import { passportMrzLines, type PassportMrz } from '../helpers/files';

const TODAY = '2026-11-20';

function analyze(text: string, context: Partial<AnalysisContext> = {}, input: Partial<ExtractedText> = {}) {
  return analyzeText({ text, method: 'pdf-text', pages: 1, ...input }, { today: TODAY, ...context });
}
const ruleIds = (a: ReturnType<typeof analyze>) => a.findings.map((f) => f.ruleId);

const RECEIPT_NOTICE = `U.S. DEPARTMENT OF HOMELAND SECURITY
U.S. Citizenship and Immigration Services
I-797C, Notice of Action
THE UNITED STATES OF AMERICA
Receipt Number            Case Type
IOE0912345678             I-485 - APPLICATION TO REGISTER PERMANENT RESIDENCE OR ADJUST STATUS
Received Date             Priority Date            Page
02/20/2024                                         1 of 1
Notice Date
03/04/2024
Applicant  A# 123-456-789
MARIA GARCIA LOPEZ
Notice Type: Receipt Notice
We have received your form and are processing it.`;

const PASSPORT: PassportMrz = {
  surname: 'García López',
  givenNames: 'María Elena',
  documentNumber: 'G12345678',
  nationality: 'MEX',
  birthDate: '1990-05-15',
  expirationDate: '2031-02-20',
  sex: 'F',
};

function passportText(overrides: Partial<PassportMrz> = {}, zone?: [string, string]): string {
  const p = { ...PASSPORT, ...overrides };
  return [
    'ESTADOS UNIDOS MEXICANOS / UNITED MEXICAN STATES',
    'PASAPORTE / PASSPORT',
    'Surname / Apellidos: GARCIA LOPEZ',
    'Given names / Nombres: MARIA ELENA',
    'Nationality / Nacionalidad: MEXICANA',
    ...(zone ?? passportMrzLines(p)),
  ].join('\n');
}

const SPANISH_BIRTH_CERTIFICATE = `ACTA DE NACIMIENTO
Estados Unidos Mexicanos
Registro Civil
En la ciudad de Guadalajara, Jalisco, se registró el nacimiento de:
Nombre: Juan Pérez García
Fecha de nacimiento: 15 de enero de 1990
Lugar de nacimiento: Guadalajara, Jalisco
Nombre del padre: José Pérez Ramírez
Nombre de la madre: Ana García Soto
El Oficial del Registro Civil certifica que los datos son correctos.`;

const TAX_TRANSCRIPT = `This Product Contains Sensitive Taxpayer Data
Request Date: 04-15-2025
Tax Return Transcript
SSN Provided: XXX-XX-1234
Tax Period Requested: December, 2023
Form Number: 1040
FILING STATUS: Married Filing Joint
ADJUSTED GROSS INCOME: $52,345.00
TAXABLE INCOME: $24,645.00
Taxpayer: JOHN A SMITH`;

describe('document types, each with the evidence that decided it', () => {
  const cases: [keyof typeof DOCUMENT_TYPES, string, string[]][] = [
    ['passport', passportText(), ['machine-readable zone (TD3)', 'PASSPORT']],
    ['i797-receipt', RECEIPT_NOTICE, ['I-797C', 'Notice of Action', 'Receipt Notice']],
    [
      'i797-approval',
      'I-797A, Notice of Action\nApproval Notice\nReceipt Number WAC2190123456\nCase Type: I-129F PETITION FOR ALIEN FIANCE(E)\nNotice Date: June 5, 2025\nThe above petition has been approved.',
      ['I-797A', 'Approval Notice', 'petition has been approved'],
    ],
    [
      'i797-rfe',
      'I-797E, Notice of Action\nRequest for Evidence\nReceipt Number MSC2190123456\nCase Type: I-130 PETITION FOR ALIEN RELATIVE\nNotice Date: 01/10/2025\nSubmit the requested evidence by April 4, 2025.',
      ['Request for Evidence', 'I-797E'],
    ],
    [
      'i797-transfer',
      'I-797C, Notice of Action\nTransfer Notice\nReceipt Number EAC2190123456\nNotice Date: 09/12/2025\nYour case has been transferred to the National Benefits Center.',
      ['Transfer Notice', 'has been transferred'],
    ],
    [
      'i94',
      'Most Recent I-94\nAdmission (I-94) Record Number: 123456789A1\nMost Recent Date of Entry: 2024 March 03\nClass of Admission: B2\nAdmit Until Date: 09/02/2024\nDetails provided on the I-94 information form',
      ['Most Recent I-94', 'Class of Admission', 'Admit Until Date'],
    ],
    ['birth-certificate', SPANISH_BIRTH_CERTIFICATE, ['ACTA DE NACIMIENTO', 'Registro Civil']],
    [
      'birth-certificate',
      "STATE OF TEXAS\nCERTIFICATE OF BIRTH\nChild's Name: Emily Rose Carter\nDate of Birth: 07/04/2015\nPlace of Birth: Austin, Travis County\nMother's Maiden Name: Laura Jean Miller\nFather's Name: Daniel Carter\nLocal Registrar",
      ['CERTIFICATE OF BIRTH', 'Place of Birth'],
    ],
    [
      'marriage-certificate',
      'CERTIFICATE OF MARRIAGE\nThis certifies that\nBride: Anna Kowalski\nGroom: Peter Novak\nwere united in marriage on June 14, 2019 in Reno, Nevada.\nOfficiant: Rev. James Hill',
      ['CERTIFICATE OF MARRIAGE', 'united in marriage'],
    ],
    [
      'divorce-decree',
      'SUPERIOR COURT OF CALIFORNIA, COUNTY OF LOS ANGELES\nJUDGMENT OF DISSOLUTION\nPetitioner: Carla Mendes\nRespondent: Paul Mendes\nIT IS ORDERED that the marriage of the parties is hereby dissolved.',
      ['JUDGMENT OF DISSOLUTION', 'IT IS ORDERED'],
    ],
    ['tax-return', TAX_TRANSCRIPT, ['Tax Return Transcript', 'ADJUSTED GROSS INCOME']],
    [
      'pay-stub',
      'ACME LOGISTICS INC.\nEarnings Statement\nEmployee Name: John Smith\nPay Period: 10/01/2025 - 10/15/2025\nPay Date: 10/20/2025\nGross Pay 2,500.00   YTD 47,500.00\nNet Pay 1,890.12',
      ['Earnings Statement', 'Pay Period', 'Gross Pay', 'Net Pay'],
    ],
    [
      'employment-letter',
      'To Whom It May Concern:\nThis letter confirms that Maria Garcia has been employed by Acme Logistics Inc. since March 1, 2021 in the position of Senior Analyst, full-time, with an annual salary of $85,000.\nSincerely,\nHuman Resources',
      ['To Whom It May Concern', 'has been employed', 'annual salary'],
    ],
    [
      'bank-statement',
      'First National Bank\nAccount Statement\nStatement Period: 09/01/2025 to 09/30/2025\nAccount Number: ****4321\nBeginning Balance $4,210.55\nDeposits 3,000.00\nWithdrawals 1,250.10\nEnding Balance $5,960.45',
      ['Account Statement', 'Statement Period', 'Beginning Balance', 'Ending Balance'],
    ],
    [
      'uscis-form',
      'Petition for Alien Relative\nDepartment of Homeland Security\nU.S. Citizenship and Immigration Services\nUSCIS Form I-130\nOMB No. 1615-0012\nFor USCIS Use Only\nPart 1. Relationship\nPart 2. Information About You (Petitioner)',
      ['Petition for Alien Relative', 'OMB No. 1615-0012', 'For USCIS Use Only'],
    ],
  ];

  test.each(cases)('%s', (type, text, evidence) => {
    const analysis = analyze(text);
    expect(analysis.type).toBe(type);
    expect(analysis.confidence).toBeGreaterThanOrEqual(0.5);
    expect(analysis.confidence).toBeLessThanOrEqual(1);
    for (const phrase of evidence) expect(analysis.evidence).toContain(phrase);
  });

  test('a USCIS form names which form it is; OCR\'s "1-485" is read as I-485', () => {
    const analysis = analyze(
      'Form 1-485\nApplication to Register Permanent Residence or Adjust Status\nOMB No. 1615-0023\nFor USCIS Use Only\nPart 1. Information About You',
    );
    expect(analysis.type).toBe('uscis-form');
    expect(analysis.fields.formNumber).toBe('I-485');
    expect(analysis.evidence).toContain('Application to Register Permanent Residence or Adjust Status');
  });

  test('an N-400 read by OCR as "N-4OO"', () => {
    const analysis = analyze(
      'Form N-4OO\nApplication for Naturalization\nOMB No. 1615-0052\nFor USCIS Use Only',
    );
    expect(analysis.fields.formNumber).toBe('N-400');
  });

  test('a text with no telling signs is "other", with no evidence', () => {
    const analysis = analyze(
      'Grocery list: apples, bread, milk, coffee and a birthday card for Sam. Pick up at 5 pm.',
    );
    expect(analysis.type).toBe('other');
    expect(analysis.evidence).toEqual([]);
  });

  test('the same text always gives the same analysis', () => {
    expect(analyze(RECEIPT_NOTICE, { clientName: 'Ana Ruiz' })).toEqual(
      analyze(RECEIPT_NOTICE, { clientName: 'Ana Ruiz' }),
    );
  });
});

describe('I-797 notices', () => {
  test('a receipt notice as OCR reads it: "1-797C", "I0E…" and a tabular notice date', () => {
    const ocrText = RECEIPT_NOTICE.replace('I-797C', '1-797C')
      .replace('IOE0912345678', 'I0E09123456 78')
      .replace('I-485', '1-485');
    const analysis = analyze(ocrText, {}, { method: 'ocr', ocrConfidence: 91 });
    expect(analysis.type).toBe('i797-receipt');
    expect(analysis.fields.noticeType).toBe('receipt');
    expect(analysis.fields.receiptNumbers).toEqual(['IOE0912345678']);
    expect(analysis.fields.noticeDate).toBe('2024-03-04');
    expect(analysis.fields.formNumber).toBe('I-485');
    expect(analysis.fields.aNumbers).toEqual(['A123456789']);
    expect(analysis.fields.names).toEqual(['MARIA GARCIA LOPEZ']);
    expect(analysis.evidence).toContain('I-797C');
    expect(analysis.evidence).toContain('receipt number IOE0912345678');
    expect(analysis.ocrConfidence).toBe(91);
    expect(analysis.textMethod).toBe('ocr');
  });

  test('a request for evidence', () => {
    const analysis = analyze(
      'Department of Homeland Security\nI-797E, Notice of Action\nREQUEST FOR EVIDENCE\nReceipt Number: LIN-21-901-23456\nCase Type: I-140 IMMIGRANT PETITION FOR ALIEN WORKER\nNotice Date: February 3, 2025\nBeneficiary: RAVI KUMAR SHARMA',
    );
    expect(analysis.type).toBe('i797-rfe');
    expect(analysis.fields.noticeType).toBe('rfe');
    expect(analysis.fields.receiptNumbers).toEqual(['LIN2190123456']);
    expect(analysis.fields.noticeDate).toBe('2025-02-03');
    expect(analysis.fields.formNumber).toBe('I-140');
    expect(analysis.fields.names).toEqual(['RAVI KUMAR SHARMA']);
  });

  test('receipt numbers of every service center, and none from a look-alike', () => {
    const analysis = analyze(
      'Receipt Number IOE0912345678, EAC1512345678, WAC1612345678, LIN1712345678, SRC1812345678, MSC1912345678, NBC2012345678, YSC2112345678; not ABC1234567890 nor EAC12345678901',
    );
    expect(analysis.fields.receiptNumbers).toEqual([
      'IOE0912345678',
      'EAC1512345678',
      'WAC1612345678',
      'LIN1712345678',
      'SRC1812345678',
      'MSC1912345678',
      'NBC2012345678',
      'YSC2112345678',
    ]);
  });
});

describe('receipt numbers of every office', () => {
  test("the service centers' newer names and the asylum offices", () => {
    const analysis = analyze(
      'Receipts VSC2512345678, CSC2512345678, NSC2512345678, TSC2512345678; asylum ZLA2512345678, ZNY2512345678, ZAR2512345678, ZCH2512345678, ZHN2512345678, ZMI2512345678, ZNK2512345678, ZSF2512345678',
    );
    expect(analysis.fields.receiptNumbers).toEqual([
      'VSC2512345678',
      'CSC2512345678',
      'NSC2512345678',
      'TSC2512345678',
      'ZLA2512345678',
      'ZNY2512345678',
      'ZAR2512345678',
      'ZCH2512345678',
      'ZHN2512345678',
      'ZMI2512345678',
      'ZNK2512345678',
      'ZSF2512345678',
    ]);
  });

  test("an asylum office's receipt misread by OCR is made whole", () => {
    expect(analyze('Receipt Number: Z1A 2512345678').fields.receiptNumbers).toEqual(['ZLA2512345678']);
  });
});

describe("passports: the machine-readable zone and the passport's validity", () => {
  test('a valid zone gives the number, nationality, expiry and name, every check digit agreeing', () => {
    const analysis = analyze(passportText());
    expect(analysis.fields.passportZone).toEqual({
      documentNumber: 'G12345678',
      surname: 'GARCIA LOPEZ',
      givenNames: 'MARIA ELENA',
      nationality: 'MEX',
      issuingState: 'MEX',
      birthDate: '1990-05-15',
      sex: 'female',
      expirationDate: '2031-02-20',
      valid: true,
      invalidFields: [],
    });
    expect(analysis.fields.passportNumber).toBe('G12345678');
    expect(analysis.fields.nationality).toBe('MEX');
    expect(analysis.fields.expirationDate).toBe('2031-02-20');
    expect(analysis.fields.names).toEqual(['MARIA ELENA GARCIA LOPEZ']);
    expect(analysis.findings).toEqual([]);
  });

  test('a zone with a wrong check digit is reported invalid and its data are not trusted', () => {
    const [line1, line2] = passportMrzLines(PASSPORT);
    // The passport number's first digit changed: its check digit (and the composite one) no longer agree.
    const tampered: [string, string] = [line1, `G2${line2.slice(2)}`];
    const analysis = analyze(passportText({}, tampered));
    expect(analysis.fields.passportZone?.valid).toBe(false);
    expect(analysis.fields.passportZone?.invalidFields).toEqual(['documentNumber', 'composite']);
    expect(analysis.fields.passportNumber).toBeUndefined();
    expect(analysis.fields.expirationDate).toBeUndefined();
    const [zoneFinding] = analysis.findings;
    expect(zoneFinding).toMatchObject({
      ruleId: 'mrz-check-digit',
      severity: 'danger',
      citation: expect.stringContaining('ICAO Doc 9303'),
    });
    expect(zoneFinding.message).toContain('passport number, whole zone (composite check)');
    // Read by OCR, a misreading is the likelier cause: a warning, which says so.
    const scanned = analyze(passportText({}, tampered), {}, { method: 'ocr', ocrConfidence: 90 });
    expect(scanned.findings[0]).toMatchObject({ ruleId: 'mrz-check-digit', severity: 'warning' });
    expect(scanned.findings[0].message).toContain('OCR may have misread the zone');
  });

  test('expiring in five months (of today) is a warning; in seven months, nothing', () => {
    const soon = analyze(passportText({ expirationDate: '2027-04-20' }));
    expect(ruleIds(soon)).toEqual(['passport-validity-6-months']);
    expect(soon.findings[0]).toMatchObject({
      severity: 'warning',
      message: expect.stringContaining('expires on 04/20/2027, within six months of today (11/20/2026)'),
      citation: expect.stringContaining('8 CFR 214.1(a)(3)(i)'),
      sourceUrl: 'https://www.ecfr.gov/current/title-8/section-214.1',
    });
    expect(ruleIds(analyze(passportText({ expirationDate: '2027-06-20' })))).toEqual([]);
  });

  test("valid for seven months from today, but within six months of the case's due date", () => {
    const analysis = analyze(passportText({ expirationDate: '2027-06-20' }), { caseDueDate: '2027-01-15' });
    expect(ruleIds(analysis)).toEqual(['passport-validity-6-months']);
    expect(analysis.findings[0].message).toContain("within six months of the case's due date (01/15/2027)");
    expect(
      ruleIds(analyze(passportText({ expirationDate: '2027-06-20' }), { caseDueDate: '2026-12-01' })),
    ).toEqual([]);
  });

  test('an expired passport is a danger', () => {
    const analysis = analyze(passportText({ expirationDate: '2026-10-01' }));
    expect(analysis.findings[0]).toMatchObject({
      ruleId: 'passport-expired',
      severity: 'danger',
      message: expect.stringContaining('expired on 10/01/2026'),
    });
  });

  test('on an asylum matter (I-589) a passport is never a renewal prompt', () => {
    const expired = analyze(passportText({ expirationDate: '2026-10-01' }), { caseForm: 'I-589' });
    expect(expired.findings).toEqual([
      expect.objectContaining({
        ruleId: 'passport-expired',
        severity: 'info',
        message:
          'The passport expired on 10/01/2026. On an asylum matter it remains evidence of identity; do not ask the client to renew it.',
      }),
    ]);
    expect(ruleIds(analyze(passportText({ expirationDate: '2027-04-20' }), { caseForm: 'I-589' }))).toEqual(
      [],
    );
    // Elsewhere the six months concern travel and admission, not the filing.
    expect(analyze(passportText({ expirationDate: '2027-04-20' })).findings[0].message).toContain(
      'Travel or a nonimmigrant admission needs it renewed first; the filing itself does not.',
    );
  });

  test("OCR's O for 0 in the passport number is undone by the check digits, and the reading kept", () => {
    const [first, second] = passportMrzLines({ ...PASSPORT, documentNumber: 'G10345078' });
    const misread = `G1O${second.slice(3)}`;
    const analysis = analyze(passportText({}, [first, misread]), {}, { method: 'ocr', ocrConfidence: 80 });
    expect(analysis.fields.passportZone).toMatchObject({
      documentNumber: 'G10345078',
      numberAsRead: 'G1O345078',
      valid: true,
    });
    expect(analysis.fields.passportNumber).toBe('G10345078');
    expect(ruleIds(analysis)).not.toContain('mrz-check-digit');
    // A number no reading makes agree stays as read, and fails.
    const wrong = analyze(passportText({}, [first, `G1X${second.slice(3)}`]), {}, { method: 'ocr' });
    expect(wrong.fields.passportZone).toMatchObject({ valid: false });
    expect(wrong.fields.passportZone?.numberAsRead).toBeUndefined();
  });

  test('without a zone, the printed expiry counts', () => {
    const analysis = analyze(
      'PASSPORT\nPassport No: X1234567\nSurname: SMITH\nGiven Names: JOHN\nDate of Expiry: 15 MAR 2027',
    );
    expect(analysis.type).toBe('passport');
    expect(analysis.fields.passportNumber).toBe('X1234567');
    expect(analysis.fields.expirationDate).toBe('2027-03-15');
    expect(analysis.fields.names).toEqual(['JOHN SMITH']);
    expect(ruleIds(analysis)).toEqual(['passport-validity-6-months']);
  });
});

describe('documents in other languages need a certified translation', () => {
  test('a Spanish birth certificate without a translation in the case', () => {
    const analysis = analyze(SPANISH_BIRTH_CERTIFICATE);
    expect(analysis.fields.language).toBe('es');
    expect(analysis.fields.names).toEqual(['Juan Pérez García', 'José Pérez Ramírez', 'Ana García Soto']);
    expect(analysis.fields.dates).toEqual(['1990-01-15']);
    expect(analysis.findings).toEqual([
      {
        ruleId: 'certified-translation-required',
        severity: 'warning',
        title: 'Certified English translation needed',
        message: expect.stringContaining('The document is in Spanish and the case has no translation of it.'),
        citation: '8 CFR 103.2(b)(3)',
        sourceUrl: 'https://www.ecfr.gov/current/title-8/section-103.2#p-103.2(b)(3)',
      },
    ]);
  });

  test('no finding when the case has a translation, or the text carries the translator’s certification', () => {
    expect(analyze(SPANISH_BIRTH_CERTIFICATE, { caseHasTranslation: true }).findings).toEqual([]);
    const withCertificate = `${SPANISH_BIRTH_CERTIFICATE}\nCERTIFICATION: I, Laura Díaz, certify that I am competent to translate from Spanish into English and that the attached translation is complete and accurate.`;
    expect(ruleIds(analyze(withCertificate))).toEqual([]);
  });

  test('English documents, and texts too short to tell, need none', () => {
    const letter = analyze(
      'To Whom It May Concern:\nThis letter confirms that Maria Garcia has been employed by Acme Logistics Inc. since March 1, 2021 in the position of Senior Analyst. She works full-time and is paid an annual salary of $85,000.',
    );
    expect(letter.fields.language).toBe('en');
    expect(ruleIds(letter)).toEqual([]);
    expect(ruleIds(analyze(TAX_TRANSCRIPT))).toEqual([]);
    expect(analyze('Gross Pay 2,500.00 Net Pay 1,890.12').fields.language).toBeUndefined();
  });

  test('French and Portuguese records are recognised too', () => {
    const french = analyze(
      "ACTE DE NAISSANCE\nLe 3 mars 1988 est née à Lyon une enfant du sexe féminin, fille de Pierre Martin et de sa femme. Dressé par l'officier de l'état civil pour la commune.",
    );
    expect(french.type).toBe('birth-certificate');
    expect(french.fields.language).toBe('fr');
    expect(french.fields.dates).toEqual(['1988-03-03']);
    const portuguese = analyze(
      'CERTIDÃO DE NASCIMENTO\nNome: Ana Souza Lima\nNasceu em 12/05/1992 no município de Recife, filha de João Lima e de Maria Souza. O registro foi feito pelo oficial do cartório.',
    );
    expect(portuguese.fields.language).toBe('pt');
    // Day first in a Portuguese record: 12 May.
    expect(portuguese.fields.dates).toEqual(['1992-05-12']);
    expect(ruleIds(portuguese)).toEqual(['certified-translation-required']);
  });
});

describe("names: compared with the case's client", () => {
  test('the same person despite accents, order, capitals and a missing second surname', () => {
    for (const client of ['María García', 'maria garcia lopez', 'García López, María', 'GARCIA Maria Elena'])
      expect(ruleIds(analyze(RECEIPT_NOTICE, { clientName: client }))).toEqual([]);
  });

  test('another name is flagged, naming both', () => {
    const analysis = analyze(RECEIPT_NOTICE, { clientName: 'Maria Rodriguez' });
    expect(analysis.findings).toEqual([
      expect.objectContaining({
        ruleId: 'name-mismatch',
        severity: 'warning',
        message: expect.stringContaining(
          `names "MARIA GARCIA LOPEZ", not the case's client "Maria Rodriguez"`,
        ),
      }),
    ]);
  });

  test('nothing is said without names on the document or without a client', () => {
    expect(ruleIds(analyze('Grocery list: apples, bread, milk.', { clientName: 'Maria Rodriguez' }))).toEqual(
      [],
    );
    expect(ruleIds(analyze(RECEIPT_NOTICE, { clientName: null }))).toEqual([]);
  });

  test('labels that are not people (employer, address) and running text give no names', () => {
    const analysis = analyze(
      'Employer Name: Acme Logistics Inc.\nEmployee Handbook Policy Review\nName and Mailing Address\nPETER NOVAK\nEmployee ID: 4821\nName: see attached\nApplicant Information',
    );
    expect(analysis.fields.names).toEqual(['PETER NOVAK']);
  });
});

describe('names as each kind of document prints them', () => {
  test("an I-94's split fields and its dates (2024 March 03)", () => {
    const analysis = analyze(
      'Most Recent I-94\nAdmission (I-94) Record Number: 123456789A1\nMost Recent Date of Entry: 2024 March 03\nClass of Admission: B2\nAdmit Until Date: 09/02/2024\nFamily Name: GARCIA LOPEZ\nFirst (Given) Name: MARIA ELENA\nBirth Date: 1990 May 15\nPassport Number: G12345678',
    );
    expect(analysis.type).toBe('i94');
    expect(analysis.fields.names).toEqual(['MARIA ELENA GARCIA LOPEZ']);
    expect(analysis.fields.dates).toEqual(['2024-03-03', '2024-09-02', '1990-05-15']);
    expect(analysis.fields.passportNumber).toBe('G12345678');
  });

  test("a USCIS form's petitioner and beneficiary", () => {
    const analysis = analyze(
      'Form I-130\nPetition for Alien Relative\nOMB No. 1615-0012\nExpires 02/28/2027\nPart 2. Information About You (Petitioner)\nFamily Name (Last Name) SMITH\nGiven Name (First Name) JOHN\nPart 4. Information About Beneficiary\nFamily Name (Last Name) GARCIA\nGiven Name (First Name) MARIA',
      { clientName: 'Maria Garcia' },
    );
    expect(analysis.fields.names).toEqual(['JOHN SMITH', 'MARIA GARCIA']);
    // The form's own expiry (its OMB approval) is not a passport's.
    expect(analysis.fields.expirationDate).toBeUndefined();
    expect(analysis.findings).toEqual([]);
  });

  test("a marriage certificate's spouses, and an employment letter's employee", () => {
    const marriage = analyze(
      'MARRIAGE CERTIFICATE\nSpouse 1: Anna Kowalski\nSpouse 2: Peter Novak\nDate of Marriage: 06/14/2019',
    );
    expect(marriage.fields.names).toEqual(['Anna Kowalski', 'Peter Novak']);
    const letter = analyze(
      'To Whom It May Concern:\nThis letter confirms that Maria Garcia has been employed by Acme since 2021. Her status is valid until 09/30/2027.\nSincerely,\nHuman Resources',
      { clientName: 'Ana Ruiz' },
    );
    expect(letter.fields.names).toEqual(['Maria Garcia']);
    expect(letter.fields.expirationDate).toBeUndefined();
    expect(ruleIds(letter)).toEqual(['name-mismatch']);
  });
});

/** A notice's heading, as unpdf gives a demo I-797's text layer: each printed row on one line. */
const noticeOf = (form: string, parties: string, type: string) =>
  `THE UNITED STATES OF AMERICA\nU.S. Department of Homeland Security\n${form}, Notice of Action\nReceipt Number: IOE2590253408 Case Type: I-130 - PETITION FOR ALIEN\nRELATIVE\nReceived Date: 02/06/2026 Notice Date: 09/28/2026\n${parties}\nNotice Type: ${type} Page: 1 of 1\nJORDAN RIVERA\nDEMO IMMIGRATION LAW\n100 LIBERTY STREET, NEW YORK, NY 10005`;

describe('notices naming two people: the client is either one', () => {
  test('a petitioner and a beneficiary on one line', () => {
    const text = noticeOf(
      'I-797E',
      'Petitioner: LAURA BENNETT Beneficiary: GUADALUPE HERNÁNDEZ',
      'Request for Evidence',
    );
    const analysis = analyze(text, { clientName: 'Guadalupe Hernández' });
    expect(analysis.type).toBe('i797-rfe');
    expect(analysis.fields.names).toEqual(['LAURA BENNETT', 'GUADALUPE HERNÁNDEZ']);
    expect(analysis.findings).toEqual([]);
    expect(ruleIds(analyze(text, { clientName: 'Laura Bennett' }))).toEqual([]);
  });

  test("an employer petitioner is not a person's name; its beneficiary is", () => {
    const text = noticeOf(
      'I-797C',
      'Petitioner: EMPIRE CONSTRUCTION GROUP Beneficiary: PRIYANKA IYER',
      'Receipt Notice',
    );
    expect(analyze(text, { clientName: 'Priyanka Iyer' }).findings).toEqual([]);
    const other = analyze(text, { clientName: 'Anita Rao' });
    expect(other.fields.names).toEqual(['PRIYANKA IYER']);
    expect(other.findings).toEqual([
      expect.objectContaining({
        ruleId: 'name-mismatch',
        message: expect.stringContaining(`names "PRIYANKA IYER", not the case's client "Anita Rao"`),
      }),
    ]);
    for (const employer of [
      'Hudson Valley Medical Center',
      'Brightline Logistics LLC',
      'Atlas Software Inc.',
    ])
      expect(analyze(`Petitioner: ${employer} Beneficiary: Wei Li`).fields.names).toEqual(['Wei Li']);
  });

  test('an applicant beside another label, and labels in a row over their values', () => {
    expect(
      analyze(noticeOf('I-797C', 'Applicant: SANTIAGO GÓMEZ A#: 123-456-789', 'Receipt Notice')).fields.names,
    ).toEqual(['SANTIAGO GÓMEZ']);
    const columns = analyze(
      'I-797C, Notice of Action\nPetitioner                      Beneficiary\nLAURA BENNETT                   GUADALUPE HERNANDEZ\nNotice Type: Receipt Notice',
      { clientName: 'Guadalupe Hernández' },
    );
    expect(columns.fields.names).toEqual(['LAURA BENNETT', 'GUADALUPE HERNANDEZ']);
    expect(columns.findings).toEqual([]);
    // Read with single spaces, the two names cannot be told apart: none is taken, so none is flagged.
    const merged = analyze(
      'I-797C, Notice of Action\nPetitioner Beneficiary\nLAURA BENNETT GUADALUPE HERNANDEZ\nNotice Type: Receipt Notice',
      { clientName: 'Guadalupe Hernández' },
    );
    expect(merged.fields.names).toEqual([]);
    expect(merged.findings).toEqual([]);
  });
});

/** A birth record as the demo's Colombian registry prints it (unpdf's text layer). */
const REGISTRO_CIVIL = `REPÚBLICA DE COLOMBIA
REGISTRADURÍA NACIONAL DEL ESTADO CIVIL
REGISTRO CIVIL DE NACIMIENTO
Número de acta: 239714 Fecha de registro: 13 de diciembre de 1954
Datos de la persona registrada
Nombre(s): Andrés
Apellidos: Moreno
Sexo: Hombre
Fecha de nacimiento: 27 de noviembre de 1954
Lugar de nacimiento: Medellín, Antioquia, Colombia
Datos de los padres
Nombre del padre: Santiago Moreno
Nombre de la madre: Camila Moreno
Nacionalidad de ambos: Extranjera
El suscrito Oficial del Registro Civil certifica que la presente es copia fiel del acta que obra en
los archivos de esta oficina, y se expide a solicitud de la persona interesada para los fines
legales que correspondan.`;

describe("Spanish civil records: the registrant's given names and surnames", () => {
  test('"Nombre(s)" and "Apellidos" make the registrant, whose parents follow', () => {
    const analysis = analyze(REGISTRO_CIVIL, { clientName: 'Andrés Moreno' });
    expect(analysis.type).toBe('birth-certificate');
    expect(analysis.evidence).toContain('REGISTRO CIVIL DE NACIMIENTO');
    expect(analysis.fields.names).toEqual(['Andrés Moreno', 'Santiago Moreno', 'Camila Moreno']);
    expect(ruleIds(analysis)).toEqual(['certified-translation-required']);
    // The father shares a surname, not the name.
    expect(ruleIds(analyze(REGISTRO_CIVIL, { clientName: 'Camilo Moreno' }))).toContain('name-mismatch');
  });

  test("a first and a second surname printed apart make one name, the client's with one surname", () => {
    const analysis = analyze(
      'ACTA DE NACIMIENTO\nNombre(s): ANDRÉS\nPrimer apellido: MORENO\nSegundo apellido: MORENO\nSexo: H\nNombre del padre: SANTIAGO MORENO RUIZ\nNombre de la madre: CAMILA MORENO DÍAZ',
      { clientName: 'Andrés Moreno', caseHasTranslation: true },
    );
    expect(analysis.fields.names).toEqual([
      'ANDRÉS MORENO MORENO',
      'SANTIAGO MORENO RUIZ',
      'CAMILA MORENO DÍAZ',
    ]);
    expect(analysis.findings).toEqual([]);
  });

  test("an accent OCR misread is still the client's name; another surname is not", () => {
    const scan = REGISTRO_CIVIL.replace('Andrés', 'Guadalupe').replace(
      'Apellidos: Moreno',
      'Apellidos: Hernédndez',
    );
    const analysis = analyze(scan, { clientName: 'Guadalupe Hernández', caseHasTranslation: true });
    expect(analysis.fields.names[0]).toBe('Guadalupe Hernédndez');
    expect(analysis.findings).toEqual([]);
    expect(ruleIds(analyze(scan, { clientName: 'Guadalupe Fernández', caseHasTranslation: true }))).toEqual([
      'name-mismatch',
    ]);
    expect(sameName('Guadalupe Hernédndez', 'Guadalupe Hernandez')).toBe(true);
    expect(sameName('Maria Castafieda Vargas', 'María Castañeda')).toBe(true);
    expect(sameName('Guadalupe Hernández', 'Guadalupe Fernández')).toBe(false);
    expect(sameName('Luis Gámez', 'Luis Gómez')).toBe(false);
  });

  test('the certified English translation names the registrant too', () => {
    const analysis = analyze(
      `${REGISTRO_CIVIL}\nCERTIFIED ENGLISH TRANSLATION\nTranslated from Spanish\nCIVIL REGISTRY · BIRTH CERTIFICATE\nGiven Name(s): Andrés\nSurname(s): Moreno\nSex: Male\nFather's Name: Santiago Moreno\nMother's Name: Camila Moreno\nTranslator's Certification\nI, Lucía Fernández, certify that I am competent to translate from Spanish into English, and that the above English translation is complete and accurate.`,
      { clientName: 'Andrés Moreno' },
    );
    expect(analysis.fields.names).toEqual(['Andrés Moreno', 'Santiago Moreno', 'Camila Moreno']);
    expect(analysis.findings).toEqual([]);
    const english = analyze('CIVIL REGISTRY · BIRTH CERTIFICATE\nGiven Name(s): Andrés\nSurname(s): Moreno');
    expect(english.fields.names).toEqual(['Andrés Moreno']);
  });
});

const BRIEF = `Demo Immigration Law
100 Liberty Street, New York, NY 10005 · +1 (555) 010-2000 · office@demo-immigration-law.example
October 31, 2026
BRIEF IN SUPPORT OF FORM I-130, PETITION FOR ALIEN RELATIVE
Petitioner: Daniel Price · Beneficiary: Agnieszka Nowak
I. Introduction
The petitioner, Daniel Price, a citizen of the United States, petitions for the beneficiary, Agnieszka Nowak, a citizen of Poland, as the petitioner's spouse under INA § 201(b)(2)(A)(i).
II. The marriage is legally valid
The certificate of marriage registration issued by the City Clerk of New York is enclosed. The beneficiary's prior marriage ended by a judgment of divorce entered before this marriage, also enclosed, so that each party was free to marry (8 CFR 204.2(a)(1)(i) and (a)(2)).
IV. Conclusion
We respectfully ask that the petition be approved.
Respectfully submitted,
/s/ Jordan Rivera
Jordan Rivera, Esq.
Demo Immigration Law
Attorney for the Petitioner`;

describe("the firm's own letters and briefs are other documents, not evidence", () => {
  test('a brief quoting a judgment of divorce is no divorce decree, and its names are not checked', () => {
    const analysis = analyze(BRIEF, { clientName: 'Maria Lopez' });
    expect(analysis.type).toBe('other');
    expect(analysis.evidence).toEqual(
      expect.arrayContaining(['BRIEF IN SUPPORT', 'Respectfully submitted', 'Attorney for the Petitioner']),
    );
    expect(analysis.fields.names).toEqual(['Daniel Price', 'Agnieszka Nowak']);
    expect(analysis.findings).toEqual([]);
  });

  test('a response to a request for evidence, and a cover letter', () => {
    const response = analyze(
      'U.S. Citizenship and Immigration Services\nRE: Response to Request for Evidence dated 09/28/2026\nReceipt Number: IOE2590253408\nForm: I-130, Petition for Alien Relative\nApplicant: Guadalupe Hernández\nDear Officer:\nWe respond to the Request for Evidence issued on September 28, 2026. Enclosed please find the evidence requested, as Exhibit A and Exhibit B.\nRespectfully submitted,\nJordan Rivera, Esq.\nCounsel for the Applicant',
    );
    expect(response.type).toBe('other');
    expect(response.evidence).toEqual(
      expect.arrayContaining([
        'Response to Request for Evidence',
        'Dear Officer',
        'Enclosed please find',
        'Exhibit A',
        'Counsel for the Applicant',
      ]),
    );
    const cover = analyze(
      'RE: Form I-130, Petition for Alien Relative\nPetitioner: Michael Thompson\nBeneficiary: Ngozi Adeyemi\nDear Sir or Madam:\nWe submit the enclosed Form I-130 with the evidence listed below.\nIndex of Exhibits\n3. Birth certificate\n5. Certificate of marriage registration\nRespectfully submitted,\nJordan Rivera, Esq.\nAttorney for the Petitioner',
      { clientName: 'Someone Else' },
    );
    expect(cover.type).toBe('other');
    expect(cover.evidence).toContain('Index of Exhibits');
    expect(cover.findings).toEqual([]);
  });

  test("an employer's letter stays an employment letter, a court's decree a divorce decree", () => {
    const letter = analyze(
      'Hudson Valley Medical Center\nRE: Employment verification for Ngozi Adeyemi\nTo Whom It May Concern:\nThis letter confirms that Ngozi Adeyemi has been employed by Hudson Valley Medical Center since July 17, 2019 in the position of Registered Nurse, full-time, with an annual salary of $105,000.00.\nSincerely,\nKaren Whitfield\nHuman Resources Manager',
      { clientName: 'Ngozi Adeyemi' },
    );
    expect(letter.type).toBe('employment-letter');
    expect(letter.fields.names).toEqual(['Ngozi Adeyemi']);
    const decree = analyze(
      'SUPREME COURT OF THE STATE OF NEW YORK\nCOUNTY OF QUEENS\nAGNIESZKA NOWAK, Plaintiff,\n- against -\nANTHONY RUSSO, Defendant.\nJUDGMENT OF DIVORCE\nORDERED AND ADJUDGED that the marriage between the Plaintiff and the Defendant is hereby dissolved.',
      { clientName: 'Maria Lopez' },
    );
    expect(decree.type).toBe('divorce-decree');
    expect(decree.fields.names).toEqual(['AGNIESZKA NOWAK', 'ANTHONY RUSSO']);
    expect(ruleIds(decree)).toEqual(['name-mismatch']);
  });
});

describe('tax returns: year and adjusted gross income', () => {
  test('from an IRS tax return transcript', () => {
    const analysis = analyze(TAX_TRANSCRIPT, { clientName: 'John Smith' });
    expect(analysis.fields.taxYear).toBe(2023);
    expect(analysis.fields.agi).toBe(52345);
    expect(analysis.fields.names).toEqual(['JOHN A SMITH']);
    expect(analysis.findings).toEqual([]);
  });

  test("from a Form 1040's line 11, past its line numbers", () => {
    const analysis = analyze(
      'Form 1040 (2024) U.S. Individual Income Tax Return\nDepartment of the Treasury - Internal Revenue Service\nFiling Status: Single\n11 Subtract line 10 from line 9. This is your adjusted gross income . . . . 11 61,204.\n15 This is your taxable income . . . 15 46,604.',
    );
    expect(analysis.type).toBe('tax-return');
    expect(analysis.fields.taxYear).toBe(2024);
    expect(analysis.fields.agi).toBe(61204);
  });
});

describe('A-numbers and dates', () => {
  test('A-numbers in their usual spellings, written as A and nine digits', () => {
    const analysis = analyze(
      'A-Number: 123456789\nAlien Registration Number A-98765432\nA# 234-567-890\nUSCIS A-Number A 087654321\nPhone 800-375-5283, SSN 123-45-6789',
    );
    expect(analysis.fields.aNumbers).toEqual(['A123456789', 'A098765432', 'A234567890', 'A087654321']);
  });

  test('dates in many US formats, as ISO dates, each once, in the order found', () => {
    const analysis = analyze(
      'Signed 03/04/2024; received 3-5-24; due March 3, 2024; mailed Mar. 6 2024; approved 7 March 2024; valid until 15 MAR 2030; ISO 2024-03-08; again 03/04/2024; never 13/45/2024 or 02/30/2024.',
    );
    expect(analysis.fields.dates).toEqual([
      '2024-03-04',
      '2024-03-05',
      '2024-03-03',
      '2024-03-06',
      '2024-03-07',
      '2030-03-15',
      '2024-03-08',
    ]);
  });
});

describe('scans, duplicates and the rules themselves', () => {
  test('a poor scan: low OCR confidence, too little text for its pages, or a tiny image', () => {
    const faint = analyze(RECEIPT_NOTICE, {}, { method: 'ocr', ocrConfidence: 41 });
    expect(faint.findings).toEqual([
      expect.objectContaining({
        ruleId: 'scan-quality',
        message: expect.stringContaining('OCR could read it with only 41% confidence'),
      }),
    ]);
    const sparse = analyze('NOTICE', {}, { method: 'ocr', ocrConfidence: 88, pages: 3 });
    expect(sparse.findings[0].message).toContain('only 2 characters of text could be read per page');
    const tiny = analyze(RECEIPT_NOTICE, {}, { method: 'ocr', ocrConfidence: 90, lowQuality: true });
    expect(tiny.findings[0].message).toContain('the image is too small to read reliably');
    // A clear scan, and any text layer, say nothing of quality.
    expect(ruleIds(analyze(RECEIPT_NOTICE, {}, { method: 'ocr', ocrConfidence: 90 }))).toEqual([]);
    expect(ruleIds(analyze('NOTICE', {}, { method: 'pdf-text', pages: 3 }))).toEqual([]);
  });

  test('a duplicate of a document already in the case', () => {
    const analysis = analyze(RECEIPT_NOTICE, { duplicateOf: { id: 'd1', name: 'receipt-notice.pdf' } });
    expect(analysis.findings).toEqual([
      expect.objectContaining({
        ruleId: 'duplicate-document',
        severity: 'info',
        message:
          'This file is identical (same SHA-256 fingerprint) to "receipt-notice.pdf", already in this case.',
      }),
    ]);
  });

  test('findings come most serious first, each naming its rule and official source', () => {
    const analysis = analyze(passportText({ expirationDate: '2026-01-01' }), {
      clientName: 'Peter Novak',
      duplicateOf: { id: 'd1', name: 'passport.pdf' },
    });
    expect(ruleIds(analysis)).toEqual(['passport-expired', 'name-mismatch', 'duplicate-document']);
    for (const f of analysis.findings) {
      expect(f.citation).not.toBe('');
      expect(f.sourceUrl).toMatch(
        /^https:\/\/(www\.ecfr\.gov|uscode\.house\.gov|www\.uscis\.gov|www\.icao\.int)\//,
      );
    }
  });

  test('every rule is dated and cited', () => {
    const rules = Object.values(DOCUMENT_RULES);
    expect(new Set(rules.map((r) => r.id)).size).toBe(rules.length);
    for (const rule of rules) {
      expect(rule.effectiveFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(rule.citation.length).toBeGreaterThan(5);
      expect(rule.sourceUrl).toMatch(/^https:\/\//);
    }
  });
});

/** An I-485 RFE as USCIS prints one: the period, the date it must be received by, and the evidence asked for. */
const I485_RFE = `I-797E, Notice of Action
Request for Evidence
Receipt Number: MSC2590123456
Case Type: I-485, APPLICATION TO REGISTER PERMANENT RESIDENCE OR ADJUST STATUS
Notice Date: 09/29/2026
You have 87 days from the date of this notice to respond. Your response must be received by USCIS no later than 12/25/2026.
Evidence needed:
1. Form I-693, Report of Immigration Medical Examination and Vaccination Record, in a sealed envelope.
2. A complete copy of the petitioner's most recent federal income tax return,
   with all schedules and W-2 forms.
3. A copy of your Form I-94, Arrival/Departure Record.
If you do not respond, your application may be denied.`;

describe('notices read completely: NOID, denial, and what an RFE asks for', () => {
  test('an RFE: its period, the date it must be received by, and the items requested, in order', () => {
    const rfe = analyze(I485_RFE);
    expect(rfe.type).toBe('i797-rfe');
    expect(rfe.fields).toMatchObject({
      noticeType: 'rfe',
      noticeDate: '2026-09-29',
      responseDueDate: '2026-12-25',
      responsePeriodDays: 87,
      formNumber: 'I-485',
      requestedItems: [
        'Form I-693, Report of Immigration Medical Examination and Vaccination Record, in a sealed envelope.',
        "A complete copy of the petitioner's most recent federal income tax return, with all schedules and W-2 forms.",
        'A copy of your Form I-94, Arrival/Departure Record.',
      ],
    });
  });

  test('an item wrapped as a PDF gives its text (no indent) is one item; "respond by that date" is no due date', () => {
    const rfe = analyze(`I-797E, Notice of Action
Receipt Number: MSC2690123456
Notice Date: 11/08/2026
Request for Evidence
We need more evidence before we can decide your application. Submit the evidence
requested below, with a copy of this notice on top. If you do not respond by that date, we may
decide your application on the record as it stands.
1. Form I-693, Report of Immigration Medical Examination and Vaccination Record, completed
by a civil surgeon and submitted in its sealed envelope.
2. A copy of your Form I-94, Arrival/Departure Record
Response Due Date: 01/31/2027`);
    expect(rfe.fields).toMatchObject({
      responseDueDate: '2027-01-31',
      requestedItems: [
        'Form I-693, Report of Immigration Medical Examination and Vaccination Record, completed by a civil surgeon and submitted in its sealed envelope.',
        'A copy of your Form I-94, Arrival/Departure Record',
      ],
    });
  });

  test('a Notice of Intent to Deny is no receipt notice: its type, period and items', () => {
    const noid = analyze(
      'U.S. Citizenship and Immigration Services\nNOTICE OF INTENT TO DENY\nReceipt Number: IOE0912345678\nNotice Date: 11/02/2026\nForm I-130, Petition for Alien Relative\nUSCIS intends to deny your petition. You may submit evidence within 30 days of the date of this notice.\nPlease submit the following:\n- Evidence of the bona fides of the marriage, such as joint leases.\n',
    );
    expect(noid.type).toBe('uscis-noid');
    expect(noid.fields).toMatchObject({
      noticeType: 'noid',
      noticeDate: '2026-11-02',
      responsePeriodDays: 30,
      requestedItems: ['Evidence of the bona fides of the marriage, such as joint leases.'],
    });
  });

  test('a denial is a decision, not a receipt notice, and names the form denied', () => {
    const denial = analyze(
      'U.S. Citizenship and Immigration Services\nDECISION\nReceipt Number: NBC2512345678\nNotice Date: 10/01/2026\nForm N-400, Application for Naturalization\nAfter careful review, your application is hereby denied.',
    );
    expect(denial).toMatchObject({
      type: 'uscis-denial',
      fields: { noticeType: 'denial', formNumber: 'N-400' },
    });
  });

  test('a tax return: its total income, the figure Form I-864 counts, beside the adjusted gross income', () => {
    const analysis = analyze(
      'Form 1040 (2024) U.S. Individual Income Tax Return\n9 Add lines 1z, 2b, 3b, 4b, 5b, 6b, 7, and 8. This is your total income . . . 9 64,910.\n11 Subtract line 10 from line 9. This is your adjusted gross income . . . . 11 61,204.',
    );
    expect(analysis.fields).toMatchObject({ totalIncome: 64910, agi: 61204 });
  });
});

describe('an I-94: its number, class of admission and admit-until date', () => {
  test('read from the CBP printout', () => {
    const analysis = analyze(
      'Most Recent I-94\nAdmission (I-94) Record Number: 123456789A1\nMost Recent Date of Entry: 2024 March 03\nClass of Admission: B2\nAdmit Until Date: 09/02/2024\nDetails provided on the I-94 information form',
    );
    expect(analysis.type).toBe('i94');
    expect(analysis.fields).toMatchObject({
      i94Number: '123456789A1',
      classOfAdmission: 'B2',
      admitUntil: '2024-09-02',
    });
  });

  test('duration of status has no date', () => {
    const analysis = analyze(
      'Most Recent I-94\nAdmission (I-94) Record Number: 98765432101\nClass of Admission: F1\nAdmit Until Date: D/S',
    );
    expect(analysis.fields).toMatchObject({
      i94Number: '98765432101',
      classOfAdmission: 'F1',
      admitUntil: 'D/S',
    });
  });
});

/**
 * A green card's machine-readable zone (ICAO 9303 TD1: three lines of 30), its check digits worked by hand.
 * Each character counts as itself (digits), A–Z as 10–35, the filler < as 0; weights 7, 3, 1 repeating; the
 * check digit is the sum modulo 10.
 * - Document number 123456789: 1·7+2·3+3·1+4·7+5·3+6·1+7·7+8·3+9·1 = 147 → 7.
 * - Birth date 900515: 9·7+0·3+0·1+5·7+1·3+5·1 = 106 → 6.
 * - Expiry 310308: 3·7+1·3+0·1+3·7+0·3+8·1 = 53 → 3.
 * - Composite, over line 1's columns 6–30 ("1234567897" and 15 fillers), line 2's 1–7 ("9005156"), 8–15
 *   ("3103083") and 19–29 (11 fillers): 196 for "1234567897" (147 + 7·7), the fillers 0, then "9005156"
 *   from position 26 (weights 3,1,7,3,1,7,3): 27+0+0+15+1+35+18 = 96, then "3103083" (weights 1,7,3,1,7,3,1):
 *   3+7+0+3+0+24+3 = 40; 196 + 96 + 40 = 332 → 2.
 */
const GREEN_CARD_ZONE = [
  'C1USA1234567897<<<<<<<<<<<<<<<',
  '9005156F3103083MEX<<<<<<<<<<<2',
  'GARCIA<LOPEZ<<MARIA<ELENA<<<<<',
];

/** A green card as its front and back read, the card's printed columns over their values. */
function greenCardText(
  printed: { category?: string; since?: string; expires?: string } = {},
  zone: string[] = GREEN_CARD_ZONE,
): string {
  const { category = 'IR1', since = '03/08/2021', expires = '03/08/2031' } = printed;
  return [
    'UNITED STATES OF AMERICA',
    'PERMANENT RESIDENT',
    'Surname',
    'GARCIA LOPEZ',
    'Given Name',
    'MARIA ELENA',
    'USCIS#        Category',
    `123-456-789   ${category}`,
    'Country of Birth',
    'Mexico',
    'Date of Birth        Sex',
    '15 MAY 1990          F',
    'Card Expires         Resident Since',
    `${expires.padEnd(21)}${since}`,
    ...zone,
  ].join('\n');
}

describe('a green card (Form I-551): its dates, USCIS#, category and machine-readable zone', () => {
  test('a zone whose check digits all agree: its expiry and birth date win over the printed ones', () => {
    // OCR read the printed expiry as 03/09/2031; the zone, every check digit agreeing, says 03/08/2031.
    const analysis = analyze(greenCardText({ expires: '03/09/2031' }), {
      clientName: 'María Elena García López',
    });
    expect(analysis.type).toBe('green-card');
    expect(analysis.evidence).toEqual(
      expect.arrayContaining(['machine-readable zone (TD1)', 'PERMANENT RESIDENT', 'Resident Since']),
    );
    expect(analysis.fields).toMatchObject({
      residentSince: '2021-03-08',
      cardExpires: '2031-03-08',
      birthDate: '1990-05-15',
      uscisNumber: 'A123456789',
      residentCategory: 'IR1',
      conditional: false,
      cardZone: {
        documentNumber: '123456789',
        surname: 'GARCIA LOPEZ',
        givenNames: 'MARIA ELENA',
        nationality: 'MEX',
        issuingState: 'USA',
        birthDate: '1990-05-15',
        sex: 'female',
        expirationDate: '2031-03-08',
        valid: true,
        invalidFields: [],
      },
    });
    expect(analysis.fields.aNumbers).toContain('A123456789');
    expect(analysis.fields.names[0]).toBe('MARIA ELENA GARCIA LOPEZ');
    // A ten-year card valid for years yet, the client's own: nothing to act on.
    expect(analysis.findings).toEqual([]);
  });

  test('a zone with a wrong check digit is marked invalid, and the printed dates are used', () => {
    // The expiry's check digit changed from 3 to 4: it, and the composite check over it, no longer agree.
    const tampered = [GREEN_CARD_ZONE[0], '9005156F3103084MEX<<<<<<<<<<<2', GREEN_CARD_ZONE[2]];
    const analysis = analyze(greenCardText({ expires: '03/09/2031' }, tampered));
    expect(analysis.type).toBe('green-card');
    expect(analysis.fields.cardZone).toMatchObject({
      valid: false,
      invalidFields: ['expirationDate', 'composite'],
    });
    expect(analysis.fields).toMatchObject({ cardExpires: '2031-03-09', birthDate: '1990-05-15' });
    expect(analysis.findings).toEqual([
      expect.objectContaining({
        ruleId: 'mrz-check-digit',
        severity: 'danger',
        message: expect.stringContaining(
          'The check digits of the expiration date, whole zone (composite check) do not agree',
        ),
      }),
    ]);
    expect(analysis.findings[0].message).toContain('compare it with the green card itself');
  });

  test('a conditional CR1 card expiring within six months: Form I-751 in the 90 days before, never Form I-90', () => {
    const analysis = analyze(
      greenCardText({ category: 'CR1', since: '01/15/2025', expires: '01/15/2027' }, []),
    );
    expect(analysis.fields).toMatchObject({
      residentCategory: 'CR1',
      conditional: true,
      residentSince: '2025-01-15',
      cardExpires: '2027-01-15',
    });
    expect(analysis.fields.cardZone).toBeUndefined();
    expect(analysis.findings).toEqual([
      expect.objectContaining({
        ruleId: 'conditional-card-i751',
        severity: 'warning',
        citation: expect.stringContaining('8 CFR 216.4(a)(1)'),
        sourceUrl: 'https://www.ecfr.gov/current/title-8/section-216.4',
        message:
          'The conditional green card (category CR1) expires on 01/15/2027. File Form I-751 to remove the ' +
          'conditions in the 90 days before it expires (the window open since 10/17/2026: file now). ' +
          'Form I-90 does not renew a conditional card.',
      }),
    ]);
    expect(ruleIds(analysis)).not.toContain('green-card-renewal');
  });

  test("an investor's conditional card (T51) is Form I-829's; once expired, a danger", () => {
    const expired = analyze(
      greenCardText({ category: 'T51', since: '10/01/2024', expires: '10/01/2026' }, []),
    );
    expect(expired.fields.conditional).toBe(true);
    expect(expired.findings[0]).toMatchObject({
      ruleId: 'conditional-card-i829',
      severity: 'danger',
      citation: expect.stringContaining('8 CFR 216.6(a)(1)'),
      message: expect.stringContaining(
        'Unless Form I-829 was filed by then, conditional residence ended that day',
      ),
    });
  });

  test('a ten-year card within six months of expiring, or expired, is renewed on Form I-90', () => {
    const soon = analyze(greenCardText({ expires: '04/20/2027' }, []));
    expect(soon.findings).toEqual([
      expect.objectContaining({
        ruleId: 'green-card-renewal',
        severity: 'warning',
        citation: expect.stringContaining('8 CFR 264.5(b)(2)'),
        sourceUrl: 'https://www.ecfr.gov/current/title-8/section-264.5',
        message:
          'The green card expires on 04/20/2027, within six months of today (11/20/2026): file Form I-90 to renew it.',
      }),
    ]);
    expect(ruleIds(analyze(greenCardText({ expires: '06/20/2027' }, [])))).toEqual([]);
    const expired = analyze(greenCardText({ expires: '10/01/2026' }, []));
    expect(expired.findings[0]).toMatchObject({ ruleId: 'green-card-renewal', severity: 'danger' });
    expect(expired.findings[0].message).toContain('Permanent residence does not expire with the card');
  });
});

/** A work permit as its front reads, with "Valid From" and "Card Expires" side by side. */
function eadCardText(category = 'C09', validFrom = '03/01/2026', expires = '02/28/2028'): string {
  return [
    'UNITED STATES OF AMERICA',
    'EMPLOYMENT AUTHORIZATION CARD',
    'Surname: GARCIA LOPEZ',
    'Given Name: MARIA ELENA',
    `USCIS#: 123-456-789   Category: ${category}`,
    'Card#: SRC2690123456',
    'Country of Birth: Mexico',
    'Date of Birth: 05/15/1990   Sex: F',
    'Valid From:     Card Expires:',
    `${validFrom.padEnd(16)}${expires}`,
    'NOT VALID FOR REENTRY TO U.S.',
  ].join('\n');
}

describe('a work permit (EAD, Form I-766): its category and dates', () => {
  test('category C09 and its dates, read as the case facts take them', () => {
    const analysis = analyze(eadCardText());
    expect(analysis.type).toBe('ead-card');
    expect(analysis.evidence).toEqual(
      expect.arrayContaining(['EMPLOYMENT AUTHORIZATION CARD', 'Valid From', 'Card Expires']),
    );
    expect(analysis.fields).toMatchObject({
      eadCategory: 'C09',
      validFrom: '2026-03-01',
      cardExpires: '2028-02-28',
      birthDate: '1990-05-15',
      uscisNumber: 'A123456789',
    });
    expect(analysis.findings).toEqual([]);
  });

  test('categories printed as OCR and the form write them; a category with a letter of its own is none', () => {
    expect(analyze(eadCardText('C9')).fields.eadCategory).toBe('C09');
    expect(analyze(eadCardText('(a)(5)')).fields.eadCategory).toBe('A05');
    expect(analyze(eadCardText('C03C')).fields.eadCategory).toBeUndefined();
  });

  test('expiring within 180 days: its renewal may be filed now; expired: a danger', () => {
    const soon = analyze(eadCardText('C09', '05/01/2025', '04/30/2027'));
    expect(soon.findings).toEqual([
      expect.objectContaining({
        ruleId: 'ead-renewal-window',
        severity: 'warning',
        sourceUrl: 'https://www.uscis.gov/i-765',
        message:
          'The work permit (category C09) expires on 04/30/2027, within 180 days of today (11/20/2026): ' +
          'its renewal on Form I-765 may be filed now.',
      }),
    ]);
    expect(ruleIds(analyze(eadCardText('C09', '05/01/2025', '06/01/2027')))).toEqual([]);
    const expired = analyze(eadCardText('C09', '11/01/2024', '10/31/2026'));
    expect(expired.findings[0]).toMatchObject({ ruleId: 'ead-renewal-window', severity: 'danger' });
  });
});

describe('the cards beside the documents that were read before them', () => {
  test('a passport, an I-797 receipt and an I-94 classify as before', () => {
    expect(analyze(passportText())).toMatchObject({
      type: 'passport',
      evidence: expect.arrayContaining(['machine-readable zone (TD3)']),
    });
    expect(analyze(RECEIPT_NOTICE).type).toBe('i797-receipt');
    expect(
      analyze(
        'Most Recent I-94\nAdmission (I-94) Record Number: 123456789A1\nClass of Admission: B2\nAdmit Until Date: 09/02/2024',
      ).type,
    ).toBe('i94');
  });

  test('a notice about a work permit application, and the form itself, are no work permit', () => {
    const receipt = analyze(
      'I-797C, Notice of Action\nReceipt Notice\nReceipt Number IOE0912345678\nCase Type: I-765 - APPLICATION FOR EMPLOYMENT AUTHORIZATION\nNotice Date: 03/04/2026',
    );
    expect(receipt.type).toBe('i797-receipt');
    const form = analyze(
      'Application for Employment Authorization\nDepartment of Homeland Security\nUSCIS Form I-765\nOMB No. 1615-0040\nFor USCIS Use Only\nPart 1. Reason for Applying',
    );
    expect(form).toMatchObject({ type: 'uscis-form', fields: { formNumber: 'I-765' } });
  });

  test('every new rule is dated and cited, and a green card is no passport', () => {
    for (const id of [
      'green-card-renewal',
      'conditional-card-i751',
      'conditional-card-i829',
      'ead-renewal-window',
    ])
      expect(Object.values(DOCUMENT_RULES).map((r) => r.id)).toContain(id);
    expect(DOCUMENT_TYPES['green-card']).toBe('Permanent Resident Card (I-551)');
    expect(DOCUMENT_TYPES['ead-card']).toBe('Employment Authorization Document (I-766)');
    const card = analyze(greenCardText());
    expect(card.fields.passportZone).toBeUndefined();
    expect(card.fields.expirationDate).toBeUndefined();
  });
});
