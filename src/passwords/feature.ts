import { declareFeature } from '../access/feature-declaration';
import type { Services } from '../services';
import { PASSWORD_ACTIONS, passwordsFeature as mountPasswords } from '.';
import { PASSWORD_PAGES } from './pages';

/** "Forgot password?" and its reset links. */
export const passwordsFeature = declareFeature({
  name: 'passwords',
  actions: PASSWORD_ACTIONS,
  pages: PASSWORD_PAGES,
  tables: [
    { table: 'password_resets', leftOut: 'Reset links last an hour; a restored account gets a new one.' },
  ],
  mount: (s: Services) => mountPasswords({ kit: s.kit, passwords: s.passwords }),
});
