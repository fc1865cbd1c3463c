/**
 * The facts a case gives the rules library (src/rules): the contract of `POST /ai/deadlines` and
 * `POST /ai/compliance` (`{"facts": {…}, "asOf": "YYYY-MM-DD"}`), also built from a stored case by the AI
 * feature. Dates are ISO YYYY-MM-DD; money is whole US dollars. Every fact is optional: a rule that needs a
 * missing fact answers "unknown" and names it. Islands import this too.
 */
import { z } from 'zod';
import { FORM_CODES } from './cases';
import type { DocumentType } from './documents';
import { isIsoDate } from './dates';
import { US_STATES } from './settings';

export const NATURALIZATION_PATHS = ['5-year', '3-year-marriage'] as const;
export type NaturalizationPath = (typeof NATURALIZATION_PATHS)[number];

/**
 * Notices that start a period: Request for Evidence, Notice of Intent to Deny, a denial, the revocation of
 * an approved petition.
 */
export const RESPONSE_NOTICE_TYPES = ['RFE', 'NOID', 'denial', 'revocation'] as const;
export type ResponseNoticeType = (typeof RESPONSE_NOTICE_TYPES)[number];

/** Days added to a period when USCIS serves its notice by mail (8 CFR 103.8(b)). */
export const MAIL_DAYS = 3;

/** The longest period each notice may give to respond (8 CFR 103.2(b)(8)(iv)), in days and in words. */
export const RESPONSE_LIMITS = {
  RFE: { days: 84, words: '84 days (12 weeks)' },
  NOID: { days: 30, words: '30 days' },
} as const;

/**
 * Why a notice's period cannot be right, if it cannot: longer than the notice may give even counting the
 * 3 mail days that many notices print within their total ("87 days").
 */
export function responsePeriodRefusal(type: 'RFE' | 'NOID', days: number): string | undefined {
  const limit = RESPONSE_LIMITS[type];
  if (days <= limit.days + MAIL_DAYS) return undefined;
  return `An ${type} gives at most ${limit.words} to respond (8 CFR 103.2(b)(8)(iv)), ${limit.days + MAIL_DAYS} with the ${MAIL_DAYS} mail days: ${days} days cannot be the notice’s period. Read the period on the notice again.`;
}

/** Who decided: a USCIS officer, or an immigration judge (whose decisions go to the BIA on Form EOIR-26). */
export const DECISION_MAKERS = ['uscis', 'immigration-judge'] as const;

/** Whom a sponsor petitions for (Form I-864: the 100 % line applies to an active-duty sponsor's spouse or child). */
export const SPONSORED_RELATIONSHIPS = [
  'spouse',
  'child',
  'adult-child',
  'parent',
  'sibling',
  'orphan-to-be-adopted',
  'other',
] as const;

const isoDate = z.string().refine(isIsoDate, 'must be a real date written YYYY-MM-DD, such as 2026-11-23');
const wholeDays = z.number().int('must be a whole number of days').min(0).max(36_500);

/** Each fact's shape. A fact in the wrong shape is refused (422) with its name as the field. */
export const factsShape = {
  /** The date on the green card ("Resident since"). */
  permanentResidentSince: isoDate,
  naturalizationPath: z.enum(NATURALIZATION_PATHS),
  dateOfBirth: isoDate,
  noticeType: z.enum(RESPONSE_NOTICE_TYPES),
  /** Who made the decision a denial notice records (USCIS unless given). */
  decidedBy: z.enum(DECISION_MAKERS),
  /** The date printed on the notice (its "Notice Date"). */
  noticeDate: isoDate,
  /**
   * The period the notice gives to respond, in days: an RFE at most 84 (12 weeks), a NOID at most 30 (8 CFR
   * 103.2(b)(8)(iv)); a notice printing 85–87 (31–33) already counts the 3 mail days.
   */
  responsePeriodDays: z.number().int('must be a whole number of days').min(1).max(365),
  /** The response due date the notice prints ("must be received by"), when it prints one. */
  printedDueDate: isoDate,
  /** The notice came by mail: 3 days are added to the period (8 CFR 103.8(b)). */
  servedByMail: z.boolean(),
  /** The expiry date on the 2-year conditional green card. */
  conditionalResidenceExpires: isoDate,
  /** The expiry date on a 10-year green card (renewed on Form I-90 from six months before). */
  greenCardExpires: isoDate,
  eadExpires: isoDate,
  /** The admit-until date on the latest I-94 (none for D/S, duration of status). */
  i94AdmitUntil: isoDate,
  /** The work permit's category as printed on the card ("C09"). */
  eadCategory: z
    .string()
    .transform((code) => code.replace(/[^A-Za-z0-9]/g, '').toUpperCase())
    .refine(
      (code) => /^[AC]\d{2}$/.test(code),
      'must be the category printed on the card, such as C09 or A05',
    ),
  /** The day USCIS received the renewal of the work permit (its receipt notice's "Received Date"). */
  eadRenewalFiledOn: isoDate,
  passportExpires: isoDate,
  /** The sponsor's household size for Form I-864 (at least 2: the sponsor and the immigrant). */
  householdSize: z.number().int('must be a whole number').min(1, 'must be at least 1').max(50),
  /**
   * The sponsor's household income, whole dollars a year: total income (Form 1040's total income line), not
   * adjusted gross income (8 CFR 213a.1, "income").
   */
  householdIncome: z.number().min(0).max(1_000_000_000),
  /** The net value of the sponsor's household assets that can be counted (8 CFR 213a.2(c)(2)(iii)(B)), whole dollars. */
  sponsorAssets: z.number().min(0).max(1_000_000_000),
  /** The sponsor is a US citizen (3 times the shortfall in assets for a spouse or adult son or daughter). */
  sponsorIsCitizen: z.boolean(),
  /** USPS code of the state where the sponsor lives (Alaska and Hawaii have their own guidelines). */
  sponsorState: z
    .string()
    .refine((code) => code in US_STATES, 'must be a two-letter US state or territory code, such as NY'),
  activeDutySponsor: z.boolean(),
  /** Whom the sponsor petitions for (I-864's 100 % line for an active-duty sponsor's spouse or child). */
  sponsoredRelationship: z.enum(SPONSORED_RELATIONSHIPS),
  form: z.enum(FORM_CODES),
  /** The date the form is (or will be) filed: fees and the N-400 early-filing check use it. */
  filingDate: isoDate,
  /** N-400: days spent outside the United States during the statutory period. */
  daysOutsideUS: wholeDays,
  /** N-400: the longest single trip outside the United States during the statutory period, in days. */
  longestTripDays: wholeDays,
  /** N-400: the day of return from an absence of one year or more (a new period runs from it). */
  longAbsenceReturnDate: isoDate,
  /** N-400, 3-year path: the date the spouse became (or was born) a US citizen, if later than the marriage. */
  spouseCitizenSince: isoDate,
  /** N-400, 3-year path: the date of the marriage to the US citizen spouse. */
  marriageDate: isoDate,
  /** The case's own due date, when the firm set one (passport validity is measured against it too). */
  caseDueDate: isoDate,
} as const;

export const factsSchema = z.object(factsShape).partial().strict();
export type Facts = z.infer<typeof factsSchema>;
export type FactName = keyof typeof factsShape;
export const FACT_NAMES = Object.keys(factsShape) as FactName[];

/** The words a page shows for each fact. */
export const FACT_LABELS: Record<FactName, string> = {
  permanentResidentSince: 'Permanent resident since',
  naturalizationPath: 'Naturalization path',
  dateOfBirth: 'Date of birth',
  noticeType: 'Notice type',
  decidedBy: 'Decided by',
  noticeDate: 'Notice date',
  responsePeriodDays: 'Response period (days)',
  printedDueDate: 'Response due date printed on the notice',
  servedByMail: 'Notice served by mail',
  conditionalResidenceExpires: 'Conditional green card expires',
  greenCardExpires: 'Green card (10-year) expires',
  eadExpires: 'Work permit (EAD) expires',
  i94AdmitUntil: 'I-94 admitted until',
  eadCategory: 'Work permit category (as on the card, e.g. C09)',
  eadRenewalFiledOn: 'Work permit renewal received by USCIS on',
  passportExpires: 'Passport expires',
  householdSize: 'Sponsor household size',
  householdIncome: 'Sponsor household total income ($ a year, not adjusted gross income)',
  sponsorAssets: 'Sponsor household assets, net value ($)',
  sponsorIsCitizen: 'Sponsor is a US citizen',
  sponsorState: 'Sponsor state',
  activeDutySponsor: 'Sponsor on active duty in the US Armed Forces',
  sponsoredRelationship: 'Sponsored relative is the sponsor’s',
  form: 'Form',
  filingDate: 'Filing date',
  daysOutsideUS: 'Days outside the US in the statutory period',
  longestTripDays: 'Longest trip outside the US (days)',
  longAbsenceReturnDate: 'Returned from an absence of a year or more on',
  spouseCitizenSince: 'Spouse a US citizen since',
  marriageDate: 'Date of marriage',
  caseDueDate: 'Case due date',
};

/**
 * The body of `POST /ai/deadlines` and `POST /ai/compliance`: a stored case, or facts; either as of a date
 * (default: today in the firm's time zone). A fact in the wrong shape is refused naming it (`facts.noticeDate`).
 */
export const rulesRequestSchema = z
  .object({
    caseId: z.string().uuid('must be a case ID').optional(),
    facts: factsSchema.optional(),
    asOf: isoDate.optional(),
  })
  .strict()
  .refine((body) => (body.caseId === undefined) !== (body.facts === undefined), {
    message: 'Send either caseId or facts',
    path: ['caseId'],
  })
  .superRefine(({ facts }, ctx) => {
    const type = facts?.noticeType;
    if ((type !== 'RFE' && type !== 'NOID') || facts?.responsePeriodDays === undefined) return;
    const refusal = responsePeriodRefusal(type, facts.responsePeriodDays);
    if (refusal) ctx.addIssue({ code: 'custom', message: refusal, path: ['facts', 'responsePeriodDays'] });
  });
export type RulesRequest = z.infer<typeof rulesRequestSchema>;

/** Where a case's fact came from, shown beside it so a lawyer can check it. */
export type FactSource = {
  kind: 'case' | 'client' | 'entered' | 'document';
  /** "Case RI-2026-0042", "Client record", "Entered by Jane Doe on 11/20/2026", "passport.pdf". */
  label: string;
  documentId?: string;
};

/** The facts a stored case gives the rules: its fields, its client's, those entered for it, its documents'. */
export type CaseFacts = {
  caseId: string;
  caseNumber: string;
  facts: Facts;
  sources: Partial<Record<FactName, FactSource>>;
  /** The types its analyzed documents were recognized as (the evidence checklist reads them). */
  documentTypes: DocumentType[];
};
