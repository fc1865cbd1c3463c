import { complianceOf, deadlinesOf, feesFor, filingFeeOf, ruleSource, useStaffTables } from '../../src/rules';
import { rollOver } from '../../src/rules/holidays';
import type { Facts } from '../../src/shared/facts';

/**
 * The tables platform staff add without a release, as the rules read them. The figures below are what a
 * staff member would type from a notice; the mechanism is under test, not the figures.
 */
const GUIDELINES_2030 = {
  year: 2030,
  effectiveFrom: '2030-03-01',
  publishedIn: '95 FR 1000 (January 15, 2030)',
  sourceUrl: 'https://www.uscis.gov/i-864p',
  regions: {
    contiguous: { firstPerson: 18_000, eachAdditional: 6_000 },
    alaska: { firstPerson: 22_500, eachAdditional: 7_500 },
    hawaii: { firstPerson: 20_700, eachAdditional: 6_900 },
  },
};
const NONE = { poverty: [], fees: [], holidays: [] };
const sponsor: Facts = { form: 'I-864', householdSize: 2, householdIncome: 30_000, sponsorState: 'NY' };
const income = (asOf: string) => complianceOf(sponsor, asOf).checks.find((c) => c.id === 'i864-income')!;

afterEach(() => useStaffTables(NONE));

describe('a year of poverty guidelines added by staff', () => {
  test('past the day a newer table was due and none added: unknown; added: the check uses it from its date', () => {
    expect(income('2030-06-01')).toMatchObject({ status: 'unknown' });
    useStaffTables({ ...NONE, poverty: [GUIDELINES_2030] });
    // 125% of $24,000 (18,000 + 6,000) is $30,000: the $30,000 income meets it exactly.
    const answer = complianceOf(sponsor, '2030-06-01');
    expect(answer.figures).toMatchObject({ requiredIncome: 30_000, povertyGuidelineYear: 2030 });
    expect(answer.checks.find((c) => c.id === 'i864-income')).toMatchObject({
      status: 'pass',
      citation: expect.stringContaining('95 FR 1000 (January 15, 2030)'),
    });
    // The day before it applies, the newest table held before it answers (and says a newer one was due).
    expect(complianceOf(sponsor, '2030-02-28').figures.povertyGuidelineYear).not.toBe(2030);
    expect(ruleSource('i864-income', '2030-06-01')).toMatchObject({ effectiveFrom: '2030-03-01' });
  });

  test('withdrawn (the tables replaced without it), the answer is unknown again', () => {
    useStaffTables({ ...NONE, poverty: [GUIDELINES_2030] });
    expect(income('2030-06-01').status).toBe('pass');
    useStaffTables(NONE);
    expect(income('2030-06-01').status).toBe('unknown');
  });
});

describe('a fee set by staff from a date', () => {
  const fee = {
    form: 'I-130' as const,
    effectiveFrom: '2031-01-01',
    paper: 725,
    citation: '96 FR 2000 (November 1, 2030)',
    sourceUrl: 'https://www.federalregister.gov/',
  };

  test('applies to a filing on or after its date, with its citation; before, the schedule does', () => {
    const before = filingFeeOf('I-130', '2030-12-31')!;
    useStaffTables({ ...NONE, fees: [fee] });
    expect(filingFeeOf('I-130', '2030-12-31')).toEqual(before);
    expect(filingFeeOf('I-130', '2031-01-02')).toMatchObject({
      amount: 725,
      scheduleDate: '2031-01-01',
      rule: { citation: '96 FR 2000 (November 1, 2030)' },
    });
    const fees = feesFor(['I-130', 'I-485'], { asOf: '2031-01-02', filing: 'paper' });
    expect(fees.items[0]).toMatchObject({
      form: 'I-130',
      fee: 725,
      citation: '96 FR 2000 (November 1, 2030)',
    });
    expect(fees.items[1]).toMatchObject({ form: 'I-485' });
    expect(fees.items[1].citation).not.toContain('96 FR 2000');
  });
});

describe('a legal holiday added by staff', () => {
  test('a period ending on it runs to the next business day, naming it', () => {
    // Wednesday 2031-06-11: a business day until staff add it as a holiday.
    expect(rollOver('2031-06-11').date).toBe('2031-06-11');
    useStaffTables({
      ...NONE,
      holidays: [
        {
          date: '2031-06-11',
          name: 'A new legal holiday',
          citation: 'Pub. L. 130-1',
          sourceUrl: 'https://www.congress.gov/',
        },
      ],
    });
    expect(rollOver('2031-06-11')).toMatchObject({
      date: '2031-06-12',
      unadjustedDate: '2031-06-11',
      words: expect.stringContaining('A new legal holiday'),
    });
    const rfe = deadlinesOf(
      { noticeType: 'RFE', noticeDate: '2031-03-19', responsePeriodDays: 84, servedByMail: false },
      '2031-03-20',
    ).deadlines[0];
    expect([rfe.unadjustedDate, rfe.date]).toEqual(['2031-06-11', '2031-06-12']);
  });
});
