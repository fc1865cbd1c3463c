import { complianceOf, deadlinesOf } from '../../src/rules';
import { federalHolidays, rollOver } from '../../src/rules/holidays';
import { type Facts, rulesRequestSchema } from '../../src/shared/facts';

/**
 * Issue 25's rule corrections, each with vectors from its source: the federal holidays as OPM lists them
 * (5 U.S.C. 6103), the roll-over of 8 CFR 1.2, the RFE and NOID limits of 8 CFR 103.2(b)(8)(iv), the appeal
 * route per form and decision maker, the passport rule's reach, N-400 absences and the I-864's income.
 */
const TODAY = '2026-11-28';
const only = (facts: Facts, asOf = TODAY) => {
  const answer = deadlinesOf(facts, asOf);
  expect(answer.deadlines).toHaveLength(1);
  return answer.deadlines[0];
};
const checkOf = (facts: Facts, id: string, asOf = TODAY) =>
  complianceOf(facts, asOf).checks.find((c) => c.id === id);

describe('federal legal holidays (5 U.S.C. 6103), as observed', () => {
  test('2026: Independence Day on a Saturday is observed Friday July 3', () => {
    expect(federalHolidays(2026).map((h) => h.date)).toEqual([
      '2026-01-01',
      '2026-01-19',
      '2026-02-16',
      '2026-05-25',
      '2026-06-19',
      '2026-07-03',
      '2026-09-07',
      '2026-10-12',
      '2026-11-11',
      '2026-11-26',
      '2026-12-25',
    ]);
  });

  test('2027: Saturday holidays move to Friday, Sunday ones to Monday; New Year 2028 falls on 12/31/2027', () => {
    const dates = federalHolidays(2027).map((h) => h.date);
    expect(dates).toEqual(expect.arrayContaining(['2027-06-18', '2027-07-05', '2027-12-24', '2027-12-31']));
    expect(dates).not.toContain('2027-07-04');
    expect(federalHolidays(2028).map((h) => h.date)).not.toContain('2028-01-01');
  });

  test('Juneteenth is a legal holiday from 2021 (Pub. L. 117-17), not before', () => {
    expect(federalHolidays(2021).map((h) => h.name)).toContain(
      'Juneteenth National Independence Day (observed)',
    );
    expect(federalHolidays(2020).map((h) => h.name)).not.toContain('Juneteenth National Independence Day');
  });

  test('roll-over: a Saturday, a Sunday, a holiday and a holiday weekend move; a business day stays', () => {
    expect(rollOver('2026-12-05').date).toBe('2026-12-07');
    expect(rollOver('2026-12-06').date).toBe('2026-12-07');
    expect(rollOver('2026-12-25').date).toBe('2026-12-28');
    // Thanksgiving Thursday: the Friday after is a business day.
    expect(rollOver('2026-11-26').date).toBe('2026-11-27');
    // Saturday 7/4/2026 rolls past Sunday to Monday 7/6 (the holiday was observed on Friday).
    expect(rollOver('2026-07-04').date).toBe('2026-07-06');
    expect(rollOver('2026-12-07')).toEqual({ date: '2026-12-07', words: '' });
  });
});

describe('response periods (8 CFR 103.2(b)(8)(iv), 8 CFR 103.8(b), 8 CFR 1.2)', () => {
  test('an RFE due on Christmas 2026 must be received on Monday 12/28/2026', () => {
    const rfe = only({
      noticeType: 'RFE',
      noticeDate: '2026-09-29',
      responsePeriodDays: 84,
      servedByMail: true,
    });
    expect(rfe).toMatchObject({
      id: 'rfe-response',
      date: '2026-12-28',
      unadjustedDate: '2026-12-25',
      receivedBy: true,
    });
    expect(rfe.explanation).toContain(
      '12/25/2026 is Christmas Day, so the period runs to Monday 12/28/2026 (8 CFR 1.2)',
    );
    expect(rfe.explanation).toContain('USCIS must receive the response by then');
  });

  test('a NOID due on Saturday 12/05/2026 must be received on Monday 12/07/2026', () => {
    expect(
      only({ noticeType: 'NOID', noticeDate: '2026-11-02', responsePeriodDays: 30, servedByMail: true }),
    ).toMatchObject({ date: '2026-12-07', unadjustedDate: '2026-12-05', receivedBy: true });
  });

  test('"87 days" printed on a mailed RFE already counts the mail days: nothing is added, and it says so', () => {
    const printed = only({
      noticeType: 'RFE',
      noticeDate: '2026-09-29',
      responsePeriodDays: 87,
      servedByMail: true,
    });
    expect(printed.unadjustedDate).toBe('2026-12-25');
    expect(printed.explanation).toContain('already counts the 3 mail days, so none are added');
    // A 33-day NOID the same way.
    expect(
      only({ noticeType: 'NOID', noticeDate: '2026-11-02', responsePeriodDays: 33, servedByMail: true }).date,
    ).toBe('2026-12-07');
  });

  test('a 45-day NOID and a 120-day RFE are refused with the reason, by the rules and by the API', () => {
    const noid = deadlinesOf({ noticeType: 'NOID', noticeDate: '2026-11-02', responsePeriodDays: 45 }, TODAY);
    expect(noid.deadlines).toEqual([]);
    expect(noid.unknown[0].reason).toBe(
      'An NOID gives at most 30 days to respond (8 CFR 103.2(b)(8)(iv)), 33 with the 3 mail days: 45 days cannot be the notice’s period. Read the period on the notice again.',
    );
    const parsed = rulesRequestSchema.safeParse({
      facts: { noticeType: 'RFE', noticeDate: '2026-11-02', responsePeriodDays: 120 },
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]).toMatchObject({
      path: ['facts', 'responsePeriodDays'],
      message: expect.stringContaining('An RFE gives at most 84 days (12 weeks) to respond'),
    });
    expect(
      rulesRequestSchema.safeParse({ facts: { noticeType: 'RFE', responsePeriodDays: 87 } }).success,
    ).toBe(true);
  });
});

describe('where a denial goes, by form and decision maker', () => {
  const denied = (form: Facts['form'], more: Facts = {}) =>
    only({ noticeType: 'denial', noticeDate: '2026-10-01', servedByMail: true, form, ...more });

  test('I-130: to the BIA on Form EOIR-29, filed with USCIS within 30 days (8 CFR 1003.3(a)(2))', () => {
    const appeal = denied('I-130');
    expect(appeal).toMatchObject({ filing: 'EOIR-29', unadjustedDate: '2026-10-31', receivedBy: true });
    // 10/31/2026 is a Saturday: Monday 11/02/2026. No mail days: the Board counts receipt.
    expect(appeal.date).toBe('2026-11-02');
    expect(appeal.citation).toContain('8 CFR 1003.3(a)(2)');
  });

  test('N-400: a hearing on Form N-336 within 30 days of service, 33 by mail (8 CFR 336.2(a))', () => {
    expect(denied('N-400')).toMatchObject({ filing: 'N-336', date: '2026-11-03' });
    expect(denied('N-400', { servedByMail: false }).date).toBe('2026-11-02');
  });

  test('I-485, I-751, I-765: no appeal, a motion on Form I-290B', () => {
    for (const [form, citation] of [
      ['I-485', '8 CFR 245.2(a)(5)(ii)'],
      ['I-751', '8 CFR 216.4(d)(2)'],
      ['I-765', '8 CFR 274a.13(c)'],
    ] as const) {
      const motion = denied(form);
      expect(motion).toMatchObject({ filing: 'I-290B', ruleId: 'motion-only', date: '2026-11-03' });
      expect(motion.title).toBe('Motion to reopen or reconsider (Form I-290B) due: no appeal lies');
      expect(motion.citation).toContain(citation);
    }
  });

  test('an immigration judge’s decision: EOIR-26 to the Board within 30 days, no mail days', () => {
    expect(denied('I-485', { decidedBy: 'immigration-judge' })).toMatchObject({
      filing: 'EOIR-26',
      date: '2026-11-02',
      receivedBy: true,
      citation: '8 CFR 1003.38(b), (c); 8 CFR 1003.3(a)(1)',
    });
  });

  test('revocation of an approved petition: 15 days, 18 by mail (8 CFR 205.2(d))', () => {
    const revoked = (form: Facts['form']) =>
      only({ noticeType: 'revocation', noticeDate: '2026-10-01', servedByMail: true, form });
    expect(revoked('I-130')).toMatchObject({ filing: 'EOIR-29', date: '2026-10-19' });
    expect(revoked('I-140')).toMatchObject({ filing: 'I-290B', date: '2026-10-19' });
  });

  test('another USCIS form: an appeal or motion on Form I-290B, 30 days, 33 by mail', () => {
    expect(denied('I-140')).toMatchObject({ filing: 'I-290B', ruleId: 'appeal', date: '2026-11-03' });
  });
});

describe('the passport rule only for travel and nonimmigrant admission', () => {
  test('never on an asylum matter, never a filing failure', () => {
    expect(deadlinesOf({ form: 'I-589', passportExpires: '2027-01-01' }, TODAY).deadlines).toEqual([]);
    expect(checkOf({ form: 'I-589', passportExpires: '2027-01-01' }, 'passport-validity')).toBeUndefined();
    const travel = checkOf({ form: 'I-131', passportExpires: '2027-01-01' }, 'passport-validity')!;
    expect(travel.status).toBe('warn');
    expect(travel.message).toContain('the filing itself does not');
  });
});

describe('N-400: an absence of a year or more (8 CFR 316.5(c)(1)(ii))', () => {
  const base: Facts = { form: 'N-400', permanentResidentSince: '2019-01-10', naturalizationPath: '5-year' };

  test('moves the earliest filing date to 4 years and 1 day after the return', () => {
    const earliest = only({ ...base, longestTripDays: 400, longAbsenceReturnDate: '2025-03-10' });
    expect(earliest).toMatchObject({ id: 'n400-earliest-filing', date: '2029-03-11', kind: 'opens' });
    expect(earliest.citation).toContain('8 CFR 316.5(c)(1)(ii)');
  });

  test('2 years and 1 day on the 3-year path; the return date is asked for, not guessed', () => {
    expect(
      only({
        ...base,
        naturalizationPath: '3-year-marriage',
        longestTripDays: 380,
        longAbsenceReturnDate: '2024-06-01',
      }).date,
    ).toBe('2026-06-02');
    const answer = deadlinesOf({ ...base, longestTripDays: 400 }, TODAY);
    expect(answer.unknown[0]).toMatchObject({ missing: ['longAbsenceReturnDate'] });
  });

  test('a trip over six months but under a year is a rebuttable presumption: warn, not fail', () => {
    expect(checkOf({ ...base, longestTripDays: 200 }, 'n400-continuous-residence')?.status).toBe('warn');
    expect(checkOf({ ...base, longestTripDays: 365 }, 'n400-continuous-residence')?.status).toBe('fail');
  });
});

describe('I-864: total income, the asset alternative, household size (8 CFR 213a.1, 213a.2(c)(2)(iii)(B))', () => {
  // Before the 2026 table was due: the 2025 guideline, $26,437 for a household of 2 in New York.
  const asOf = '2026-02-15';
  const sponsor: Facts = { form: 'I-864', householdSize: 2, householdIncome: 20_000, sponsorState: 'NY' };
  const income = (facts: Facts) => checkOf({ ...sponsor, ...facts }, 'i864-income', asOf)!;

  test('assets of 5 times the $6,437 shortfall make it up; less does not', () => {
    expect(income({ sponsorAssets: 32_185 }).status).toBe('pass');
    expect(income({ sponsorAssets: 32_184 })).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('assets worth 5 times the $6,437 shortfall, $32,185'),
    });
  });

  test('3 times for a citizen sponsoring a spouse or an adult son or daughter; once for an orphan', () => {
    expect(
      income({ sponsorIsCitizen: true, sponsoredRelationship: 'spouse', sponsorAssets: 19_311 }).status,
    ).toBe('pass');
    expect(
      income({ sponsorIsCitizen: true, sponsoredRelationship: 'adult-child', sponsorAssets: 19_310 }).status,
    ).toBe('fail');
    expect(
      income({ sponsorIsCitizen: false, sponsoredRelationship: 'spouse', sponsorAssets: 19_311 }).status,
    ).toBe('fail');
    expect(income({ sponsoredRelationship: 'orphan-to-be-adopted', sponsorAssets: 6_437 }).status).toBe(
      'pass',
    );
  });

  test('a household of 1 is refused, not checked', () => {
    expect(income({ householdSize: 1 })).toMatchObject({
      status: 'unknown',
      message: expect.stringContaining('a household of 1 cannot be right'),
    });
  });
});

describe('work permit automatic extension, by the day the renewal was received', () => {
  const ends = (facts: Facts) =>
    deadlinesOf(facts, TODAY).deadlines.find((d) => d.id === 'ead-authorization-ends')!;

  test('180 days under 81 FR 82398; 540 under each temporary final rule (87 FR 26614, 89 FR 24628)', () => {
    expect(ends({ eadExpires: '2019-09-01', eadRenewalFiledOn: '2019-06-01', eadCategory: 'A05' }).date).toBe(
      '2020-02-28',
    );
    expect(
      ends({ eadExpires: '2022-08-01', eadRenewalFiledOn: '2022-06-01', eadCategory: 'C08' }),
    ).toMatchObject({
      date: '2024-01-23',
      citation: expect.stringContaining('87 FR 26614'),
    });
    const tfr = ends({ eadExpires: '2025-06-01', eadRenewalFiledOn: '2025-03-01', eadCategory: 'c09' });
    expect(tfr).toMatchObject({ date: '2026-11-23', kind: 'expires', ruleId: 'ead-automatic-extension' });
    expect(tfr.citation).toContain('89 FR 24628');
    expect(tfr.explanation).toContain(
      'up to 540 days past the expiry, ending sooner if USCIS decides the renewal',
    );
    // Filed 10/1–10/29/2025, after the temporary rule ended: 180 days again.
    expect(ends({ eadExpires: '2026-01-15', eadRenewalFiledOn: '2025-10-15', eadCategory: 'C09' }).date).toBe(
      '2026-07-14',
    );
  });

  test('none for a renewal filed on or after 10/30/2025 (90 FR 48799), a TPS notice aside', () => {
    const ended = ends({ eadExpires: '2026-02-01', eadRenewalFiledOn: '2025-11-05', eadCategory: 'C09' });
    expect(ended).toMatchObject({ date: '2026-02-01', citation: expect.stringContaining('90 FR 48799') });
    expect(
      ends({ eadExpires: '2026-02-01', eadRenewalFiledOn: '2025-11-05', eadCategory: 'C19' }).explanation,
    ).toContain('unless the Federal Register notice for the country’s TPS designation extends it');
  });

  test('none for a renewal received after the card expired, or in a category the rule does not reach', () => {
    expect(
      ends({ eadExpires: '2025-03-01', eadRenewalFiledOn: '2025-03-02', eadCategory: 'C09' }),
    ).toMatchObject({
      date: '2025-03-01',
      explanation: expect.stringContaining('after the card expired'),
    });
    expect(ends({ eadExpires: '2025-06-01', eadRenewalFiledOn: '2025-03-01', eadCategory: 'C33' }).date).toBe(
      '2025-06-01',
    );
  });

  test('the category is asked for, and a renewal before the rules held is not guessed', () => {
    const lacking = deadlinesOf({ eadExpires: '2025-06-01', eadRenewalFiledOn: '2025-03-01' }, TODAY);
    expect(lacking.unknown).toEqual([
      expect.objectContaining({ id: 'ead-authorization-ends', missing: ['eadCategory'] }),
    ]);
    const old = deadlinesOf(
      { eadExpires: '2017-01-01', eadRenewalFiledOn: '2016-12-01', eadCategory: 'C09' },
      TODAY,
    );
    expect(old.unknown[0].reason).toContain('rules held from 01/17/2017');
  });
});

describe('a due date printed on the notice', () => {
  test('alone, it is the last day (rolled off a holiday), received by USCIS', () => {
    expect(only({ noticeType: 'RFE', noticeDate: '2026-09-29', printedDueDate: '2026-12-25' })).toMatchObject(
      {
        date: '2026-12-28',
        unadjustedDate: '2026-12-25',
        receivedBy: true,
        explanation: expect.stringContaining('Due date printed on the notice, 12/25/2026'),
      },
    );
  });

  test('beside the period, the earlier of the two is kept, and the answer says so', () => {
    const facts: Facts = { noticeType: 'RFE', noticeDate: '2026-09-29', responsePeriodDays: 87 };
    const earlier = only({ ...facts, printedDueDate: '2026-12-18' });
    expect(earlier.date).toBe('2026-12-18');
    expect(earlier.explanation).toContain(
      'the period counts to 12/25/2026, so the earlier, printed date is kept',
    );
    const later = only({ ...facts, printedDueDate: '2026-12-30' });
    expect(later.date).toBe('2026-12-28');
    expect(later.explanation).toContain('the notice prints 12/30/2026, later than the count, which is kept');
  });
});

describe('the I-94 admit-until date', () => {
  test('is on the docket as the day the admitted stay ends, with its rule', () => {
    expect(only({ i94AdmitUntil: '2027-03-01' })).toMatchObject({
      id: 'i94-admit-until',
      date: '2027-03-01',
      kind: 'expires',
      citation: '8 CFR 214.1(c)(4); 8 CFR 248.1(b)',
    });
  });
});

describe('a 10-year green card (8 CFR 264.5(b)(2))', () => {
  test('renewal on Form I-90 may be filed from six months before it expires; the expiry itself', () => {
    const { deadlines } = deadlinesOf({ greenCardExpires: '2031-03-08' }, TODAY);
    expect(deadlines.map((d) => [d.id, d.date, d.kind, d.filing])).toEqual([
      ['green-card-renewal-opens', '2030-09-08', 'opens', 'I-90'],
      ['green-card-expires', '2031-03-08', 'expires', undefined],
    ]);
    expect(deadlines[0].citation).toBe('8 CFR 264.5(b)(2)');
  });
});
