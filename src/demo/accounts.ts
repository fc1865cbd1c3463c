import type { Role } from '../shared/session';

/** The demo data set's sign-ins, one per role. */
export const DEMO_ACCOUNTS: Record<Role, { loginId: string; firstName: string; lastName: string }> = {
  reti: { loginId: 'reti', firstName: 'Riley', lastName: 'Staff' },
  admin: { loginId: 'admin', firstName: 'Alex', lastName: 'Morgan' },
  user: { loginId: 'attorney', firstName: 'Jordan', lastName: 'Rivera' },
  // The demo firm's English-speaking client (src/portal/demo.ts makes the account of a demo person; with
  // `cliente`, who reads Spanish).
  client: { loginId: 'client', firstName: '', lastName: '' },
};

/** The only role the demo signs in: the password-less way in gives no more than a firm's user has. */
export const DEMO_ROLE = 'user' satisfies Role;

export const DEMO_FIRM = {
  name: 'Demo Immigration Law',
  contact_person: 'Alex Morgan',
  contact_role: 'Managing Partner',
  email: 'office@demo-immigration-law.example',
  phone: '+1 (555) 010-2000',
  industry: 'legal',
  address: '100 Liberty Street, New York, NY 10005',
} as const;
