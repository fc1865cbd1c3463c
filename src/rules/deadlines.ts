/**
 * Deadline Tracker: the dates a case must meet or may act from, each from its rule. A period for taking an
 * action whose last day is a Saturday, Sunday or legal holiday runs to the next business day (8 CFR 1.2);
 * the dates a case may act from, and the days a document expires, are never moved.
 */
import { formatDate } from '../shared/dates';
import {
  FACT_LABELS,
  type FactName,
  type Facts,
  MAIL_DAYS,
  RESPONSE_LIMITS,
  responsePeriodRefusal,
} from '../shared/facts';
import { addDays, addMonths, addYears } from './calendar';
import { rollOver } from './holidays';
import { EAD_EXTENSION_CATEGORIES } from './data/ead-extension';
import { SOURCES } from './sources';
import { eadExtensionFor } from './tables';
import type { Deadline, MissingDeadline, RuleSource } from './types';

type Found = { deadline: Deadline; rule: RuleSource; rolled?: true } | { missing: MissingDeadline };
type Fields = Pick<Deadline, 'id' | 'title' | 'date' | 'explanation' | 'kind'> &
  Pick<Deadline, 'filing' | 'receivedBy'>;

function deadline(rule: RuleSource, fields: Fields): Found {
  const { ruleId, citation, sourceUrl, effectiveFrom } = rule;
  return { deadline: { ...fields, ruleId, citation, sourceUrl, effectiveFrom }, rule };
}

/** A period's last day, rolled off a weekend or legal holiday; the explanation says when it moved. */
function periodEnds(rule: RuleSource, fields: Fields): Found {
  const rolled = rollOver(fields.date);
  const found = deadline(rule, {
    ...fields,
    date: rolled.date,
    explanation: `${fields.explanation}${rolled.words}`,
  }) as Extract<Found, { deadline: Deadline }>;
  if (rolled.unadjustedDate) {
    found.deadline.unadjustedDate = rolled.unadjustedDate;
    found.rolled = true;
  }
  return found;
}

const missing = (rule: RuleSource, id: string, title: string, facts: FactName[]): Found => ({
  missing: { id, title, missing: facts, ruleId: rule.ruleId },
});

const absent = (facts: Facts, names: FactName[]) => names.filter((name) => facts[name] === undefined);

/** "+ 3 days (served by mail, 8 CFR 103.8(b))", or why none were added. */
function mailDays(facts: Facts): { days: number; words: string } {
  if (facts.servedByMail) return { days: MAIL_DAYS, words: ` + ${MAIL_DAYS} days (served by mail)` };
  if (facts.servedByMail === false) return { days: 0, words: ' (not served by mail)' };
  return { days: 0, words: ` (no mail days added: “${FACT_LABELS.servedByMail}” not given)` };
}

/**
 * The N-400's earliest filing date: 90 days before the 5-year (or 3-year) anniversary of residence. An
 * absence of one year or more breaks continuous residence: then not before 4 years and 1 day after the
 * return (2 years and 1 day on the 3-year path; 8 CFR 316.5(c)(1)(ii)).
 */
export function n400EarliestFiling(facts: Facts): Found {
  const rule = SOURCES.n400EarliestFiling;
  const title = 'Earliest N-400 filing date';
  const longAbsence = (facts.longestTripDays ?? 0) >= 365;
  const lacking = absent(facts, [
    'permanentResidentSince',
    ...(longAbsence ? (['longAbsenceReturnDate'] as const) : []),
  ]);
  if (lacking.length) return missing(rule, 'n400-earliest-filing', title, lacking);
  const years = facts.naturalizationPath === '3-year-marriage' ? 3 : 5;
  const anniversary = addYears(facts.permanentResidentSince!, years);
  const path = facts.naturalizationPath
    ? `${years}-year path`
    : '5-year path (no path given: the general rule)';
  const early = addDays(anniversary, -90);
  const explanation = `Resident since ${formatDate(facts.permanentResidentSince!)}, ${path}: ${years}-year anniversary ${formatDate(anniversary)} − 90 days`;
  if (longAbsence) {
    const afterReturn = addDays(addYears(facts.longAbsenceReturnDate!, years - 1), 1);
    if (afterReturn > early)
      return deadline(
        { ...rule, citation: `${rule.citation}; 8 CFR 316.5(c)(1)(ii)` },
        {
          id: 'n400-earliest-filing',
          title,
          date: afterReturn,
          explanation: `An absence of ${facts.longestTripDays} days (a year or more) broke continuous residence: ${years - 1} years and 1 day after the return on ${formatDate(facts.longAbsenceReturnDate!)} (8 CFR 316.5(c)(1)(ii)), later than ${formatDate(early)} (${explanation.toLowerCase()})`,
          kind: 'opens',
        },
      );
  }
  return deadline(rule, { id: 'n400-earliest-filing', title, date: early, explanation, kind: 'opens' });
}

/**
 * A response period on a notice (RFE or NOID): the period the notice states, + 3 days when mailed. A period
 * longer than the notice may give, but within 3 days of it, already counts the mail days.
 */
function noticeResponse(facts: Facts, type: 'RFE' | 'NOID'): Found {
  const rule = type === 'RFE' ? SOURCES.rfeResponse : SOURCES.noidResponse;
  const id = type === 'RFE' ? 'rfe-response' : 'noid-response';
  const title =
    type === 'RFE'
      ? 'Response to the Request for Evidence due'
      : 'Response to the Notice of Intent to Deny due';
  if (facts.printedDueDate && !facts.responsePeriodDays)
    return printedDue(rule, id, title, facts.printedDueDate);
  const lacking = absent(facts, ['noticeDate', 'responsePeriodDays']);
  if (lacking.length) return missing(rule, id, title, lacking);
  const days = facts.responsePeriodDays!;
  const refusal = responsePeriodRefusal(type, days);
  if (refusal)
    return { missing: { id, title, missing: ['responsePeriodDays'], ruleId: rule.ruleId, reason: refusal } };
  const mail =
    days > RESPONSE_LIMITS[type].days
      ? {
          days: 0,
          words: ` (more than ${RESPONSE_LIMITS[type].days} days: the notice’s period already counts the ${MAIL_DAYS} mail days, so none are added)`,
        }
      : mailDays(facts);
  const counted = addDays(facts.noticeDate!, days + mail.days);
  const explanation = `Notice date ${formatDate(facts.noticeDate!)} + ${days} days stated on the notice${mail.words}; USCIS must receive the response by then`;
  // A printed date earlier than the count is the one kept: the attorney is never told a later day.
  if (facts.printedDueDate && facts.printedDueDate < counted)
    return printedDue(
      rule,
      id,
      title,
      facts.printedDueDate,
      `; the period counts to ${formatDate(counted)}, so the earlier, printed date is kept`,
    );
  return periodEnds(rule, {
    id,
    title,
    date: counted,
    explanation: `${explanation}${facts.printedDueDate && facts.printedDueDate > counted ? `; the notice prints ${formatDate(facts.printedDueDate)}, later than the count, which is kept` : ''}`,
    kind: 'deadline',
    receivedBy: true,
  });
}

/** The due date a notice prints, as the last day of its period. */
function printedDue(rule: RuleSource, id: string, title: string, date: string, more = ''): Found {
  return periodEnds(rule, {
    id,
    title,
    date,
    explanation: `Due date printed on the notice, ${formatDate(date)}${more}; USCIS must receive the response by then`,
    kind: 'deadline',
    receivedBy: true,
  });
}

/** Where a denial goes, by the form denied and who decided: the form to file, the period, mail days. */
type Route = {
  rule: RuleSource;
  title: string;
  filing: string;
  days: number;
  /** 3 days are added for a decision served by mail (8 CFR 103.8(b)); never for the BIA's own periods. */
  mail: boolean;
  why: string;
};

/** Forms whose denial no appeal lies from, and the rule that says so. */
const NO_APPEAL: Partial<Record<string, { citation: string; why: string }>> = {
  'I-485': {
    citation: '8 CFR 245.2(a)(5)(ii)',
    why: 'No appeal lies from the denial of an I-485 (8 CFR 245.2(a)(5)(ii)); it may be renewed before an immigration judge in removal proceedings',
  },
  'I-751': {
    citation: '8 CFR 216.4(d)(2)',
    why: 'No appeal lies from the denial of an I-751 (8 CFR 216.4(d)(2)); an immigration judge may review it in removal proceedings',
  },
  'I-765': {
    citation: '8 CFR 274a.13(c)',
    why: 'No appeal lies from the denial of an I-765 (8 CFR 274a.13(c))',
  },
};

function routeOf(facts: Facts): Route {
  if (facts.decidedBy === 'immigration-judge')
    return {
      rule: SOURCES.biaAppealOfJudge,
      title: 'Appeal to the Board of Immigration Appeals (Form EOIR-26) due',
      filing: 'EOIR-26',
      days: 30,
      mail: false,
      why: 'An immigration judge’s decision is appealed to the Board on Form EOIR-26 within 30 calendar days of the oral decision or the written decision’s mailing, no mail days added; the Board must receive it',
    };
  const form = facts.form;
  if (facts.noticeType === 'revocation') {
    const toBoard = form === 'I-130';
    return {
      rule: SOURCES.revocationAppeal,
      title: `Appeal of the revocation (Form ${toBoard ? 'EOIR-29' : 'I-290B'}) due`,
      filing: toBoard ? 'EOIR-29' : 'I-290B',
      days: 15,
      mail: true,
      why: `The revocation of an approved petition is appealed within 15 days of service (8 CFR 205.2(d))${toBoard ? ', an I-130’s to the Board of Immigration Appeals on Form EOIR-29 filed with USCIS' : ' on Form I-290B'}`,
    };
  }
  if (form === 'I-130')
    return {
      rule: SOURCES.biaAppealOfUscis,
      title: 'Appeal to the Board of Immigration Appeals (Form EOIR-29) due',
      filing: 'EOIR-29',
      days: 30,
      mail: false,
      why: 'An I-130 denial is appealed to the Board of Immigration Appeals on Form EOIR-29, filed with USCIS within 30 calendar days of service; counted from the decision’s date with no mail days, as the form’s instructions count it',
    };
  if (form === 'N-400')
    return {
      rule: SOURCES.n336Hearing,
      title: 'Request for a hearing on the N-400 denial (Form N-336) due',
      filing: 'N-336',
      days: 30,
      mail: true,
      why: 'A denied N-400 is reviewed at a hearing requested on Form N-336 within 30 days of service (8 CFR 336.2(a))',
    };
  const none = form ? NO_APPEAL[form] : undefined;
  if (none)
    return {
      rule: { ...SOURCES.motionOnly, citation: `${none.citation}; ${SOURCES.motionOnly.citation}` },
      title: 'Motion to reopen or reconsider (Form I-290B) due: no appeal lies',
      filing: 'I-290B',
      days: 30,
      mail: true,
      why: `${none.why}; a motion to reopen or reconsider on Form I-290B is due within 30 days of service`,
    };
  return {
    rule: SOURCES.appeal,
    title: 'Appeal or motion (Form I-290B) due',
    filing: 'I-290B',
    days: 30,
    mail: true,
    why: `${form ? `Form ${form}` : 'A USCIS decision'}: an appeal or motion on Form I-290B within 30 days of service; the decision says whether an appeal lies`,
  };
}

/** After a denial or revocation: the form its route files, by the date its period ends. */
function appeal(facts: Facts): Found {
  const route = routeOf(facts);
  if (!facts.noticeDate) return missing(route.rule, 'appeal', route.title, ['noticeDate']);
  const mail = route.mail ? mailDays(facts) : { days: 0, words: '' };
  return periodEnds(route.rule, {
    id: 'appeal',
    title: route.title,
    date: addDays(facts.noticeDate, route.days + mail.days),
    explanation: `Decision dated ${formatDate(facts.noticeDate)} + ${route.days} days${mail.words}. ${route.why}`,
    kind: 'deadline',
    filing: route.filing,
    receivedBy: true,
  });
}

function i751Window(facts: Facts): Found[] {
  const rule = SOURCES.i751Window;
  const expires = facts.conditionalResidenceExpires;
  if (!expires)
    return facts.form === 'I-751'
      ? [
          missing(rule, 'i751-window-opens', 'Form I-751 filing window opens', [
            'conditionalResidenceExpires',
          ]),
        ]
      : [];
  return [
    deadline(rule, {
      id: 'i751-window-opens',
      title: 'Form I-751 filing window opens',
      date: addDays(expires, -90),
      explanation: `Conditional green card expires ${formatDate(expires)} − 90 days`,
      kind: 'opens',
    }),
    deadline(rule, {
      id: 'i751-window-closes',
      title: 'Form I-751 filing window closes (the card expires)',
      date: expires,
      explanation: `File before the conditional green card expires on ${formatDate(expires)}; later only with good cause (8 CFR 216.4(a)(6))`,
      kind: 'deadline',
    }),
  ];
}

/** The work permit's expiry, and the day its renewal may be filed from (180 days before). */
function eadRenewal(facts: Facts): Found[] {
  if (!facts.eadExpires) return [];
  return [
    deadline(SOURCES.eadRenewal, {
      id: 'ead-renewal-opens',
      title: 'Work permit (EAD) renewal may be filed',
      date: addDays(facts.eadExpires, -180),
      explanation: `Work permit expires ${formatDate(facts.eadExpires)} − 180 days`,
      kind: 'opens',
    }),
    ...(facts.eadRenewalFiledOn ? [] : [eadExpiry(facts.eadExpires)]),
  ];
}

const eadExpiry = (expires: string): Found =>
  deadline(SOURCES.eadRenewal, {
    id: 'ead-expires',
    title: 'Work permit (EAD) expires',
    date: expires,
    explanation: 'The expiry date on the card; a renewal filed before it may extend it (see its rule)',
    kind: 'expires',
  });

/**
 * With a renewal filed: the day work authorization on the expired card ends, by the dated rule for the day
 * USCIS received the renewal (./data/ead-extension.ts). A renewal received after the card expired, or in a
 * category the rule does not reach, extends nothing.
 */
function eadAutomaticExtension(facts: Facts): Found[] {
  if (!facts.eadRenewalFiledOn) return [];
  const id = 'ead-authorization-ends';
  const title = 'Work authorization on the expired card ends';
  const version = eadExtensionFor(facts.eadRenewalFiledOn);
  if (!version)
    return [
      {
        missing: {
          id,
          title,
          missing: ['eadRenewalFiledOn'],
          ruleId: 'ead-automatic-extension',
          reason: `No automatic-extension rule is held for a renewal received on ${formatDate(facts.eadRenewalFiledOn)} (rules held from 01/17/2017).`,
        },
      },
    ];
  const lacking = absent(facts, ['eadExpires', 'eadCategory']);
  if (lacking.length) return [missing(version.rule, id, title, lacking)];
  const expires = facts.eadExpires!;
  const received = `Renewal received ${formatDate(facts.eadRenewalFiledOn)}`;
  const none = (why: string) =>
    deadline(version.rule, { id, title, date: expires, explanation: `${received}: ${why}`, kind: 'expires' });
  if (facts.eadRenewalFiledOn > expires)
    return [
      none(
        `after the card expired on ${formatDate(expires)}, so nothing is extended (a renewal must be filed before the card expires)`,
      ),
    ];
  const category = facts.eadCategory!.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
  if (!(EAD_EXTENSION_CATEGORIES as readonly string[]).includes(category))
    return [
      none(
        `category ${category} is not among those automatically extended, so authorization ends with the card`,
      ),
    ];
  const tps = category === 'A12' || category === 'C19';
  if (version.days === 0)
    return [
      none(
        `filed on or after 10/30/2025, when automatic extensions ended (90 FR 48799): authorization ends with the card${tps ? ', unless the Federal Register notice for the country’s TPS designation extends it' : ''}`,
      ),
    ];
  return [
    deadline(version.rule, {
      id,
      title,
      date: addDays(expires, version.days),
      explanation: `${received}, before the card expired on ${formatDate(expires)}, category ${category}: up to ${version.days} days past the expiry, ending sooner if USCIS decides the renewal`,
      kind: 'expires',
    }),
  ];
}

/**
 * Forms whose travel or nonimmigrant admission the six-month passport rule concerns (8 CFR 214.1(a)(3)(i)):
 * a travel document, and a fiancé(e) admitted as a K-1 nonimmigrant. It never bars another filing.
 */
export const PASSPORT_RULE_FORMS: readonly string[] = ['I-131', 'I-129F'];

/**
 * The passport's dates. On an asylum matter none: renewing a passport of the country one fears can harm
 * the claim, so the product never prompts it. Elsewhere its expiry, and for travel or a nonimmigrant
 * admission the day it has less than six months left.
 */
function passport(facts: Facts): Found[] {
  if (!facts.passportExpires || facts.form === 'I-589') return [];
  const rule = SOURCES.passportValidity;
  const expiry = deadline(rule, {
    id: 'passport-expiry',
    title: 'Passport expires',
    date: facts.passportExpires,
    explanation: 'The expiry date of the passport',
    kind: 'expires',
  });
  if (!facts.form || !PASSPORT_RULE_FORMS.includes(facts.form)) return [expiry];
  return [
    deadline(rule, {
      id: 'passport-six-months',
      title: 'Passport has less than six months left for travel or admission',
      date: addMonths(facts.passportExpires, -6),
      explanation: `Passport expires ${formatDate(facts.passportExpires)} − 6 months: travel or a nonimmigrant admission after this day needs a renewed passport`,
      kind: 'deadline',
    }),
    expiry,
  ];
}

/**
 * A 10-year green card: renewal on Form I-90 may be filed once it will expire within six months (8 CFR
 * 264.5(b)(2)), and the day it expires. Residence itself does not end with the card.
 */
function greenCard(facts: Facts): Found[] {
  if (!facts.greenCardExpires) return [];
  const rule = SOURCES.greenCardRenewal;
  return [
    deadline(rule, {
      id: 'green-card-renewal-opens',
      title: 'Green card renewal (Form I-90) may be filed',
      date: addMonths(facts.greenCardExpires, -6),
      explanation: `Green card expires ${formatDate(facts.greenCardExpires)} − 6 months: Form I-90 may be filed from this day`,
      filing: 'I-90',
      kind: 'opens',
    }),
    deadline(rule, {
      id: 'green-card-expires',
      title: 'Green card expires',
      date: facts.greenCardExpires,
      explanation:
        'The expiry date on the green card: the card, not the permanent residence, ends; renew it on Form I-90',
      kind: 'expires',
    }),
  ];
}

/** The day the stay an I-94 admits ends: an extension or change of status must be filed before it. */
function i94AdmitUntil(facts: Facts): Found[] {
  if (!facts.i94AdmitUntil) return [];
  return [
    deadline(SOURCES.i94AdmitUntil, {
      id: 'i94-admit-until',
      title: 'Admitted until (I-94)',
      date: facts.i94AdmitUntil,
      explanation:
        'The admit-until date on the I-94: an extension or change of status filed after it is denied (8 CFR 214.1(c)(4), 248.1(b)), and a stay past it counts as unlawful presence',
      kind: 'expires',
    }),
  ];
}

/** Every deadline the facts give, and those they would give with more facts. */
export function findDeadlines(facts: Facts): Found[] {
  const found: Found[] = [];
  if (facts.permanentResidentSince || facts.form === 'N-400') found.push(n400EarliestFiling(facts));
  if (facts.noticeType === 'RFE' || facts.noticeType === 'NOID')
    found.push(noticeResponse(facts, facts.noticeType));
  if (facts.noticeType === 'denial' || facts.noticeType === 'revocation') found.push(appeal(facts));
  found.push(
    ...i751Window(facts),
    ...eadRenewal(facts),
    ...eadAutomaticExtension(facts),
    ...i94AdmitUntil(facts),
    ...greenCard(facts),
    ...passport(facts),
  );
  return found;
}
