import type { ActionKit } from '../access/kit';
import type { Feature } from '../http/feature';
import { FILING_ADDRESSES_ACTIONS } from './actions';
import { FILING_ADDRESSES_PAGES } from './pages';
import type { FilingAddressesService } from './service';

export { FILING_ADDRESSES_ACTIONS };
export { createFilingAddressesService, type FilingAddressesService } from './service';

/** A firm's USCIS filing addresses: {API}/filing-addresses and the firm user's screen. */
export function filingAddressesFeature(deps: {
  kit: ActionKit;
  filingAddresses: FilingAddressesService;
}): Feature {
  const { kit, filingAddresses } = deps;
  return {
    api: kit.api(Object.values(FILING_ADDRESSES_ACTIONS), { filingAddresses }),
    pages: kit.pages(FILING_ADDRESSES_PAGES),
  };
}
