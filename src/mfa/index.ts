import { Router } from 'express';
import { type ActionKit, mountActions } from '../access/kit';
import type { Feature } from '../http/feature';
import { noStore } from '../http/no-store';
import type { Renderer } from '../http/render';
import { pages } from '../shared/paths';
import { MFA_ACTIONS } from './actions';
import { accountGuard, mfaPages } from './pages';
import type { MfaService } from './service';

export { MFA_ACTIONS };

/**
 * Two-factor sign-in and the Account page: {API}/auth/mfa, /auth/mfa/setup, /auth/mfa/enable, /disable,
 * /recovery-codes, /auth/account, /auth/password/change, and their pages.
 */
export function mfaFeature(deps: { kit: ActionKit; mfa: MfaService; render: Renderer }): Feature {
  const { kit, mfa, render } = deps;
  const { api, forms, bound } = mountActions(kit, MFA_ACTIONS, { mfa, render });
  const pageRouter = Router();
  // These pages show secrets (the TOTP key, recovery codes): no cache keeps them, signed in or not.
  pageRouter.use([pages.mfa, pages.account], noStore);
  pageRouter.use(pages.account, accountGuard);
  pageRouter.use(forms, mfaPages({ mfa, actions: bound, render }));
  return { api, pages: pageRouter };
}
