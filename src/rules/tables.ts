/**
 * The rules whose figures change by edition: the USCIS fee schedule (G-1055) and the poverty guidelines of
 * Form I-864P. Each edition is a version of its rule, in force from its date until the next one's.
 */
import type { FormType } from '../shared/cases';
import { addDays } from './calendar';
import { EAD_EXTENSIONS, type EadExtensionRule } from './data/ead-extension';
import { FEE_SCHEDULES, type FeeSchedule, G1055 } from './data/fees';
import { type GuidelineRegion, POVERTY_GUIDELINES, type PovertyGuidelines } from './data/poverty-guidelines';
import { perGeneration, staffTables } from './staff-tables';
import type { RuleSource } from './types';

/** Versions from editions listed oldest first: each ends the day before the next begins. */
function versions<T extends { effectiveFrom: string }>(editions: T[], sourceOf: (edition: T) => RuleSource) {
  return editions.map((edition, i) => {
    const next = editions[i + 1];
    const rule = sourceOf(edition);
    return { edition, rule: next ? { ...rule, effectiveTo: addDays(next.effectiveFrom, -1) } : rule };
  });
}

/** The version in force on a date, if any. */
function inForce<T>(list: Array<{ edition: T; rule: RuleSource }>, date: string) {
  return list.findLast(
    (v) => v.rule.effectiveFrom <= date && (!v.rule.effectiveTo || date <= v.rule.effectiveTo),
  );
}

const FEES = versions(FEE_SCHEDULES, (schedule: FeeSchedule) => ({
  ruleId: 'filing-fee',
  title: `USCIS filing fee (Form G-1055, fee schedule of ${schedule.effectiveFrom})`,
  citation: `${schedule.regulation}; ${schedule.rule}; USCIS Form G-1055`,
  sourceUrl: G1055,
  effectiveFrom: schedule.effectiveFrom,
}));

/** The guidelines held here and those staff added, each year a version from the day USCIS applies it. */
const guidelines = perGeneration(() =>
  versions(
    [...POVERTY_GUIDELINES, ...staffTables().poverty].sort((a, b) =>
      a.effectiveFrom.localeCompare(b.effectiveFrom),
    ),
    (table: PovertyGuidelines) => ({
      ruleId: 'i864-income',
      title: `Affidavit of support: income at least 125% of the ${table.year} HHS poverty guidelines`,
      citation: `INA 213A(f)(1)(E), 213A(f)(3); 8 CFR 213a.2(c)(2); Form I-864P (${table.year} guidelines, ${table.publishedIn})`,
      sourceUrl: table.sourceUrl,
      effectiveFrom: table.effectiveFrom,
    }),
  ),
);

/** A form's fee staff set from a date, as a version of the filing-fee rule of its own. */
const staffFees = perGeneration(() =>
  staffTables().fees.map((fee) => ({
    fee,
    rule: {
      ruleId: 'filing-fee',
      title: `USCIS filing fee for Form ${fee.form} from ${fee.effectiveFrom}`,
      citation: fee.citation,
      sourceUrl: fee.sourceUrl,
      effectiveFrom: fee.effectiveFrom,
    } satisfies RuleSource,
  })),
);

/** The fee staff set for a form in force on a date, when it is newer than the schedule in force. */
export function staffFeeOn(form: string, date: string, scheduleFrom: string | undefined) {
  return staffFees()
    .filter((s) => s.fee.form === form && s.fee.effectiveFrom <= date)
    .filter((s) => !scheduleFrom || s.fee.effectiveFrom > scheduleFrom)
    .sort((a, b) => a.fee.effectiveFrom.localeCompare(b.fee.effectiveFrom))
    .at(-1);
}

export type FilingFee = { amount: number; scheduleDate: string; rule: RuleSource; notes: string[] };

/**
 * The fee for a form filed on a date, paper filing, usual filer, under the G-1055 schedule in force; undefined
 * when no schedule held here names the form. A fee set by statute outside the schedule (the H.R. 1 asylum fee)
 * and the fee for a particular filer (a child, a pending I-485, an employer's Asylum Program Fee) are feesFor's
 * (./fees).
 */
export function filingFeeOf(form: FormType, filingDate: string): FilingFee | undefined {
  const version = inForce(FEES, filingDate);
  const staff = staffFeeOn(form, filingDate, version?.edition.effectiveFrom);
  if (staff)
    return { amount: staff.fee.paper, scheduleDate: staff.fee.effectiveFrom, rule: staff.rule, notes: [] };
  const fee = version?.edition.fees[form];
  if (!version || !fee) return undefined;
  return {
    amount: fee.paper,
    scheduleDate: version.edition.effectiveFrom,
    rule: version.rule,
    notes: fee.notes,
  };
}

const regionOf = (state: string): GuidelineRegion =>
  state === 'AK' ? 'alaska' : state === 'HI' ? 'hawaii' : 'contiguous';

export type RequiredIncome = {
  requiredIncome: number;
  percent: 100 | 125;
  guidelineYear: number;
  /**
   * The day the next year's table was due (March 1 of the year after the newest held: USCIS applies each
   * year's guidelines from its I-864P edition, March 1 in 2023–2025) when the as-of date is past it and no
   * newer table is loaded; else undefined.
   */
  newerTableDue?: string;
  /** The guideline itself (100 %), whole dollars, for the asset alternative. */
  guideline: number;
  rule: RuleSource;
};

/**
 * The least household income a sponsor needs: 125% of the guideline for the household size, or 100% for a
 * sponsor on active duty in the US Armed Forces petitioning for a spouse or child (INA 213A(f)(3)). In whole
 * dollars as Form I-864P prints them: the fraction of a dollar is dropped.
 */
function nextTableDue(version: ReturnType<typeof guidelines>[number], asOf: string): string | undefined {
  if (version.rule.effectiveTo) return undefined;
  const due = `${version.edition.year + 1}-03-01`;
  return asOf >= due ? due : undefined;
}

export function requiredIncomeOf(
  input: {
    householdSize: number;
    sponsorState: string;
    activeDutySponsor?: boolean;
    sponsoredRelationship?: string;
  },
  asOf: string,
): RequiredIncome | undefined {
  const version = inForce(guidelines(), asOf);
  if (!version) return undefined;
  const { firstPerson, eachAdditional } = version.edition.regions[regionOf(input.sponsorState)];
  const guideline = firstPerson + eachAdditional * (Math.max(1, input.householdSize) - 1);
  const percent =
    input.activeDutySponsor &&
    (input.sponsoredRelationship === 'spouse' || input.sponsoredRelationship === 'child')
      ? 100
      : 125;
  return {
    requiredIncome: Math.floor((guideline * percent) / 100),
    percent,
    guidelineYear: version.edition.year,
    newerTableDue: nextTableDue(version, asOf),
    guideline,
    rule: version.rule,
  };
}

const EAD_EXTENSION_VERSIONS = versions(EAD_EXTENSIONS, (rule: EadExtensionRule) => ({
  ruleId: 'ead-automatic-extension',
  title: rule.days
    ? `Work permit renewal filed in time: automatic extension of up to ${rule.days} days`
    : 'Work permit renewal: no automatic extension',
  citation: rule.citation,
  sourceUrl: rule.sourceUrl,
  effectiveFrom: rule.effectiveFrom,
}));

/** The automatic-extension rule for a work permit renewal filed on a date, if any is held. */
export function eadExtensionFor(filedOn: string) {
  const version = inForce(EAD_EXTENSION_VERSIONS, filedOn);
  return version && { days: version.edition.days, rule: version.rule };
}

/** Every edition as a rule version, staff's included. */
export const tableRules = perGeneration((): RuleSource[] => [
  ...[...FEES, ...guidelines(), ...EAD_EXTENSION_VERSIONS].map((v) => v.rule),
  ...staffFees().map((s) => s.rule),
]);
