/**
 * USCIS filing fees as dated rules: the fee schedule each final rule set (8 CFR 103.7(b)(1) from 2016-12-23,
 * 8 CFR 106.2 from 2024-04-01) and the fees a statute set (H.R. 1, Pub. L. 119-21, from 2025-07-22), in whole
 * dollars. Each figure carries the paragraph that sets it and, beside it, where it was checked. A new edition
 * is a new entry here; a form or a case no entry holds is answered "unknown", never guessed.
 *
 * Paragraph numbers: those quoted from the Federal Register text (via the migrantusa/us-immigration-data
 * fee history, data/uscis_fee_history.csv, which quotes each paragraph's sentence from the rule) are given in
 * full; where the paragraph number could not be checked only the section is named ("8 CFR 106.2(a)").
 */
import type { FormType } from '../../shared/cases';

/** USCIS's fee schedule page (Form G-1055). */
export const G1055 = 'https://www.uscis.gov/g-1055';

/** The documents that set the fees held here. */
export type FeeSourceId = 'fee-rule-2016' | 'fee-rule-2024' | 'hr1-2025' | 'hr1-fy2026';

export type FeeSource = {
  /** The first filing date (postmark) that owes these fees, ISO. */
  effectiveFrom: string;
  /** The Federal Register document, with its first page (and the page of its fee table, where checked). */
  federalRegister: string;
  sourceUrl: string;
};

export const FEE_SOURCES: Record<FeeSourceId, FeeSource> = {
  // Verified: govinfo/federalregister.gov "U.S. Citizenship and Immigration Services Fee Schedule", 81 FR
  // 73292-73332 (Oct. 24, 2016): "This rule is effective December 23, 2016" (regulations.justia.com/
  // regulations/fedreg/2016/10/24/2016-25328.html; d1tvxue8o4w0fl.cloudfront.net/federal-register/
  // us-citizenship-and-immigration-services-fee-schedule-6).
  'fee-rule-2016': {
    effectiveFrom: '2016-12-23',
    federalRegister: '81 FR 73292 (October 24, 2016)',
    sourceUrl:
      'https://www.federalregister.gov/documents/2016/10/24/2016-25328/us-citizenship-and-immigration-services-fee-schedule',
  },
  // Verified: govinfo FR-2024-01-31 2024-01427, 89 FR 6194-6400: "This final rule is effective April 1, 2024.
  // Any benefit request postmarked on or after this date must be accompanied with the fees established by
  // this final rule" (www.govinfo.gov/content/pkg/FR-2024-01-31/html/2024-01427.htm). Fee table at 89 FR
  // 6198-6204: ILRC practice alert "USCIS publishes final fee rule, effective April 1, 2024" (Feb. 2024).
  // Corrections 89 FR 20101 (Mar. 21, 2024) and 2025-01386 (Jan. 17, 2025) change none of the fees below.
  'fee-rule-2024': {
    effectiveFrom: '2024-04-01',
    federalRegister: '89 FR 6194 (January 31, 2024), fee table at 6198-6204',
    sourceUrl:
      'https://www.federalregister.gov/documents/2024/01/31/2024-01427/us-citizenship-and-immigration-services-fee-schedule-and-changes-to-certain-other-immigration',
  },
  // Verified: govinfo FR-2025-07-22 2025-13738, "USCIS Immigration Fees Required by HR-1 Reconciliation
  // Bill", 90 FR 34511-34516: "the fees announced in this notice must be submitted for any immigration
  // benefit requests postmarked on or after July 22, 2025. Any form postmarked on or after August 21, 2025
  // without the proper filing fee will be rejected."
  'hr1-2025': {
    effectiveFrom: '2025-07-22',
    federalRegister: '90 FR 34511 (July 22, 2025)',
    sourceUrl: 'https://www.govinfo.gov/content/pkg/FR-2025-07-22/html/2025-13738.htm',
  },
  // Verified: govinfo FR-2025-11-21 2025-20622, "Inflation Adjustment to HR-1 Immigration Fees", 90 FR
  // 52693-52695: "The fees announced in this notice are effective on or after January 1, 2026."
  'hr1-fy2026': {
    effectiveFrom: '2026-01-01',
    federalRegister: '90 FR 52693 (November 21, 2025)',
    sourceUrl: 'https://www.govinfo.gov/content/pkg/FR-2025-11-21/html/2025-20622.htm',
  },
};

/** One form's fees under one fee schedule. */
export type ScheduleFee = {
  /** The paragraph that sets it. */
  paragraph: string;
  /** Paper filing by the usual filer, biometric services included where the schedule charged them. */
  paper: number;
  /** The filing fee and the biometric services fee that make up `paper`, where the schedule charged them apart. */
  parts?: { filing: number; biometrics: number };
  /** Online filing, where the schedule sets its own online fee. */
  online?: number;
  /** Filed with, or while, a Form I-485 is pending (Forms I-765 and I-131). */
  withPendingI485?: number;
  /** Form I-485 of a child under 14 filed with a parent's Form I-485. */
  under14WithParent?: number;
  /** Form I-485 without the biometric services fee (2016: under 14 not filing with a parent, or 79 or older). */
  withoutBiometrics?: number;
  /** Form N-400 reduced fee, and the household income that qualifies for it. */
  reduced?: { amount: number; parts?: { filing: number; biometrics: number }; income: string };
  /** What changes the fee for some filers, in words (kept for the older one-fee answer, filingFeeOf). */
  notes: string[];
};

export type FeeSchedule = {
  source: FeeSourceId;
  /** The day the schedule took effect (a form postmarked that day or later pays it), ISO. */
  effectiveFrom: string;
  /** The final rule that set it. */
  rule: string;
  /** The regulation it wrote ("8 CFR 103.7(b)(1)", "8 CFR 106.2"). */
  regulation: string;
  sourceUrl: string;
  fees: Partial<Record<FormType, ScheduleFee>>;
  asylumProgramFee?: AsylumProgramFee;
};

/** The Asylum Program Fee an employer pays with Form I-140 (and I-129) from the 2024 rule on. */
export type AsylumProgramFee = {
  paragraph: string;
  /** More than 25 full-time equivalent employees. */
  standard: number;
  /** 25 or fewer full-time equivalent employees (and self-petitioners). */
  smallEmployer: number;
  nonprofit: number;
};

/** Forms that carry no USCIS fee of their own under any schedule held here. */
export const NO_FEE_FORMS = ['I-130A', 'I-864', 'I-864A', 'G-28', 'G-1145'] as const;
// Verified: I-864 "There is no fee for filing this form" (uscitizenship.info/?p=20704, 2024 fees); the older
// schedule likewise ("USCIS does not charge a fee for this form", myh1bgc.com/forms.aspx). I-130A (filed
// with Form I-130), I-864A, G-28 and G-1145: no fee appears for them in any schedule seen, but no retrieved
// page states it in words: NOT independently verified.

/** Oldest first. */
export const FEE_SCHEDULES: FeeSchedule[] = [
  {
    source: 'fee-rule-2016',
    effectiveFrom: FEE_SOURCES['fee-rule-2016'].effectiveFrom,
    rule: '81 FR 73292 (October 24, 2016)',
    regulation: '8 CFR 103.7(b)(1)',
    sourceUrl: FEE_SOURCES['fee-rule-2016'].sourceUrl,
    fees: {
      // Verified: 81 FR 73292, "(G) Application to Replace Permanent Resident Card, Form I-90 ... $455"
      // (migrantusa fee history); $85 biometrics (immigrationlearninga2z.com/i-90-form: "$455 ... A
      // biometric services fee of $85 may also be required").
      'I-90': {
        paragraph: '8 CFR 103.7(b)(1)(i)(G)',
        paper: 540,
        parts: { filing: 455, biometrics: 85 },
        notes: ['$455 filing fee and $85 biometric services fee.'],
      },
      // Verified: 81 FR 73292, "(K) Petition for Alien Fiancé(e), Form I-129F ... $535" (migrantusa).
      'I-129F': { paragraph: '8 CFR 103.7(b)(1)(i)(K)', paper: 535, notes: [] },
      // Verified: 81 FR 73292, "(L) Petition for Alien Relative, Form I-130 ... $535" (migrantusa).
      'I-130': { paragraph: '8 CFR 103.7(b)(1)(i)(L)', paper: 535, notes: [] },
      'I-130A': {
        paragraph: '8 CFR 103.7(b)(1)(i)',
        paper: 0,
        notes: ['Filed with Form I-130; no fee of its own.'],
      },
      // Verified: advance parole $575, no biometrics (immigrationlearninga2z.com/i-131-form, "Advance parole
      // document - Type D ... $575 $0 $575"); no fee with a pending I-485 filed on or after July 30, 2007
      // (visapro.com/forms/uscis-forms/uscis-form-i-485; Mondaq "Removing The Mystery From Immigration Filing
      // Fees", 2024-07-18). Paragraph letter not verified.
      'I-131': {
        paragraph: '8 CFR 103.7(b)(1)(i)',
        paper: 575,
        withPendingI485: 0,
        notes: [
          'Advance parole document; other travel documents differ.',
          'No fee with a pending Form I-485 for which the filing fee was paid.',
        ],
      },
      // Verified: 81 FR 73292, "(N) Immigrant Petition for Alien Worker, Form I-140 ... $700" (migrantusa).
      'I-140': { paragraph: '8 CFR 103.7(b)(1)(i)(N)', paper: 700, notes: [] },
      // Verified: $1,140 + $85 biometrics (ages 14-78); $750 under 14 with a parent; $1,140 under 14 alone or
      // 79 and older (immigrationlearninga2z.com/i-485-form fee table; us-immigration.com/blog/i485;
      // Dickinson Wright, "Employer Economics", 2024-09-04: old fee $1,225, child under 14 $750).
      // Paragraph letter not verified.
      'I-485': {
        paragraph: '8 CFR 103.7(b)(1)(i)',
        paper: 1_225,
        parts: { filing: 1_140, biometrics: 85 },
        under14WithParent: 750,
        withoutBiometrics: 1_140,
        notes: [
          '$1,140 filing fee and $85 biometric services fee (ages 14 to 78).',
          '$750 for a child under 14 filing with a parent.',
        ],
      },
      // Verified: 81 FR 73292, "(HH) Petition to Remove Conditions on Residence, Form I-751 ... $595"
      // (migrantusa). The $85 biometric services fee on it is carried over from this file's earlier edition:
      // no retrieved page states it for Form I-751, NOT independently verified.
      'I-751': {
        paragraph: '8 CFR 103.7(b)(1)(i)(HH)',
        paper: 680,
        parts: { filing: 595, biometrics: 85 },
        notes: ['$595 filing fee and $85 biometric services fee.'],
      },
      // Verified: 81 FR 73292, "(II) Application for Employment Authorization, Form I-765. $410" (migrantusa);
      // no fee with a pending I-485 (as I-131 above).
      'I-765': {
        paragraph: '8 CFR 103.7(b)(1)(i)(II)',
        paper: 410,
        withPendingI485: 0,
        notes: ['No fee with a pending Form I-485 for which the filing fee was paid.'],
      },
      'I-864': { paragraph: '8 CFR 103.7(b)(1)(i)', paper: 0, notes: ['No USCIS fee.'] },
      // Verified: 81 FR 73292, "(BBB) Application for Naturalization, Form N-400 ... $640" (migrantusa);
      // "$640 ... and a separate biometric services fee ($85), for a total of $725" and the reduced fee "only
      // available to applicants with a household income between 150% and 200% of the FPG"
      // (usimm.pikapod.net N-400 Filing Fee, quoting USCIS); reduced fee $320 + $85 biometrics
      // (www.uscis.gov/reduced, 2016 edition of "Additional Information on Filing a Reduced Fee Request").
      'N-400': {
        paragraph: '8 CFR 103.7(b)(1)(i)(BBB)',
        paper: 725,
        parts: { filing: 640, biometrics: 85 },
        reduced: {
          amount: 405,
          parts: { filing: 320, biometrics: 85 },
          income: 'more than 150% and no more than 200% of the Federal Poverty Guidelines (Form I-942)',
        },
        notes: ['$640 filing fee and $85 biometric services fee.'],
      },
    },
  },
  {
    source: 'fee-rule-2024',
    effectiveFrom: FEE_SOURCES['fee-rule-2024'].effectiveFrom,
    rule: '89 FR 6194 (January 31, 2024)',
    regulation: '8 CFR 106.2',
    sourceUrl: FEE_SOURCES['fee-rule-2024'].sourceUrl,
    fees: {
      // Verified: 89 FR 6194, "(1) Application to Replace Permanent Resident Card, Form I-90 ... $465"
      // (migrantusa); online $415 (uscitizenship.info/?p=20704: "$465 for paper applications and $415 for
      // online applications"; lighthousehq.com/blog/form-i-90-filing-fee).
      'I-90': { paragraph: '8 CFR 106.2(a)(1)', paper: 465, online: 415, notes: ['$415 when filed online.'] },
      // Verified: "The standard filing fee for Form I-129F is $675" (legalclarity.org, citing USCIS "FAQs on
      // the USCIS Fee Rule"). Paragraph number not verified.
      'I-129F': { paragraph: '8 CFR 106.2(a)', paper: 675, notes: [] },
      // Verified: 89 FR 6194, "(6) Petition for Alien Relative, Form I-130 ... $675" (migrantusa); online $625
      // (folaform.com "2024 fee rule": "$675; the online filing is $625").
      'I-130': {
        paragraph: '8 CFR 106.2(a)(6)',
        paper: 675,
        online: 625,
        notes: ['$625 when filed online.'],
      },
      'I-130A': {
        paragraph: '8 CFR 106.2(a)',
        paper: 0,
        notes: ['Filed with Form I-130; no fee of its own.'],
      },
      // Verified: advance parole $630, charged also with a pending I-485 filed on or after April 1, 2024
      // (Dickinson Wright, 2024-09-04: "I-131 ... Bundled with I-485 Filing Fee | $630"; Mondaq 2024-07-18:
      // "additional filing fees now required for the associated EAD ($260 fee) and Advance Parole ($630
      // fee). However, this change does not affect individua[ls who filed before April 1, 2024]"; legalclarity
      // "How Much Is the Filing Fee for Form I-131?"). Paragraph number not verified.
      'I-131': {
        paragraph: '8 CFR 106.2(a)',
        paper: 630,
        withPendingI485: 630,
        notes: ['Advance parole document; other travel documents differ.'],
      },
      // Verified: 89 FR 6194, "(11) Immigrant Petition for Alien Worker, Form I-140 ... $715" (migrantusa).
      'I-140': {
        paragraph: '8 CFR 106.2(a)(11)',
        paper: 715,
        notes: [
          'Plus the Asylum Program Fee: $600, $300 for an employer with 25 or fewer full-time employees, $0 for a nonprofit.',
        ],
      },
      // Verified: $1,440 (biometrics included), $950 for a child under 14 filing with a parent (Dickinson
      // Wright 2024-09-04 table; visaverge "Is the Form I-485 filing fee different for children"; legalclarity
      // "I-485 Fees"). Paragraph number not verified.
      'I-485': {
        paragraph: '8 CFR 106.2(a)',
        paper: 1_440,
        under14WithParent: 950,
        notes: ['Biometric services included.', '$950 for a child under 14 filing with a parent.'],
      },
      // Verified: 89 FR 6194, "(43) Petition to Remove Conditions on Residence, Form I-751 ... $750" (migrantusa).
      'I-751': { paragraph: '8 CFR 106.2(a)(43)', paper: 750, notes: ['Biometric services included.'] },
      // Verified: 89 FR 6194, "(44) Application for Employment Authorization, Form I-765 ... $520" (migrantusa);
      // online $470 and $260 "if you ... have already applied for an I-485 with a fee on or after April 1, 2024,
      // and your Form I-485 is still pending" (uscitizenship.info/?p=20704; Mondaq 2024-07-18; visaverge "Do I
      // need to pay a separate fee for work permit after filing I-485": "Applicants filing I-485 before April 1,
      // 2024, can apply for I-765 later without extra fees").
      'I-765': {
        paragraph: '8 CFR 106.2(a)(44)',
        paper: 520,
        online: 470,
        withPendingI485: 260,
        notes: [
          '$470 when filed online.',
          '$260 with a Form I-485 filed on or after April 1, 2024 and still pending.',
        ],
      },
      'I-864': { paragraph: '8 CFR 106.2(a)', paper: 0, notes: ['No USCIS fee.'] },
      // Verified: 89 FR 6194, "(3) Application for Naturalization, Form N-400 ... $760" (migrantusa; the
      // naturalization list is 8 CFR 106.2(b)); online $710, reduced $380 for a household income "less than
      // 400% of the Federal Poverty Guidelines", paper filing only (www.uscis.gov/forms/filing-fees/
      // additional-information-on-filing-a-reduced-fee-request: "full filing fee ($710-760) ... reduced fee
      // ($380)"; "You must file a paper Form N-400 if you are requesting a reduced fee").
      'N-400': {
        paragraph: '8 CFR 106.2(b)(3)',
        paper: 760,
        online: 710,
        reduced: { amount: 380, income: 'at or below 400% of the Federal Poverty Guidelines' },
        notes: [
          '$710 when filed online.',
          '$380 reduced fee for a household income up to 400% of the poverty guidelines.',
        ],
      },
    },
    // Verified: $600; $300 for 25 or fewer full-time equivalent employees; $0 for nonprofits; effective April 1,
    // 2024 (CIS Ombudsman reminder, lascrucesdigest.com: "the new Asylum Program Fee will cost an additional
    // $600 for employers or $300 for companies with 25 or fewer full-time equivalent employees. There is no
    // Asylum Program Fee for nonprofits"; caseblink.com "Top 5 things to know about the Asylum Program Fee";
    // Mondaq 2024-03-28). Paragraph number not verified.
    asylumProgramFee: { paragraph: '8 CFR 106.2', standard: 600, smallEmployer: 300, nonprofit: 0 },
  },
];

/** A fee set by statute, dated by the USCIS notice that collects it. */
export type StatutoryFee = {
  form: string;
  source: FeeSourceId;
  effectiveFrom: string;
  amount: number;
  /** The statute, and the rounding or adjustment that gave this year's amount. */
  authority: string;
  what: string;
};

/**
 * H.R. 1 (Pub. L. 119-21, July 4, 2025) fees on the forms held here. Of its USCIS fees only the asylum
 * application fee falls on a form this product files as such; its EAD fees (asylum applicants, parolees,
 * TPS) depend on the Form I-765 eligibility category, which the facts do not carry (see fees.ts).
 */
// Form I-589 before the H.R. 1 fee: no fee under either schedule (verified: "the filing fee of the I-589 ... is
// $0", globevisa.com on the 2024 rule; "Historically, Form I-589 ... was free to file", legalclarity.org).
export const STATUTORY_FEES: StatutoryFee[] = [
  // Verified: Pub. L. 119-21, "SEC. 100002. Asylum fee. (a) ... a fee ... by any alien who files an application
  // for asylum under section 208 ... at the time such application is filed. (b) Initial amount.—During fiscal
  // year 2025, ... the greater of— (1) $100" (statute text, discuss.repealobbba.org/t/part-i-immigration-fees);
  // collected for I-589s postmarked on or after July 22, 2025 (90 FR 34511; maplecrestlaw.com: "I-589 | $100 |
  // Payable by all applicants postmarked on/after July 22, 2025").
  {
    form: 'I-589',
    source: 'hr1-2025',
    effectiveFrom: '2025-07-22',
    amount: 100,
    authority: 'Pub. L. 119-21 (H.R. 1), §100002(b) (asylum fee)',
    what: 'the H.R. 1 asylum application fee',
  },
  // Verified: the FY 2026 adjustment (90 FR 52693, effective January 1, 2026) leaves the I-589 fee at $100: the
  // statute adds the CPI-U increase "rounded to the next lowest multiple of $10" (§100002(c)), and "for fiscal
  // year 2026, the Annual Asylum Fee is $102, while the initial Form I-589 filing fee remains $100" (visaverge
  // "DHS links Annual Asylum Fee to Form I-589 rejection", on the interim final rule 2026-08333 effective May
  // 29, 2026; trustvistaconsulting.com "Initial Asylum Fee: Remains at $100"). The notice's own table was not
  // readable here.
  {
    form: 'I-589',
    source: 'hr1-fy2026',
    effectiveFrom: '2026-01-01',
    amount: 100,
    authority: 'Pub. L. 119-21 (H.R. 1), §100002(c) (asylum fee, adjusted for fiscal year 2026)',
    what: 'the H.R. 1 asylum application fee for fiscal year 2026',
  },
];
