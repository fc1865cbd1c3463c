/**
 * Text as OCR and PDF text layers give it, made comparable before anything is read from it: OCR reads
 * "I-485" as "1-485" and "IOE" as "I0E"; PDFs write dashes and spaces in a dozen ways.
 */

/**
 * USCIS form numbers that OCR misreads with "1-" or "l-" for "I-". Short ones (I-9, I-20, I-90, I-94)
 * are fixed only after "Form": "1-90" alone is as likely a range of numbers.
 */
const FORM_NUMBERS = new Set([
  '129F',
  '130',
  '130A',
  '131',
  '131A',
  '140',
  '290B',
  '360',
  '485',
  '526',
  '539',
  '589',
  '601A',
  '693',
  '730',
  '751',
  '765',
  '797',
  '797A',
  '797B',
  '797C',
  '797D',
  '797E',
  '821D',
  '824',
  '864',
  '864A',
  '864EZ',
  '912',
]);

/**
 * USCIS receipt numbers: an office's three letters and ten digits. The service centers under their old and
 * new names (EAC/VSC Vermont, WAC/CSC California, LIN/NSC Nebraska, SRC/TSC Texas, MSC/NBC the National
 * Benefits Center, YSC Potomac, IOE online filing) and the asylum offices (ZAR Arlington, ZCH Chicago, ZHN
 * Houston, ZLA Los Angeles, ZMI Miami, ZNK Newark, ZNY New York, ZSF San Francisco).
 */
export const RECEIPT_PREFIXES = [
  'IOE',
  'EAC',
  'VSC',
  'WAC',
  'CSC',
  'LIN',
  'NSC',
  'SRC',
  'TSC',
  'MSC',
  'NBC',
  'YSC',
  'ZAR',
  'ZCH',
  'ZHN',
  'ZLA',
  'ZMI',
  'ZNK',
  'ZNY',
  'ZSF',
] as const;
export const RECEIPT_NUMBER = new RegExp(`\\b(?:${RECEIPT_PREFIXES.join('|')})\\d{10}\\b`, 'g');

/** The letters OCR may have read as each character (a letter also stands for itself). */
const LETTER_FOR: Record<string, string[]> = {
  '0': ['O'],
  '1': ['I', 'L'],
  '5': ['S'],
  '8': ['B'],
  '|': ['I', 'L'],
};
/** The digits OCR may have read as each character. */
const DIGIT_FOR: Record<string, string> = {
  O: '0',
  o: '0',
  D: '0',
  I: '1',
  l: '1',
  '|': '1',
  S: '5',
  B: '8',
};

/** The receipt prefix a misread three characters stand for, when exactly one prefix fits. */
function receiptPrefix(read: string): string | undefined {
  let candidates = [''];
  for (const c of read.toUpperCase()) {
    const options = [c, ...(LETTER_FOR[c] ?? [])];
    candidates = candidates.flatMap((prefix) => options.map((o) => prefix + o));
  }
  const fits = candidates.filter((c) => (RECEIPT_PREFIXES as readonly string[]).includes(c));
  return fits.length === 1 ? fits[0] : undefined;
}

/** A receipt number written with OCR's confusions or with separators ("EAC-15-123-45678"), made whole. */
function fixReceiptNumber(match: string, prefix: string, digits: string): string {
  const letter = receiptPrefix(prefix);
  if (!letter) return match;
  const compact = digits.replace(/[ -]/g, '');
  // Most of the ten must have been read as digits already: otherwise this is a word, not a number.
  if (compact.replace(/\D/g, '').length < 7) return match;
  const fixed = [...compact].map((c) => DIGIT_FOR[c] ?? c).join('');
  return /^\d{10}$/.test(fixed) ? letter + fixed : match;
}

export function normalizeText(raw: string): string {
  return (
    raw
      .normalize('NFC')
      .replace(/\r\n?/g, '\n')
      .replace(/[\u00a0\u2000-\u200b\u202f\u205f\u3000]/g, ' ')
      .replace(/[\u2010-\u2015\u2212\ufe58\ufe63\uff0d]/g, '-')
      .replace(/[\u2018\u2019\u201b\u2032]/g, "'")
      .replace(/[\u201c\u201d\u201f\u2033]/g, '"')
      // Form numbers: "1-485", "l-797C", "I–130", "N-4OO".
      .replace(
        /(^|[^\w-])([1lI|N])-([0-9O]{3}[A-Z]{0,2})(?![\w-])/g,
        (match, before: string, letter: string, rest: string) => {
          const number = rest.replace(/O/g, '0');
          if (letter === 'N') return number === '400' || number === '600' ? `${before}N-${number}` : match;
          return FORM_NUMBERS.has(number) ? `${before}I-${number}` : match;
        },
      )
      .replace(/\b(Forms?\s+|Most Recent\s+)[1l|]-(9|20|90|94)\b/gi, '$1I-$2')
      .replace(/\bI797([A-E]?)\b/g, 'I-797$1')
      // Receipt numbers: "I0E0912345678", "10E 091 234 5678", "EAC-15-123-45678".
      .replace(
        /(?<![A-Za-z0-9])([A-Za-z0-9|]{3})[ -]?((?:[0-9OoIl|SB][ -]?){9}[0-9OoIl|SB])(?![A-Za-z0-9])/g,
        fixReceiptNumber,
      )
  );
}
