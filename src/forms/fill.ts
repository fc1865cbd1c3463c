/**
 * A form's boxes against a matter: what each box gets, what the form requires that the matter lacks (with
 * the question to ask and whom), and what cannot go in as it is. Validation and generation both go through
 * `fillForm`, so a packet holds exactly what validation reported.
 */
import { formatDate, isIsoDate } from '../shared/dates';
import { PARTY_ROLE_LABELS, type PartyRole } from '../shared/people';
import { US_STATES } from '../shared/settings';
import { boxesOf } from './maps/check';
import type { Format, FormMap, MapField, MapList } from './maps/schema';
import { entryValue, listOf, type Matter, ownerOf, type Value, valueAt } from './matter';
import type { TemplateField } from './templates';

/** What one box gets: text for a text box or list, checked for a check box. */
export type Box = { pdf: string; text?: string; checked?: boolean };

/** Something the form requires that the matter lacks. */
export type Missing = {
  /** "Part 2, Item 4.a: Family Name (Last Name)". */
  field: string;
  /** What to ask, in the questionnaire's words where one asks it. */
  question: string;
  /** Who answers: the role (petitioner, beneficiary…), or case, attorney, employer. */
  party: string;
  /** The person to ask, when the matter has them. */
  personId?: string;
};

/** A value the box cannot take as it is. */
export type Problem = { field: string; message: string; party: string; personId?: string };

export type FilledForm = {
  boxes: Box[];
  missing: Missing[];
  problems: Problem[];
  /** Boxes given a value. */
  filled: number;
  /** The form's required items. */
  required: number;
  /** Further list entries, for the Additional Information part: one line each. */
  overflow: Array<{ part: string; item: string; lines: string[] }>;
  /** Mapped names the edition in use lacks (a newer edition renamed or dropped them). */
  absent: string[];
};

/** The question a questionnaire asks for a person's field, by the field's path (`familyName`, `formFacts.x`). */
export type QuestionOf = (personPath: string) => string | undefined;

const ZIP = /^(\d{5})(-\d{4})?$/;

/** The sources that are no party of the case: never "missing" as a role. */
const NOT_PARTIES = new Set(['case', 'attorney', 'firm']);

const where = (f: Pick<MapField, 'part' | 'item' | 'label'>) => `${f.part}, Item ${f.item}: ${f.label}`;

/** A check-box item as a whole: its first box's words without the box's own answer ("…? Yes" → "…?"). */
const whereItem = (f: MapField) =>
  f.check === undefined
    ? where(f)
    : where({ ...f, label: f.label.replace(/\s*(\?)?\s*(Yes|No)\.?$/i, '$1') });

/** "petitioner" → "Petitioner"; case/attorney/employer as they are. */
const partyWord = (owner: string) => PARTY_ROLE_LABELS[owner as PartyRole] ?? owner;

/** A value written as its format asks, or why it cannot be. */
function format(
  value: string,
  fmt: Format,
  maxLength: number | undefined,
): { text?: string; wrong?: string } {
  let text = value;
  switch (fmt) {
    case 'date':
      if (!isIsoDate(value)) return { wrong: `"${value}" is not a date` };
      text = formatDate(value);
      break;
    case 'anumber': {
      const digits = /^A?(\d{7,9})$/i.exec(value.replace(/[\s-]/g, ''))?.[1];
      if (!digits) return { wrong: `"${value}" is not an A-number (A and 7 to 9 digits)` };
      text = digits.padStart(9, '0');
      break;
    }
    case 'ssn': {
      const digits = value.replace(/\D/g, '');
      if (digits.length !== 9) return { wrong: 'the SSN does not have 9 digits' };
      text = digits;
      break;
    }
    case 'phone': {
      const digits = value.replace(/\D/g, '');
      const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
      text = value.trim().startsWith('+') && !value.trim().startsWith('+1') ? digits : national;
      if (text.length < 7) return { wrong: `"${value}" is not a telephone number` };
      break;
    }
    case 'state':
      text = value.toUpperCase();
      if (!(text in US_STATES)) return { wrong: `"${value}" is not a US state or territory code` };
      break;
    case 'zip': {
      const zip = ZIP.exec(value);
      if (!zip) return { wrong: `"${value}" is not a ZIP code` };
      text = maxLength === 5 ? zip[1] : value;
      break;
    }
    case 'number':
    case 'money': {
      const n = Number(value.replace(/[$,\s]/g, ''));
      if (!Number.isFinite(n) || n < 0)
        return { wrong: `"${value}" is not a ${fmt === 'money' ? 'dollar amount' : 'number'}` };
      text = String(Math.round(n));
      break;
    }
  }
  if (maxLength && text.length > maxLength)
    return { wrong: `"${text}" is longer than the box's ${maxLength} characters` };
  return { text };
}

const matches = (value: string, check: NonNullable<MapField['check']>) => {
  const v = value.toLowerCase();
  if (check === true) return v === 'yes' || v === 'true';
  if (check === false) return v === 'no' || v === 'false';
  return (Array.isArray(check) ? check : [check]).some((c) => c.toLowerCase() === v);
};

function applies(field: MapField, read: (source: string) => Value): boolean {
  if (!field.when) return true;
  const v = read(field.when.source);
  if (field.when.present !== undefined) return (v !== undefined) === field.when.present;
  if (field.when.equals !== undefined) return v !== undefined && matches(v, field.when.equals as string);
  if (field.when.in) return v !== undefined && field.when.in.includes(v);
  return v !== undefined;
}

/** A dropdown's option for a value: the same, or the option that starts with it ("B2" → "B2 - VISITOR"). */
function option(options: string[], value: string): string | undefined {
  const v = value.toUpperCase();
  return (
    options.find((o) => o.trim().toUpperCase() === v) ??
    options.find((o) => o.toUpperCase().startsWith(`${v} `) || o.toUpperCase().startsWith(`${v}-`))
  );
}

/** The person's path of a role's source ("beneficiary.formFacts.x" → "formFacts.x"), for the question. */
const personPath = (source: string) => source.split('.').slice(1).join('.');

export function fillForm(
  map: FormMap,
  matter: Matter,
  fields: ReadonlyMap<string, TemplateField>,
  questionOf: QuestionOf,
): FilledForm {
  const boxes: Box[] = [];
  const missing: Missing[] = [];
  const problems: Problem[] = [];
  const absent: string[] = [];
  const requiredGroups = new Map<string, { field: MapField; done: boolean }>();
  const absentRoles = new Set<string>();
  const personIdOf = (owner: string) => matter.parties[owner as keyof Matter['parties']]?.id;
  const read = (source: string) => valueAt(matter, source);

  /** A role the form needs that the case does not have is said once, not per box. */
  const roleMissing = (owner: string) => {
    const present =
      owner === 'employer'
        ? matter.employer !== null
        : NOT_PARTIES.has(owner) || matter.parties[owner as keyof Matter['parties']] !== undefined;
    if (present) return false;
    if (!absentRoles.has(owner)) {
      absentRoles.add(owner);
      missing.push({
        field: `${map.parties[owner] ?? 'The form'}: ${partyWord(owner)}`,
        question:
          owner === 'employer'
            ? 'Who is the employer? Add the employer as a party of the case.'
            : `Who is the ${partyWord(owner).toLowerCase()}? Add them as a party of the case.`,
        party: owner,
      });
    }
    return true;
  };

  const place = (field: MapField, value: Value, key: string) => {
    const template = fields.get(field.pdf);
    if (!template) {
      absent.push(field.pdf);
      return;
    }
    if (field.check !== undefined) {
      const on = value !== undefined && matches(value, field.check);
      const group = requiredGroups.get(key);
      if (group) group.done ||= on;
      if (on) boxes.push({ pdf: template.name, checked: true });
      return;
    }
    if (value === undefined) return;
    const owner = ownerOf(field.source);
    const { text, wrong } = format(
      value,
      field.format,
      template.kind === 'text' ? template.maxLength : undefined,
    );
    if (wrong) {
      problems.push({
        field: where(field),
        message: `${partyWord(owner)}: ${wrong}.`,
        party: owner,
        personId: personIdOf(owner),
      });
      return;
    }
    if (template.kind === 'dropdown' || template.kind === 'radio') {
      const chosen = option(template.options ?? [], text!);
      if (!chosen) {
        problems.push({
          field: where(field),
          message: `${partyWord(owner)}: "${text}" is none of the form's choices.`,
          party: owner,
          personId: personIdOf(owner),
        });
        return;
      }
      boxes.push({ pdf: template.name, text: chosen });
      return;
    }
    boxes.push({ pdf: template.name, text });
  };

  for (const field of map.fields) {
    const owner = ownerOf(field.source);
    if (!applies(field, read)) continue;
    const key = `${field.part}|${field.item}|${field.source}`;
    if (field.required && roleMissing(owner)) continue;
    const value = read(field.source);
    if (field.required) {
      if (field.check !== undefined) {
        if (!requiredGroups.has(key)) requiredGroups.set(key, { field, done: false });
      } else if (value === undefined) {
        requiredGroups.set(key, { field, done: false });
      } else requiredGroups.set(key, { field, done: true });
    }
    place(field, value, key);
  }

  const overflow: FilledForm['overflow'] = [];
  for (const list of map.lists) listRows(list);
  for (const note of map.notes) {
    const text = read(note.source);
    if (text) overflow.push({ part: note.part, item: note.item, lines: [`${note.label}: ${text}`] });
  }

  function listRows(list: MapList) {
    const [owner, name] = list.source.split('.');
    const person = matter.parties[owner as keyof Matter['parties']];
    if (!person) return;
    const entries = listOf(person, name).slice(list.skip);
    entries.slice(0, list.rows.length).forEach((entry, i) => {
      for (const field of list.rows[i])
        place(field, entryValue(entry, field.source), `${list.source}#${i}|${field.source}`);
    });
    const rest = entries.slice(list.rows.length);
    if (rest.length > 0)
      overflow.push({
        part: list.part,
        item: list.item,
        lines: rest.map(
          (entry, i) =>
            `${list.label} ${list.rows.length + i + 1}: ${list.describe
              .map((f) => {
                const v = entryValue(entry, f);
                return v && isIsoDate(v) ? formatDate(v) : v;
              })
              .filter(Boolean)
              .join(', ')}`,
        ),
      });
  }

  for (const { field, done } of requiredGroups.values()) {
    if (done) continue;
    const owner = ownerOf(field.source);
    missing.push({
      field: whereItem(field),
      question: questionOf(personPath(field.source)) ?? field.label,
      party: owner,
      ...(personIdOf(owner) ? { personId: personIdOf(owner) } : {}),
    });
  }

  return {
    boxes,
    missing,
    problems,
    filled: boxes.length,
    required: requiredGroups.size + absentRoles.size,
    overflow,
    absent,
  };
}

/** Every name a map fills, for an edition's report of what it lacks. */
export const mappedNames = (map: FormMap) => [...new Set(boxesOf(map).map((b) => b.pdf))];
