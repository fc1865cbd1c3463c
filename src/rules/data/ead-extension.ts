/**
 * The automatic extension of a work permit (EAD) while its timely filed renewal is pending, as dated rules:
 * each applies to renewals filed from its first day until the next one's, and gives up to that many days past
 * the card's expiry date (less if USCIS decides the renewal sooner). Renewals pending on 5/4/2022 or
 * 10/27/2023 that the temporary final rules also reached are counted by their filing date here.
 */

export type EadExtensionRule = {
  /** For renewals filed (received by USCIS) from this day until the next rule's first day. */
  effectiveFrom: string;
  /** Up to this many days past the card's expiry date; 0: none. */
  days: number;
  citation: string;
  sourceUrl: string;
};

const ECFR_274A13 = 'https://www.ecfr.gov/current/title-8/section-274a.13';
/** The two 540-day temporary final rules' regulatory record (RIN 1615-AC78). */
const TFR_540 = 'https://www.reginfo.gov/public/do/eAgendaViewRule?pubId=202404&RIN=1615-AC78';

/** Oldest first; each ends the day before the next begins. */
export const EAD_EXTENSIONS: EadExtensionRule[] = [
  {
    effectiveFrom: '2017-01-17',
    days: 180,
    citation: '8 CFR 274a.13(d)(1); 81 FR 82398 (November 18, 2016)',
    sourceUrl: ECFR_274A13,
  },
  {
    effectiveFrom: '2022-05-04',
    days: 540,
    citation: '8 CFR 274a.13(d)(5); 87 FR 26614 (May 4, 2022), temporary final rule',
    sourceUrl: TFR_540,
  },
  {
    effectiveFrom: '2023-10-27',
    days: 540,
    citation: '8 CFR 274a.13(d)(5); 89 FR 24628 (April 8, 2024), temporary final rule',
    sourceUrl: TFR_540,
  },
  {
    effectiveFrom: '2025-10-01',
    days: 180,
    citation: '8 CFR 274a.13(d)(1); 81 FR 82398 (November 18, 2016)',
    sourceUrl: ECFR_274A13,
  },
  {
    effectiveFrom: '2025-10-30',
    days: 0,
    citation: '8 CFR 274a.13(e); 90 FR 48799 (October 30, 2025), interim final rule',
    sourceUrl: 'https://www.govinfo.gov/content/pkg/FR-2025-10-30/html/2025-19702.htm',
  },
];

/**
 * The categories whose renewal was automatically extended (8 CFR 274a.13(d)(1); USCIS's list), written as
 * on the card: A03 refugee, A05 asylee, A07 N-8/N-9, A08 citizen of Micronesia, the Marshall Islands or Palau,
 * A10 withholding granted, A12 TPS granted, A17 E spouse, A18 L-2 spouse, C08 asylum applicant, C09
 * adjustment applicant, C10 suspension or cancellation applicant, C16 registry applicant, C19 TPS applicant,
 * C20 and C22 legalization applicants, C24 LIFE Act applicant, C26 H-4 spouse, C31 VAWA self-petitioner.
 */
export const EAD_EXTENSION_CATEGORIES = [
  'A03',
  'A05',
  'A07',
  'A08',
  'A10',
  'A12',
  'A17',
  'A18',
  'C08',
  'C09',
  'C10',
  'C16',
  'C19',
  'C20',
  'C22',
  'C24',
  'C26',
  'C31',
] as const;
