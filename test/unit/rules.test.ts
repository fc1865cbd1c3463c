import { addMonths, addYears } from '../../src/rules/calendar';
import {
  complianceOf,
  deadlinesOf,
  evidenceChecklistOf,
  filingFeeOf,
  requiredIncomeOf,
  allRules,
  ruleSource,
} from '../../src/rules';
import type { Facts } from '../../src/shared/facts';

const TODAY = '2026-11-23';
const dateOf = (facts: Facts, id: string, asOf = TODAY) =>
  deadlinesOf(facts, asOf).deadlines.find((d) => d.id === id)?.date;
const checkOf = (
  facts: Facts,
  id: string,
  asOf = TODAY,
  documentTypes?: Parameters<typeof complianceOf>[2],
) => complianceOf(facts, asOf, documentTypes).checks.find((c) => c.id === id);

describe('calendar', () => {
  test('a year after 29 February is 1 March in a common year, and 29 February in a leap year', () => {
    expect(addYears('2016-02-29', 5)).toBe('2021-03-01');
    expect(addYears('2016-02-29', 4)).toBe('2020-02-29');
    expect(addYears('2013-07-04', 5)).toBe('2018-07-04');
  });
  test('months: a day the month lacks falls on the next month’s first day', () => {
    expect(addMonths('2026-08-31', 6)).toBe('2027-03-01');
    expect(addMonths('2027-05-15', -6)).toBe('2026-11-15');
    expect(addMonths('2026-12-31', -6)).toBe('2026-07-01');
  });
});

describe('deadlines', () => {
  test('N-400, 5-year path: resident since 2013-07-04 may file from 2018-04-05 (INA 334(a), 8 CFR 334.2(b))', () => {
    const facts: Facts = { permanentResidentSince: '2013-07-04', naturalizationPath: '5-year' };
    const [deadline] = deadlinesOf(facts, TODAY).deadlines;
    expect(deadline).toMatchObject({
      id: 'n400-earliest-filing',
      date: '2018-04-05',
      ruleId: 'n400-earliest-filing',
      citation: 'INA 334(a); 8 CFR 334.2(b)',
      kind: 'opens',
    });
    expect(deadline.explanation).toContain('07/04/2013');
  });

  test('N-400, 3-year marriage path, and a resident date of 29 February', () => {
    expect(
      dateOf(
        { permanentResidentSince: '2020-01-15', naturalizationPath: '3-year-marriage' },
        'n400-earliest-filing',
      ),
    ).toBe('2022-10-17');
    expect(
      dateOf({ permanentResidentSince: '2016-02-29', naturalizationPath: '5-year' }, 'n400-earliest-filing'),
    ).toBe('2020-12-01');
    expect(
      dateOf(
        { permanentResidentSince: '2016-02-29', naturalizationPath: '3-year-marriage' },
        'n400-earliest-filing',
      ),
    ).toBe('2018-12-01');
  });

  test('RFE: the period on the notice, and 3 more days when it came by mail (8 CFR 103.8(b))', () => {
    const rfe: Facts = { noticeType: 'RFE', noticeDate: '2026-11-02', responsePeriodDays: 84 };
    expect(dateOf({ ...rfe, servedByMail: true }, 'rfe-response')).toBe('2027-01-28');
    expect(dateOf({ ...rfe, servedByMail: false }, 'rfe-response')).toBe('2027-01-25');
    const answer = deadlinesOf({ ...rfe, servedByMail: true }, TODAY);
    expect(answer.deadlines[0].citation).toBe('8 CFR 103.2(b)(8)(iv); 8 CFR 103.8(b)');
    expect(answer.rules.map((r) => r.ruleId)).toEqual(['rfe-response']);
  });

  test('a due date on a weekend runs to the next business day (8 CFR 1.2)', () => {
    // 2026-11-28 is a Saturday.
    const answer = deadlinesOf(
      { noticeType: 'RFE', noticeDate: '2026-10-29', responsePeriodDays: 30 },
      TODAY,
    );
    expect(answer.deadlines[0]).toMatchObject({ date: '2026-11-30', unadjustedDate: '2026-11-28' });
    expect(answer.rules.map((r) => r.ruleId)).toEqual(['rfe-response', 'period-roll-over']);
  });

  test('an RFE without its period is not guessed: it names the missing fact', () => {
    const answer = deadlinesOf({ noticeType: 'RFE', noticeDate: '2026-11-02' }, TODAY);
    expect(answer.deadlines).toEqual([]);
    expect(answer.unknown).toEqual([
      expect.objectContaining({ id: 'rfe-response', missing: ['responsePeriodDays'] }),
    ]);
  });

  test('NOID as stated (+3 by mail); I-290B 30 days after a denial, 33 by mail; each rolled off weekends', () => {
    expect(
      dateOf(
        { noticeType: 'NOID', noticeDate: '2026-11-02', responsePeriodDays: 30, servedByMail: true },
        'noid-response',
      ),
    ).toBe('2026-12-07');
    expect(dateOf({ noticeType: 'denial', noticeDate: '2026-01-02', servedByMail: true }, 'appeal')).toBe(
      '2026-02-04',
    );
    // 2026-02-01 is a Sunday.
    expect(dateOf({ noticeType: 'denial', noticeDate: '2026-01-02', servedByMail: false }, 'appeal')).toBe(
      '2026-02-02',
    );
  });

  test('I-751 window: the 90 days before the conditional card expires', () => {
    const facts: Facts = { conditionalResidenceExpires: '2027-03-15' };
    expect(dateOf(facts, 'i751-window-opens')).toBe('2026-12-15');
    expect(dateOf(facts, 'i751-window-closes')).toBe('2027-03-15');
    // Across a leap day: 2028-02-29 lies inside the window.
    expect(dateOf({ conditionalResidenceExpires: '2028-04-01' }, 'i751-window-opens')).toBe('2028-01-02');
  });

  test('EAD renewal 180 days before expiry; passport at expiry, and six months before it for travel', () => {
    expect(dateOf({ eadExpires: '2027-05-01' }, 'ead-renewal-opens')).toBe('2026-11-02');
    const passport: Facts = { passportExpires: '2027-05-15' };
    expect(dateOf(passport, 'passport-expiry')).toBe('2027-05-15');
    expect(dateOf(passport, 'passport-six-months')).toBeUndefined();
    expect(dateOf({ ...passport, form: 'I-131' }, 'passport-six-months')).toBe('2026-11-15');
  });

  test('deadlines come soonest first, each with its rule', () => {
    const answer = deadlinesOf({ eadExpires: '2027-05-01', passportExpires: '2026-12-01' }, TODAY);
    expect(answer.deadlines.map((d) => d.date)).toEqual([...answer.deadlines.map((d) => d.date)].sort());
    for (const d of answer.deadlines) expect(d.citation && d.sourceUrl && d.effectiveFrom).toBeTruthy();
  });
});

describe('fees (Form G-1055), by the schedule in force on the filing date', () => {
  test('the day before and the day the 2024 schedule took effect', () => {
    expect(filingFeeOf('I-130', '2024-03-31')).toMatchObject({ amount: 535, scheduleDate: '2016-12-23' });
    expect(filingFeeOf('I-130', '2024-04-01')).toMatchObject({ amount: 675, scheduleDate: '2024-04-01' });
    expect(filingFeeOf('N-400', '2026-11-23')?.amount).toBe(760);
    expect(filingFeeOf('N-400', '2024-03-31')?.amount).toBe(725);
    expect(filingFeeOf('I-485', TODAY)?.amount).toBe(1440);
    expect(filingFeeOf('I-765', TODAY)?.notes).toContain('$470 when filed online.');
  });

  test('no schedule before 2016-12-23 is held, and a form without a held fee is unknown, never guessed', () => {
    expect(filingFeeOf('I-130', '2016-12-22')).toBeUndefined();
    expect(filingFeeOf('I-589', TODAY)).toBeUndefined();
    expect(checkOf({ form: 'I-589' }, 'filing-fee')).toMatchObject({ status: 'unknown' });
  });

  test('each schedule is a version of one rule, the older one ending the day before', () => {
    const versions = allRules().filter((r) => r.ruleId === 'filing-fee');
    expect(versions.map((r) => [r.effectiveFrom, r.effectiveTo])).toEqual([
      ['2016-12-23', '2024-03-31'],
      ['2024-04-01', undefined],
    ]);
    expect(ruleSource('filing-fee', '2020-01-01')?.citation).toContain('8 CFR 103.7(b)(1)');
    expect(ruleSource('filing-fee', TODAY)?.citation).toContain('8 CFR 106.2');
  });
});

describe('I-864: income against the poverty guidelines (Form I-864P)', () => {
  test('125% for the 48 states and DC, Alaska and Hawaii each with their own table; whole dollars as printed', () => {
    const need = (size: number, state: string, asOf = TODAY) =>
      requiredIncomeOf({ householdSize: size, sponsorState: state }, asOf)?.requiredIncome;
    expect(need(2, 'NY')).toBe(26_437);
    expect(need(4, 'DC')).toBe(40_187);
    expect(need(3, 'AK')).toBe(41_637);
    expect(need(2, 'HI')).toBe(30_400);
    expect(need(9, 'TX')).toBe(Math.floor((15_650 + 8 * 5_500) * 1.25));
  });

  test('100% for an active-duty sponsor petitioning for a spouse or child, 125% for a parent', () => {
    const base = { householdSize: 2, sponsorState: 'CA', activeDutySponsor: true };
    expect(requiredIncomeOf({ ...base, sponsoredRelationship: 'spouse' }, TODAY)).toMatchObject({
      requiredIncome: 21_150,
      percent: 100,
    });
    expect(requiredIncomeOf({ ...base, sponsoredRelationship: 'parent' }, TODAY)?.percent).toBe(125);
  });

  test('the table in force on the date: 2023 until 2024-02-29, 2024 from 2024-03-01', () => {
    expect(requiredIncomeOf({ householdSize: 2, sponsorState: 'NY' }, '2024-02-29')).toMatchObject({
      requiredIncome: 24_650,
      guidelineYear: 2023,
    });
    expect(requiredIncomeOf({ householdSize: 2, sponsorState: 'NY' }, '2024-03-01')).toMatchObject({
      requiredIncome: 25_550,
      guidelineYear: 2024,
    });
  });

  test('the compliance answer gives the figures; past the day a newer table was due, none loaded: unknown', () => {
    const facts: Facts = { form: 'I-864', householdSize: 2, householdIncome: 26_000, sponsorState: 'NY' };
    const before = complianceOf(facts, '2026-02-28');
    expect(before.figures).toMatchObject({ requiredIncome: 26_437, povertyGuidelineYear: 2025 });
    const income = before.checks.find((c) => c.id === 'i864-income')!;
    expect(income.status).toBe('fail');
    expect(income.message).toContain(
      '$26,000 total income against $26,437 needed (125% of the 2025 guideline',
    );
    const after = complianceOf(facts, '2026-03-01').checks.find((c) => c.id === 'i864-income')!;
    expect(after.status).toBe('unknown');
    expect(after.message).toContain(
      'Not checked: the 2026 poverty guidelines were due on Form I-864P from 03/01/2026, and the newest table loaded here is 2025',
    );
    expect(income.citation).toContain('8 CFR 213a.2(c)(2)');
    expect(checkOf({ form: 'I-864', householdSize: 1 }, 'i864-household-size')?.status).toBe('fail');
  });
});

describe('compliance', () => {
  const n400: Facts = {
    form: 'N-400',
    naturalizationPath: '5-year',
    permanentResidentSince: '2021-06-01',
    dateOfBirth: '1990-05-05',
    longestTripDays: 40,
    daysOutsideUS: 100,
    filingDate: '2026-11-23',
  };

  test('N-400: age, early filing, continuous residence and physical presence, each cited', () => {
    const answer = complianceOf(n400, TODAY);
    const status = Object.fromEntries(answer.checks.map((c) => [c.id, c.status]));
    expect(status).toMatchObject({
      'n400-age': 'pass',
      'n400-early-filing': 'pass',
      'n400-continuous-residence': 'pass',
      'n400-physical-presence': 'pass',
      'filing-fee': 'pass',
    });
    expect(answer.figures.filingFee).toBe(760);
    // Resident since 2021-06-01: the earliest date is 2026-03-03; a day before it fails.
    expect(checkOf({ ...n400, filingDate: '2026-03-02' }, 'n400-early-filing')?.status).toBe('fail');
    expect(checkOf({ ...n400, filingDate: '2026-03-03' }, 'n400-early-filing')?.status).toBe('pass');
  });

  test('continuous residence: over 6 months is presumed broken, a year breaks it', () => {
    expect(checkOf({ ...n400, longestTripDays: 182 }, 'n400-continuous-residence')?.status).toBe('pass');
    expect(checkOf({ ...n400, longestTripDays: 200 }, 'n400-continuous-residence')).toMatchObject({
      status: 'warn',
      message: expect.stringContaining('presumed'),
    });
    expect(checkOf({ ...n400, longestTripDays: 365 }, 'n400-continuous-residence')?.message).toContain(
      'broke',
    );
  });

  test('physical presence: 913 of the 1,826 days before 2026-11-23', () => {
    expect(checkOf({ ...n400, daysOutsideUS: 913 }, 'n400-physical-presence')?.status).toBe('pass');
    expect(checkOf({ ...n400, daysOutsideUS: 914 }, 'n400-physical-presence')?.status).toBe('fail');
  });

  test('an unknown check names the missing fact in words and by name', () => {
    const age = checkOf({ form: 'N-400' }, 'n400-age')!;
    expect(age).toMatchObject({ status: 'unknown', missing: ['dateOfBirth'] });
    expect(age.message).toBe('Unknown: enter “Date of birth” to check this.');
    expect(complianceOf({}, TODAY).checks).toEqual([
      expect.objectContaining({ status: 'unknown', missing: ['form'] }),
    ]);
  });

  test('I-751 and I-765 windows; for travel, passport six months beyond filing or the due date', () => {
    expect(checkOf({ form: 'I-751', conditionalResidenceExpires: '2027-03-15' }, 'i751-window')?.status).toBe(
      'fail',
    );
    expect(checkOf({ form: 'I-751', conditionalResidenceExpires: '2027-02-15' }, 'i751-window')?.status).toBe(
      'pass',
    );
    expect(checkOf({ form: 'I-765', eadExpires: '2027-06-01' }, 'i765-renewal-window')?.status).toBe('fail');
    expect(checkOf({ form: 'I-765', eadExpires: '2027-05-01' }, 'i765-renewal-window')?.status).toBe('pass');
    expect(checkOf({ form: 'I-131', passportExpires: '2027-05-23' }, 'passport-validity')?.status).toBe(
      'pass',
    );
    expect(checkOf({ form: 'I-131', passportExpires: '2027-05-22' }, 'passport-validity')?.status).toBe(
      'warn',
    );
    expect(
      checkOf(
        { form: 'I-131', passportExpires: '2027-05-23', caseDueDate: '2027-01-10' },
        'passport-validity',
      )?.status,
    ).toBe('warn');
    // Not a filing rule: an I-485, an N-400 or an asylum application is never checked against it.
    for (const form of ['I-485', 'I-765', 'N-400', 'I-589'] as const)
      expect(checkOf({ form, passportExpires: '2026-12-01' }, 'passport-validity')).toBeUndefined();
  });

  test('the evidence checklist: what the case’s analyzed documents still lack', () => {
    const facts: Facts = { form: 'I-130' };
    // Facts alone carry no documents: the checklist is made for a case.
    expect(checkOf(facts, 'evidence-checklist')).toBeUndefined();
    const partial = checkOf(facts, 'evidence-checklist', TODAY, { documentTypes: ['marriage-certificate'] })!;
    expect(partial.status).toBe('fail');
    expect(partial.message).toContain('Evidence the marriage is genuine');
    expect(
      checkOf(facts, 'evidence-checklist', TODAY, {
        documentTypes: ['marriage-certificate', 'bank-statement'],
      })?.status,
    ).toBe('pass');
    expect(evidenceChecklistOf('I-864').map((i) => i.id)).toEqual(['tax-return', 'current-income']);
  });

  test('every rule carries an id, a citation, a source URL and the date it took effect', () => {
    for (const rule of allRules()) {
      expect(rule.ruleId).toMatch(/^[a-z0-9-]+$/);
      expect(rule.citation).not.toBe('');
      expect(rule.sourceUrl).toMatch(/^https:\/\//);
      expect(rule.effectiveFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });
});
