/**
 * The analysis of a document's text: what it is (with its evidence), what it says (fields), and what a
 * lawyer should act on (findings, each naming its rule and source). Pure: no I/O and no clock; "today"
 * and the case's facts come in with the context, so the same input always gives the same analysis.
 */
import type {
  DocumentAnalysis,
  DocumentFields,
  DocumentFinding,
  FindingSeverity,
  PassportZone,
  TextMethod,
} from '../../shared/documents';
import { formatDate } from '../../shared/dates';
import { cardFields, cardFindings } from './cards';
import { classify } from './classify';
import { addMonths } from './dates';
import {
  findAdmitUntil,
  findAgi,
  findClassOfAdmission,
  findI94Number,
  findTotalIncome,
  findAllDates,
  findANumbers,
  findExpirationDate,
  findNames,
  findNationality,
  findNoticeDate,
  findRequestedItems,
  findResponseDueDate,
  findResponsePeriodDays,
  findPassportNumber,
  findReceiptNumbers,
  findTaxYear,
} from './fields';
import { detectLanguage, LANGUAGE_NAMES } from './language';
import { sameName } from './names';
import { normalizeText } from './normalize';
import {
  CARD_ZONE_FIELD_WORDS,
  findCardZoneLines,
  findZoneLines,
  readZone,
  ZONE_FIELD_WORDS,
} from './passport';
import { DOCUMENT_RULES as RULES, finding } from './rules';
import type { ExtractedText } from './text';

export type AnalysisContext = {
  /** ISO date, in the firm's time zone. */
  today: string;
  /** The case's client, whose name the document's names should match. */
  clientName?: string | null;
  /** ISO date the case is due. */
  caseDueDate?: string | null;
  /** The case's form: on an asylum matter (I-589) a passport is never a renewal prompt. */
  caseForm?: string | null;
  /** A document already in the case with the same content (SHA-256). */
  duplicateOf?: { id: string; name: string } | null;
  /** The case already holds a certified translation. */
  caseHasTranslation?: boolean;
};

/** OCR's mean confidence below which a scan is called poor (clear print reads at 85-95). */
export const LOW_OCR_CONFIDENCE = 60;
/** Fewer characters of text than this per page, from OCR, means a scan that could hardly be read. */
export const MIN_CHARS_PER_PAGE = 80;

/** A translator's certificate in the text itself: the document is (or carries) its translation. */
const TRANSLATOR_CERTIFICATION =
  /\b(?:certif(?:y|ies)|attest|declare)\b[^.]{0,80}\b(?:competent|fluent)\b[^.]{0,80}\btranslat|\bcertified translation\b|\btranslator'?s? certification\b|\bcertificate of (?:translation|translation accuracy|accuracy)\b|\b(?:true|complete),? and (?:accurate|correct) translation\b/i;

const SEVERITY_ORDER: Record<FindingSeverity, number> = { danger: 0, warning: 1, info: 2 };

const quoted = (names: string[]) => names.map((n) => `"${n}"`).join(', ');

/** A zone whose check digits disagree. Read by OCR, a misreading is the likelier cause: a warning, which says so. */
function zoneFinding(
  zone: PassportZone,
  document: 'passport' | 'green card',
  method: TextMethod,
): DocumentFinding {
  const words = document === 'passport' ? ZONE_FIELD_WORDS : CARD_ZONE_FIELD_WORDS;
  const which = zone.invalidFields.map((f) => words[f] ?? f).join(', ');
  const compare = `compare it with the ${document} itself.`;
  return finding(
    RULES.zoneCheckDigits,
    `The check digits of the ${which} do not agree with the zone's characters, so its data are not used. ` +
      (method === 'ocr'
        ? `OCR may have misread the zone: ${compare}`
        : `A zone typed or copied wrongly, or altered, fails this way: ${compare}`),
    method === 'ocr' ? 'warning' : 'danger',
  );
}

export function analyzeText(input: ExtractedText, context: AnalysisContext): DocumentAnalysis {
  const today = context.today.slice(0, 10);
  const text = normalizeText(input.text);
  const language = detectLanguage(text);
  const dateOptions = { today, dayFirst: language !== undefined && language !== 'en' };

  const zoneLines = findZoneLines(text);
  const zone = zoneLines && readZone(zoneLines, today);
  const cardZoneLines = findCardZoneLines(text);
  const cardZone = cardZoneLines && readZone(cardZoneLines, today);
  // A zone whose check digits fail is shown, but its data are not taken as the document's.
  const trusted = zone?.valid ? zone : undefined;
  const receiptNumbers = findReceiptNumbers(text);
  const kind = classify(text, { zone: Boolean(zone), cardZone: Boolean(cardZone), receiptNumbers });

  const named = trusted ?? (cardZone?.valid ? cardZone : undefined);
  const zoneName = named && [named.givenNames, named.surname].filter(Boolean).join(' ');
  const fields: DocumentFields = {
    names: findNames(text, zoneName || undefined),
    dates: findAllDates(text, dateOptions),
    receiptNumbers,
    aNumbers: findANumbers(text),
  };
  const passportNumber = trusted?.documentNumber ?? findPassportNumber(text);
  const nationality = trusted?.nationality ?? findNationality(text);
  // A passport's expiry; other documents' "valid until" dates (a visa status, an offer) are not one.
  const isPassport = kind.type === 'passport' || Boolean(zone);
  const expirationDate = isPassport
    ? (trusted?.expirationDate ?? findExpirationDate(text, dateOptions))
    : undefined;
  if (passportNumber) fields.passportNumber = passportNumber;
  if (nationality) fields.nationality = nationality;
  if (expirationDate) fields.expirationDate = expirationDate;
  if (zone) fields.passportZone = zone;
  if (kind.noticeType) {
    fields.noticeType = kind.noticeType;
    const noticeDate = findNoticeDate(text, dateOptions);
    if (noticeDate) fields.noticeDate = noticeDate;
  }
  if (kind.noticeType === 'rfe' || kind.noticeType === 'noid') {
    const due = findResponseDueDate(text, dateOptions);
    const period = findResponsePeriodDays(text);
    const items = findRequestedItems(text);
    if (due) fields.responseDueDate = due;
    if (period) fields.responsePeriodDays = period;
    if (items.length) fields.requestedItems = items;
  }
  if (kind.formNumber) fields.formNumber = kind.formNumber;
  if (kind.type === 'i94') {
    const number = findI94Number(text);
    const admittedAs = findClassOfAdmission(text);
    const until = findAdmitUntil(text, dateOptions);
    if (number) fields.i94Number = number;
    if (admittedAs) fields.classOfAdmission = admittedAs;
    if (until) fields.admitUntil = until;
  }
  if (kind.type === 'tax-return') {
    const taxYear = findTaxYear(text);
    const agi = findAgi(text);
    const totalIncome = findTotalIncome(text);
    if (totalIncome !== undefined) fields.totalIncome = totalIncome;
    if (taxYear !== undefined) fields.taxYear = taxYear;
    if (agi !== undefined) fields.agi = agi;
  }
  Object.assign(fields, cardFields(kind.type, text, cardZone, dateOptions));
  // A card's USCIS# is its holder's A-number, often printed under its label rather than after it.
  if (fields.uscisNumber) fields.aNumbers = [...new Set([...fields.aNumbers, fields.uscisNumber])];
  if (language) fields.language = language;

  const findings: DocumentFinding[] = [];
  if (zone && !zone.valid) findings.push(zoneFinding(zone, 'passport', input.method));
  if (cardZone && !cardZone.valid) findings.push(zoneFinding(cardZone, 'green card', input.method));
  findings.push(...cardFindings(kind.type, fields, today));

  if (expirationDate) {
    const expires = formatDate(expirationDate);
    const due = context.caseDueDate?.slice(0, 10);
    // Renewing a passport of the country an asylum seeker fears can harm the claim: never prompted.
    const asylum = context.caseForm === 'I-589';
    const travel = 'Travel or a nonimmigrant admission needs it renewed first; the filing itself does not.';
    if (expirationDate < today)
      findings.push(
        asylum
          ? finding(
              RULES.passportExpired,
              `The passport expired on ${expires}. On an asylum matter it remains evidence of identity; do not ask the client to renew it.`,
              'info',
            )
          : finding(
              RULES.passportExpired,
              `The passport expired on ${expires}. The client needs a valid passport to travel or be admitted: ask whether they hold a renewed one.`,
            ),
      );
    else if (!asylum && expirationDate < addMonths(today, 6))
      findings.push(
        finding(
          RULES.passportValidity,
          `The passport expires on ${expires}, within six months of today (${formatDate(today)}). ${travel}`,
        ),
      );
    else if (!asylum && due && expirationDate < addMonths(due, 6))
      findings.push(
        finding(
          RULES.passportValidity,
          `The passport expires on ${expires}, within six months of the case's due date (${formatDate(due)}). ${travel}`,
        ),
      );
  }

  // Passports print their data page in English beside the national language (ICAO Doc 9303): no translation.
  if (
    language &&
    language !== 'en' &&
    kind.type !== 'passport' &&
    !context.caseHasTranslation &&
    !TRANSLATOR_CERTIFICATION.test(text)
  )
    findings.push(
      finding(
        RULES.translation,
        `The document is in ${LANGUAGE_NAMES[language] ?? language} and the case has no translation of it. ` +
          "USCIS requires a full English translation with the translator's certification that it is complete " +
          'and accurate and that they are competent to translate.',
      ),
    );

  if (input.method === 'ocr') {
    const reasons: string[] = [];
    if (input.ocrConfidence !== undefined && input.ocrConfidence < LOW_OCR_CONFIDENCE)
      reasons.push(`OCR could read it with only ${input.ocrConfidence}% confidence`);
    const perPage = text.replace(/\s/g, '').length / Math.max(1, input.pages);
    if (perPage < MIN_CHARS_PER_PAGE)
      reasons.push(`only ${Math.round(perPage)} characters of text could be read per page`);
    if (input.lowQuality) reasons.push('the image is too small to read reliably');
    if (reasons.length)
      findings.push(
        finding(
          RULES.scanQuality,
          `This scan is hard to read: ${reasons.join('; ')}. Replace it with a clear, complete scan ` +
            '(300 dpi, not blurred, faded or cut off); the fields read from it may be wrong.',
        ),
      );
  }

  if (context.duplicateOf)
    findings.push(
      finding(
        RULES.duplicate,
        `This file is identical (same SHA-256 fingerprint) to "${context.duplicateOf.name}", already in this case.`,
      ),
    );

  // Evidence about a person (identity, civil, financial records, USCIS notices and forms) must name the
  // client; the firm's own letters and briefs, and unknown papers, name whom they like.
  const client = context.clientName?.trim();
  if (
    client &&
    kind.type !== 'other' &&
    fields.names.length &&
    !fields.names.some((name) => sameName(name, client))
  )
    findings.push(
      finding(
        RULES.nameMismatch,
        `The document names ${quoted(fields.names)}, not the case's client "${client}". If the client's name ` +
          'changed, add the proof of the legal change (marriage certificate, divorce decree or court order); ' +
          "if this is another person's document (a petitioner's or sponsor's), check that it belongs in this case.",
      ),
    );

  findings.sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
  return {
    type: kind.type,
    confidence: kind.confidence,
    evidence: kind.evidence,
    fields,
    findings,
    textMethod: input.method,
    ...(input.ocrConfidence !== undefined ? { ocrConfidence: input.ocrConfidence } : {}),
    pages: input.pages,
  };
}
