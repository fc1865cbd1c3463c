import { filingAddressesPage } from './filing-addresses';

/** The firm user's Filing Addresses screen. */
export const FILING_ADDRESSES_PAGES = [filingAddressesPage];
