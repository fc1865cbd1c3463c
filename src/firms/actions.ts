import { declareFor } from '../access/action';
import type { Renderer } from '../http/render';
import { FIRM_MESSAGES } from '../shared/firms';
import { pages } from '../shared/paths';
import { renderDelete, renderEdit, renderOnboarding } from './forms';
import { firmSchema, firmUpdateSchema, pageQuery } from './schema';
import { FIRM_NOT_FOUND, type FirmsService } from './service';

export type FirmsDeps = { firms: FirmsService; render: Renderer };
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
  run: ({ deps, actor }, { page, pageSize }) => deps.firms.list(actor!, page, pageSize),
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
  run: ({ deps, actor }, input) => deps.firms.create(actor!, input),
  form: {
    path: pages.reti.onboarding,
    done: (_ctx, firm) => ({ to: pages.reti.onboardingOf(firm.id), flash: FIRM_MESSAGES.added }),
    refused: (ctx, refusal, body) => renderOnboarding(ctx, refusal, body),
  },
});

export const getFirm = action({
  name: 'Get Firm',
  category: CATEGORY,
  description: "Read one firm's details.",
  method: 'GET',
  route: '/firms/{id}',
  notFound: FIRM_NOT_FOUND,
  grants: { user: 'r', admin: 'r', reti: 'r' },
  run: ({ deps, actor, params }) => deps.firms.get(actor!, params.id),
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
  run: ({ deps, actor, params }, input) => deps.firms.update(actor!, params.id, input),
  form: {
    path: pages.reti.firmEdit(':id'),
    done: (_ctx, firm) => ({ to: pages.reti.firm(firm.id), flash: 'Firm updated.' }),
    refused: (ctx, refusal, body) => renderEdit(ctx, refusal, body),
  },
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
  run: ({ deps, actor, params }) => deps.firms.delete(actor!, params.id),
  answer: () => undefined,
  form: {
    path: pages.reti.firmDelete(':id'),
    done: (_ctx, firm) => ({ to: pages.reti.dashboard, flash: `${firm.name} was deleted.` }),
    refused: (ctx, refusal) => renderDelete(ctx, refusal),
  },
});

export const getFirmUsers = action({
  name: 'Get Firm Users',
  category: 'User Management',
  description: "List a firm's users.",
  method: 'GET',
  route: '/firms/{id}/users',
  notFound: FIRM_NOT_FOUND,
  grants: { user: 'r', admin: 'rwd', reti: 'rwd' },
  run: ({ deps, actor, params }) => deps.firms.listUsers(actor!, params.id),
});

export const FIRM_ACTIONS = { listFirms, createFirm, getFirm, updateFirm, deleteFirm, getFirmUsers };
