import { declareFeature } from '../access/feature-declaration';
import { byFirm } from '../backups/tables';
import type { Services } from '../services';
import { FILING_ADDRESSES_ACTIONS } from '.';
import * as filingAddressesMigration from './migrations/0026_filing_addresses';
import { FILING_ADDRESSES_PAGES } from './pages';

/** Where the firm files each USCIS form, dated: kept by the firm, printed on cover letters. */
export const filingAddressesFeature = declareFeature({
  name: 'filing-addresses',
  actions: FILING_ADDRESSES_ACTIONS,
  pages: FILING_ADDRESSES_PAGES,
  tables: [
    {
      table: 'filing_addresses',
      scope: byFirm,
      key: ['id'],
      ids: ['id', 'firm_id'],
      userRefs: ['added_by', 'withdrawn_by'],
    },
  ],
  migrations: { '0026_filing_addresses': filingAddressesMigration },
  mount: (s: Services) => s.filingAddressesFeature,
});
