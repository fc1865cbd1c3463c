import type { Insertable, Kysely } from 'kysely';
import type { CasesTable, DB } from '../db/schema';
import { type CaseStatus, type CaseType, type FormType, STATUS_LABELS } from '../shared/cases';
import { addDays } from '../shared/dates';
import type { PartyRole } from '../shared/people';
import { createPeopleStore, type NewPersonRow } from './people-store';
import { caseNumberOf, createCasesStore, type NewClientRow, type NewHistoryRow } from './store';

/** The demo practice's size: SPEC §9's sample dashboard figure. */
export const DEMO_CASE_COUNT = 156;

type Staff = { id: string; name: string };

/** The forms each case type files, the first most often. */
const FORMS_OF: Record<CaseType, FormType[]> = {
  family: ['I-130', 'I-485', 'I-130', 'I-864', 'I-751', 'I-130A', 'I-129F'],
  citizenship: ['N-400'],
  visa: ['I-140', 'I-765', 'I-131', 'I-90', 'I-140'],
  asylum: ['I-589', 'I-589', 'I-765'],
};
const TYPES: CaseType[] = [
  'family',
  'family',
  'family',
  'visa',
  'visa',
  'citizenship',
  'citizenship',
  'asylum',
];
const STATUSES: CaseStatus[] = [
  ...Array<CaseStatus>(5).fill('pending'),
  ...Array<CaseStatus>(9).fill('processing'),
  ...Array<CaseStatus>(2).fill('on-hold'),
  ...Array<CaseStatus>(5).fill('approved'),
  ...Array<CaseStatus>(2).fill('rejected'),
];
const BASE_FEE: Record<CaseType, number> = { family: 3500, citizenship: 1500, visa: 4500, asylum: 6000 };
/** The service centers that take each form's filings (receipt-number prefixes). */
const CENTER_OF: Partial<Record<FormType, string[]>> = {
  'N-400': ['IOE', 'NBC'],
  'I-485': ['MSC', 'IOE'],
  'I-130': ['IOE', 'WAC', 'EAC'],
  'I-140': ['LIN', 'SRC'],
  'I-751': ['IOE', 'WAC'],
  'I-765': ['IOE', 'YSC'],
  'I-589': ['ZLA', 'ZNY'],
};
const DESCRIPTIONS: Record<FormType, string> = {
  'I-90': 'Renewal of a ten-year permanent resident card',
  'I-129F': 'K-1 fiancé(e) petition; the couple met in person within two years',
  'I-130': 'Petition for a spouse; bona fide marriage evidence being gathered',
  'I-130A': 'Spouse beneficiary supplement to the I-130',
  'I-131': 'Advance parole for travel while adjustment is pending',
  'I-140': 'EB-2 petition with labor certification',
  'I-485': 'Adjustment of status based on an approved family petition',
  'I-589': 'Affirmative asylum application; declaration and country conditions evidence',
  'I-751': 'Joint petition to remove conditions on residence',
  'I-765': 'Employment authorization document, initial or renewal',
  'I-864': 'Affidavit of support from the petitioning sponsor',
  'N-400': 'Naturalization on the five-year path; civics and English preparation',
};

/** A small seeded generator, so that every fresh demo holds the same practice. */
function generator(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)],
    chance: (p: number) => next() < p,
  };
}

const ascii = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();
const at = (day: string, hour: number) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);

/** The practice's clients: distinct names from the countries the firm's clients come from. */
function demoClients(
  firmId: string,
  names: Array<{ country: string; given: string[]; family: string[] }>,
  rng: ReturnType<typeof generator>,
) {
  const clients: NewClientRow[] = [];
  const seen = new Set<string>();
  for (let i = 0; clients.length < 112 && i < 10_000; i++) {
    const group = names[i % names.length];
    const first = rng.pick(group.given);
    const last = rng.pick(group.family);
    if (seen.has(`${first} ${last}`)) continue;
    seen.add(`${first} ${last}`);
    clients.push({
      firm_id: firmId,
      first_name: first,
      last_name: last,
      email: rng.chance(0.8) ? `${ascii(first)}.${ascii(last)}@example.net` : null,
      phone: rng.chance(0.85)
        ? `+1 (555) 01${rng.int(0, 9)}-${String(rng.int(0, 9999)).padStart(4, '0')}`
        : null,
      date_of_birth: `${rng.int(1952, 2004)}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`,
      country_of_citizenship: group.country,
      a_number: rng.chance(0.45) ? `A${rng.int(100_000_000, 249_999_999)}` : null,
      address: rng.chance(0.7)
        ? `${rng.int(10, 9800)} ${rng.pick(['Oak', 'Maple', 'Pine', 'Cedar', 'Elm'])} Street, ${rng.pick(['Queens, NY 11368', 'Newark, NJ 07105', 'Yonkers, NY 10701', 'Bronx, NY 10458', 'Jersey City, NJ 07306'])}`
        : null,
    });
  }
  return clients;
}

/**
 * The demo firm's practice: 156 cases of every type, form and status for 112 clients, opened over the last
 * eighteen months, with due dates around today (some overdue), fees, receipt numbers and their history.
 * `attorney` (the demo's firm user) carries a sixth of them.
 */
export async function seedDemoPractice(
  db: Kysely<DB>,
  firm: { id: string; today: string; attorney: Staff; staff: Staff[] },
  names: Array<{ country: string; given: string[]; family: string[] }>,
): Promise<void> {
  const store = createCasesStore(db);
  if (await store.hasClients(firm.id)) return;
  const rng = generator(20_261_123);
  const clientRows = demoClients(firm.id, names, rng);
  const clientIds = await store.insertClients(clientRows);

  const drafts = Array.from({ length: DEMO_CASE_COUNT }, (_, i) => {
    const type = rng.pick(TYPES);
    const form = rng.pick(FORMS_OF[type]);
    const status = rng.pick(STATUSES);
    const opened = addDays(firm.today, -rng.int(3, 540));
    const decided =
      status === 'approved' || status === 'rejected'
        ? minDay(addDays(opened, rng.int(90, 420)), addDays(firm.today, -1))
        : null;
    const open = !decided;
    const filed = status !== 'pending' && (status !== 'on-hold' || rng.chance(0.5));
    const fee = BASE_FEE[type] + rng.int(-4, 8) * 250;
    const assignee = i % 6 === 0 ? firm.attorney : rng.pick(firm.staff);
    return {
      row: {
        firm_id: firm.id,
        case_number: '',
        client_id: clientIds[i % clientIds.length],
        case_type: type,
        form_type: form,
        status,
        assignee_id: assignee.id,
        due_date: open ? addDays(firm.today, rng.int(-25, 95)) : addDays(decided!, -rng.int(5, 60)),
        description: DESCRIPTIONS[form],
        receipt_number: filed
          ? `${rng.pick(CENTER_OF[form] ?? ['IOE'])}${opened.slice(2, 4)}${String(90_000_000 + i * 7919).slice(0, 8)}`
          : null,
        priority_date: form === 'I-130' || form === 'I-140' ? opened : null,
        legal_fee_cents: fee * 100,
        amount_paid_cents:
          (decided
            ? fee
            : status === 'pending'
              ? rng.int(0, 2) * 500
              : Math.round((fee * rng.int(5, 10)) / 10)) * 100,
        decided_at: decided ? at(decided, 15) : null,
        decided_on: decided ?? null,
        created_at: at(opened, 14),
        updated_at: at(decided ?? minDay(addDays(opened, rng.int(1, 20)), addDays(firm.today, -1)), 16),
      } satisfies Insertable<CasesTable>,
      assignee,
    };
  });

  // Numbers follow the order cases were opened, year by year, as the counter would have given them.
  drafts.sort((a, b) => a.row.created_at.getTime() - b.row.created_at.getTime());
  const perYear = new Map<number, number>();
  for (const draft of drafts) {
    const year = draft.row.created_at.getUTCFullYear();
    const sequence = (perYear.get(year) ?? 0) + 1;
    perYear.set(year, sequence);
    draft.row.case_number = caseNumberOf(year, sequence);
  }
  const ids = await store.insertMany(drafts.map((d) => d.row));
  for (const [year, last] of perYear) await store.setCounter(firm.id, year, last);
  await store.addHistory(drafts.flatMap((draft, i) => historyOf(ids[i], draft.row, draft.assignee)));
  await seedDemoParties(
    db,
    firm.id,
    rng,
    drafts.map((d, i) => ({
      id: ids[i],
      row: d.row,
      client: clientRows[clientIds.indexOf(d.row.client_id)],
    })),
  );
}

/** The family forms whose petition a U.S. citizen or permanent resident spouse files (and sponsors). */
const PETITIONED: FormType[] = ['I-130', 'I-130A', 'I-485', 'I-864', 'I-751', 'I-129F'];
const SPOUSES = ['Michael', 'David', 'Sarah', 'Emily', 'James', 'Jessica', 'Robert', 'Ashley'];
const US_FAMILIES = ['Johnson', 'Miller', 'Davis', 'Wilson', 'Anderson', 'Taylor', 'Thomas', 'Moore'];
const EMPLOYERS = [
  {
    name: 'Hudson Valley Robotics, Inc.',
    fein: '134567890',
    employeeCount: 240,
    naicsCode: '333249',
    nonprofit: false,
  },
  {
    name: 'Garden State Community Health Center',
    fein: '221234567',
    employeeCount: 85,
    naicsCode: '621498',
    nonprofit: true,
  },
  {
    name: 'Queens Analytics LLC',
    fein: '463456789',
    employeeCount: 18,
    naicsCode: '541511',
    nonprofit: false,
  },
];

/**
 * The parties of the demo's cases (each case's client is its beneficiary already): a petitioning spouse who
 * also sponsors for the family forms, a child as derivative on some adjustments, an employer on I-140s.
 */
async function seedDemoParties(
  db: Kysely<DB>,
  firmId: string,
  rng: ReturnType<typeof generator>,
  cases: Array<{ id: string; row: Insertable<CasesTable>; client: NewClientRow }>,
) {
  const people: NewPersonRow[] = [];
  /** Each party, its person named by their place in `people` (their ID once inserted). */
  const parties: Array<{
    case_id: string;
    role: PartyRole;
    person: number | null;
    organization: string | null;
  }> = [];
  const born = (from: number, to: number) =>
    `${rng.int(from, to)}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`;
  for (const { id, row, client } of cases) {
    const form = row.form_type as FormType;
    if (form === 'I-140') {
      const employer = EMPLOYERS[rng.int(0, EMPLOYERS.length - 1)];
      const address = {
        street: '200 Broadway',
        city: 'New York',
        state: 'NY',
        zip: '10007',
        country: 'United States',
      };
      parties.push({
        case_id: id,
        role: 'employer',
        person: null,
        organization: JSON.stringify({ ...employer, ...address }),
      });
      continue;
    }
    if (!PETITIONED.includes(form)) continue;
    const spouse =
      people.push({
        firm_id: firmId,
        first_name: rng.pick(SPOUSES),
        last_name: rng.chance(0.5) ? client.last_name : rng.pick(US_FAMILIES),
        date_of_birth: born(1960, 2000),
        country_of_citizenship: 'United States',
        address: client.address,
        current_status: 'U.S. citizen',
      }) - 1;
    for (const role of form === 'I-129F' ? (['petitioner'] as const) : (['petitioner', 'sponsor'] as const))
      parties.push({ case_id: id, role, person: spouse, organization: null });
    if (form === 'I-485' && rng.chance(0.5)) {
      const child =
        people.push({
          firm_id: firmId,
          first_name: rng.pick(['Sofia', 'Mateo', 'Camila', 'Lucas', 'Amara', 'Daniel']),
          last_name: client.last_name,
          date_of_birth: born(2010, 2020),
          country_of_citizenship: client.country_of_citizenship,
          address: client.address,
        }) - 1;
      parties.push({ case_id: id, role: 'derivative', person: child, organization: null });
    }
  }
  // Two statements, not one per person and party: every server started with the demo seeds them.
  const store = createPeopleStore(db);
  const ids = await store.insertMany(people);
  await store.insertParties(
    parties.map(({ person, ...party }) => ({
      ...party,
      firm_id: firmId,
      person_id: person === null ? null : ids[person],
    })),
  );
}

/** What a seeded case went through: opened, started, perhaps held, and decided. */
function historyOf(caseId: string, row: Insertable<CasesTable>, by: Staff): NewHistoryRow[] {
  const entry = (field: string, from: string | null, to: string, when: Date): NewHistoryRow => ({
    case_id: caseId,
    actor_user_id: by.id,
    actor_name: by.name,
    field,
    from_value: from,
    to_value: to,
    created_at: when,
  });
  const opened = row.created_at as Date;
  const started = new Date(opened.getTime() + 86_400_000);
  const status = row.status as CaseStatus;
  const rows = [entry('Opened', null, STATUS_LABELS.pending, opened)];
  if (status === 'pending') return rows;
  rows.push(entry('Status', STATUS_LABELS.pending, STATUS_LABELS.processing, started));
  if (status === 'on-hold')
    rows.push(entry('Status', STATUS_LABELS.processing, STATUS_LABELS['on-hold'], row.updated_at as Date));
  if (row.decided_at)
    rows.push(entry('Status', STATUS_LABELS.processing, STATUS_LABELS[status], row.decided_at as Date));
  return rows;
}

const minDay = (a: string, b: string) => (a < b ? a : b);
