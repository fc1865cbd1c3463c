/**
 * The facts read from a document's (normalised) text: labelled names, dates, USCIS receipt numbers,
 * A-numbers, a passport's printed number and expiry, a notice's date, a tax return's year and AGI, a green
 * card's or work permit's printed dates, USCIS# and category.
 */
import { findDates, type DateOptions } from './dates';
import { leadingName, nameTokens, nameWords } from './names';
import { RECEIPT_NUMBER } from './normalize';

/**
 * Labels a person's full name follows, in English and in the languages civil records come in. Longer
 * labels come before the shorter ones they begin with ("Nombre del Padre" before "Nombre"): the first
 * alternative that fits is taken.
 */
const NAME_LABELS = [
  'Name of (?:Child|Beneficiary|Applicant|Employee|Registrant)',
  "Child's Name",
  'Full Name',
  "Beneficiary(?:'s)?(?: Name)?",
  "Applicant(?:'s)?(?: Name)?",
  "Petitioner(?:'s)?(?: Name)?",
  "Employee(?:'s)?(?: Name)?",
  "Taxpayer(?:'s)?(?: Name)?",
  "Spouse(?:'s)?(?: Name)?(?: ?[12AB])?",
  'Party [12AB]',
  "Respondent(?:'s)?(?: Name)?",
  'Plaintiff',
  'Defendant',
  "Father(?:'s)?(?: Name)?",
  "Mother(?:'s)?(?: (?:Maiden )?Name)?",
  'Account Holder',
  'Bride',
  'Groom',
  'Husband',
  'Wife',
  'Nombre del (?:Padre|Inscrito|Registrado)',
  'Nombre de la Madre',
  'Nombre(?:s| completo)?',
  'Padre',
  'Madre',
  'Name',
  'Nom',
];
/**
 * Labels naming a person's part, which a form may print after another's value on the same line
 * ("Petitioner: LAURA BENNETT Beneficiary: GUADALUPE HERNÁNDEZ"): the ones above but the bare "Name".
 */
const ROLE_LABELS = NAME_LABELS.filter((label) => !/^(?:Name|Nom|Nombre|Full Name)\b/.test(label));
/**
 * A label, where one may stand: at the start of a line, after a wide gap (two columns), a bar or a
 * middle dot; its separator from its value.
 */
const LABEL = new RegExp(
  `(?<=^|[\\s|·])(?:${NAME_LABELS.join('|')})\\b([ \\t]*[:#]|[ \\t]*$|[ \\t]{2,}|[ \\t])`,
  'giu',
);
const ROLE_LABEL = new RegExp(`^(?:${ROLE_LABELS.join('|')})\\b`, 'iu');
/** Split name fields, as passports ("Surname / Apellidos"), the I-94 and USCIS forms ("Family Name (Last Name)") print them. */
const SURNAME_LINE =
  /^[ \t]*(?:\d+\.[a-z]?\.?[ \t]+)?(?:Surname(?:\(s\)|s)?|Last\/Surname|Last Name|Family Name|Apellidos?(?! (?:Materno|Segundo)\b)(?: Paterno)?|(?:Primer|1er\.?) Apellido)(?![\p{L}])(?:[ \t]*\((?:Last|Family) Name\))?(?:[ \t]*\/[ \t]*[\p{L} ]+?)?[ \t]*:?(.*)$/gimu;
/** A second surname printed apart, as Spanish-speaking countries' records do ("Segundo apellido"). */
const SECOND_SURNAME_LINE =
  /^[ \t]*(?:Segundo Apellido|2do\.? Apellido|Apellido Materno)(?![\p{L}])[ \t]*:?(.*)$/gimu;
const GIVEN_LINE =
  /^[ \t]*(?:\d+\.[a-z]?\.?[ \t]+)?(?:Given Name(?:\(s\)|s)?|First(?: and Middle)? Names?|First \(Given\) Name|Nombre(?:\(s\)|s)?)(?![\p{L}])(?![ \t]+(?:del?|de la|of)\b)(?:[ \t]*\((?:First|Given) Name\))?(?:[ \t]*\/[ \t]*[\p{L} ]+?)?[ \t]*:?(.*)$/gimu;
/** A court's caption: "AGNIESZKA NOWAK, Plaintiff," over "- against -" and the defendant. */
const CAPTION_LINE = /^[ \t]*([^,\n]{3,60}),[ \t]*(?:Plaintiff|Defendant|Petitioner|Respondent)s?\b/gimu;
/** A letter's subject, named in its opening sentence ("This letter confirms that Maria Garcia has been employed"). */
const LETTER_SUBJECT =
  /\b(?:confirms?|certif(?:y|ies)|verif(?:y|ies)) that (?:(?:Mr|Ms|Mrs|Dr)\.? )?([\p{Lu}][\p{L}'-]*(?: (?:[\p{Lu}][\p{L}'-]*|de|del|la|da|dos|van|von)){1,5}) (?:has been|is|was|has worked|works)\b/gu;

type Labelled = { separator: string; rest: string; value: string; below: string; index: number };

/** A line's cells (parts apart by a wide gap or a bar), with the column each starts at. */
function cellsOf(line: string): { text: string; column: number }[] {
  return [...line.matchAll(/[^ \t|]+(?:[ \t][^ \t|]+)*/g)].map((m) => ({ text: m[0], column: m.index ?? 0 }));
}
const firstCell = (line: string) => cellsOf(line)[0]?.text ?? '';
/** A line that is itself a label and its value ("Apellidos: Moreno"), not a value printed under a label. */
const LABEL_LINE = /^[ \t]*[\p{L}'()/ .#-]{2,40}:/u;

/**
 * The names' labels of each line and what follows each: its line's rest up to the next label, the rest's
 * first cell (up to a wide gap), and the cell under the label on the next line. A label in mid-line after
 * a single space counts when it names a person's part and a colon follows it, or when the line holds
 * only labels ("Petitioner    Beneficiary" over the two names).
 */
function labelledNames(text: string): Labelled[] {
  const found: Labelled[] = [];
  const lines = text.split('\n');
  let offset = 0;
  lines.forEach((line, i) => {
    const labels: { start: number; end: number; separator: string }[] = [];
    for (const m of line.matchAll(LABEL)) {
      const start = m.index ?? 0;
      const before = line.slice(0, start);
      const previous = labels[labels.length - 1];
      const onlyLabelsBefore = previous !== undefined && line.slice(previous.end, start).trim() === '';
      const role = ROLE_LABEL.test(line.slice(start));
      if (
        before.trim() === '' ||
        /(?:[ \t]{2,}|[|·][ \t]*)$/.test(before) ||
        (role && (m[1].includes(':') || onlyLabelsBefore))
      )
        labels.push({ start, end: start + m[0].length, separator: m[1] });
    }
    const below = cellsOf(lines[i + 1] ?? '');
    const belowLine = lines[i + 1] ?? '';
    labels.forEach((label, k) => {
      const rest = line.slice(label.end, labels[k + 1]?.start ?? line.length);
      // Under a label, its value is the next line's cell nearest its column, if each label has its own.
      const under =
        below.length >= labels.length
          ? [...below].sort((a, b) => Math.abs(a.column - label.start) - Math.abs(b.column - label.start))[0]
          : undefined;
      found.push({
        separator: label.separator,
        rest,
        value: firstCell(rest),
        below: under && !LABEL_LINE.test(belowLine) ? under.text : '',
        index: offset + label.start,
      });
    });
    offset += line.length + 1;
  });
  return found;
}

/** What follows a label at a line's start: its line's rest, the rest's first cell, the next line's first cell. */
function labelledValues(text: string, pattern: RegExp): Labelled[] {
  return [...text.matchAll(pattern)].map((m) => {
    const rest = m[1];
    const next = text.slice((m.index ?? 0) + m[0].length + 1).split('\n')[0];
    // The next line is the value only when this line holds none, and that line is no label of its own.
    const below = rest.trim() === '' && !LABEL_LINE.test(next) ? firstCell(next) : '';
    return { separator: ':', rest, value: firstCell(rest), below, index: m.index ?? 0 };
  });
}

/**
 * The name a label gives. On its line: after a colon or a wide gap, or in capitals right after it
 * ("Beneficiary MARIA GARCIA"), but not in running text ("Employee Benefits Enrollment..."). On the
 * next line: when the label's line holds no name but a short heading ("Name and Mailing Address",
 * "A# 123-456-789").
 */
function labelledName({ separator, rest, value, below }: Labelled): string | undefined {
  const name = leadingName(value);
  if (name) return separator.trim() || separator.length > 1 || name === name.toUpperCase() ? name : undefined;
  return rest.trim().split(/\s+/).length <= 6 ? leadingName(below) : undefined;
}

/** Labelled names, in the order found, each person once. `zoneName` (from a passport's zone) comes first. */
export function findNames(text: string, zoneName?: string): string[] {
  const found: { name: string; index: number }[] = [];
  if (zoneName) found.push({ name: zoneName, index: -1 });
  for (const labelled of labelledNames(text)) {
    const name = labelledName(labelled);
    if (name) found.push({ name, index: labelled.index });
  }
  // Split fields: "Surname: GARCIA LOPEZ" with "Given Names: MARIA ELENA", paired in order (a form
  // may hold a petitioner's and a beneficiary's); a second surname printed apart joins the first before it.
  const words = (v: Labelled) => nameWords(v.value) || nameWords(v.below);
  const surnames = labelledValues(text, SURNAME_LINE).map((v) => ({ index: v.index, words: words(v) }));
  for (const second of labelledValues(text, SECOND_SURNAME_LINE)) {
    const first = surnames.filter((v) => v.index < second.index).pop();
    if (first) first.words = `${first.words} ${words(second)}`.trim();
  }
  const givens = labelledValues(text, GIVEN_LINE);
  surnames.slice(0, givens.length).forEach((surname, i) => {
    const name = leadingName(`${words(givens[i])} ${surname.words}`);
    if (name) found.push({ name, index: Math.min(surname.index, givens[i].index) });
  });
  for (const m of text.matchAll(CAPTION_LINE)) {
    const name = leadingName(m[1]);
    // The party's name is all that stands before the comma.
    if (name && name === m[1].trim()) found.push({ name, index: m.index ?? 0 });
  }
  for (const m of text.matchAll(LETTER_SUBJECT)) {
    const name = leadingName(m[1]);
    if (name) found.push({ name, index: m.index ?? 0 });
  }
  found.sort((a, b) => a.index - b.index);
  const names: string[] = [];
  const seen = new Set<string>();
  for (const { name } of found) {
    const key = [...new Set(nameTokens(name))].sort().join(' ');
    if (!seen.has(key)) {
      seen.add(key);
      names.push(name);
    }
  }
  return names;
}

/** Every date in the text, ISO, each once, in the order found. */
export function findAllDates(text: string, options: DateOptions): string[] {
  return [...new Set(findDates(text, options).map((d) => d.date))];
}

export function findReceiptNumbers(text: string): string[] {
  return [...new Set(text.match(RECEIPT_NUMBER) ?? [])];
}

const A_DIGITS = String.raw`(\d{3}[- ]\d{3}[- ]\d{3}|\d{8,9})(?![\d-])`;
/** An A-number's digits as USCIS forms ask for them: A and nine digits. */
const aNumber = (digits: string) => `A${digits.replace(/\D/g, '').padStart(9, '0')}`;

/**
 * A-numbers (alien registration numbers): "A123456789", "A-12345678", "A# 123-456-789", or the digits
 * after an "A-Number" or "Alien Registration Number" label. Written as A and nine digits (an eight-digit
 * number gets a leading zero, as USCIS forms ask).
 */
export function findANumbers(text: string): string[] {
  const patterns = [
    new RegExp(String.raw`(?<![\w-])A[-#]?\s?${A_DIGITS}`, 'g'),
    new RegExp(
      String.raw`\b(?:A-?Number|Alien (?:Registration )?(?:Number|No\.?)|USCIS A-?Number|A-File Number)\s*(?:\(if any\))?[:#]?\s*A?[-#]?\s?${A_DIGITS}`,
      'gi',
    ),
  ];
  const found: { value: string; index: number }[] = [];
  for (const pattern of patterns)
    for (const m of text.matchAll(pattern)) found.push({ value: aNumber(m[1]), index: m.index ?? 0 });
  found.sort((a, b) => a.index - b.index);
  return [...new Set(found.map((f) => f.value))];
}

type Placed<T> = { value: T; index: number };

/**
 * The value a label gives: the first on the label's line after it, or else on the next line, where (a
 * table's header row over its values, as cards print them) the value nearest the label's column is the one.
 */
function afterLabel<T>(text: string, label: RegExp, find: (line: string) => Placed<T>[]): T | undefined {
  const m = label.exec(text);
  if (!m) return undefined;
  const lineStart = text.lastIndexOf('\n', m.index) + 1;
  const [line, next = ''] = text.slice(m.index + m[0].length).split('\n');
  const [same] = find(line);
  if (same) return same.value;
  const column = m.index - lineStart;
  const below = find(next).sort((a, b) => Math.abs(a.index - column) - Math.abs(b.index - column));
  return below[0]?.value;
}

const matchesOf = <T>(line: string, pattern: RegExp, value: (m: RegExpExecArray) => T): Placed<T>[] =>
  [...line.matchAll(pattern)].map((m) => ({ value: value(m), index: m.index }));

function dateAfterLabel(text: string, label: RegExp, options: DateOptions): string | undefined {
  return afterLabel(text, label, (line) =>
    findDates(line, options).map(({ date, index }) => ({ value: date, index })),
  );
}

export function findNoticeDate(text: string, options: DateOptions): string | undefined {
  return dateAfterLabel(text, /\bNotice Date\b\s*:?/i, options);
}

/** The words before an RFE's or NOID's printed due date ("must be received by 01/28/2027", "Response Due Date: …"). */
const DUE_LABEL =
  /\b(?:must be received (?:by USCIS )?(?:on or before|by|no later than)|Response Due(?: Date)?|Respond(?:ed)? by|no later than)\b\s*:?/gi;

/** An RFE's or NOID's printed due date: the first of its labels followed by a date ("respond by that date" is none). */
export function findResponseDueDate(text: string, options: DateOptions): string | undefined {
  for (const m of text.matchAll(DUE_LABEL)) {
    const date = dateAfterLabel(text.slice(m.index), new RegExp(DUE_LABEL.source, 'i'), options);
    if (date) return date;
  }
  return undefined;
}

/** The period a notice gives to respond, as printed: "You have 87 days …", "within 30 days". */
export function findResponsePeriodDays(text: string): number | undefined {
  const m =
    /\b(\d{1,3})\s+(?:calendar\s+)?days\b[^.]{0,80}?\b(?:respond|response|submit)/i.exec(text) ??
    /\b(?:respond|response|submit)\w*\b[^.]{0,80}?\bwithin\s+(\d{1,3})\s+(?:calendar\s+)?days\b/i.exec(text);
  const days = m ? Number(m[1]) : NaN;
  return days >= 1 && days <= 365 ? days : undefined;
}

/** A heading an RFE or NOID puts above the evidence it asks for. */
const REQUEST_HEADING =
  /^.*\b(?:evidence|documents?|information)\s+(?:needed|requested|required|is (?:needed|requested|required))\b.*$|^.*\b(?:submit|provide) the following\b.*$/im;
/** A listed item: "1.", "2)", "a.", "•", "-". */
const LIST_ITEM = /^\s*(?:\d{1,2}[.)]|[a-z][.)]|[•▪◦*-])\s+(.+)$/i;

/** Whether a line goes on with an item whose sentence did not end, and is no "Label: value" of its own. */
const continues = (item: string, line: string) =>
  !/[.;:!?]["”’)]?$/.test(item) && !/^\s*[A-Z][\w ]{1,40}:\s/.test(line);

/** What an RFE or NOID asks for: the listed items below its request heading, in order. */
export function findRequestedItems(text: string): string[] {
  const heading = REQUEST_HEADING.exec(text);
  if (!heading) return [];
  const items: string[] = [];
  for (const line of text.slice(heading.index + heading[0].length).split('\n')) {
    if (!line.trim()) continue;
    const m = LIST_ITEM.exec(line);
    if (m) items.push(m[1].replace(/\s+/g, ' ').trim().slice(0, 300));
    // A line that is no item continues the item above it (indented, or the item's sentence unfinished, as a
    // PDF's text gives a wrapped line), until a paragraph or a label of its own ends the list.
    else if (items.length && (/^\s{2,}\S/.test(line) || continues(items[items.length - 1], line)))
      items[items.length - 1] = `${items[items.length - 1]} ${line.trim()}`.slice(0, 300);
    else if (items.length) break;
    if (items.length === 20) break;
  }
  return items;
}

/** An I-94's admission record number: eleven characters, nine digits then a letter and a digit, or all digits. */
export function findI94Number(text: string): string | undefined {
  const m = /\bAdmission \(I-94\) Record Number\s*:?\s*([0-9]{9}[A-Z0-9][0-9])\b/i.exec(text);
  return m?.[1].toUpperCase();
}

/** An I-94's class of admission ("B2", "F1", "H1B", "PAR" for a parolee). */
export function findClassOfAdmission(text: string): string | undefined {
  const m = /\bClass of Admission\s*:?\s*([A-Z0-9]{1,4})\b/i.exec(text);
  return m?.[1].toUpperCase();
}

/** An I-94's admit-until date; "D/S" (duration of status) has none. */
export function findAdmitUntil(text: string, options: DateOptions): string | 'D/S' | undefined {
  const label = /\bAdmit Until Date\b\s*:?/i.exec(text);
  if (!label) return undefined;
  if (/^\s*D\/?S\b/i.test(text.slice(label.index + label[0].length))) return 'D/S';
  return dateAfterLabel(text, /\bAdmit Until Date\b\s*:?/i, options);
}

/** A printed expiry ("Date of Expiry", "Expiration Date", "Card Expires", "Fecha de vencimiento"). */
export function findExpirationDate(text: string, options: DateOptions): string | undefined {
  return dateAfterLabel(
    text,
    /\b(?:Date of (?:Expiry|Expiration)|Expiration Date|Expiry Date|Expires(?: on)?|Exp\.? Date|Valid Until|Fecha de (?:vencimiento|caducidad|expiraci[oó]n))\b(?:\s*\/\s*[\p{L} ]+)?\s*:?/iu,
    options,
  );
}

export function findPassportNumber(text: string): string | undefined {
  const m =
    /\b(?:Passport (?:No\.?|Number|#)|Pasaporte (?:No\.?|N[uú]m(?:ero)?\.?)|N[uú]mero de Pasaporte|Passport Card (?:No\.?|Number))(?:\s*\/\s*[\p{L}. ]+)?\s*[:#]?\s*([A-Z0-9]{6,9})\b/iu.exec(
      text,
    );
  return m && /\d/.test(m[1]) ? m[1].toUpperCase() : undefined;
}

export function findNationality(text: string): string | undefined {
  const m =
    /\b(?:Nationality|Nacionalidad|Nationalit[eé]|Country of Citizenship)(?:[ \t]*\/[ \t]*[\p{L} ]+?)?[ \t]*:[ \t]*(\p{L}+(?: (?!(?:Date|Sex|Place|Birth|Passport|Fecha|Sexo|Lugar)\b)\p{L}+)?)/iu.exec(
      text,
    );
  return m?.[1];
}

/** The tax year of a return or transcript. */
export function findTaxYear(text: string): number | undefined {
  const year = (s: string | undefined) => {
    const m = s && /\b(19[89]\d|20\d{2})\b/.exec(s);
    return m ? Number(m[1]) : undefined;
  };
  const period = /\bTax (?:Period(?: Requested| Ending)?|Year)\b\s*:?(.{0,40})/i.exec(text)?.[1];
  return (
    year(period) ??
    year(/\bForm 1040(?:-SR|-NR)?\s*\(?\s*((?:19|20)\d{2})\b/i.exec(text)?.[1]) ??
    year(/\b((?:19|20)\d{2})\s+Form 1040\b/i.exec(text)?.[1]) ??
    year(/\bIndividual Income Tax Return\s*\(?((?:19|20)\d{2})\b/i.exec(text)?.[1]) ??
    year(/\bfor the year (?:Jan\.? 1\s*-\s*Dec\.? 31,\s*)?((?:19|20)\d{2})\b/i.exec(text)?.[1])
  );
}

/** Money as written: "$52,345.00", "52,345", "(1,200)" (negative). */
const AMOUNT = /(\()?(-(?=[$\d]))?\$?\s?(\d{1,3}(?:,\d{3})+|\d+)(\.\d{1,2})?\)?/g;

/** The last amount on the first line matching `label` (past the 1040's line numbers), or on the next line. */
function amountAfter(text: string, label: RegExp): number | undefined {
  const m = label.exec(text);
  if (!m) return undefined;
  const rest = text.slice(m.index + m[0].length).split('\n');
  for (const line of rest.slice(0, 2)) {
    // A bare one- or two-digit number is a form's line number, not an amount.
    const amounts = [...line.matchAll(AMOUNT)].filter(
      (a) => a[3].length > 2 || a[3].includes(',') || a[4] || a[0].includes('$'),
    );
    const last = amounts[amounts.length - 1];
    if (last) {
      const value = Math.round(Number(last[3].replace(/,/g, '') + (last[4] ?? '')));
      return last[1] || last[2] ? -value : value;
    }
  }
  return undefined;
}

/** Adjusted gross income in whole dollars, from the first "adjusted gross income" line. */
export function findAgi(text: string): number | undefined {
  return amountAfter(text, /adjusted gross income/i);
}

/**
 * Total income in whole dollars (Form 1040's "total income" line; a transcript's "Total income"): the
 * income Form I-864 counts (8 CFR 213a.1), not the adjusted gross income.
 */
export function findTotalIncome(text: string): number | undefined {
  return amountAfter(text, /\btotal income\b(?! tax)/i);
}

/** The dates green cards and work permits print, by their labels (which end on their line: a column's value may be below). */
const CARD_DATE_LABELS = {
  residentSince: /\bResident Since\b[ \t]*:?/i,
  cardExpires: /\bCard Expires\b[ \t]*:?/i,
  validFrom: /\bValid From\b[ \t]*:?/i,
  birthDate: /\b(?:Date of Birth|Birth Date)\b[ \t]*:?/i,
};

/** A date a green card or work permit prints: "Resident Since", "Card Expires", "Valid From", "Date of Birth". */
export function findCardDate(
  text: string,
  label: keyof typeof CARD_DATE_LABELS,
  options: DateOptions,
): string | undefined {
  return dateAfterLabel(text, CARD_DATE_LABELS[label], options);
}

/** A card's "USCIS#" ("123-456-789"): the holder's A-number, written A and nine digits. */
export function findUscisNumber(text: string): string | undefined {
  return afterLabel(text, /\bUSCIS ?#[ \t]*:?/i, (line) =>
    matchesOf(line, new RegExp(String.raw`(?<![\w-])A?[-#]?\s?${A_DIGITS}`, 'g'), (m) => aNumber(m[1])),
  );
}

const CATEGORY_LABEL = /\bCategory\b[ \t]*:?/i;

/** A green card's "Category", its class of admission: a letter, a letter or digit, and a digit ("IR1", "E21"). */
export function findResidentCategory(text: string): string | undefined {
  return afterLabel(text, CATEGORY_LABEL, (line) =>
    matchesOf(line, /(?<![A-Z0-9])[A-Z][A-Z0-9]\d(?![A-Z0-9])/g, (m) => m[0]),
  );
}

/**
 * A work permit's "Category" as the case facts take it, a letter and two digits: "C09" as printed, or
 * OCR's "C9" and the form's "(c)(9)". A category with a letter of its own ("C03C") is no such code.
 */
export function findEadCategory(text: string): string | undefined {
  return afterLabel(text, CATEGORY_LABEL, (line) =>
    matchesOf(
      line,
      /(?<![A-Za-z0-9])\(?([AC])\)?\s?\(?(\d{1,2})\)?(?!\(?[A-Za-z0-9])/gi,
      (m) => `${m[1].toUpperCase()}${m[2].padStart(2, '0')}`,
    ),
  );
}
