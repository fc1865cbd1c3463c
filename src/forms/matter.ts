/**
 * The matter as the forms read it: the case, its parties in their roles (people, with the SSN opened for the
 * form), the employer, the case's attorney and the firm; and the path reader the field maps use
 * (src/forms/maps/schema.ts names the paths).
 */
import {
  type Address,
  fullName,
  type Marriage,
  type Organization,
  type Person,
  type Relative,
} from '../shared/people';
import type { MapRole } from './maps/schema';

export type MatterPerson = Person & { ssn: string | null };

export type Attorney = {
  familyName: string;
  givenName: string;
  email: string;
  phone: string | null;
  barNumber: string | null;
  licensingAuthority: string | null;
  uscisAccountNumber: string | null;
};

export type Matter = {
  case: { id: string; caseNumber: string; receiptNumber: string | null; formType: string };
  parties: Partial<Record<MapRole, MatterPerson>>;
  employer: Organization | null;
  attorney: Attorney | null;
  firm: {
    name: string;
    street: string;
    city: string;
    state: string;
    zip: string;
    phone: string;
    email: string;
  } | null;
};

/** A value as a box reads it: text, or nothing. Booleans are "yes"/"no", as questionnaires answer. */
export type Value = string | undefined;

const text = (v: unknown): Value => {
  if (v === null || v === undefined) return undefined;
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (Array.isArray(v)) return text(v.join(', '));
  const s = String(v).trim();
  return s === '' ? undefined : s;
};

/** Newest first; the one still current (no end) before any ended one. */
const current = <T>(list: T[], end: (t: T) => string | null, start: (t: T) => string | null) =>
  [...list].sort((a, b) => {
    const ea = end(a) ?? '9999';
    const eb = end(b) ?? '9999';
    if (ea !== eb) return ea < eb ? 1 : -1;
    return (start(b) ?? '') < (start(a) ?? '') ? -1 : 1;
  });

/** "123 Main Street, Apt 4, Springfield, IL 62701": a record's one-line address, as older records hold it. */
function oneLine(address: string | null): Address | undefined {
  const parts = (address ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const last = /^([A-Za-z]{2})\s+(\d{5}(?:-\d{4})?)$/.exec(parts.at(-1) ?? '');
  if (parts.length < 3 || !last) return undefined;
  const streetParts = parts.slice(0, -2);
  const unit = /^(apt|ste|suite|flr|floor|unit|#)\.?\s*(.+)$/i.exec(streetParts.at(-1) ?? '');
  const unitType = unit ? (/^s/i.test(unit[1]) ? 'ste' : /^f/i.test(unit[1]) ? 'flr' : 'apt') : null;
  return {
    kind: 'physical',
    from: null,
    to: null,
    inCareOf: null,
    street: (unit ? streetParts.slice(0, -1) : streetParts).join(', '),
    unitType,
    unitNumber: unit ? unit[2] : null,
    city: parts.at(-2)!,
    state: last[1].toUpperCase(),
    zip: last[2],
    province: null,
    postalCode: null,
    country: 'United States',
  };
}

export function physicalAddresses(p: Person): Address[] {
  const list = p.addresses.filter((a) => a.kind === 'physical');
  if (list.length === 0) {
    const fallback = oneLine(p.address);
    return fallback ? [fallback] : [];
  }
  return current(
    list,
    (a) => a.to,
    (a) => a.from,
  );
}

function mailingAddresses(p: Person): Address[] {
  const list = p.addresses.filter((a) => a.kind === 'mailing');
  return list.length
    ? current(
        list,
        (a) => a.to,
        (a) => a.from,
      )
    : physicalAddresses(p).slice(0, 1);
}

const currentMarriage = (p: Person): Marriage | undefined =>
  p.marriages.filter((m) => !m.endedOn && !m.howEnded).at(-1);

/** A list of a person's, newest first, as the forms' rows take them. */
export function listOf(p: Person, name: string): Array<Record<string, unknown>> {
  switch (name) {
    case 'otherNames':
      return p.otherNames;
    case 'addresses':
      return physicalAddresses(p);
    case 'mailingAddresses':
      return mailingAddresses(p);
    case 'marriages':
      // The current marriage first, as the forms' "current spouse" rows come first.
      return [...p.marriages].sort(
        (a, b) => Number(!!(a.endedOn || a.howEnded)) - Number(!!(b.endedOn || b.howEnded)),
      );
    case 'priorMarriages':
      return p.marriages.filter((m) => m.endedOn || m.howEnded);
    case 'parents':
      return p.parents;
    case 'children':
      return p.children as Relative[];
    case 'employment':
      return current(
        p.employment,
        (e) => e.to,
        (e) => e.from,
      );
    case 'trips':
      return [...p.trips]
        .sort((a, b) => (a.departed < b.departed ? 1 : -1))
        .map((t) => ({ ...t, countries: t.countries.join(', ') }));
    case 'citizenships':
      return p.citizenships.map((country) => ({ country }));
    default:
      throw new Error(`no list ${name}`);
  }
}

/** An entry's field: `spouseFamilyName`, `street`, `name` (its full name). */
export function entryValue(entry: Record<string, unknown>, field: string): Value {
  if (field === 'name' && 'familyName' in entry)
    return fullName(entry as { familyName: string; givenName: string | null });
  return text(entry[field]);
}

function personValue(p: MatterPerson, path: string[]): Value {
  const [head, ...rest] = path;
  const field = rest.join('.');
  switch (head) {
    case 'name':
      return fullName(p);
    case 'citizenship':
      return p.citizenships[0];
    case 'citizenship2':
      return p.citizenships[1];
    case 'ssn':
      return text(p.ssn);
    case 'address':
      return physicalAddresses(p)[0] && entryValue(physicalAddresses(p)[0], field);
    case 'mailingAddress':
      return mailingAddresses(p)[0] && entryValue(mailingAddresses(p)[0], field);
    case 'marriage': {
      const m = currentMarriage(p);
      return m && entryValue(m, field);
    }
    case 'passport':
    case 'i94':
    case 'lastEntry': {
      const record = p[head];
      return record ? entryValue(record as Record<string, unknown>, field) : undefined;
    }
    case 'formFacts':
      return text(p.formFacts[field]);
    default:
      return rest.length === 0 ? text((p as unknown as Record<string, unknown>)[head]) : undefined;
  }
}

/** The matter's value at a map's source path; undefined when it holds none. */
export function valueAt(matter: Matter, source: string): Value {
  const [head, ...path] = source.split('.');
  switch (head) {
    case 'case':
      return text((matter.case as Record<string, unknown>)[path[0]]);
    case 'employer':
      return matter.employer ? text((matter.employer as Record<string, unknown>)[path[0]]) : undefined;
    case 'attorney':
      return matter.attorney ? text((matter.attorney as Record<string, unknown>)[path[0]]) : undefined;
    case 'firm':
      return matter.firm ? text((matter.firm as Record<string, unknown>)[path[0]]) : undefined;
    default: {
      const person = matter.parties[head as MapRole];
      return person ? personValue(person, path) : undefined;
    }
  }
}

/** Whose fact a source is: a role, or the case/attorney/firm/employer. */
export const ownerOf = (source: string) => source.split('.')[0];
