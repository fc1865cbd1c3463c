/** The person's own account as the Account page and GET {API}/auth/account show it. */
import type { PasswordPolicy } from './password-policy';
import type { Role } from './session';

/** How many recovery codes an account gets at a time. */
export const RECOVERY_CODE_COUNT = 10;

export type AccountStatus = {
  loginId: string;
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
  twoFactor: {
    enabled: boolean;
    enabledAt: string | null;
    /** The firm requires it of this account (an administrator while the firm's setting is on). */
    required: boolean;
    recoveryCodesLeft: number;
  };
  passwordPolicy: PasswordPolicy;
  /** The policy in words, shown beside the new password. */
  passwordRule: string;
};

/** What the setup page shows: the QR code (one SVG path) and the same secret as text, in groups of four. */
export type MfaSetupView = { groupedSecret: string; qr: { size: number; path: string } };
