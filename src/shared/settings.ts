/** A firm's settings (SPEC §2 "Settings detail", §6, §9): options, defaults and the API's JSON shape. */
import type { PasswordPolicy } from './password-policy';

export const SETTINGS_SECTIONS = ['firm', 'security', 'email', 'backup', 'appearance'] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

export const FIRM_TYPES = ['immigration', 'general', 'specialized'] as const;
export type FirmType = (typeof FIRM_TYPES)[number];

export const SESSION_TIMEOUTS = [15, 30, 60, 120] as const;
export const PASSWORD_POLICIES = ['basic', 'medium', 'strong'] as const;
export const LOGIN_ATTEMPT_LIMITS = [3, 5, 10] as const;
export const SMTP_ENCRYPTIONS = ['none', 'ssl', 'tls'] as const;
export const RETENTION_DAYS = [7, 30, 90, 365] as const;

/** The SPEC's "a blue": the product's own primary colour. */
export const DEFAULT_PRIMARY_COLOR = '#1d4ed8';

export type SecuritySettings = {
  twoFactorAdmins: boolean;
  sessionTimeoutMinutes: (typeof SESSION_TIMEOUTS)[number];
  passwordPolicy: PasswordPolicy;
  loginAttempts: (typeof LOGIN_ATTEMPT_LIMITS)[number];
  approveNewUsers: boolean;
};

/** What a new firm starts with (SPEC defaults: 2FA for admins on, 30 minutes, strong, 5 attempts). */
export const DEFAULT_SECURITY: SecuritySettings = {
  twoFactorAdmins: true,
  sessionTimeoutMinutes: 30,
  passwordPolicy: 'strong',
  loginAttempts: 5,
  approveNewUsers: false,
};

/** Platform staff belong to no firm: they keep the platform's own strict settings. */
export const STAFF_SECURITY: SecuritySettings = { ...DEFAULT_SECURITY };

export type FirmSettings = {
  firm: {
    name: string;
    type: FirmType;
    address: string;
    city: string;
    state: string;
    zip: string;
    phone: string;
    email: string;
    timeZone: string;
  };
  security: SecuritySettings;
  email: {
    host: string;
    port: number;
    encryption: (typeof SMTP_ENCRYPTIONS)[number];
    user: string;
    /** Never the password itself: only whether one is stored. */
    passwordSet: boolean;
    from: string;
  };
  backup: { retentionDays: (typeof RETENTION_DAYS)[number] };
  appearance: { primaryColor: string; hasLogo: boolean };
};

/** The option labels the Settings page shows. */
export const POLICY_LABELS: Record<PasswordPolicy, string> = {
  basic: 'Basic (8 characters)',
  medium: 'Medium (10 characters plus symbols)',
  strong: 'Strong (12 characters plus symbols and numbers)',
};

/** US states, the District of Columbia and the territories, by USPS code. */
export const US_STATES: Record<string, string> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
  AS: 'American Samoa',
  GU: 'Guam',
  MP: 'Northern Mariana Islands',
  PR: 'Puerto Rico',
  VI: 'U.S. Virgin Islands',
  UM: 'U.S. Minor Outlying Islands',
};
