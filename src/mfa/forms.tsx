import type { Request, Response } from 'express';
import { AccountPage, type AccountRefusal } from '../../views/account/AccountPage';
import { RecoveryCodesPage } from '../../views/account/RecoveryCodesPage';
import { TwoFactorSetupPage, type TwoFactorSetupPageProps } from '../../views/account/TwoFactorSetupPage';
import { TwoFactorPage } from '../../views/public/TwoFactorPage';
import type { ActionContext, Refusal } from '../access/action';
import { setFlash } from '../http/flash';
import type { Renderer } from '../http/render';
import type { AccountStatus } from '../shared/account';
import { pages, withNext } from '../shared/paths';
import { loginWithNext, safeNext } from '../shared/validation';
import type { MfaService, MfaSetup } from './service';

type Ctx = ActionContext<{ mfa: MfaService; render: Renderer }>;

const nextOf = (req: Request) => safeNext(req.query.next);

/** A refusal as a page shows it: beside the code field, or above the button when it names no field. */
const shown = (refusal?: Refusal) =>
  refusal && (refusal.fields?.code ? { codeError: refusal.fields.code } : { error: refusal.message });

export function showTwoFactor(render: Renderer, req: Request, res: Response, refusal?: Refusal) {
  render(req, res, <TwoFactorPage action={withNext(pages.mfa, nextOf(req))} {...shown(refusal)} />, {
    meta: { title: 'Two-factor sign-in', description: 'Enter a code to finish signing in.', noindex: true },
    status: refusal?.status ?? 200,
  });
}

/** The setup page: at sign-in (the firm requires it) or from the Account page (the person chose it). */
export function showSetup(
  render: Renderer,
  req: Request,
  res: Response,
  setup: MfaSetup,
  where: 'sign-in' | 'account',
  refusal?: Refusal,
) {
  const props: TwoFactorSetupPageProps =
    where === 'sign-in'
      ? {
          setup,
          action: withNext(pages.mfaSetup, nextOf(req)),
          requiredByFirm: true,
          back: { href: pages.login, label: 'Back to Login' },
        }
      : {
          setup,
          action: pages.accountTwoFactor,
          requiredByFirm: false,
          back: { href: pages.account, label: 'Back to Account' },
        };
  render(req, res, <TwoFactorSetupPage {...props} {...shown(refusal)} />, {
    meta: {
      title: 'Set up two-factor sign-in',
      description: 'Add your account to an authenticator app.',
      noindex: true,
    },
    status: refusal?.status ?? 200,
  });
}

export function showAccount(
  render: Renderer,
  req: Request,
  res: Response,
  account: AccountStatus,
  refusal?: AccountRefusal & { status: number },
) {
  render(req, res, <AccountPage account={account} refusal={refusal} />, {
    meta: { title: 'Account', description: 'Your password and two-factor sign-in.', noindex: true },
    status: refusal?.status ?? 200,
  });
}

export function showCodes(
  render: Renderer,
  req: Request,
  res: Response,
  codes: string[],
  continueTo: string,
  view: 'page' | 'print',
) {
  render(req, res, <RecoveryCodesPage codes={codes} continueTo={continueTo} view={view} />, {
    meta: { title: 'Save your recovery codes', description: 'Recovery codes, shown once.', noindex: true },
  });
}

/** Back to the sign-in page with the reason, when the step this form belonged to is over. */
function backToLogin({ req, res }: Ctx, refusal: Refusal) {
  setFlash(req, 'error', refusal.message);
  res.redirect(303, withNext(pages.login, nextOf(req)));
}

/** A code that did not finish the sign-in: the page again while the step goes on, else Login. */
export function renderCodeRefusal(ctx: Ctx, refusal: Refusal) {
  const { req, res, deps } = ctx;
  const step = req.session?.mfa;
  if (step?.step === 'enroll') return res.redirect(303, withNext(pages.mfaSetup, nextOf(req)));
  if (!step) return backToLogin(ctx, refusal);
  showTwoFactor(deps.render, req, res, refusal);
}

/** A refused confirming code at sign-in: the same QR code and key again while the step goes on. */
export async function renderSetupRefusal(ctx: Ctx, refusal: Refusal) {
  const { req, res, deps } = ctx;
  const step = req.session?.mfa;
  if (step?.step === 'required') return res.redirect(303, withNext(pages.mfa, nextOf(req)));
  const sealed = req.session?.totpPending;
  const loginId = step && sealed && (await deps.mfa.stepLoginId(step));
  if (!loginId)
    return step ? res.redirect(303, withNext(pages.mfaSetup, nextOf(req))) : backToLogin(ctx, refusal);
  showSetup(deps.render, req, res, deps.mfa.setupOf(loginId, sealed), 'sign-in', refusal);
}

/** A refused confirming code on the Account page: the same QR code again, or back to the Account page. */
export function renderEnableRefusal(ctx: Ctx, refusal: Refusal) {
  const { req, res, deps, actor } = ctx;
  const sealed = req.session?.totpPending;
  if (!actor || !sealed || refusal.status === 409) {
    setFlash(req, 'error', refusal.message);
    return res.redirect(303, actor ? pages.account : loginWithNext(pages.accountTwoFactor));
  }
  showSetup(deps.render, req, res, deps.mfa.setupOf(actor.loginId, sealed), 'account', refusal);
}

/** One of the Account page's forms refused: the page again, with the message at that form. */
export async function renderAccountRefusal(ctx: Ctx, refusal: Refusal, form: AccountRefusal['form']) {
  const { req, res, deps, actor } = ctx;
  if (!actor) return res.redirect(303, loginWithNext(pages.account));
  showAccount(deps.render, req, res, await deps.mfa.account(actor), {
    form,
    message: refusal.message,
    fields: refusal.fields,
    status: refusal.status,
  });
}
