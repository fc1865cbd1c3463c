import { accountPage } from './account';
import { RECOVERY_CODE_PAGES } from './recovery-codes';
import { accountSetupPage, signInSetupPage } from './setup';
import { signInCodePage } from './sign-in-code';

/** Two-factor sign-in's steps, and the Account page with its setup and recovery codes. */
export const MFA_PAGES = [
  signInCodePage,
  signInSetupPage,
  accountPage,
  accountSetupPage,
  ...RECOVERY_CODE_PAGES,
];
