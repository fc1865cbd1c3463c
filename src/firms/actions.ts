import { declareFor } from '../access/action';
import { firmSchema, firmUpdateSchema, pageQuery } from './schema';
import { FIRM_NOT_FOUND, type FirmsService } from './service';

export type FirmsDeps = { firms: FirmsService };
const action = declareFor<FirmsDeps>();
const CATEGORY = 'Firm Management';

export const listFirms = action({
  name: 'Get All Firms',
  category: CATEGORY,
  description: 'List firms.',
  method: 'GET',
  route: '/firms',
  grants: { user: 'r', admin: 'rw', reti: 'rwd' },
  input: pageQuery,
  run: ({ deps, actor }, { page, pageSize }) => deps.firms.list(actor, page, pageSize),
});

export const createFirm = action({
  name: 'Create Firm',
  category: CATEGORY,
  description: 'Onboard a new firm.',
  method: 'POST',
  route: '/firms',
  grants: { admin: 'w', reti: 'w' },
  input: firmSchema,
  status: 201,
  run: ({ deps, actor }, input) => deps.firms.create(actor, input),
});

export const getFirm = action({
  name: 'Get Firm',
  category: CATEGORY,
  description: "Read one firm's details.",
  method: 'GET',
  route: '/firms/{id}',
  notFound: FIRM_NOT_FOUND,
  grants: { user: 'r', admin: 'r', reti: 'r' },
  run: ({ deps, actor, params }) => deps.firms.get(actor, params.id),
});

export const updateFirm = action({
  name: 'Update Firm',
  category: CATEGORY,
  description: "Change a firm's details.",
  method: 'PUT',
  route: '/firms/{id}',
  notFound: FIRM_NOT_FOUND,
  grants: { admin: 'w', reti: 'w' },
  input: firmUpdateSchema,
  run: ({ deps, actor, params }, input) => deps.firms.update(actor, params.id, input),
});

export const deleteFirm = action({
  name: 'Delete Firm',
  category: CATEGORY,
  description: 'Remove a firm and its users.',
  method: 'DELETE',
  route: '/firms/{id}',
  notFound: FIRM_NOT_FOUND,
  grants: { reti: 'd' },
  inactive: true,
  run: ({ deps, actor, params }) => deps.firms.delete(actor, params.id),
  answer: () => undefined,
});

export const getFirmUsers = action({
  name: 'Get Firm Users',
  category: 'User Management',
  description: "List a firm's users.",
  method: 'GET',
  route: '/firms/{id}/users',
  notFound: FIRM_NOT_FOUND,
  grants: { user: 'r', admin: 'rwd', reti: 'rwd' },
  run: ({ deps, actor, params }) => deps.firms.listUsers(actor, params.id),
});

export const FIRM_ACTIONS = { listFirms, createFirm, getFirm, updateFirm, deleteFirm, getFirmUsers };
