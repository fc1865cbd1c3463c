import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';
import { inTransaction } from '../db/transaction';
import { createFirmsService } from '../firms/service';
import { createSettingsService } from '../settings/service';
import { DEFAULT_SECURITY } from '../shared/settings';
import { seedDemoAiUsage } from '../ai/demo';
import { seedDemoPractice } from '../cases/demo';
import { seedDemoQuestionnaires } from '../intake/demo';
import { seedDemoPortal } from '../portal/demo';
import { seedDemoDocuments } from '../documents/demo';
import type { DocumentStorage } from '../documents/storage';
import { todayIn } from '../shared/dates';
import { hashPassword } from '../users/password';
import { createUsersService, toSessionUser } from '../users/service';
import { DEMO_ACCOUNTS, DEMO_FIRM } from './accounts';
import { DEMO_CLIENT_NAMES, DEMO_STAFF } from './people';

/** An arbitrary constant naming the seed's advisory lock. */
const SEED_LOCK = 727_001;

const emailOf = (loginId: string) => `${loginId}@demo-immigration-law.example`;

/**
 * Seeds the demo data set once, through the features' services (so it is audited like any other change):
 * staff user `reti`, who onboards the demo firm, whose `admin` and `attorney` are active at once.
 */
export async function seedDemo(
  db: Kysely<DB>,
  password: string,
  documents?: DocumentStorage,
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    // Processes starting together on a fresh database take turns here; the first one seeds.
    await sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    const users = createUsersService(trx);
    if (await users.findByLoginId(DEMO_ACCOUNTS.reti.loginId)) {
      const admin = await users.findByLoginId(DEMO_ACCOUNTS.admin.loginId);
      if (admin?.firm_id) await seedPractice(trx, admin.firm_id, password, documents);
      return false;
    }
    const account = (role: 'reti' | 'admin' | 'user', firmId: string | null) =>
      users.create(
        { ...DEMO_ACCOUNTS[role], email: emailOf(DEMO_ACCOUNTS[role].loginId), role, firmId, password },
        'basic',
      );
    const staff = toSessionUser(await account('reti', null));
    // The seed never ends anyone's session: nobody is signed in yet.
    const firms = createFirmsService({ db: trx, endSessions: async () => undefined });
    const firm = await firms.create(staff, {
      name: DEMO_FIRM.name,
      contactPerson: DEMO_FIRM.contact_person,
      contactRole: DEMO_FIRM.contact_role,
      email: DEMO_FIRM.email,
      phone: DEMO_FIRM.phone,
      industry: DEMO_FIRM.industry,
      address: DEMO_FIRM.address,
    });
    await firms.activate(staff, firm.id);
    // The demo logins stay one step: the demo firm does not ask its administrators for a second factor.
    await createSettingsService({ db: trx }).saveSecurity(staff, firm.id, {
      ...DEFAULT_SECURITY,
      twoFactorAdmins: false,
    });
    await account('admin', firm.id);
    await account('user', firm.id);
    await seedPractice(trx, firm.id, password, documents);
    return true;
  });
}

/** The demo firm's time zone: it is in New York. */
const DEMO_TIME_ZONE = 'America/New_York';

const loginIdOf = (first: string, last: string) =>
  `${first}.${last}`
    .normalize('NFD')
    .replace(/[^A-Za-z.]/g, '')
    .toLowerCase();

/**
 * The demo firm's practice: its other 40 members (42 active users with the demo logins, SPEC §9), its
 * 156 cases, its 24 past uses of the AI tools and, when there is document storage, its 89 documents. A demo data folder seeded before these
 * existed gets them on its next start.
 */
async function seedPractice(
  trx: Kysely<DB>,
  firmId: string,
  password: string,
  documents?: DocumentStorage,
): Promise<void> {
  const users = createUsersService(trx);
  if (!(await users.findByLoginId(loginIdOf(...(DEMO_STAFF[0].slice(0, 2) as [string, string]))))) {
    // One hash for all of them: hashing is slow on purpose, and these accounts share the demo password.
    const passwordHash = await hashPassword(password);
    for (const [firstName, lastName, role] of DEMO_STAFF) {
      const loginId = loginIdOf(firstName, lastName);
      await users.insertActive({
        firmId,
        loginId,
        firstName,
        lastName,
        email: emailOf(loginId),
        role,
        passwordHash,
      });
    }
  }
  const members = (await users.listByFirm(firmId)).filter((u) => u.status === 'active');
  const staff = members.map((u) => ({ id: u.id, name: `${u.first_name} ${u.last_name}` }));
  const attorney = staff[members.findIndex((u) => u.login_id === DEMO_ACCOUNTS.user.loginId)];
  const today = todayIn(DEMO_TIME_ZONE);
  await seedDemoPractice(trx, { id: firmId, today, attorney, staff }, DEMO_CLIENT_NAMES);
  await seedDemoQuestionnaires(trx, { id: firmId, createdBy: attorney.id });
  await seedDemoPortal(trx, {
    id: firmId,
    attorneyId: attorney.id,
    passwordHash: () => hashPassword(password),
  });
  await seedDemoAiUsage(trx, { id: firmId, today, staff });
  if (documents) await seedDemoDocuments(trx, { id: firmId, today, uploadedBy: attorney.id }, documents);
}
