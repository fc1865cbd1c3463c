/** Firm fields, options and limits (SPEC §3), shared by the server and the islands. */
export const FIRM_STATUSES = ['active', 'pending', 'inactive'] as const;
export type FirmStatus = (typeof FIRM_STATUSES)[number];

export const INDUSTRIES = [
  'legal',
  'financial',
  'technology',
  'healthcare',
  'consulting',
  'manufacturing',
  'retail',
  'other',
] as const;
export type Industry = (typeof INDUSTRIES)[number];

export const FIRM_LIMITS = {
  name: 200,
  contactPerson: 200,
  contactRole: 100,
  email: 254,
  phone: 40,
  address: 500,
} as const;

/** A firm as the API and the screens see it (SPEC §3 field names; onboardDate as yyyy-mm-dd). */
export type Firm = {
  id: string;
  name: string;
  contactPerson: string;
  contactRole: string;
  email: string;
  phone: string;
  status: FirmStatus;
  onboardDate: string;
  address: string;
  industry: Industry | '';
};

/** The fields of the onboarding form, in the order a person fills them. */
export const FIRM_FIELDS = [
  'name',
  'contactPerson',
  'contactRole',
  'email',
  'phone',
  'industry',
  'address',
] as const;

export type FirmInput = Pick<
  Firm,
  'name' | 'contactPerson' | 'contactRole' | 'email' | 'phone' | 'address' | 'industry'
>;

export const FIRM_MESSAGES = {
  adding: 'Adding Firm...',
  added: 'Firm added successfully! You can now send an invitation.',
  sending: 'Sending...',
  invitationSent: 'Invitation email sent successfully!',
} as const;

/** A firm's user as the API lists it. */
export type FirmUser = {
  id: string;
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  role: 'user' | 'admin';
  status: 'active' | 'pending' | 'suspended';
  lastLogin: string | null;
};

/** One page of the firms table. */
/** How many firms the reader can see, in all and by status. */
export type FirmCounts = { total: number } & Record<FirmStatus, number>;

export type FirmPage = { firms: Firm[]; total: number; page: number; pageSize: number; counts: FirmCounts };
