/**
 * Compliance Checker: the facts against the rules for the case's form. A check that lacks a fact is
 * "unknown" and names it; nothing is assumed in its place.
 */
import { formatDate } from '../shared/dates';
import type { DocumentType } from '../shared/documents';
import { FACT_LABELS, type FactName, type Facts } from '../shared/facts';
import { addDays, addMonths, addYears, daysBetween } from './calendar';
import { EVIDENCE } from './data/evidence';
import { n400EarliestFiling, PASSPORT_RULE_FORMS } from './deadlines';
import { SOURCES } from './sources';
import { filingFeeOf, requiredIncomeOf } from './tables';
import type { Check, CheckStatus, ComplianceFigures, RuleSource } from './types';

export type Checked = { check: Check; rule: RuleSource; figures?: ComplianceFigures };

const dollars = (amount: number) => `$${amount.toLocaleString('en-US')}`;
const named = (names: FactName[]) => names.map((n) => `“${FACT_LABELS[n]}”`).join(' and ');

function check(rule: RuleSource, id: string, title: string, status: CheckStatus, message: string): Checked {
  const { ruleId, citation, sourceUrl, effectiveFrom } = rule;
  return { check: { id, title, status, message, ruleId, citation, sourceUrl, effectiveFrom }, rule };
}

/** The check cannot be made without these facts: it says which. */
function unknown(
  rule: RuleSource,
  id: string,
  title: string,
  facts: Facts,
  needs: FactName[],
): Checked | undefined {
  const lacking = needs.filter((name) => facts[name] === undefined);
  if (!lacking.length) return undefined;
  const checked = check(rule, id, title, 'unknown', `Unknown: enter ${named(lacking)} to check this.`);
  checked.check.missing = lacking;
  return checked;
}

/** The day the form is (or would be) filed: the filing date given, else the as-of date. */
const filedOn = (facts: Facts, asOf: string) => facts.filingDate ?? asOf;
const filedWords = (facts: Facts, asOf: string) =>
  facts.filingDate ? `filed ${formatDate(facts.filingDate)}` : `filed today (${formatDate(asOf)})`;

function n400Age(facts: Facts, asOf: string): Checked {
  const rule = SOURCES.n400Age;
  const title = 'At least 18 years old at filing';
  const gap = unknown(rule, 'n400-age', title, facts, ['dateOfBirth']);
  if (gap) return gap;
  const eighteen = addYears(facts.dateOfBirth!, 18);
  const ok = eighteen <= filedOn(facts, asOf);
  return check(
    rule,
    'n400-age',
    title,
    ok ? 'pass' : 'fail',
    ok
      ? `Turned 18 on ${formatDate(eighteen)}.`
      : `Turns 18 on ${formatDate(eighteen)}: an N-400 cannot be filed before then.`,
  );
}

function n400EarlyFiling(facts: Facts, asOf: string): Checked {
  const rule = SOURCES.n400EarliestFiling;
  const title = 'Not filed before the earliest filing date';
  const found = n400EarliestFiling(facts);
  if ('missing' in found) return unknown(rule, 'n400-early-filing', title, facts, found.missing.missing)!;
  const earliest = found.deadline.date;
  const ok = earliest <= filedOn(facts, asOf);
  return check(
    rule,
    'n400-early-filing',
    title,
    ok ? 'pass' : 'fail',
    ok
      ? `The earliest filing date was ${formatDate(earliest)}; ${filedWords(facts, asOf)}.`
      : `Too early: the earliest filing date is ${formatDate(earliest)}; ${filedWords(facts, asOf)}. USCIS denies an N-400 filed early.`,
  );
}

const periodYears = (facts: Facts) => (facts.naturalizationPath === '3-year-marriage' ? 3 : 5);

function n400ContinuousResidence(facts: Facts): Checked {
  const rule = SOURCES.n400ContinuousResidence;
  const title = 'Continuous residence (no trip of 6 months or more)';
  const gap = unknown(rule, 'n400-continuous-residence', title, facts, ['longestTripDays']);
  if (gap) return gap;
  const days = facts.longestTripDays!;
  // 8 CFR 316.5(c)(1): over six months is presumed to break it (rebuttable); one year or more breaks it.
  if (days >= 365)
    return check(
      rule,
      'n400-continuous-residence',
      title,
      'fail',
      `A trip of ${days} days (one year or more) broke continuous residence; a new period starts from the return (see the earliest filing date).`,
    );
  if (days > 182)
    return check(
      rule,
      'n400-continuous-residence',
      title,
      'warn',
      `A trip of ${days} days (more than 6 months) is presumed to break continuous residence, a presumption the client may rebut with evidence of ties kept here: a job not given up, a home kept, taxes filed as a resident (8 CFR 316.5(c)(1)(i)).`,
    );
  return check(
    rule,
    'n400-continuous-residence',
    title,
    'pass',
    `The longest trip was ${days} days (under 6 months).`,
  );
}

function n400PhysicalPresence(facts: Facts, asOf: string): Checked {
  const rule = SOURCES.n400PhysicalPresence;
  const title = 'Physically present for at least half the period';
  const gap = unknown(rule, 'n400-physical-presence', title, facts, ['daysOutsideUS']);
  if (gap) return gap;
  const years = periodYears(facts);
  const filed = filedOn(facts, asOf);
  const period = daysBetween(addYears(filed, -years), filed);
  const needed = years === 5 ? 913 : 548;
  const present = period - facts.daysOutsideUS!;
  const ok = present >= needed;
  return check(
    rule,
    'n400-physical-presence',
    title,
    ok ? 'pass' : 'fail',
    `${present} of the ${period} days in the ${years} years before filing spent in the United States; at least ${needed} are needed.`,
  );
}

function n400MaritalUnion(facts: Facts, asOf: string): Checked | undefined {
  if (facts.naturalizationPath !== '3-year-marriage') return undefined;
  const rule = SOURCES.n400MaritalUnion;
  const title = 'Married to a US citizen for the 3 years before filing';
  const gap = unknown(rule, 'n400-marital-union', title, facts, ['marriageDate']);
  if (gap) return gap;
  const since = [facts.marriageDate!, facts.spouseCitizenSince].filter(Boolean).sort().at(-1)!;
  const from = addYears(since, 3);
  const ok = from <= filedOn(facts, asOf);
  const spouse = facts.spouseCitizenSince
    ? ''
    : ` (assumes the spouse was a citizen since the marriage: enter “${FACT_LABELS.spouseCitizenSince}” if later)`;
  return check(
    rule,
    'n400-marital-union',
    title,
    ok ? 'pass' : 'fail',
    ok
      ? `Married to a citizen spouse since ${formatDate(since)}: 3 years on ${formatDate(from)}${spouse}.`
      : `Three years of marriage to a citizen spouse only on ${formatDate(from)}${spouse}.`,
  );
}

function i864HouseholdSize(facts: Facts): Checked {
  const rule = SOURCES.i864HouseholdSize;
  const title = 'Household size counts the sponsor and the immigrant';
  const gap = unknown(rule, 'i864-household-size', title, facts, ['householdSize']);
  if (gap) return gap;
  const ok = facts.householdSize! >= 2;
  return check(
    rule,
    'i864-household-size',
    title,
    ok ? 'pass' : 'fail',
    ok
      ? `A household of ${facts.householdSize}.`
      : 'A household of 1 cannot be right: it counts at least the sponsor and the sponsored immigrant.',
  );
}

function i864Income(facts: Facts, asOf: string): Checked {
  const title = 'Household income meets the poverty guideline';
  const placeholder = { ...SOURCES.i864HouseholdSize, ruleId: 'i864-income', title };
  const gap = unknown(placeholder, 'i864-income', title, facts, [
    'householdSize',
    'householdIncome',
    'sponsorState',
  ]);
  if (gap) return gap;
  if (facts.householdSize! < 2)
    return check(
      placeholder,
      'i864-income',
      title,
      'unknown',
      'Not checked: a household of 1 cannot be right (it counts at least the sponsor and the sponsored immigrant, 8 CFR 213a.1). Correct the household size.',
    );
  const needed = requiredIncomeOf(
    {
      householdSize: facts.householdSize!,
      sponsorState: facts.sponsorState!,
      activeDutySponsor: facts.activeDutySponsor,
      sponsoredRelationship: facts.sponsoredRelationship,
    },
    filedOn(facts, asOf),
  );
  if (!needed)
    return check(placeholder, 'i864-income', title, 'unknown', 'No poverty guidelines held for that date.');
  const region = facts.sponsorState === 'AK' ? ' in Alaska' : facts.sponsorState === 'HI' ? ' in Hawaii' : '';
  const line = `${dollars(needed.requiredIncome)} needed (${needed.percent}% of the ${needed.guidelineYear} guideline for a household of ${facts.householdSize}${region})`;
  /** The answer, with the figures it was measured against. */
  const answer = (status: CheckStatus, message: string): Checked => ({
    ...check(needed.rule, 'i864-income', title, status, message),
    figures: {
      requiredIncome: needed.requiredIncome,
      povertyGuidelineYear: needed.guidelineYear,
      povertyGuidelinePercent: needed.percent,
    },
  });
  if (needed.newerTableDue)
    return answer(
      'unknown',
      `Not checked: the ${needed.guidelineYear + 1} poverty guidelines were due on Form I-864P from ${formatDate(needed.newerTableDue)}, and the newest table loaded here is ${needed.guidelineYear}'s (${line}). Platform staff load the new table with its citation; until then compare with the current Form I-864P.`,
    );
  const income = facts.householdIncome!;
  if (income >= needed.requiredIncome)
    return answer('pass', `${dollars(income)} total income against ${line}.`);
  const assets = assetAlternative(facts, needed.requiredIncome - income);
  return answer(
    assets.enough ? 'pass' : 'fail',
    `${dollars(income)} total income against ${line}. ${assets.words}`,
  );
}

/**
 * The asset alternative (8 CFR 213a.2(c)(2)(iii)(B)): assets worth 5 times the income shortfall; 3 times when
 * a citizen sponsors a spouse or a son or daughter 18 or older; once for an orphan to be adopted in the
 * United States.
 */
function assetAlternative(facts: Facts, shortfall: number): { enough: boolean; words: string } {
  const times =
    facts.sponsoredRelationship === 'orphan-to-be-adopted'
      ? 1
      : facts.sponsorIsCitizen &&
          (facts.sponsoredRelationship === 'spouse' || facts.sponsoredRelationship === 'adult-child')
        ? 3
        : 5;
  const needed = shortfall * times;
  const rule = `assets worth ${times} times the ${dollars(shortfall)} shortfall, ${dollars(needed)} (8 CFR 213a.2(c)(2)(iii)(B))`;
  if (facts.sponsorAssets === undefined)
    return {
      enough: false,
      words: `Short by ${dollars(shortfall)}: ${rule} would make it up (enter “${FACT_LABELS.sponsorAssets}”), or a joint sponsor.`,
    };
  const enough = facts.sponsorAssets >= needed;
  return {
    enough,
    words: enough
      ? `Short by ${dollars(shortfall)}, made up by assets of ${dollars(facts.sponsorAssets)}: ${rule}.`
      : `Short by ${dollars(shortfall)}; assets of ${dollars(facts.sponsorAssets)} fall below ${rule}. A joint sponsor may make up the difference.`,
  };
}

function i751Window(facts: Facts, asOf: string): Checked {
  const rule = SOURCES.i751Window;
  const title = 'Filed within the 90 days before the conditional card expires';
  const gap = unknown(rule, 'i751-window', title, facts, ['conditionalResidenceExpires']);
  if (gap) return gap;
  const expires = facts.conditionalResidenceExpires!;
  const opens = addDays(expires, -90);
  const filed = filedOn(facts, asOf);
  if (filed < opens)
    return check(
      rule,
      'i751-window',
      title,
      'fail',
      `Too early: the window opens ${formatDate(opens)}; ${filedWords(facts, asOf)}. USCIS returns an early I-751.`,
    );
  if (filed > expires)
    return check(
      rule,
      'i751-window',
      title,
      'fail',
      `Late: the card expired ${formatDate(expires)}; a late I-751 needs a written explanation of good cause (8 CFR 216.4(a)(6)).`,
    );
  return check(
    rule,
    'i751-window',
    title,
    'pass',
    `Within the window, ${formatDate(opens)} to ${formatDate(expires)}.`,
  );
}

function eadRenewal(facts: Facts, asOf: string): Checked {
  const rule = SOURCES.eadRenewal;
  const title = 'Renewal filed no earlier than 180 days before the card expires';
  const gap = unknown(rule, 'i765-renewal-window', title, facts, ['eadExpires']);
  if (gap) {
    gap.check.message = `Unknown: for a renewal, enter ${named(['eadExpires'])}. (A first work permit has no window.)`;
    return gap;
  }
  const opens = addDays(facts.eadExpires!, -180);
  const ok = opens <= filedOn(facts, asOf);
  return check(
    rule,
    'i765-renewal-window',
    title,
    ok ? 'pass' : 'fail',
    ok
      ? `The renewal could be filed from ${formatDate(opens)}.`
      : `Too early: a renewal may be filed from ${formatDate(opens)}; ${filedWords(facts, asOf)}.`,
  );
}

/**
 * The six-month rule concerns travel and a nonimmigrant admission (8 CFR 214.1(a)(3)(i)): a warning for
 * those forms, never a bar to filing, and never asked on an asylum matter.
 */
function passportValidity(facts: Facts, asOf: string): Checked {
  const rule = SOURCES.passportValidity;
  const title = 'Passport valid six months beyond travel or admission';
  const gap = unknown(rule, 'passport-validity', title, facts, ['passportExpires']);
  if (gap) return gap;
  const from = [filedOn(facts, asOf), facts.caseDueDate].filter(Boolean).sort().at(-1)!;
  const needed = addMonths(from, 6);
  const ok = facts.passportExpires! >= needed;
  const which =
    from === facts.caseDueDate && from !== filedOn(facts, asOf) ? 'the case’s due date' : 'filing';
  return check(
    rule,
    'passport-validity',
    title,
    ok ? 'pass' : 'warn',
    `The passport expires ${formatDate(facts.passportExpires!)}; six months beyond ${which} (${formatDate(from)}) is ${formatDate(needed)}.${ok ? '' : ' Travel or an admission after then needs a renewed passport; the filing itself does not.'}`,
  );
}

function filingFee(facts: Facts, asOf: string): Checked {
  const title = 'Filing fee for the form as of the filing date';
  const filed = filedOn(facts, asOf);
  const fee = filingFeeOf(facts.form!, filed);
  if (!fee) {
    const rule = { ...SOURCES.formGiven, ruleId: 'filing-fee', title };
    return check(
      rule,
      'filing-fee',
      title,
      'unknown',
      `No fee schedule held here names Form ${facts.form} on ${formatDate(filed)}: check USCIS Form G-1055.`,
    );
  }
  const notes = fee.notes.length ? ` ${fee.notes.join(' ')}` : '';
  const checked = check(
    fee.rule,
    'filing-fee',
    title,
    'pass',
    `Form ${facts.form}, ${filedWords(facts, asOf)}: ${dollars(fee.amount)} (paper filing; fee schedule of ${formatDate(fee.scheduleDate)}).${notes}`,
  );
  checked.figures = { filingFee: fee.amount, feeScheduleDate: fee.scheduleDate };
  return checked;
}

/** Made for a case only: given facts alone carry no documents to compare. */
function evidenceChecklist(facts: Facts, documentTypes: DocumentType[] | undefined): Checked | undefined {
  if (!documentTypes) return undefined;
  const rule = SOURCES.evidenceChecklist;
  const title = `Evidence for Form ${facts.form}`;
  const items = (EVIDENCE[facts.form!] ?? []).filter((item) => item.appliesTo?.(facts) ?? true);
  if (!items.length)
    return check(
      rule,
      'evidence-checklist',
      title,
      'pass',
      'No evidence this product can recognize is asked for with this form.',
    );
  const lacking = items.filter((item) => !item.documentTypes.some((type) => documentTypes.includes(type)));
  return check(
    rule,
    'evidence-checklist',
    title,
    lacking.length ? 'fail' : 'pass',
    lacking.length
      ? `Still missing: ${lacking.map((i) => `${i.label} (${i.citation})`).join('; ')}.`
      : `Every item is among the case’s analyzed documents: ${items.map((i) => i.label).join('; ')}.`,
  );
}

/** The checks for the case's form, in the order a paralegal reads them. */
export function runChecks(facts: Facts, asOf: string, documentTypes?: DocumentType[]): Checked[] {
  if (!facts.form) {
    const rule = SOURCES.formGiven;
    const checked = check(
      rule,
      'form',
      'The form being filed',
      'unknown',
      `Unknown: enter ${named(['form'])} to choose the checks.`,
    );
    checked.check.missing = ['form'];
    return [checked];
  }
  const checks: Array<Checked | undefined> = [];
  if (facts.form === 'N-400')
    checks.push(
      n400Age(facts, asOf),
      n400EarlyFiling(facts, asOf),
      n400ContinuousResidence(facts),
      n400PhysicalPresence(facts, asOf),
      n400MaritalUnion(facts, asOf),
    );
  if (facts.form === 'I-864') checks.push(i864HouseholdSize(facts), i864Income(facts, asOf));
  if (facts.form === 'I-751') checks.push(i751Window(facts, asOf));
  if (facts.form === 'I-765') checks.push(eadRenewal(facts, asOf));
  if (PASSPORT_RULE_FORMS.includes(facts.form)) checks.push(passportValidity(facts, asOf));
  checks.push(filingFee(facts, asOf), evidenceChecklist(facts, documentTypes));
  return checks.filter((c): c is Checked => c !== undefined);
}
