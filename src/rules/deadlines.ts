/**
 * Deadline Tracker: the dates a case must meet or may act from, each from its rule. Dates are never moved
 * off weekends or holidays: none of these rules says to.
 */
import { formatDate } from '../shared/dates';
import { FACT_LABELS, type FactName, type Facts } from '../shared/facts';
import { addDays, addMonths, addYears } from './calendar';
import { SOURCES } from './sources';
import type { Deadline, MissingDeadline, RuleSource } from './types';

type Found = { deadline: Deadline; rule: RuleSource } | { missing: MissingDeadline };

const MAIL_DAYS = 3;

function deadline(
  rule: RuleSource,
  fields: Pick<Deadline, 'id' | 'title' | 'date' | 'explanation' | 'kind'>,
): Found {
  const { ruleId, citation, sourceUrl, effectiveFrom } = rule;
  return { deadline: { ...fields, ruleId, citation, sourceUrl, effectiveFrom }, rule };
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

/** The N-400's earliest filing date: 90 days before the 5-year (or 3-year) anniversary of residence. */
export function n400EarliestFiling(facts: Facts): Found {
  const rule = SOURCES.n400EarliestFiling;
  const title = 'Earliest N-400 filing date';
  if (!facts.permanentResidentSince)
    return missing(rule, 'n400-earliest-filing', title, ['permanentResidentSince']);
  const years = facts.naturalizationPath === '3-year-marriage' ? 3 : 5;
  const anniversary = addYears(facts.permanentResidentSince, years);
  const path = facts.naturalizationPath
    ? `${years}-year path`
    : '5-year path (no path given: the general rule)';
  return deadline(rule, {
    id: 'n400-earliest-filing',
    title,
    date: addDays(anniversary, -90),
    explanation: `Resident since ${formatDate(facts.permanentResidentSince)}, ${path}: ${years}-year anniversary ${formatDate(anniversary)} − 90 days`,
    kind: 'opens',
  });
}

/** A response period on a notice (RFE or NOID): the period the notice states, + 3 days when mailed. */
function noticeResponse(facts: Facts, type: 'RFE' | 'NOID'): Found {
  const rule = type === 'RFE' ? SOURCES.rfeResponse : SOURCES.noidResponse;
  const id = type === 'RFE' ? 'rfe-response' : 'noid-response';
  const title =
    type === 'RFE'
      ? 'Response to the Request for Evidence due'
      : 'Response to the Notice of Intent to Deny due';
  const lacking = absent(facts, ['noticeDate', 'responsePeriodDays']);
  if (lacking.length) return missing(rule, id, title, lacking);
  const mail = mailDays(facts);
  return deadline(rule, {
    id,
    title,
    date: addDays(facts.noticeDate!, facts.responsePeriodDays! + mail.days),
    explanation: `Notice date ${formatDate(facts.noticeDate!)} + ${facts.responsePeriodDays} days stated on the notice${mail.words}`,
    kind: 'deadline',
  });
}

/** Form I-290B after a denial: 30 days, 33 when the decision was mailed. */
function appeal(facts: Facts): Found {
  const rule = SOURCES.appeal;
  const title = 'Appeal or motion (Form I-290B) due';
  if (!facts.noticeDate) return missing(rule, 'appeal', title, ['noticeDate']);
  const mail = mailDays(facts);
  return deadline(rule, {
    id: 'appeal',
    title,
    date: addDays(facts.noticeDate, 30 + mail.days),
    explanation: `Decision dated ${formatDate(facts.noticeDate)} + 30 days${mail.words}`,
    kind: 'deadline',
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
  ];
}

function passport(facts: Facts): Found[] {
  if (!facts.passportExpires) return [];
  const rule = SOURCES.passportValidity;
  return [
    deadline(rule, {
      id: 'passport-six-months',
      title: 'Passport has less than six months left',
      date: addMonths(facts.passportExpires, -6),
      explanation: `Passport expires ${formatDate(facts.passportExpires)} − 6 months: renew before filing or travel`,
      kind: 'deadline',
    }),
    deadline(rule, {
      id: 'passport-expiry',
      title: 'Passport expires',
      date: facts.passportExpires,
      explanation: 'The expiry date of the passport',
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
  if (facts.noticeType === 'denial') found.push(appeal(facts));
  found.push(...i751Window(facts), ...eadRenewal(facts), ...passport(facts));
  return found;
}
