/**
 * The authorities the drafts rely on beyond the rules library, each with where its text was read and the
 * date it took effect (a decision: the day it was decided; '' where the sources read did not give it). `read` says how far the text was checked: the
 * operative words themselves ("text"), or only as quoted by others ("secondary"), which the review sheet
 * asks the attorney to check before filing. Nothing here is printed in a client letter.
 */
import type { RuleSource } from '../../rules/types';

export type Authority = RuleSource & { read: 'text' | 'secondary' };

const authority = (a: Authority) => a;

/** The petitioner's burden: a preponderance of the evidence. Read in the slip opinion's headnotes (3), (4). */
export const CHAWATHE = authority({
  ruleId: 'matter-of-chawathe',
  title: 'Standard of proof: a preponderance of the evidence',
  citation: 'Matter of Chawathe, 25 I&N Dec. 369 (AAO 2010)',
  sourceUrl: 'https://www.justice.gov/eoir/precedent-decisions-volume-25',
  effectiveFrom: '2010-10-20',
  read: 'text',
});

/** The burden of proof rests with the petitioner. Read in the EOIR's PDF of Interim Decision 1553. */
export const BRANTIGAN = authority({
  ruleId: 'matter-of-brantigan',
  title: 'The burden of proof in visa petition proceedings rests with the petitioner',
  citation: 'Matter of Brantigan, 11 I&N Dec. 493 (BIA 1966)',
  sourceUrl: 'https://www.justice.gov/eoir/vll/intdec/vol11/1553.pdf',
  effectiveFrom: '1966-02-08',
  read: 'text',
});

/** Conduct after the marriage shows intent at its time; the kinds of evidence. Read: headnotes (1), (2). */
export const LAUREANO = authority({
  ruleId: 'matter-of-laureano',
  title: 'Intent at the time of marriage, shown by the couple’s conduct after it',
  citation: 'Matter of Laureano, 19 I&N Dec. 1 (BIA 1983)',
  sourceUrl: 'https://www.justice.gov/eoir/precedent-decisions-volume-19',
  effectiveFrom: '1983-12-12',
  read: 'text',
});

/**
 * The documents that may establish a bona fide marriage, as the regulation lists them for the exemption of
 * INA 245(e)(3). Read only in secondary sources: its words are checked on eCFR before filing.
 */
export const BONA_FIDE_EVIDENCE = authority({
  ruleId: 'bona-fide-marriage-evidence',
  title: 'Documents that may establish a bona fide marriage',
  citation: '8 CFR 204.2(a)(1)(iii)(B)',
  sourceUrl: 'https://www.ecfr.gov/current/title-8/chapter-I/subchapter-B/part-204/subpart-A/section-204.2',
  // The day this paragraph took effect was not found in the sources read.
  effectiveFrom: '',
  read: 'secondary',
});

/**
 * A marriage entered into while proceedings were pending: no petition is approved on it until the beneficiary
 * has lived outside the United States for two years after it, except as INA 245(e)(3) provides. Read in the
 * US Code's text of 8 U.S.C. 1154(g); the date the exception (Immigration Act of 1990) took effect was not
 * in the text read.
 */
export const MARRIAGE_IN_PROCEEDINGS = authority({
  ruleId: 'marriage-during-proceedings',
  title: 'No approval on a marriage entered into during proceedings, save the bona fide marriage exception',
  citation: 'INA 204(g), 8 U.S.C. 1154(g)',
  sourceUrl:
    'https://uscode.house.gov/view.xhtml?req=granuleid:USC-prelim-title8-section1154&num=0&edition=prelim',
  effectiveFrom: '',
  read: 'text',
});

/**
 * The exception: the marriage established by clear and convincing evidence to have been entered into in good
 * faith, lawfully where it took place, not to procure admission, and with no fee or consideration given for
 * the petition (an attorney's fee aside). Read in the US Code's text of 8 U.S.C. 1255(e).
 */
export const BONA_FIDE_EXCEPTION = authority({
  ruleId: 'bona-fide-marriage-exception',
  title: 'The bona fide marriage exception: clear and convincing evidence of a marriage in good faith',
  citation: 'INA 245(e)(3), 8 U.S.C. 1255(e)(3)',
  sourceUrl:
    'https://uscode.house.gov/view.xhtml?req=granuleid:USC-prelim-title8-section1255&num=0&edition=prelim',
  effectiveFrom: '',
  read: 'text',
});

/** The exemption is asked for in writing with the petition. Read only as secondary sources quote it. */
export const EXEMPTION_REQUEST = authority({
  ruleId: 'bona-fide-marriage-exemption-request',
  title: 'The bona fide marriage exemption requested in writing, with the evidence that establishes it',
  citation: '8 CFR 204.2(a)(1)(iii)(A)',
  sourceUrl: 'https://www.ecfr.gov/current/title-8/chapter-I/subchapter-B/part-204/subpart-A/section-204.2',
  effectiveFrom: '',
  read: 'secondary',
});

/** A response is submitted whole, with the request it answers. Read as quoted by USCIS guidance. */
export const RESPONSE_TOGETHER = authority({
  ruleId: 'response-with-request',
  title: 'All requested materials submitted together, with the request or notice',
  citation: '8 CFR 103.2(b)(11)',
  sourceUrl: 'https://www.ecfr.gov/current/title-8/chapter-I/subchapter-B/part-103/subpart-A/section-103.2',
  effectiveFrom: '2007-06-18',
  read: 'secondary',
});

/** A biometrics appointment may be rescheduled for good cause, asked before it. */
export const BIOMETRICS_RESCHEDULE = authority({
  ruleId: 'biometrics-reschedule',
  title: 'Rescheduling a biometrics appointment for good cause, before it',
  citation: '8 CFR 103.2(b)(9); 8 CFR 103.2(b)(13)(ii); USCIS Policy Manual, Vol. 1, Part C, Ch. 2',
  sourceUrl: 'https://www.uscis.gov/policy-manual/volume-1-part-c-chapter-2',
  effectiveFrom: '2023-07-06',
  read: 'secondary',
});

/** The criteria USCIS expedites a benefit request on. */
export const EXPEDITE = authority({
  ruleId: 'expedite-criteria',
  title: 'Requests to expedite applications or petitions',
  citation: 'USCIS Policy Manual, Vol. 1, Part A, Ch. 5',
  sourceUrl: 'https://www.uscis.gov/policy-manual/volume-1-part-a-chapter-5',
  // The criteria's words as USCIS gave them on 06/09/2021 (updated since on 01/25/2023 and 03/21/2024).
  effectiveFrom: '2021-06-09',
  read: 'secondary',
});

/** Paper-filed fees are paid electronically: Form G-1450 or G-1650 (G-1651 for an exemption). */
export const ELECTRONIC_PAYMENT = authority({
  ruleId: 'electronic-fee-payment',
  title: 'Paper-filed fees paid by card (G-1450) or bank debit (G-1650)',
  citation: 'Executive Order 14247, 90 FR 14001 (03/28/2025); USCIS Policy Alert PA-2025-19',
  sourceUrl: 'https://www.uscis.gov/forms/filing-fees',
  effectiveFrom: '2025-10-28',
  read: 'secondary',
});

/** The attorney's appearance: a Form G-28 in each case. Read in the form's instructions. */
export const APPEARANCE = authority({
  ruleId: 'g28-appearance',
  title: 'Notice of entry of appearance in each case',
  citation: '8 CFR 292.4(a); Form G-28 Instructions',
  sourceUrl: 'https://www.uscis.gov/g-28',
  effectiveFrom: '',
  read: 'secondary',
});

/** The authority's line on the review sheet when its words were not read in the source itself. */
export const checkNote = (a: Authority) =>
  `${a.citation}: its text was read only as quoted by others; check it at ${a.sourceUrl} before filing.`;
