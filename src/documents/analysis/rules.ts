/**
 * The rules the analysis checks documents against, each with its authority and where to read it. Kept as
 * plain data so that a rules library can take them over as they are.
 *
 * `effectiveFrom` is a date by which the cited text was in force as this rule applies it: a verified
 * lower bound, not necessarily the day it was first enacted.
 */
import type { DocumentFinding, FindingSeverity } from '../../shared/documents';

export type DocumentRule = {
  id: string;
  title: string;
  severity: FindingSeverity;
  citation: string;
  sourceUrl: string;
  effectiveFrom: string;
};

const INA_212_A_7 =
  'https://uscode.house.gov/view.xhtml?req=granuleid:USC-prelim-title8-section1182&num=0&edition=prelim';
const FILING_TIPS = 'https://www.uscis.gov/forms/filing-guidance/form-filing-tips';
const ECFR = (section: string) => `https://www.ecfr.gov/current/title-8/section-${section}`;

export const DOCUMENT_RULES = {
  passportExpired: {
    id: 'passport-expired',
    title: 'Passport has expired',
    severity: 'danger',
    citation: 'INA § 212(a)(7) (8 U.S.C. 1182(a)(7)): a valid, unexpired passport is required for admission',
    sourceUrl: INA_212_A_7,
    // Immigration Act of 1990, § 601: the present text of INA § 212(a), in force June 1, 1991.
    effectiveFrom: '1991-06-01',
  },
  passportValidity: {
    id: 'passport-validity-6-months',
    title: 'Passport expires within six months',
    severity: 'warning',
    citation:
      'INA § 212(a)(7)(B)(i)(I); 8 CFR 214.1(a)(3)(i): a passport valid at least six months beyond the period of stay',
    sourceUrl: 'https://www.ecfr.gov/current/title-8/section-214.1',
    effectiveFrom: '1991-06-01',
  },
  translation: {
    id: 'certified-translation-required',
    title: 'Certified English translation needed',
    severity: 'warning',
    citation: '8 CFR 103.2(b)(3)',
    sourceUrl: 'https://www.ecfr.gov/current/title-8/section-103.2#p-103.2(b)(3)',
    // The text naming USCIS (76 FR 53764, which replaced "Service" across USCIS's rules), in force 11/28/2011.
    effectiveFrom: '2011-11-28',
  },
  scanQuality: {
    id: 'scan-quality',
    title: 'Poor scan: may be hard to read',
    severity: 'warning',
    citation: 'USCIS Form Filing Tips (legible copies); 8 CFR 103.2(b)(5) (USCIS may ask for the original)',
    sourceUrl: FILING_TIPS,
    effectiveFrom: '2022-11-16',
  },
  duplicate: {
    id: 'duplicate-document',
    title: 'Same file already in this case',
    severity: 'info',
    citation: 'USCIS Form Filing Tips (do not send duplicate copies of the same document)',
    sourceUrl: FILING_TIPS,
    effectiveFrom: '2022-11-16',
  },
  nameMismatch: {
    id: 'name-mismatch',
    title: "Name differs from the client's",
    severity: 'warning',
    citation:
      "USCIS Form Filing Tips (consistent names, or proof of a legal name change); 8 CFR 103.2(b)(1) (the applicant's eligibility must be established)",
    sourceUrl: FILING_TIPS,
    effectiveFrom: '2022-11-16',
  },
  zoneCheckDigits: {
    id: 'mrz-check-digit',
    title: 'Machine-readable zone fails its check digits',
    severity: 'danger',
    citation: 'ICAO Doc 9303, Part 3: check digits in the machine readable zone',
    sourceUrl: 'https://www.icao.int/publications/pages/publication.aspx?docnum=9303',
    // Doc 9303, seventh edition (2015).
    effectiveFrom: '2015-01-01',
  },
  greenCardRenewal: {
    id: 'green-card-renewal',
    title: 'Green card expires within six months, or has expired',
    severity: 'warning',
    citation:
      '8 CFR 264.5(b)(2): a permanent resident applies on Form I-90 for a new card when the card will expire within six months',
    sourceUrl: ECFR('264.5'),
    // The text of 8 CFR 264.5(b)(2) in the Code of Federal Regulations revised as of January 1, 2004.
    effectiveFrom: '2004-01-01',
  },
  marriageConditions: {
    id: 'conditional-card-i751',
    title: 'Conditional green card: remove the conditions on Form I-751',
    severity: 'warning',
    citation:
      'INA 216(d)(2)(A); 8 CFR 216.4(a)(1): Form I-751 in the 90 days before the second anniversary of conditional residence; 8 CFR 264.5(d): a conditional resident whose card is expiring files Form I-751, not Form I-90',
    sourceUrl: ECFR('216.4'),
    // The Immigration Marriage Fraud Amendments of 1986 (Pub. L. 99-639).
    effectiveFrom: '1986-11-10',
  },
  investorConditions: {
    id: 'conditional-card-i829',
    title: "Investor's conditional green card: remove the conditions on Form I-829",
    severity: 'warning',
    citation:
      'INA 216A(d)(2)(A); 8 CFR 216.6(a)(1): Form I-829 in the 90 days before the second anniversary of conditional residence',
    sourceUrl: ECFR('216.6'),
    // The INS rule for alien entrepreneurs' conditional residence (FR Doc. 94-12524), in force May 23, 1994.
    effectiveFrom: '1994-05-23',
  },
  eadRenewal: {
    id: 'ead-renewal-window',
    title: 'Work permit (EAD) expires within 180 days',
    severity: 'warning',
    citation:
      'USCIS, Form I-765 (a renewal should not be filed more than 180 days before the current card expires); 8 CFR 274a.13(d)',
    sourceUrl: 'https://www.uscis.gov/i-765',
    // 81 FR 82398, the rule that set today's renewal terms, in force January 17, 2017.
    effectiveFrom: '2017-01-17',
  },
} as const satisfies Record<string, DocumentRule>;

export function finding(rule: DocumentRule, message: string, severity = rule.severity): DocumentFinding {
  return {
    ruleId: rule.id,
    severity,
    title: rule.title,
    message,
    citation: rule.citation,
    sourceUrl: rule.sourceUrl,
  };
}
