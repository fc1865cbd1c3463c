/**
 * The rules' identities: id, title, citation, source and the dates they are in force. `effectiveFrom` is a
 * date by which the cited text was in force as the rule applies it: a verified lower bound, not
 * necessarily the day it was first enacted. Versioned tables (fees, poverty guidelines) add one version per
 * edition (./tables.ts).
 */
import type { RuleSource } from './types';

const ECFR = (section: string) => `https://www.ecfr.gov/current/title-8/section-${section}`;
/** The Immigration Act of 1990's naturalization provisions took effect October 1, 1991. */
const IMMACT90_NATURALIZATION = '1991-10-01';
/** The Justice Department's copy of its immigration rules as chapter V of 8 CFR (68 FR 9824). */
const EOIR_CHAPTER_V = '2003-02-28';
/** USCIS's reorganized Title 8 (76 FR 53764), which holds 8 CFR 103.2, 103.3, 103.5 and 103.8 as cited. */
const TITLE_8_REORGANIZED = '2011-11-28';

const source = (rule: RuleSource) => rule;

export const SOURCES = {
  n400EarliestFiling: source({
    ruleId: 'n400-earliest-filing',
    title: 'Naturalization: earliest filing date (90 days early)',
    citation: 'INA 334(a); 8 CFR 334.2(b)',
    sourceUrl: ECFR('334.2'),
    effectiveFrom: IMMACT90_NATURALIZATION,
  }),
  n400Age: source({
    ruleId: 'n400-age',
    title: 'Naturalization: at least 18 years old at filing',
    citation: 'INA 334(b)(1); 8 CFR 316.2(a)(1)',
    sourceUrl: ECFR('316.2'),
    effectiveFrom: IMMACT90_NATURALIZATION,
  }),
  n400ContinuousResidence: source({
    ruleId: 'n400-continuous-residence',
    title: 'Naturalization: continuous residence',
    citation: 'INA 316(a), 316(b); 8 CFR 316.5(c)(1)',
    sourceUrl: ECFR('316.5'),
    effectiveFrom: IMMACT90_NATURALIZATION,
  }),
  n400PhysicalPresence: source({
    ruleId: 'n400-physical-presence',
    title: 'Naturalization: physical presence for half the period',
    citation: 'INA 316(a), 319(a); 8 CFR 316.2(a)(4), 319.1(a)(4)',
    sourceUrl: ECFR('316.2'),
    effectiveFrom: IMMACT90_NATURALIZATION,
  }),
  n400MaritalUnion: source({
    ruleId: 'n400-marital-union',
    title: 'Naturalization, 3-year path: 3 years married to a US citizen',
    citation: 'INA 319(a); 8 CFR 319.1(a)(3)',
    sourceUrl: ECFR('319.1'),
    effectiveFrom: IMMACT90_NATURALIZATION,
  }),
  periodRollOver: source({
    ruleId: 'period-roll-over',
    title: 'A period ending on a Saturday, Sunday or legal holiday runs to the next business day',
    citation: '8 CFR 1.2 ("Day"); 5 U.S.C. 6103; USCIS Policy Manual, Vol. 1, Part B, Ch. 6',
    sourceUrl: ECFR('1.2'),
    // The Policy Manual's update for paper filings and responses received on or after March 29, 2023.
    effectiveFrom: '2023-03-29',
  }),
  rfeResponse: source({
    ruleId: 'rfe-response',
    title: 'Response to a Request for Evidence: at most 12 weeks, received by USCIS',
    citation: '8 CFR 103.2(b)(8)(iv); 8 CFR 103.8(b)',
    sourceUrl: ECFR('103.2'),
    effectiveFrom: TITLE_8_REORGANIZED,
  }),
  noidResponse: source({
    ruleId: 'noid-response',
    title: 'Response to a Notice of Intent to Deny: at most 30 days, received by USCIS',
    citation: '8 CFR 103.2(b)(8)(iv); 8 CFR 103.8(b)',
    sourceUrl: ECFR('103.2'),
    effectiveFrom: TITLE_8_REORGANIZED,
  }),
  appeal: source({
    ruleId: 'appeal',
    title: 'Appeal or motion on Form I-290B after a denial',
    citation: '8 CFR 103.3(a)(2)(i); 8 CFR 103.5(a)(1)(i); 8 CFR 103.8(b)',
    sourceUrl: ECFR('103.3'),
    effectiveFrom: TITLE_8_REORGANIZED,
  }),
  motionOnly: source({
    ruleId: 'motion-only',
    title: 'No appeal lies: a motion to reopen or reconsider on Form I-290B',
    citation: '8 CFR 103.5(a)(1)(i); 8 CFR 103.8(b)',
    sourceUrl: ECFR('103.5'),
    effectiveFrom: TITLE_8_REORGANIZED,
  }),
  biaAppealOfUscis: source({
    ruleId: 'bia-appeal-dhs',
    title: 'Appeal of a USCIS decision to the Board of Immigration Appeals (Form EOIR-29)',
    citation: '8 CFR 1003.3(a)(2); 8 CFR 1003.1(b)(5); Form EOIR-29 instructions',
    sourceUrl: ECFR('1003.3'),
    effectiveFrom: EOIR_CHAPTER_V,
  }),
  biaAppealOfJudge: source({
    ruleId: 'bia-appeal-ij',
    title: 'Appeal of an immigration judge’s decision to the Board of Immigration Appeals (Form EOIR-26)',
    citation: '8 CFR 1003.38(b), (c); 8 CFR 1003.3(a)(1)',
    sourceUrl: ECFR('1003.38'),
    effectiveFrom: EOIR_CHAPTER_V,
  }),
  n336Hearing: source({
    ruleId: 'n336-hearing',
    title: 'Request for a hearing on a denied N-400 (Form N-336)',
    citation: 'INA 336(a); 8 CFR 336.2(a); 8 CFR 103.8(b)',
    sourceUrl: ECFR('336.2'),
    effectiveFrom: IMMACT90_NATURALIZATION,
  }),
  revocationAppeal: source({
    ruleId: 'revocation-appeal',
    title: 'Appeal of the revocation of an approved petition: 15 days',
    citation: '8 CFR 205.2(d); 8 CFR 103.8(b)',
    sourceUrl: ECFR('205.2'),
    effectiveFrom: TITLE_8_REORGANIZED,
  }),
  i751Window: source({
    ruleId: 'i751-window',
    title: 'Removal of conditions: the 90 days before the conditional card expires',
    citation: 'INA 216(d)(2)(A); 8 CFR 216.4(a)(1)',
    sourceUrl: ECFR('216.4'),
    // The Immigration Marriage Fraud Amendments of 1986 (Pub. L. 99-639).
    effectiveFrom: '1986-11-10',
  }),
  eadRenewal: source({
    ruleId: 'ead-renewal',
    title: 'Work permit renewal: file up to 180 days before it expires',
    citation: '8 CFR 274a.13(d); Form I-765 Instructions',
    sourceUrl: ECFR('274a.13'),
    // 81 FR 82398, the rule that set today's renewal and automatic extension terms.
    effectiveFrom: '2017-01-17',
  }),
  passportValidity: source({
    ruleId: 'passport-validity-6-months',
    title: 'Passport valid six months beyond travel or a nonimmigrant admission',
    citation: 'INA § 212(a)(7)(B)(i)(I); 8 CFR 214.1(a)(3)(i)',
    sourceUrl: ECFR('214.1'),
    effectiveFrom: '1991-06-01',
  }),
  greenCardRenewal: source({
    ruleId: 'green-card-renewal',
    title: 'A 10-year green card is renewed on Form I-90 once it will expire within six months',
    citation: '8 CFR 264.5(b)(2)',
    sourceUrl: ECFR('264.5'),
    // The text of 8 CFR 264.5(b)(2) as in the Code of Federal Regulations revised as of January 1, 2004.
    effectiveFrom: '2004-01-01',
  }),
  i94AdmitUntil: source({
    ruleId: 'i94-admit-until',
    title: 'The stay the I-94 admits ends: an extension or change of status is filed before it',
    citation: '8 CFR 214.1(c)(4); 8 CFR 248.1(b)',
    sourceUrl: ECFR('214.1'),
    effectiveFrom: TITLE_8_REORGANIZED,
  }),
  i864HouseholdSize: source({
    ruleId: 'i864-household-size',
    title: 'Affidavit of support: household size',
    citation: '8 CFR 213a.1 (household size)',
    sourceUrl: ECFR('213a.1'),
    // 71 FR 35732, the affidavit of support rule in force July 21, 2006.
    effectiveFrom: '2006-07-21',
  }),
  evidenceChecklist: source({
    ruleId: 'evidence-checklist',
    title: 'Evidence the form’s instructions ask for',
    citation: '8 CFR 103.2(a)(1), 103.2(b)(1); the form’s instructions',
    sourceUrl: ECFR('103.2'),
    effectiveFrom: TITLE_8_REORGANIZED,
  }),
  formGiven: source({
    ruleId: 'form-given',
    title: 'The form being filed',
    citation: '8 CFR 103.2(a)(1)',
    sourceUrl: ECFR('103.2'),
    effectiveFrom: TITLE_8_REORGANIZED,
  }),
} as const;
