import type { Kysely } from 'kysely';
import { DEMO_ACCOUNTS, DEMO_FIRM } from '../demo/accounts';
import { createFirmsStore } from '../firms/store';
import type { RoleName } from '../shared/constants';
import { createUsersService } from '../users/service';
import { createUsersStore } from '../users/store';
import type { DB } from './schema';

/** Seeds the demo data set once: staff user `reti`, the demo firm with `admin` and `attorney`. */
export async function seedDemo(db: Kysely<DB>, password: string): Promise<boolean> {
  const usersStore = createUsersStore(db);
  if (await usersStore.findByLoginId(DEMO_ACCOUNTS.reti.loginId)) return false;
  await db.transaction().execute(async (trx) => {
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
  });
  return true;
}
