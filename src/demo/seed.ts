import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';
import { inTransaction } from '../db/transaction';
import { createFirmsService } from '../firms/service';
import { createSettingsService } from '../settings/service';
import { DEFAULT_SECURITY } from '../shared/settings';
import { createUsersService, toSessionUser } from '../users/service';
import { DEMO_ACCOUNTS, DEMO_FIRM } from './accounts';

/** An arbitrary constant naming the seed's advisory lock. */
const SEED_LOCK = 727_001;

const emailOf = (loginId: string) => `${loginId}@demo-immigration-law.example`;

/**
 * Seeds the demo data set once, through the features' services (so it is audited like any other change):
 * staff user `reti`, who onboards the demo firm, whose `admin` and `attorney` are active at once.
 */
export async function seedDemo(db: Kysely<DB>, password: string): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    // Processes starting together on a fresh database take turns here; the first one seeds.
    await sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    const users = createUsersService(trx);
    if (await users.findByLoginId(DEMO_ACCOUNTS.reti.loginId)) return false;
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
    return true;
  });
}
