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

/** Notices that start a response period: Request for Evidence, Notice of Intent to Deny, a denial. */
export const RESPONSE_NOTICE_TYPES = ['RFE', 'NOID', 'denial'] as const;
export type ResponseNoticeType = (typeof RESPONSE_NOTICE_TYPES)[number];

/** Whom a sponsor petitions for (Form I-864: the 100 % line applies to an active-duty sponsor's spouse or child). */
export const SPONSORED_RELATIONSHIPS = ['spouse', 'child', 'parent', 'sibling', 'other'] as const;

const isoDate = z.string().refine(isIsoDate, 'must be a real date written YYYY-MM-DD, such as 2026-11-23');
const wholeDays = z.number().int('must be a whole number of days').min(0).max(36_500);

/** Each fact's shape. A fact in the wrong shape is refused (422) with its name as the field. */
export const factsShape = {
  /** The date on the green card ("Resident since"). */
  permanentResidentSince: isoDate,
  naturalizationPath: z.enum(NATURALIZATION_PATHS),
  dateOfBirth: isoDate,
  noticeType: z.enum(RESPONSE_NOTICE_TYPES),
  /** The date printed on the notice (its "Notice Date"). */
  noticeDate: isoDate,
  /** The period the notice gives to respond, in days (an RFE states it; at most 84 days by 8 CFR 103.2(b)(8)(iv)). */
  responsePeriodDays: z.number().int('must be a whole number of days').min(1).max(365),
  /** The notice came by mail: 3 days are added to the period (8 CFR 103.8(b)). */
  servedByMail: z.boolean(),
  /** The expiry date on the 2-year conditional green card. */
  conditionalResidenceExpires: isoDate,
  eadExpires: isoDate,
  passportExpires: isoDate,
  /** The sponsor's household size for Form I-864 (at least 2: the sponsor and the immigrant). */
  householdSize: z.number().int('must be a whole number').min(1, 'must be at least 1').max(50),
  /** The sponsor's household income, whole dollars a year. */
  householdIncome: z.number().min(0).max(1_000_000_000),
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
  noticeDate: 'Notice date',
  responsePeriodDays: 'Response period (days)',
  servedByMail: 'Notice served by mail',
  conditionalResidenceExpires: 'Conditional green card expires',
  eadExpires: 'Work permit (EAD) expires',
  passportExpires: 'Passport expires',
  householdSize: 'Sponsor household size',
  householdIncome: 'Sponsor household income ($ a year)',
  sponsorState: 'Sponsor state',
  activeDutySponsor: 'Sponsor on active duty in the US Armed Forces',
  sponsoredRelationship: 'Sponsored relative is the sponsor’s',
  form: 'Form',
  filingDate: 'Filing date',
  daysOutsideUS: 'Days outside the US in the statutory period',
  longestTripDays: 'Longest trip outside the US (days)',
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
