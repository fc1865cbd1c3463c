import type { ReactNode } from 'react';
import { Alert, Field, RequiredNote } from '../../../islands/ui/form';
import { type AccountStatus, RECOVERY_CODE_COUNT } from '../../shared/account';
import { pages } from '../../shared/paths';
import { DateTimeText } from '../../../views/components/Dates';
import { useRenderContext } from '../../../views/context';
import { type OutputOf, page } from '../../access/page';
import { changePassword, disableMfa, getAccount, regenerateRecoveryCodes } from '../actions';
import { passwordChangeFormSchema } from '../schema';
import { keepCodesShown } from '../actions';

/** Which of the page's forms was refused, with its message and the messages beside its fields. */
type AccountRefusal = {
  form: 'password' | 'turn-off' | 'new-codes';
  message: string;
  fields?: Partial<Record<string, string>>;
};

const ROLE_NAMES: Record<AccountStatus['role'], string> = {
  user: 'Firm user',
  admin: 'Firm administrator',
  reti: 'Platform staff',
  client: 'Client',
};

/** /account: the signed-in person's own account: their password and two-factor sign-in. */
function AccountPage({ account, refusal }: { account: AccountStatus; refusal?: AccountRefusal }) {
  const { csrfToken } = useRenderContext();
  const refused = (form: AccountRefusal['form']) => (refusal?.form === form ? refusal : undefined);
  const csrf = <input type="hidden" name="_csrf" value={csrfToken} />;
  const name = `${account.firstName} ${account.lastName}`.trim();
  return (
    <section className="section account-page">
      <h1 className="page-title">Account</h1>
      <dl className="account-details">
        <dt>Name</dt>
        <dd>{name || 'Not given'}</dd>
        <dt>User ID</dt>
        <dd>{account.loginId}</dd>
        <dt>Email</dt>
        <dd>{account.email}</dd>
        <dt>Role</dt>
        <dd>{ROLE_NAMES[account.role]}</dd>
      </dl>

      <div className="card-grid account-sections">
        <section className="card" aria-labelledby="password-heading">
          <h2 id="password-heading">Change password</h2>
          <p>Every other session of your account is signed out when the password changes.</p>
          <form method="post" action={pages.accountPassword} className="form">
            {csrf}
            <RequiredNote />
            <Field
              id="account-current-password"
              label="Current password"
              name="current_password"
              type="password"
              autoComplete="current-password"
              required
              error={refused('password')?.fields?.current_password}
            />
            <Field
              id="account-new-password"
              label="New password"
              name="password"
              type="password"
              autoComplete="new-password"
              required
              error={refused('password')?.fields?.password}
              hint={account.passwordRule}
            />
            <Field
              id="account-confirm-password"
              label="Confirm new password"
              name="confirm_password"
              type="password"
              autoComplete="new-password"
              required
              error={refused('password')?.fields?.confirm_password}
            />
            <FormAlert refusal={refused('password')} />
            <button type="submit" className="btn btn-primary">
              Change password
            </button>
          </form>
        </section>

        <section className="card" aria-labelledby="two-factor-heading">
          <h2 id="two-factor-heading">Two-factor sign-in</h2>
          {account.twoFactor.enabled ? (
            <TwoFactorOn account={account} refused={refused} csrf={csrf} />
          ) : (
            <>
              <p>
                <strong>Off.</strong> With it on, signing in asks for a code from an authenticator app on your
                phone after your password.
              </p>
              {account.twoFactor.required && (
                <p>Your firm requires it for administrators: you will set it up when you next sign in.</p>
              )}
              <p>
                <a className="btn btn-primary" href={pages.accountTwoFactor}>
                  Turn on two-factor sign-in
                </a>
              </p>
            </>
          )}
        </section>
      </div>
    </section>
  );
}

function TwoFactorOn(props: {
  account: AccountStatus;
  refused: (form: AccountRefusal['form']) => AccountRefusal | undefined;
  csrf: ReactNode;
}) {
  const { account, refused, csrf } = props;
  const { enabledAt, recoveryCodesLeft, required } = account.twoFactor;
  const offRefusal = refused('turn-off');
  const offReason = required
    ? 'Your firm requires two-factor sign-in for administrators, so you cannot turn it off.'
    : undefined;
  return (
    <>
      <p>
        <strong>On</strong>
        {enabledAt && (
          <>
            {' '}
            since <DateTimeText value={enabledAt} />
          </>
        )}
        . {recoveryCodesLeft} of {RECOVERY_CODE_COUNT} recovery codes left.
      </p>
      <h3>New recovery codes</h3>
      <form method="post" action={pages.accountRecoveryCodes} className="form" id="new-codes-form">
        {csrf}
        <RequiredNote />
        <Field
          id="account-codes-code"
          label="Code from your app"
          name="code"
          autoComplete="one-time-code"
          required
          maxLength={40}
          error={refused('new-codes')?.fields?.code}
          hint="The recovery codes you have now stop working."
        />
        <FormAlert refusal={refused('new-codes')} />
        <button type="submit" className="btn btn-secondary">
          Make new recovery codes
        </button>
      </form>
      <h3>Turn off</h3>
      {offReason ? (
        offRefusal ? (
          <FormAlert refusal={offRefusal} />
        ) : (
          <p className="muted">{offReason}</p>
        )
      ) : (
        <form method="post" action={pages.accountTwoFactorOff} className="form" id="turn-off-form">
          {csrf}
          <RequiredNote />
          <Field
            id="account-off-code"
            label="Code from your app"
            name="code"
            autoComplete="one-time-code"
            required
            maxLength={40}
            error={offRefusal?.fields?.code}
          />
          <FormAlert refusal={offRefusal} />
          <button type="submit" className="btn btn-secondary">
            Turn off two-factor sign-in
          </button>
        </form>
      )}
    </>
  );
}

/** A form's refusal that belongs to no field (a field's own message is shown beside it). */
function FormAlert({ refusal }: { refusal?: AccountRefusal }) {
  return refusal && !refusal.fields ? <Alert kind="error">{refusal.message}</Alert> : null;
}

/** Which of the page's forms each action is. */
const FORM_OF: Record<string, AccountRefusal['form']> = {
  [changePassword.name]: 'password',
  [disableMfa.name]: 'turn-off',
  [regenerateRecoveryCodes.name]: 'new-codes',
};

const toAccount = (_ctx: unknown, answer: { message: string }) => ({
  to: pages.account,
  flash: answer.message,
});

/**
 * /account: the signed-in person's own password and two-factor sign-in. One of its forms refused shows
 * the page again, with the message at that form.
 */
export const accountPage = page({
  path: pages.account,
  reads: [getAccount],
  load: ({ read }) => read(getAccount),
  render: (account, { form }) => {
    const refusal = form?.refusal && {
      form: FORM_OF[form.action],
      message: form.refusal.message,
      fields: form.refusal.fields,
    };
    return {
      view: <AccountPage account={account} refusal={refusal} />,
      meta: { title: 'Account', description: 'Your password and two-factor sign-in.', noindex: true },
    };
  },
  forms: [
    {
      action: changePassword,
      path: pages.accountPassword,
      schema: passwordChangeFormSchema,
      done: toAccount,
    },
    { action: disableMfa, path: pages.accountTwoFactorOff, done: toAccount },
    {
      action: regenerateRecoveryCodes,
      path: pages.accountRecoveryCodes,
      done: ({ req }, answer: OutputOf<typeof regenerateRecoveryCodes>) => {
        keepCodesShown(req, answer.sealedCodes, pages.account);
        return { to: pages.accountRecoveryCodes };
      },
    },
  ],
});
