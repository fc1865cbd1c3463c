/**
 * Green cards (Form I-551) and work permits (the EAD, Form I-766): what they print (dates, USCIS#,
 * category), a green card's machine-readable zone, and what a lawyer should do before the card expires.
 */
import { addDays, formatDate } from '../../shared/dates';
import type { DocumentFields, DocumentFinding, DocumentType, PassportZone } from '../../shared/documents';
import { addMonths, type DateOptions } from './dates';
import { findCardDate, findEadCategory, findResidentCategory, findUscisNumber } from './fields';
import { DOCUMENT_RULES as RULES, finding } from './rules';

/**
 * The categories (classes of admission) of conditional residents through marriage, who remove the
 * conditions on Form I-751: those DHS's immigrant class of admission codes mark "- CONDITIONAL" and still
 * use (NIEM immigration domain, ImmigrationClassOfAdmissionCategoryCodeSimpleType:
 * https://github.com/NIEM/NIEM-Releases/blob/master/xsd/domains/immigration.xsd); CR1 and CR2 are also
 * 22 CFR 42.11's "Conditional Status" visas (INA 201(b) & 216). C37 and C38 are the adjustment codes of
 * C32 and C33, as C36 is C31's, though the list's text leaves the word out.
 */
const MARRIAGE_CONDITIONAL = new Set([
  ...['C20', 'C21', 'C22', 'C23', 'C24', 'C25', 'C26', 'C27', 'C28', 'C29'],
  ...['C31', 'C32', 'C33', 'C36', 'C37', 'C38'],
  ...['CB1', 'CB2', 'CB6', 'CB7', 'CF1', 'CF2', 'CR1', 'CR2', 'CR6', 'CR7'],
  ...['CX1', 'CX2', 'CX3', 'CX6', 'CX7', 'CX8'],
]);
/**
 * Investors' categories (INA 203(b)(5): C5, T5, R5, I5 and E5, 1-3 on a visa, 6-8 on adjustment, in the same
 * list), who remove the conditions on Form I-829: INA 216A(a)(1) makes every investor, spouse and child a
 * conditional resident.
 */
const INVESTOR = /^[CTRIE]5[1-35-8]$/;

const isConditional = (category: string) => MARRIAGE_CONDITIONAL.has(category) || INVESTOR.test(category);

/** The fields found, without those that were not (a field is absent when not found). */
function present(fields: Partial<DocumentFields>): Partial<DocumentFields> {
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined && value !== null),
  );
}

/** A green card's fields; its zone's birth date and expiry win over the printed ones when every check digit agrees. */
function greenCardFields(text: string, zone: PassportZone | undefined, options: DateOptions) {
  const trusted = zone?.valid ? zone : undefined;
  const category = findResidentCategory(text);
  return present({
    residentSince: findCardDate(text, 'residentSince', options),
    cardExpires: trusted?.expirationDate ?? findCardDate(text, 'cardExpires', options),
    birthDate: trusted?.birthDate ?? findCardDate(text, 'birthDate', options),
    uscisNumber: findUscisNumber(text),
    residentCategory: category,
    conditional: category ? isConditional(category) : undefined,
    cardZone: zone,
  });
}

function eadCardFields(text: string, options: DateOptions) {
  return present({
    validFrom: findCardDate(text, 'validFrom', options),
    cardExpires: findCardDate(text, 'cardExpires', options),
    birthDate: findCardDate(text, 'birthDate', options),
    uscisNumber: findUscisNumber(text),
    eadCategory: findEadCategory(text),
  });
}

/** What a green card (or a text holding a green card's zone) or a work permit prints; nothing for other documents. */
export function cardFields(
  type: DocumentType,
  text: string,
  zone: PassportZone | undefined,
  options: DateOptions,
): Partial<DocumentFields> {
  if (type === 'green-card' || zone) return greenCardFields(text, zone, options);
  if (type === 'ead-card') return eadCardFields(text, options);
  return {};
}

/**
 * A conditional card is never renewed: the conditions are removed on Form I-751 (I-829 for an investor) in
 * the 90 days before it expires, or conditional residence ends with the card.
 */
function conditionalCard(category: string, expires: string, today: string): DocumentFinding {
  const [form, rule] = INVESTOR.test(category)
    ? ['I-829', RULES.investorConditions]
    : ['I-751', RULES.marriageConditions];
  const card = `The conditional green card (category ${category})`;
  if (expires < today)
    return finding(
      rule,
      `${card} expired on ${formatDate(expires)}. Unless Form ${form} was filed by then, conditional residence ` +
        `ended that day; a late Form ${form} needs a written explanation of good cause. Form I-90 does not renew a conditional card.`,
      'danger',
    );
  const opens = addDays(expires, -90);
  const when = opens <= today ? `open since ${formatDate(opens)}: file now` : `opens on ${formatDate(opens)}`;
  return finding(
    rule,
    `${card} expires on ${formatDate(expires)}. File Form ${form} to remove the conditions in the 90 days ` +
      `before it expires (the window ${when}). Form I-90 does not renew a conditional card.`,
  );
}

/** A ten-year card is renewed on Form I-90 once it expires within six months; the status does not expire with it. */
function greenCard(fields: DocumentFields, today: string): DocumentFinding | undefined {
  const expires = fields.cardExpires;
  if (!expires || expires >= addMonths(today, 6)) return undefined;
  if (fields.conditional && fields.residentCategory)
    return conditionalCard(fields.residentCategory, expires, today);
  return expires < today
    ? finding(
        RULES.greenCardRenewal,
        `The green card expired on ${formatDate(expires)}. Permanent residence does not expire with the card, ` +
          'but the client needs a valid card as evidence of it: file Form I-90 to renew it.',
        'danger',
      )
    : finding(
        RULES.greenCardRenewal,
        `The green card expires on ${formatDate(expires)}, within six months of today (${formatDate(today)}): ` +
          'file Form I-90 to renew it.',
      );
}

/** A work permit's renewal may be filed from 180 days before it expires. */
function eadCard(fields: DocumentFields, today: string): DocumentFinding | undefined {
  const expires = fields.cardExpires;
  if (!expires || addDays(expires, -180) > today) return undefined;
  const category = fields.eadCategory ? ` (category ${fields.eadCategory})` : '';
  return expires < today
    ? finding(
        RULES.eadRenewal,
        `The work permit${category} expired on ${formatDate(expires)}. Unless a renewal filed before then extends it, ` +
          'the client may not work on it: file Form I-765 for a new one.',
        'danger',
      )
    : finding(
        RULES.eadRenewal,
        `The work permit${category} expires on ${formatDate(expires)}, within 180 days of today ` +
          `(${formatDate(today)}): its renewal on Form I-765 may be filed now.`,
      );
}

/** What a lawyer should do before a green card or a work permit expires. */
export function cardFindings(type: DocumentType, fields: DocumentFields, today: string): DocumentFinding[] {
  const found =
    type === 'green-card'
      ? greenCard(fields, today)
      : type === 'ead-card'
        ? eadCard(fields, today)
        : undefined;
  return found ? [found] : [];
}
