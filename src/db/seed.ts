import { type Kysely, sql } from 'kysely';
import { DEMO_ACCOUNTS, DEMO_FIRM } from '../demo/accounts';
import { createFirmsStore } from '../firms/store';
import type { RoleName } from '../shared/constants';
import { createUsersService } from '../users/service';
import { createUsersStore } from '../users/store';
import type { DB } from './schema';

/** An arbitrary constant naming the seed's advisory lock. */
const SEED_LOCK = 727_001;

/** Seeds the demo data set once: staff user `reti`, the demo firm with `admin` and `attorney`. */
export async function seedDemo(db: Kysely<DB>, password: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // Processes starting together on a fresh database take turns here; the first one seeds.
    await sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    if (await createUsersStore(trx).findByLoginId(DEMO_ACCOUNTS.reti.loginId)) return false;
    const firm = await createFirmsStore(trx).insert({ ...DEMO_FIRM, status: 'active' });
    const inTrx = createUsersService(createUsersStore(trx));
    for (const role of ['reti', 'admin', 'user'] as RoleName[]) {
      const account = DEMO_ACCOUNTS[role];
      await inTrx.create(
        {
          firmId: role === 'reti' ? null : firm.id,
          loginId: account.loginId,
          firstName: account.firstName,
          lastName: account.lastName,
          email: `${account.loginId}@demo-immigration-law.example`,
          role,
          password,
        },
        'basic',
      );
    }
    return true;
  });
}
