/**
 * The fee calculator: the USCIS fees for a set of forms filed on a date, one item per form (plus the Asylum
 * Program Fee beside a Form I-140), each saying in words why that amount, the paragraph and Federal Register
 * document that set it, and the date it took effect. The figures and where each was verified are in
 * ./data/fees.ts. A form or a case no rule held here covers gets `fee: null` and a basis saying why (a fact
 * to give, or a schedule to check), and is named in `unknown`: the total never counts a guess.
 */
import { formatDate, isIsoDate } from '../shared/dates';
import { staffFeeOn } from './tables';
import {
  FEE_SCHEDULES,
  FEE_SOURCES,
  type FeeSchedule,
  G1055,
  NO_FEE_FORMS,
  type ScheduleFee,
  STATUTORY_FEES,
} from './data/fees';

export type FeeFacts = {
  filing: 'paper' | 'online';
  /** YYYY-MM-DD, the filing date (postmark). */
  asOf: string;
  employerFullTimeEmployees?: number;
  nonprofit?: boolean;
  applicantAge?: number;
  /** I-485 child under 14 filing with a parent's I-485. */
  withParent?: boolean;
  /** I-765/I-131 filed with or while an I-485 is pending (a Form I-485 among the forms counts as filed with them). */
  withPendingI485?: boolean;
  /** When the pending I-485 was filed, if known (with a Form I-485 among the forms: the filing date). */
  i485FiledOn?: string;
  /** N-400 household income <= 400% FPG. */
  reducedFee?: boolean;
};

export type FeeItem = {
  form: string;
  /** Whole dollars; null when no rule held here gives the amount (the basis says why). */
  fee: number | null;
  /** Why this amount, in plain words. */
  basis: string;
  citation: string;
  /** The day the rule used took effect, ISO ('' when no rule held covers the date). */
  effectiveFrom: string;
  sourceUrl: string;
};

/** The 2024 rule stopped covering Forms I-765 and I-131 with the I-485 fee for an I-485 filed from this day. */
const UNBUNDLED_FROM = '2024-04-01';
/** The I-485 fee covered Forms I-765 and I-131 for an I-485 filed from this day (72 FR 29851). */
const BUNDLED_FROM = '2007-07-30';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const longDate = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return `${MONTHS[m - 1]} ${d}, ${y}`;
};
const money = (dollars: number) => `$${dollars.toLocaleString('en-US')}`;

/** What a rule answers for one form: an amount, or null and why not. */
type Outcome = { fee: number | null; basis: string; paragraph: string };

type Context = {
  form: string;
  forms: string[];
  facts: FeeFacts;
  schedule: FeeSchedule;
  /** The schedule charged one fee whether filed on paper or online (no online figure anywhere in it). */
  sameFeeOnline: boolean;
};

const isOldSchedule = (schedule: FeeSchedule) => schedule.effectiveFrom < UNBUNDLED_FROM;

function scheduleOn(date: string): FeeSchedule | undefined {
  return FEE_SCHEDULES.findLast((s) => s.effectiveFrom <= date);
}

function fromSchedule(ctx: Context, outcome: Outcome): FeeItem {
  const source = FEE_SOURCES[ctx.schedule.source];
  return {
    form: ctx.form,
    fee: outcome.fee,
    basis: outcome.basis,
    citation: `${outcome.paragraph}; ${source.federalRegister}; USCIS Form G-1055`,
    effectiveFrom: ctx.schedule.effectiveFrom,
    sourceUrl: source.sourceUrl,
  };
}

/** "$455 filing fee + $85 biometric services fee = $540", or "$675". */
function amountInWords(fee: ScheduleFee): string {
  return fee.parts
    ? `${money(fee.parts.filing)} filing fee + ${money(fee.parts.biometrics)} biometric services fee = ${money(fee.paper)}`
    : money(fee.paper);
}

/** The usual filer's fee, on paper or online. */
function usualFee(ctx: Context, fee: ScheduleFee, what = `Form ${ctx.form}`): Outcome {
  const { paragraph } = fee;
  if (ctx.facts.filing === 'paper')
    return { fee: fee.paper, basis: `${what} filed on paper: ${amountInWords(fee)}`, paragraph };
  if (fee.online !== undefined)
    return { fee: fee.online, basis: `${what} filed online: ${money(fee.online)}`, paragraph };
  if (ctx.sameFeeOnline)
    return {
      fee: fee.paper,
      basis: `${what}: ${amountInWords(fee)} (the ${ctx.schedule.effectiveFrom.slice(0, 4)} schedule charged the same fee online)`,
      paragraph,
    };
  return {
    fee: null,
    basis: `${what} filed online: no online fee for this form is held here (the paper fee is ${money(fee.paper)}); check USCIS Form G-1055 or file on paper`,
    paragraph,
  };
}

/** When the pending Form I-485 was filed: today with these forms, the date given, or unknown. */
function pendingI485(ctx: Context): { pending: boolean; filedOn?: string } {
  const inPacket = ctx.forms.includes('I-485');
  const pending = ctx.facts.withPendingI485 ?? inPacket;
  return { pending, filedOn: inPacket ? ctx.facts.asOf : ctx.facts.i485FiledOn };
}

/** Forms I-765 and I-131 filed with or while a Form I-485 is pending. */
function withPendingI485(ctx: Context, fee: ScheduleFee, what: string, usual: () => Outcome): Outcome {
  const { filedOn } = pendingI485(ctx);
  const { paragraph } = fee;
  if (isOldSchedule(ctx.schedule)) {
    if (filedOn && filedOn < BUNDLED_FROM)
      return {
        fee: fee.paper,
        basis: `${what} with a pending Form I-485 filed before ${longDate(BUNDLED_FROM)}, whose fee did not cover it: ${money(fee.paper)}`,
        paragraph,
      };
    return {
      fee: 0,
      basis: `${what} filed with or while a Form I-485 is pending: $0 (under the 2016 schedule the I-485 fee covers it)`,
      paragraph,
    };
  }
  const bundled = `${what} with a pending Form I-485: ${money(fee.withPendingI485!)} if that I-485 was filed on or after ${longDate(UNBUNDLED_FROM)}, $0 if it was filed before (its fee paid)`;
  if (!filedOn) return { fee: null, basis: `${bundled}: give the date the Form I-485 was filed`, paragraph };
  if (filedOn >= UNBUNDLED_FROM) {
    const charged = fee.withPendingI485!;
    return {
      fee: charged,
      basis:
        charged === fee.paper
          ? `${what} filed with a Form I-485 filed on or after ${longDate(UNBUNDLED_FROM)} that is still pending: ${money(charged)} (the I-485 fee no longer covers it)`
          : `${what} filed with a Form I-485 filed on or after ${longDate(UNBUNDLED_FROM)} that is still pending: ${money(charged)}`,
      paragraph,
    };
  }
  if (filedOn < BUNDLED_FROM) return usual();
  return {
    fee: 0,
    basis: `${what} filed while a Form I-485 filed before ${longDate(UNBUNDLED_FROM)} (its fee paid) is still pending: $0`,
    paragraph,
  };
}

const HR1_EAD_NOTE =
  '; an asylum applicant’s, parolee’s or TPS applicant’s EAD also owes the H.R. 1 EAD fee, not counted here';

function i765(ctx: Context, fee: ScheduleFee): Outcome[] {
  const usual = () => {
    const outcome = usualFee(ctx, fee);
    const hr1 = ctx.facts.asOf >= STATUTORY_FEES[0]!.effectiveFrom && outcome.fee !== null;
    return hr1 ? { ...outcome, basis: outcome.basis + HR1_EAD_NOTE } : outcome;
  };
  if (!pendingI485(ctx).pending) return [usual()];
  return [withPendingI485(ctx, fee, 'Form I-765', usual)];
}

function i131(ctx: Context, fee: ScheduleFee): Outcome[] {
  const what = 'Form I-131 for an advance parole document';
  const usual = () => {
    const outcome = usualFee(ctx, fee, what);
    return outcome.fee === null
      ? outcome
      : { ...outcome, basis: `${outcome.basis} (other travel documents have other fees)` };
  };
  if (!pendingI485(ctx).pending) return [usual()];
  return [withPendingI485(ctx, fee, what, usual)];
}

function i485(ctx: Context, fee: ScheduleFee): Outcome[] {
  const { applicantAge: age, withParent } = ctx.facts;
  const { paragraph } = fee;
  const child = age !== undefined && age < 14;
  if (ctx.facts.filing === 'online' && !ctx.sameFeeOnline) return [usualFee(ctx, fee)];
  if (withParent && (age === undefined || child))
    return [
      {
        fee: fee.under14WithParent!,
        basis: `Form I-485 of a child under 14 filed with a parent’s Form I-485: ${money(fee.under14WithParent!)}`,
        paragraph,
      },
    ];
  if (fee.withoutBiometrics !== undefined && age !== undefined && (child || age >= 79))
    return [
      {
        fee: fee.withoutBiometrics,
        basis: child
          ? `Form I-485 of a child under 14 not filed with a parent’s Form I-485: ${money(fee.withoutBiometrics)} (no biometric services fee under 14)`
          : `Form I-485 of an applicant 79 or older: ${money(fee.withoutBiometrics)} (no biometric services fee from 79)`,
        paragraph,
      },
    ];
  const cheaper = `a child under 14 filing with a parent’s Form I-485 pays ${money(fee.under14WithParent!)}`;
  if (fee.withoutBiometrics !== undefined)
    return [
      {
        fee: fee.paper,
        basis: `Form I-485, applicant 14 to 78: ${amountInWords(fee)}${age === undefined ? ` (age not given: ${cheaper}; under 14 alone or 79 and older, ${money(fee.withoutBiometrics)})` : ''}`,
        paragraph,
      },
    ];
  return [
    {
      fee: fee.paper,
      basis: `Form I-485: ${money(fee.paper)}, biometric services included${child ? ' (a child under 14 not filing with a parent pays the full fee)' : age === undefined ? ` (age not given: ${cheaper})` : ''}`,
      paragraph,
    },
  ];
}

function n400(ctx: Context, fee: ScheduleFee): Outcome[] {
  const { paragraph, reduced } = fee;
  if (!ctx.facts.reducedFee || !reduced) return [usualFee(ctx, fee)];
  if (isOldSchedule(ctx.schedule))
    return [
      {
        fee: null,
        basis: `Form N-400 reduced fee under the 2016 schedule: ${money(reduced.parts!.filing)} + ${money(reduced.parts!.biometrics)} biometric services fee = ${money(reduced.amount)}, only for a household income ${reduced.income}; an income at or below 400% does not settle it: confirm the household income band (full fee ${money(fee.paper)})`,
        paragraph,
      },
    ];
  if (ctx.facts.filing === 'online') {
    const online = usualFee(ctx, fee);
    return [
      {
        ...online,
        basis: `${online.basis} (the ${money(reduced.amount)} reduced fee can be requested only on a paper Form N-400)`,
      },
    ];
  }
  return [
    {
      fee: reduced.amount,
      basis: `Form N-400 reduced fee, household income ${reduced.income}, paper filing: ${money(reduced.amount)}`,
      paragraph,
    },
  ];
}

function asylumProgramFee(ctx: Context): FeeItem | undefined {
  const apf = ctx.schedule.asylumProgramFee;
  if (!apf) return undefined;
  const { employerFullTimeEmployees: employees, nonprofit } = ctx.facts;
  const outcome = (fee: number | null, basis: string): FeeItem =>
    fromSchedule(ctx, { fee, basis: `Asylum Program Fee: ${basis}`, paragraph: apf.paragraph });
  if (nonprofit) return outcome(apf.nonprofit, `nonprofit petitioner, ${money(apf.nonprofit)}`);
  if (employees === undefined || !Number.isFinite(employees) || employees < 0)
    return outcome(
      null,
      `give the employer’s number of full-time equivalent employees (more than 25: ${money(apf.standard)}; 25 or fewer, or a self-petitioner: ${money(apf.smallEmployer)}; a nonprofit: ${money(apf.nonprofit)})`,
    );
  return employees > 25
    ? outcome(
        apf.standard,
        `employer with more than 25 full-time equivalent employees (${employees}): ${money(apf.standard)}`,
      )
    : outcome(
        apf.smallEmployer,
        `employer with 25 or fewer full-time equivalent employees (${employees}): ${money(apf.smallEmployer)}`,
      );
}

/** Form I-589: no fee under the schedules, then the H.R. 1 asylum fee in the version in force. */
function i589(form: string, facts: FeeFacts, schedule: FeeSchedule | undefined): FeeItem | undefined {
  const statutory = STATUTORY_FEES.findLast((f) => f.form === 'I-589' && f.effectiveFrom <= facts.asOf);
  if (statutory) {
    const source = FEE_SOURCES[statutory.source];
    return {
      form,
      fee: statutory.amount,
      basis: `Form I-589 filed on or after ${longDate(STATUTORY_FEES[0]!.effectiveFrom)}: ${statutory.what}, ${money(statutory.amount)}, owed by every asylum applicant and not waivable; an Annual Asylum Fee also falls due for each year the application stays pending (not part of this filing)`,
      citation: `${statutory.authority}; ${source.federalRegister}; USCIS Form G-1055`,
      effectiveFrom: statutory.effectiveFrom,
      sourceUrl: source.sourceUrl,
    };
  }
  if (!schedule) return undefined;
  const source = FEE_SOURCES[schedule.source];
  return {
    form,
    fee: 0,
    basis: `Form I-589 filed before ${longDate(STATUTORY_FEES[0]!.effectiveFrom)}, when the H.R. 1 asylum fee began: no filing fee`,
    citation: `No fee set by ${schedule.regulation}; ${source.federalRegister}; USCIS Form G-1055`,
    effectiveFrom: schedule.effectiveFrom,
    sourceUrl: source.sourceUrl,
  };
}

const RULES: Record<string, (ctx: Context, fee: ScheduleFee) => Outcome[]> = {
  'I-765': i765,
  'I-131': i131,
  'I-485': i485,
  'N-400': n400,
};

function unknownItem(form: string, asOf: string): FeeItem {
  return {
    form,
    fee: null,
    basis: `No fee rule held here covers Form ${form} filed on ${longDate(asOf)}: check USCIS Form G-1055`,
    citation: 'USCIS Form G-1055',
    effectiveFrom: '',
    sourceUrl: G1055,
  };
}

function itemsFor(form: string, forms: string[], facts: FeeFacts): FeeItem[] {
  const schedule = scheduleOn(facts.asOf);
  const staff = staffFeeOn(form, facts.asOf, schedule?.effectiveFrom);
  if (staff)
    return [
      {
        form,
        fee: staff.fee.paper,
        basis: `Paper filing by the usual filer, as set from ${formatDate(staff.fee.effectiveFrom)}; a fee for particular filers (reduced, a child, online) is not held for this change: check the source`,
        citation: staff.fee.citation,
        effectiveFrom: staff.fee.effectiveFrom,
        sourceUrl: staff.fee.sourceUrl,
      },
    ];
  if ((NO_FEE_FORMS as readonly string[]).includes(form)) {
    const source = schedule && FEE_SOURCES[schedule.source];
    return [
      {
        form,
        fee: 0,
        basis: 'No filing fee',
        citation: schedule
          ? `No fee set by ${schedule.regulation}; ${source!.federalRegister}; USCIS Form G-1055`
          : 'USCIS Form G-1055',
        effectiveFrom: schedule?.effectiveFrom ?? '',
        sourceUrl: source?.sourceUrl ?? G1055,
      },
    ];
  }
  if (form === 'I-589') {
    const item = i589(form, facts, schedule);
    return [item ?? unknownItem(form, facts.asOf)];
  }
  const fee = schedule?.fees[form as keyof FeeSchedule['fees']];
  if (!schedule || !fee) return [unknownItem(form, facts.asOf)];
  const ctx: Context = {
    form,
    forms,
    facts,
    schedule,
    sameFeeOnline: !Object.values(schedule.fees).some((f) => f?.online !== undefined),
  };
  const items = (RULES[form]?.(ctx, fee) ?? [usualFee(ctx, fee)]).map((outcome) =>
    fromSchedule(ctx, outcome),
  );
  if (form === 'I-140') {
    const apf = asylumProgramFee(ctx);
    if (apf) items.push(apf);
  }
  return items;
}

/**
 * The fees for forms filed together on `facts.asOf`: one item per form (a Form I-140 adds its Asylum Program
 * Fee as a second item), the total of the known amounts, and the forms whose fee is not known (`unknown`).
 */
export function feesFor(
  forms: string[],
  facts: FeeFacts,
): { items: FeeItem[]; total: number; unknown: string[] } {
  if (!isIsoDate(facts.asOf))
    throw new RangeError(`feesFor: asOf must be a date written YYYY-MM-DD, not "${facts.asOf}"`);
  if (facts.i485FiledOn !== undefined && !isIsoDate(facts.i485FiledOn))
    throw new RangeError(
      `feesFor: i485FiledOn must be a date written YYYY-MM-DD, not "${facts.i485FiledOn}"`,
    );
  const codes = forms.map((f) => f.trim().toUpperCase());
  const items = codes.flatMap((form) => itemsFor(form, codes, facts));
  return {
    items,
    total: items.reduce((sum, item) => sum + (item.fee ?? 0), 0),
    unknown: [...new Set(items.filter((item) => item.fee === null).map((item) => item.form))],
  };
}
