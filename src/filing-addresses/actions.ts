import { declareFor } from '../access/action';
import { api } from '../shared/paths';
import { filingAddressInput, withdrawInput } from './schema';
import { FILING_ADDRESS_NOT_FOUND, type FilingAddressesService } from './service';

export type FilingAddressesDeps = { filingAddresses: FilingAddressesService };
const action = declareFor<FilingAddressesDeps>();
// Beside the Legal Brief Generator, whose cover letter prints them.
const CATEGORY = 'AI Tools';

export const listFilingAddresses = action({
  name: 'List Filing Addresses',
  category: CATEGORY,
  description:
    'The firm\'s USCIS filing addresses by form, each from the day it applies, withdrawn ones too; the newest first. Answers {"addresses": [{"id", "form", "label", "address", "effectiveFrom", "sourceUrl", "addedAt", "addedBy", "withdrawnAt", "withdrawnReason"}]}.',
  method: 'GET',
  route: api.filingAddresses,
  grants: { user: 'r', admin: 'r' },
  run: async ({ deps, actor }) => ({ addresses: await deps.filingAddresses.list(actor) }),
});

export const addFilingAddress = action({
  name: 'Add Filing Address',
  category: CATEGORY,
  description:
    'Add where the firm files a USCIS form from a day, as the form\'s "Where to file" page says: {"form", "label" (which filers it is for, optional), "address" (its lines), "effectiveFrom", "sourceUrl" (https)}. Audited.',
  method: 'POST',
  route: api.filingAddresses,
  grants: { user: 'w', admin: 'w' },
  input: filingAddressInput,
  status: 201,
  run: ({ deps, actor }, input) => deps.filingAddresses.add(actor, input),
});

export const withdrawFilingAddress = action({
  name: 'Withdraw Filing Address',
  category: CATEGORY,
  description:
    'Withdraw one of the firm\'s filing addresses ({"reason"}): cover letters stop using it; it stays listed, with the reason. Audited.',
  method: 'DELETE',
  route: api.filingAddress('{id}'),
  notFound: FILING_ADDRESS_NOT_FOUND,
  grants: { user: 'd', admin: 'd' },
  input: withdrawInput,
  run: ({ deps, actor, params }, input) => deps.filingAddresses.withdraw(actor, params.id, input.reason),
});

export const FILING_ADDRESSES_ACTIONS = { listFilingAddresses, addFilingAddress, withdrawFilingAddress };
