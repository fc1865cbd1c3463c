/**
 * USCIS filing fees (Form G-1055, Fee Schedule) by the edition in force on a filing date, paper filing, in
 * whole dollars. A new schedule is a new entry here. A form whose fee this product does not hold is absent:
 * the answer then says the fee is unknown rather than guessing.
 */
import type { FormType } from '../../shared/cases';

export type FeeEntry = {
  /** The fee for the usual filer, paper filing, biometric services included when the schedule charges them. */
  amount: number;
  /** What changes the fee for some filers (an online filing, an age, a fee paid with another form). */
  notes: string[];
};

export type FeeSchedule = {
  /** The day the schedule took effect (a form postmarked that day or later pays it), ISO. */
  effectiveFrom: string;
  /** The final rule that set it. */
  rule: string;
  sourceUrl: string;
  fees: Partial<Record<FormType, FeeEntry>>;
};

/** USCIS's fee schedule page (Form G-1055); the final rule names each edition's legal source. */
const G1055 = 'https://www.uscis.gov/g-1055';

/** Oldest first. */
export const FEE_SCHEDULES: FeeSchedule[] = [
  {
    effectiveFrom: '2016-12-23',
    rule: '81 FR 73292 (October 24, 2016)',
    sourceUrl: G1055,
    fees: {
      'I-90': { amount: 540, notes: ['$455 filing fee and $85 biometric services fee.'] },
      'I-129F': { amount: 535, notes: [] },
      'I-130': { amount: 535, notes: [] },
      'I-130A': { amount: 0, notes: ['Filed with Form I-130; no fee of its own.'] },
      'I-131': { amount: 575, notes: ['Advance parole document; other travel documents differ.'] },
      'I-140': { amount: 700, notes: [] },
      'I-485': {
        amount: 1_225,
        notes: [
          '$1,140 filing fee and $85 biometric services fee (ages 14 to 78).',
          '$750 for a child under 14 filing with a parent.',
        ],
      },
      'I-751': { amount: 680, notes: ['$595 filing fee and $85 biometric services fee.'] },
      'I-765': {
        amount: 410,
        notes: ['No fee with a pending Form I-485 for which the filing fee was paid.'],
      },
      'I-864': { amount: 0, notes: ['No USCIS fee.'] },
      'N-400': { amount: 725, notes: ['$640 filing fee and $85 biometric services fee.'] },
    },
  },
  {
    effectiveFrom: '2024-04-01',
    rule: '89 FR 6194 (January 31, 2024)',
    sourceUrl: G1055,
    fees: {
      'I-90': { amount: 465, notes: ['$415 when filed online.'] },
      'I-129F': { amount: 675, notes: [] },
      'I-130': { amount: 675, notes: ['$625 when filed online.'] },
      'I-130A': { amount: 0, notes: ['Filed with Form I-130; no fee of its own.'] },
      'I-131': { amount: 630, notes: ['Advance parole document; other travel documents differ.'] },
      'I-140': {
        amount: 715,
        notes: [
          'Plus the Asylum Program Fee: $600, $300 for an employer with 25 or fewer full-time employees, $0 for a nonprofit.',
        ],
      },
      'I-485': {
        amount: 1_440,
        notes: ['Biometric services included.', '$950 for a child under 14 filing with a parent.'],
      },
      'I-751': { amount: 750, notes: ['Biometric services included.'] },
      'I-765': {
        amount: 520,
        notes: [
          '$470 when filed online.',
          '$260 with a Form I-485 filed on or after April 1, 2024 and still pending.',
        ],
      },
      'I-864': { amount: 0, notes: ['No USCIS fee.'] },
      'N-400': {
        amount: 760,
        notes: [
          '$710 when filed online.',
          '$380 reduced fee for a household income up to 400% of the poverty guidelines.',
        ],
      },
    },
  },
];
