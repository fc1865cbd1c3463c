/**
 * Machine-readable zones (ICAO Doc 9303): a passport's (TD3: two lines of 44 characters) and a green card's
 * (TD1: three lines of 30), found in a text and read with the mrz package, every check digit verified. A
 * zone whose check digits disagree is reported as such and never trusted for the document's number,
 * nationality, birth date or expiry.
 */
import { parse } from 'mrz';
import type { PassportZone } from '../../shared/documents';
import { isoDate } from './dates';

const CHECKED_FIELDS: Record<string, string> = {
  documentNumberCheckDigit: 'documentNumber',
  birthDateCheckDigit: 'birthDate',
  expirationDateCheckDigit: 'expirationDate',
  personalNumberCheckDigit: 'personalNumber',
  compositeCheckDigit: 'composite',
};

/** Words for the fields of `PassportZone.invalidFields`. */
export const ZONE_FIELD_WORDS: Record<string, string> = {
  documentNumber: 'passport number',
  birthDate: 'date of birth',
  expirationDate: 'expiration date',
  personalNumber: 'personal number',
  composite: 'whole zone (composite check)',
};
/** The same for a green card's zone, whose document number is no passport number. */
export const CARD_ZONE_FIELD_WORDS: Record<string, string> = {
  ...ZONE_FIELD_WORDS,
  documentNumber: 'document number',
};

/** OCR's spellings of the filler "<" ("«", "‹", "K" in a run of fillers) and stray spaces, undone. */
function zoneLine(line: string): string {
  return line
    .toUpperCase()
    .replace(/[«‹＜]/g, '<')
    .replace(/\s+/g, '')
    .replace(/<K(?=<)|(?<=<)K</g, '<<');
}

/** The two lines of a TD3 zone in the text, if there is one. */
export function findZoneLines(text: string): [string, string] | undefined {
  const lines = text.split('\n').map(zoneLine);
  for (let i = 0; i < lines.length - 1; i++) {
    const [first, second] = [lines[i], lines[i + 1]];
    if (/^P[A-Z<][A-Z<]{3}[A-Z<]{39}$/.test(first) && /^[A-Z0-9<]{44}$/.test(second)) return [first, second];
  }
  return undefined;
}

/**
 * The three lines of a green card's TD1 zone in the text, if there is one: its document code is C1 (C2 for
 * a commuter's card, "C<" on older ones), its issuing state USA, and its third line the holder's name.
 */
export function findCardZoneLines(text: string): [string, string, string] | undefined {
  const lines = text.split('\n').map(zoneLine);
  for (let i = 0; i < lines.length - 2; i++) {
    const [first, second, third] = [lines[i], lines[i + 1], lines[i + 2]];
    if (
      /^C[12<]USA[A-Z0-9<]{25}$/.test(first) &&
      /^[A-Z0-9<]{30}$/.test(second) &&
      /^[A-Z<]{30}$/.test(third)
    )
      return [first, second, third];
  }
  return undefined;
}

/** A YYMMDD date of the zone as ISO: expiry within the next fifty years, birth never after today. */
function zoneDate(value: string | null | undefined, kind: 'birth' | 'expiry', today: string): string | null {
  if (!value || !/^\d{6}$/.test(value)) return null;
  const yy = Number(value.slice(0, 2));
  const thisYear = Number(today.slice(0, 4));
  let year = 2000 + yy;
  if (kind === 'expiry' ? year > thisYear + 50 : year > thisYear) year -= 100;
  return isoDate(year, Number(value.slice(2, 4)), Number(value.slice(4, 6)));
}

const clean = (raw: string | undefined) => raw?.replace(/</g, ' ').replace(/\s+/g, ' ').trim() || null;

/** The digit OCR most often reads as each letter. */
const DIGIT_LOOK_ALIKE: Record<string, string> = { O: '0', I: '1', B: '8', S: '5', Z: '2' };
const NUMBER_LENGTH = 9;
/** Where each zone read keeps its document number: the line and the column it starts at. */
const NUMBER_AT = { TD3: { line: 1, start: 0 }, TD1: { line: 0, start: 5 } } as const;
type Format = keyof typeof NUMBER_AT;

function parsed(lines: readonly string[]): ReturnType<typeof parse> | undefined {
  try {
    // autocorrect: O for 0 (and the like) only where a field admits digits alone, then checked.
    return parse(lines, { autocorrect: true });
  } catch {
    return undefined;
  }
}

/** The document number's nine characters as the zone's lines hold them. */
function numberIn(lines: readonly string[], format: Format): string {
  const { line, start } = NUMBER_AT[format];
  return lines[line].slice(start, start + NUMBER_LENGTH);
}

/**
 * The zone's lines with its document number read again, when its check digit failed: a look-alike
 * letter (O, I, B, S, Z) standing among digits is read as its digit (0, 1, 8, 5, 2), the one reading OCR's
 * usual error allows. It is kept only if every check digit then agrees; otherwise the zone stays as read,
 * and fails. Trying every mix of letters and digits instead would let the check digits agree by chance.
 */
function correctedNumber(lines: readonly string[], format: Format): string[] | undefined {
  const number = numberIn(lines, format);
  const isDigit = (c: string | undefined) => c !== undefined && /\d/.test(c);
  const reading = [...number]
    .map((c, i) =>
      DIGIT_LOOK_ALIKE[c] && isDigit(number[i - 1]) && (i === number.length - 1 || isDigit(number[i + 1]))
        ? DIGIT_LOOK_ALIKE[c]
        : c,
    )
    .join('');
  if (reading === number) return undefined;
  const { line, start } = NUMBER_AT[format];
  const candidate = lines.map((text, i) =>
    i === line ? text.slice(0, start) + reading + text.slice(start + NUMBER_LENGTH) : text,
  );
  return parsed(candidate)?.valid ? candidate : undefined;
}

/** A passport's TD3 zone or a green card's TD1 zone, as `findZoneLines` and `findCardZoneLines` give them. */
export function readZone(read: readonly string[], today: string): PassportZone | undefined {
  let lines = read;
  let result = parsed(lines);
  const format = result?.format;
  if (!result || (format !== 'TD3' && format !== 'TD1')) return undefined;
  const numberFailed = result.details.some((d) => d.field === 'documentNumberCheckDigit' && !d.valid);
  const corrected = numberFailed ? correctedNumber(lines, format) : undefined;
  if (corrected) {
    lines = corrected;
    result = parsed(lines)!;
  }
  const detail = (field: string) => result.details.find((d) => d.field === field);
  const raw = (field: string) => {
    const range = detail(field)?.ranges[0];
    return range && lines[range.line].slice(range.start, range.end);
  };
  const invalidFields = result.details
    .filter((d) => d.field && CHECKED_FIELDS[d.field] && !d.valid)
    .map((d) => CHECKED_FIELDS[d.field as string]);
  return {
    documentNumber: clean(raw('documentNumber')),
    surname: detail('lastName')?.value ?? null,
    givenNames: detail('firstName')?.value ?? null,
    nationality: clean(raw('nationality')),
    issuingState: clean(raw('issuingState')),
    birthDate: zoneDate(detail('birthDate')?.value, 'birth', today),
    sex: detail('sex')?.value ?? null,
    expirationDate: zoneDate(detail('expirationDate')?.value, 'expiry', today),
    valid: invalidFields.length === 0,
    invalidFields,
    ...(corrected ? { numberAsRead: clean(numberIn(read, format)) ?? undefined } : {}),
  };
}
