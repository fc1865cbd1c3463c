import { declareFor } from '../access/action';
import { api } from '../shared/paths';
import { activityQuery } from './schema';
import type { AdminService } from './service';

export type AdminDeps = { admin: AdminService };
const action = declareFor<AdminDeps>();
const CATEGORY = 'Administration';

export const getDashboard = action({
  name: 'Get Dashboard',
  category: CATEGORY,
  description: "The firm's stat cards and the status of its services.",
  method: 'GET',
  route: api.dashboard,
  grants: { admin: 'r' },
  run: ({ deps, firm }) => deps.admin.dashboard(firm),
});

export const listActivity = action({
  name: 'List Activity',
  category: CATEGORY,
  description: "The firm's recent activity (its audit log) in words, newest first.",
  method: 'GET',
  route: api.activity,
  grants: { admin: 'r' },
  input: activityQuery,
  run: ({ deps, actor }, { page, pageSize }) => deps.admin.activity(actor, page, pageSize),
});

export const previewCleanup = action({
  name: 'Preview Cleanup',
  category: 'Backup and Maintenance',
  description: "What the firm's retention settings say may be removed now, counted.",
  method: 'GET',
  route: api.cleanup,
  grants: { admin: 'r' },
  run: ({ deps, actor }) => deps.admin.cleanupPreview(actor),
});

export const performCleanup = action({
  name: 'Perform Cleanup',
  category: 'Backup and Maintenance',
  description: "Remove what the firm's retention settings say may go (audited).",
  method: 'POST',
  route: api.cleanup,
  grants: { admin: 'w' },
  run: ({ deps, actor }) => deps.admin.cleanup(actor),
});

export const ADMIN_ACTIONS = { getDashboard, listActivity, previewCleanup, performCleanup };
