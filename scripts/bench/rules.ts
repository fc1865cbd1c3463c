/** Rules evaluated per second: deadlines and compliance answers for a spread of facts, in this process. */
import { complianceOf, deadlinesOf } from '../../src/rules';
import type { Facts } from '../../src/shared/facts';

const FACTS: Facts[] = [
  {
    form: 'N-400',
    naturalizationPath: '5-year',
    permanentResidentSince: '2021-06-01',
    dateOfBirth: '1990-05-05',
    longestTripDays: 40,
    daysOutsideUS: 100,
    passportExpires: '2030-01-01',
  },
  { form: 'I-864', householdSize: 4, householdIncome: 52_000, sponsorState: 'AK', activeDutySponsor: false },
  { form: 'I-485', noticeType: 'RFE', noticeDate: '2026-11-02', responsePeriodDays: 84, servedByMail: true },
  { form: 'I-751', conditionalResidenceExpires: '2027-03-15', eadExpires: '2027-05-01' },
  { form: 'I-765', eadExpires: '2027-05-01', noticeType: 'denial', noticeDate: '2026-10-01' },
];

export const RULES_GOAL_PER_SECOND = 100_000;

/** Runs for about `ms` and counts each deadline and each check answered as one rule evaluated. */
export function measureRules(ms = 2_000): { perSecond: number; answers: number } {
  const asOf = '2026-11-23';
  let evaluated = 0;
  let answers = 0;
  const started = performance.now();
  while (performance.now() - started < ms) {
    for (const facts of FACTS) {
      const deadlines = deadlinesOf(facts, asOf);
      const compliance = complianceOf(facts, asOf, { documentTypes: ['passport', 'tax-return'] });
      evaluated += deadlines.deadlines.length + deadlines.unknown.length + compliance.checks.length;
      answers += 2;
    }
  }
  return { perSecond: evaluated / ((performance.now() - started) / 1000), answers };
}
