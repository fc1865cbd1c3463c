/**
 * The fee calculator against fee vectors from the sources cited in src/rules/data/fees.ts: the 2016 and 2024
 * USCIS fee rules (8 CFR 103.7(b)(1), 8 CFR 106.2) and the H.R. 1 asylum fee.
 */
import { type FeeFacts, feesFor, filingFeeOf } from '../../src/rules';
import type { FormType } from '../../src/shared/cases';

const DAY = '2026-11-27';
const paper = (asOf = DAY, more: Partial<FeeFacts> = {}): FeeFacts => ({ filing: 'paper', asOf, ...more });
const online = (asOf = DAY, more: Partial<FeeFacts> = {}): FeeFacts => ({ filing: 'online', asOf, ...more });
const feeOf = (form: string, facts: FeeFacts) => feesFor([form], facts).items.find((i) => i.form === form)!;

describe('the family packet', () => {
  const forms = ['I-130', 'I-130A', 'I-485', 'I-765', 'I-131', 'I-864'];

  test('paper on 2026-11-27, I-765 with the pending I-485: $675 + $1,440 + $260 + $630 = $3,005', () => {
    const answer = feesFor(forms, paper(DAY, { withPendingI485: true }));
    expect(answer.items.map((i) => [i.form, i.fee])).toEqual([
      ['I-130', 675],
      ['I-130A', 0],
      ['I-485', 1_440],
      ['I-765', 260],
      ['I-131', 630],
      ['I-864', 0],
    ]);
    expect(answer.total).toBe(3_005);
    expect(answer.unknown).toEqual([]);
    expect(answer.items.find((i) => i.form === 'I-765')!.basis).toBe(
      'Form I-765 filed with a Form I-485 filed on or after April 1, 2024 that is still pending: $260',
    );
  });

  test('an I-485 among the forms counts as the pending I-485, filed that day', () => {
    expect(feesFor(forms, paper()).total).toBe(3_005);
  });

  test('the day before the 2024 schedule: I-130 $535, I-485 $1,225, I-765 and I-131 free with the I-485', () => {
    const answer = feesFor(forms, paper('2024-03-31', { withPendingI485: true }));
    expect(answer.items.map((i) => [i.form, i.fee])).toEqual([
      ['I-130', 535],
      ['I-130A', 0],
      ['I-485', 1_225],
      ['I-765', 0],
      ['I-131', 0],
      ['I-864', 0],
    ]);
    expect(answer.total).toBe(1_760);
    expect(answer.items.every((i) => i.effectiveFrom === '2016-12-23')).toBe(true);
    expect(answer.items[2].basis).toContain('$1,140 filing fee + $85 biometric services fee = $1,225');
  });

  test('online on 2026-11-27: I-130 $625; no online I-485 fee is held, so it is unknown, not guessed', () => {
    const answer = feesFor(['I-130', 'I-485'], online());
    expect(answer.items[0].fee).toBe(625);
    expect(answer.items[1]).toMatchObject({ fee: null });
    expect(answer.items[1].basis).toContain('paper fee is $1,440');
    expect(answer).toMatchObject({ total: 625, unknown: ['I-485'] });
  });
});

describe('Form I-765 and Form I-131 with a pending Form I-485 filed earlier', () => {
  test('I-485 filed on or after April 1, 2024: $260 and $630', () => {
    const facts = paper(DAY, { withPendingI485: true, i485FiledOn: '2024-04-01' });
    expect(feeOf('I-765', facts).fee).toBe(260);
    expect(feeOf('I-131', facts).fee).toBe(630);
  });

  test('I-485 filed before April 1, 2024 (its fee paid): no fee for either, even filed in 2026', () => {
    const facts = paper(DAY, { withPendingI485: true, i485FiledOn: '2024-03-15' });
    expect(feeOf('I-765', facts)).toMatchObject({ fee: 0, effectiveFrom: '2024-04-01' });
    expect(feeOf('I-131', facts).fee).toBe(0);
  });

  test('the I-485 filing date unknown: unknown, with the basis asking for it', () => {
    const answer = feesFor(['I-765'], paper(DAY, { withPendingI485: true }));
    expect(answer.items[0].fee).toBeNull();
    expect(answer.items[0].basis).toContain('give the date the Form I-485 was filed');
    expect(answer.unknown).toEqual(['I-765']);
  });

  test('under the 2016 schedule an I-485 filed before July 30, 2007 did not cover them', () => {
    const facts = paper('2020-05-01', { withPendingI485: true, i485FiledOn: '2007-07-29' });
    expect(feeOf('I-765', facts).fee).toBe(410);
    expect(feeOf('I-131', facts).fee).toBe(575);
  });

  test('without a pending I-485: the usual fee, paper $520 or online $470', () => {
    expect(feeOf('I-765', paper()).fee).toBe(520);
    expect(feeOf('I-765', online()).fee).toBe(470);
    expect(feeOf('I-765', paper()).basis).toContain('H.R. 1 EAD fee, not counted here');
    expect(feeOf('I-765', paper('2020-05-01')).fee).toBe(410);
  });
});

describe('the employment packet: I-140 and the Asylum Program Fee by employer size', () => {
  const apf = (facts: FeeFacts) => feesFor(['I-140'], facts).items;

  test('100 full-time employees: $715 + $600', () => {
    const items = apf(paper(DAY, { employerFullTimeEmployees: 100 }));
    expect(items.map((i) => [i.form, i.fee])).toEqual([
      ['I-140', 715],
      ['I-140', 600],
    ]);
    expect(items[1].basis).toMatch(/^Asylum Program Fee: /);
    expect(feesFor(['I-140'], paper(DAY, { employerFullTimeEmployees: 100 })).total).toBe(1_315);
  });

  test('20 employees: $300; exactly 25: $300; 26: $600; a nonprofit: $0 whatever its size', () => {
    expect(apf(paper(DAY, { employerFullTimeEmployees: 20 }))[1].fee).toBe(300);
    expect(apf(paper(DAY, { employerFullTimeEmployees: 25 }))[1].fee).toBe(300);
    expect(apf(paper(DAY, { employerFullTimeEmployees: 26 }))[1].fee).toBe(600);
    expect(apf(paper(DAY, { employerFullTimeEmployees: 500, nonprofit: true }))[1].fee).toBe(0);
  });

  test('employer size unknown: the fee is unknown and the basis asks for the number of full-time employees', () => {
    const answer = feesFor(['I-140'], paper());
    expect(answer.items[1].fee).toBeNull();
    expect(answer.items[1].basis).toContain('number of full-time equivalent employees');
    expect(answer).toMatchObject({ total: 715, unknown: ['I-140'] });
  });

  test('before April 1, 2024 there was no Asylum Program Fee: I-140 $700 alone', () => {
    const answer = feesFor(['I-140'], paper('2024-03-31', { employerFullTimeEmployees: 100 }));
    expect(answer.items.map((i) => i.fee)).toEqual([700]);
  });
});

describe('Form N-400', () => {
  test('paper $760, online $710, reduced fee $380 (paper only)', () => {
    expect(feeOf('N-400', paper()).fee).toBe(760);
    expect(feeOf('N-400', online()).fee).toBe(710);
    expect(feeOf('N-400', paper(DAY, { reducedFee: true })).fee).toBe(380);
    const onlineReduced = feeOf('N-400', online(DAY, { reducedFee: true }));
    expect(onlineReduced.fee).toBe(710);
    expect(onlineReduced.basis).toContain('only on a paper Form N-400');
  });

  test('2016 schedule: $725 on paper or online; its reduced fee had another income band, so it is unknown', () => {
    expect(feeOf('N-400', paper('2023-06-01')).fee).toBe(725);
    expect(feeOf('N-400', online('2023-06-01')).fee).toBe(725);
    const reduced = feeOf('N-400', paper('2023-06-01', { reducedFee: true }));
    expect(reduced.fee).toBeNull();
    expect(reduced.basis).toContain('150%');
  });
});

describe('Form I-485 by age', () => {
  test('a child of 10 filing with a parent: $950; under 14 alone: $1,440; an adult: $1,440', () => {
    expect(feeOf('I-485', paper(DAY, { applicantAge: 10, withParent: true })).fee).toBe(950);
    expect(feeOf('I-485', paper(DAY, { applicantAge: 10 })).fee).toBe(1_440);
    expect(feeOf('I-485', paper(DAY, { applicantAge: 35 })).fee).toBe(1_440);
  });

  test('2016 schedule: $750 with a parent, $1,140 under 14 alone or 79 and older, $1,225 otherwise', () => {
    const old = (more: Partial<FeeFacts>) => feeOf('I-485', paper('2020-05-01', more)).fee;
    expect(old({ applicantAge: 10, withParent: true })).toBe(750);
    expect(old({ applicantAge: 10 })).toBe(1_140);
    expect(old({ applicantAge: 80 })).toBe(1_140);
    expect(old({ applicantAge: 40 })).toBe(1_225);
  });
});

describe('Form I-589 and the H.R. 1 asylum fee', () => {
  test('no fee the day before July 22, 2025; $100 from that day', () => {
    expect(feeOf('I-589', paper('2025-07-21')).fee).toBe(0);
    expect(feeOf('I-589', paper('2025-07-22'))).toMatchObject({ fee: 100, effectiveFrom: '2025-07-22' });
    expect(feeOf('I-589', paper('2025-07-22')).citation).toContain('90 FR 34511');
  });

  test('on 2026-11-27: $100 under the fiscal year 2026 adjustment, never $0', () => {
    const item = feeOf('I-589', paper());
    expect(item).toMatchObject({ fee: 100, effectiveFrom: '2026-01-01' });
    expect(item.citation).toContain('Pub. L. 119-21');
    expect(item.citation).toContain('90 FR 52693');
    expect(feeOf('I-589', online()).fee).toBe(100);
  });
});

describe('forms without a fee, and forms or dates no rule covers', () => {
  test('I-130A, I-864, I-864A, G-28, G-1145: $0, "No filing fee"', () => {
    const answer = feesFor(['I-130A', 'I-864', 'I-864A', 'G-28', 'g-1145'], paper());
    expect(answer.items.map((i) => [i.form, i.fee, i.basis])).toEqual(
      ['I-130A', 'I-864', 'I-864A', 'G-28', 'G-1145'].map((form) => [form, 0, 'No filing fee']),
    );
    expect(answer.total).toBe(0);
  });

  test('a form no schedule here holds, and any form before December 23, 2016: null, named in unknown', () => {
    const answer = feesFor(['I-129', 'I-130'], paper());
    expect(answer.items[0]).toMatchObject({ form: 'I-129', fee: null, effectiveFrom: '' });
    expect(answer.items[0].basis).toContain('check USCIS Form G-1055');
    expect(answer).toMatchObject({ total: 675, unknown: ['I-129'] });
    expect(feesFor(['I-130'], paper('2016-12-22')).unknown).toEqual(['I-130']);
  });

  test('a date not written YYYY-MM-DD is refused', () => {
    expect(() => feesFor(['I-130'], paper('11/27/2026'))).toThrow(RangeError);
  });
});

describe('other forms on each schedule', () => {
  test.each([
    ['I-90', 540, 465, 415],
    ['I-129F', 535, 675, null],
    ['I-751', 680, 750, null],
  ])('%s: 2016 $%s; 2024 paper $%s, online %s', (form, old, current, currentOnline) => {
    expect(feeOf(form, paper('2020-05-01')).fee).toBe(old);
    expect(feeOf(form, online('2020-05-01')).fee).toBe(old);
    expect(feeOf(form, paper()).fee).toBe(current);
    expect(feeOf(form, online()).fee).toBe(currentOnline);
  });
});

describe('citations', () => {
  test('each item names its paragraph, the Federal Register rule with its page, and Form G-1055', () => {
    const items = feesFor(
      ['I-130', 'I-765', 'N-400', 'I-140'],
      paper(DAY, { employerFullTimeEmployees: 10 }),
    ).items;
    expect(items[0].citation).toBe(
      '8 CFR 106.2(a)(6); 89 FR 6194 (January 31, 2024), fee table at 6198-6204; USCIS Form G-1055',
    );
    expect(items[1].citation).toContain('8 CFR 106.2(a)(44)');
    expect(items[2].citation).toContain('8 CFR 106.2(b)(3)');
    for (const item of items) {
      expect(item.citation).toMatch(/8 CFR 106\.2.*89 FR 6194.*USCIS Form G-1055$/);
      expect(item.effectiveFrom).toBe('2024-04-01');
      expect(item.sourceUrl).toMatch(/^https:\/\//);
    }
    expect(feeOf('I-130', paper('2020-05-01')).citation).toBe(
      '8 CFR 103.7(b)(1)(i)(L); 81 FR 73292 (October 24, 2016); USCIS Form G-1055',
    );
  });
});

describe('filingFeeOf, the one-fee answer, agrees with the calculator', () => {
  const forms: FormType[] = [
    'I-90',
    'I-129F',
    'I-130',
    'I-130A',
    'I-131',
    'I-140',
    'I-485',
    'I-751',
    'I-765',
    'I-864',
    'N-400',
  ];
  test.each(['2020-05-01', '2024-03-31', '2024-04-01', DAY])('paper, usual filer, on %s', (asOf) => {
    for (const form of forms) {
      const [item] = feesFor([form], { filing: 'paper', asOf, withPendingI485: false }).items;
      expect([form, item.fee]).toEqual([form, filingFeeOf(form, asOf)!.amount]);
    }
  });

  test('I-589 stays outside the G-1055 schedules there: unknown to filingFeeOf, $100 here', () => {
    expect(filingFeeOf('I-589', DAY)).toBeUndefined();
    expect(feeOf('I-589', paper()).fee).toBe(100);
  });
});
