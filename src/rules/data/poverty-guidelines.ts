/**
 * The HHS poverty guidelines as Form I-864P applies them to affidavits of support. A new year's table is a
 * new entry here (HHS publishes in January; USCIS applies it from the date its I-864P edition names).
 * Each table: the guideline for a household of one, and what each further person adds.
 */

export type GuidelineRegion = 'contiguous' | 'alaska' | 'hawaii';

export type PovertyGuidelines = {
  /** The guidelines' year, as HHS names it. */
  year: number;
  /** The day USCIS began to apply it to Form I-864 (its I-864P edition), ISO. */
  effectiveFrom: string;
  /** The Federal Register notice that published it. */
  publishedIn: string;
  sourceUrl: string;
  regions: Record<GuidelineRegion, { firstPerson: number; eachAdditional: number }>;
};

const I864P = 'https://www.uscis.gov/i-864p';

/** Newest last. */
export const POVERTY_GUIDELINES: PovertyGuidelines[] = [
  {
    year: 2023,
    effectiveFrom: '2023-03-01',
    publishedIn: '88 FR 3424 (January 19, 2023)',
    sourceUrl: I864P,
    regions: {
      contiguous: { firstPerson: 14_580, eachAdditional: 5_140 },
      alaska: { firstPerson: 18_210, eachAdditional: 6_430 },
      hawaii: { firstPerson: 16_770, eachAdditional: 5_910 },
    },
  },
  {
    year: 2024,
    effectiveFrom: '2024-03-01',
    publishedIn: '89 FR 2961 (January 17, 2024)',
    sourceUrl: I864P,
    regions: {
      contiguous: { firstPerson: 15_060, eachAdditional: 5_380 },
      alaska: { firstPerson: 18_810, eachAdditional: 6_730 },
      hawaii: { firstPerson: 17_310, eachAdditional: 6_190 },
    },
  },
  {
    year: 2025,
    effectiveFrom: '2025-03-01',
    publishedIn: '90 FR 5917 (January 17, 2025)',
    sourceUrl: I864P,
    regions: {
      contiguous: { firstPerson: 15_650, eachAdditional: 5_500 },
      alaska: { firstPerson: 19_550, eachAdditional: 6_880 },
      hawaii: { firstPerson: 17_990, eachAdditional: 6_330 },
    },
  },
];
