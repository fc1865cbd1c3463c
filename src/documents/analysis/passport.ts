/**
 * A passport's machine-readable zone (ICAO Doc 9303, TD3: two lines of 44 characters), found in a text
 * and read with the mrz package, every check digit verified. A zone whose check digits disagree is
 * reported as such and never trusted for the document's number, nationality or expiry.
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

function parsed(lines: [string, string]): ReturnType<typeof parse> | undefined {
  try {
    // autocorrect: O for 0 (and the like) only where a field admits digits alone, then checked.
    return parse(lines, { autocorrect: true });
  } catch {
    return undefined;
  }
}

/**
 * The zone's second line with its passport number read again, when its check digit failed: a look-alike
 * letter (O, I, B, S, Z) standing among digits is read as its digit (0, 1, 8, 5, 2), the one reading OCR's
 * usual error allows. It is kept only if every check digit then agrees; otherwise the zone stays as read,
 * and fails. Trying every mix of letters and digits instead would let the check digits agree by chance.
 */
function correctedNumber(lines: [string, string]): [string, string] | undefined {
  const number = lines[1].slice(0, NUMBER_LENGTH);
  const isDigit = (c: string | undefined) => c !== undefined && /\d/.test(c);
  const reading = [...number]
    .map((c, i) =>
      DIGIT_LOOK_ALIKE[c] && isDigit(number[i - 1]) && (i === number.length - 1 || isDigit(number[i + 1]))
        ? DIGIT_LOOK_ALIKE[c]
        : c,
    )
    .join('');
  if (reading === number) return undefined;
  const candidate: [string, string] = [lines[0], reading + lines[1].slice(NUMBER_LENGTH)];
  return parsed(candidate)?.valid ? candidate : undefined;
}

export function readZone(read: [string, string], today: string): PassportZone | undefined {
  let lines = read;
  let result = parsed(lines);
  if (!result || result.format !== 'TD3') return undefined;
  const numberFailed = result.details.some((d) => d.field === 'documentNumberCheckDigit' && !d.valid);
  const corrected = numberFailed ? correctedNumber(lines) : undefined;
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
    ...(corrected ? { numberAsRead: clean(read[1].slice(0, NUMBER_LENGTH)) ?? undefined } : {}),
  };
}
