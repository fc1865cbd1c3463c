import { declareFeature } from '../access/feature-declaration';
import type { Services } from '../services';
import { PASSWORD_ACTIONS, passwordsFeature as mountPasswords } from '.';
import * as passwordResetsMigration from './migrations/0003_password_resets';
import { PASSWORD_PAGES } from './pages';

/** "Forgot password?" and its reset links. */
export const passwordsFeature = declareFeature({
  name: 'passwords',
  actions: PASSWORD_ACTIONS,
  pages: PASSWORD_PAGES,
  tables: [
    { table: 'password_resets', leftOut: 'Reset links last an hour; a restored account gets a new one.' },
  ],
  migrations: { '0003_password_resets': passwordResetsMigration },
  mount: (s: Services) => mountPasswords({ kit: s.kit, passwords: s.passwords }),
});
