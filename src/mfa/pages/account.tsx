import type { ReactNode } from 'react';
import { Alert, Field, RequiredNote } from '../../../islands/ui/form';
import { type AccountStatus, RECOVERY_CODE_COUNT } from '../../shared/account';
import { pages } from '../../shared/paths';
import { DateTimeText } from '../../../views/components/Dates';
import { useRenderContext } from '../../../views/context';
import { type OutputOf, type PageContext, page } from '../../access/page';
import { sayIn } from '../../shared/i18n';
import { changePassword, disableMfa, getAccount, regenerateRecoveryCodes } from '../actions';
import { passwordChangeFormSchema } from '../schema';
import { keepCodesShown } from '../actions';
import { useTranslation } from 'react-i18next';

/** Which of the page's forms was refused, with its message and the messages beside its fields. */
type AccountRefusal = {
  form: 'password' | 'turn-off' | 'new-codes';
  message: string;
  fields?: Partial<Record<string, string>>;
};

/** /account: the signed-in person's own account: their password and two-factor sign-in. */
function AccountPage({ account, refusal }: { account: AccountStatus; refusal?: AccountRefusal }) {
  const { csrfToken } = useRenderContext();
  // English for everyone; a client reads it in their own language (the i18n catalogs).
  const { t } = useTranslation();
  const refused = (form: AccountRefusal['form']) => (refusal?.form === form ? refusal : undefined);
  const csrf = <input type="hidden" name="_csrf" value={csrfToken} />;
  const name = `${account.firstName} ${account.lastName}`.trim();
  return (
    <section className="section account-page">
      <h1 className="page-title">{t('account.title')}</h1>
      <dl className="account-details">
        <dt>{t('account.name')}</dt>
        <dd>{name || t('account.notGiven')}</dd>
        <dt>{t('account.userId')}</dt>
        <dd>{account.loginId}</dd>
        <dt>{t('account.email')}</dt>
        <dd>{account.email}</dd>
        <dt>{t('account.role')}</dt>
        <dd>{t(`account.roles.${account.role}`)}</dd>
      </dl>

      <div className="card-grid account-sections">
        <section className="card" aria-labelledby="password-heading">
          <h2 id="password-heading">{t('account.passwordHeading')}</h2>
          <p>{t('account.passwordIntro')}</p>
          <form method="post" action={pages.accountPassword} className="form">
            {csrf}
            <RequiredNote label={t('password.required')} />
            <Field
              id="account-current-password"
              label={t('account.current')}
              name="current_password"
              type="password"
              autoComplete="current-password"
              required
              error={refused('password')?.fields?.current_password}
            />
            <Field
              id="account-new-password"
              label={t('account.new')}
              name="password"
              type="password"
              autoComplete="new-password"
              required
              error={refused('password')?.fields?.password}
              hint={t(`password.${account.passwordPolicy}`)}
            />
            <Field
              id="account-confirm-password"
              label={t('account.confirm')}
              name="confirm_password"
              type="password"
              autoComplete="new-password"
              required
              error={refused('password')?.fields?.confirm_password}
            />
            <FormAlert refusal={refused('password')} />
            <button type="submit" className="btn btn-primary">
              {t('account.change')}
            </button>
          </form>
        </section>

        <section className="card" aria-labelledby="two-factor-heading">
          <h2 id="two-factor-heading">{t('account.twoFactorHeading')}</h2>
          {account.twoFactor.enabled ? (
            <TwoFactorOn account={account} refused={refused} csrf={csrf} />
          ) : (
            <>
              <p>
                <strong>{t('account.off')}</strong>
                {t('account.offIntro')}
              </p>
              {account.twoFactor.required && <p>{t('account.required')}</p>}
              <p>
                <a className="btn btn-primary" href={pages.accountTwoFactor}>
                  {t('account.turnOn')}
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
  const { t } = useTranslation();
  const { enabledAt, recoveryCodesLeft, required } = account.twoFactor;
  const offRefusal = refused('turn-off');
  const offReason = required ? t('account.cannotTurnOff') : undefined;
  return (
    <>
      <p>
        <strong>{t('account.on')}</strong>
        {enabledAt && (
          <>
            {t('account.since')}
            <DateTimeText value={enabledAt} />
          </>
        )}
        {t('account.codesLeft', { left: recoveryCodesLeft, count: RECOVERY_CODE_COUNT })}
      </p>
      <h3>{t('account.newCodes')}</h3>
      <form method="post" action={pages.accountRecoveryCodes} className="form" id="new-codes-form">
        {csrf}
        <RequiredNote label={t('password.required')} />
        <Field
          id="account-codes-code"
          label={t('account.code')}
          name="code"
          autoComplete="one-time-code"
          required
          maxLength={40}
          error={refused('new-codes')?.fields?.code}
          hint={t('account.codesHint')}
        />
        <FormAlert refusal={refused('new-codes')} />
        <button type="submit" className="btn btn-secondary">
          {t('account.makeCodes')}
        </button>
      </form>
      <h3>{t('account.turnOffHeading')}</h3>
      {offReason ? (
        offRefusal ? (
          <FormAlert refusal={offRefusal} />
        ) : (
          <p className="muted">{offReason}</p>
        )
      ) : (
        <form method="post" action={pages.accountTwoFactorOff} className="form" id="turn-off-form">
          {csrf}
          <RequiredNote label={t('password.required')} />
          <Field
            id="account-off-code"
            label={t('account.code')}
            name="code"
            autoComplete="one-time-code"
            required
            maxLength={40}
            error={offRefusal?.fields?.code}
          />
          <FormAlert refusal={offRefusal} />
          <button type="submit" className="btn btn-secondary">
            {t('account.turnOff')}
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

const toAccount = (ctx: PageContext, answer: { message: string }) => ({
  to: pages.account,
  flash: sayIn(ctx.actor?.language ?? 'en', answer.message),
});

/**
 * /account: the signed-in person's own password and two-factor sign-in. One of its forms refused shows
 * the page again, with the message at that form.
 */
export const accountPage = page({
  path: pages.account,
  reads: [getAccount],
  load: ({ read }) => read(getAccount),
  render: (account, { form, actor }) => {
    const say = (message: string) => sayIn(actor?.language ?? 'en', message);
    const refusal = form?.refusal && {
      form: FORM_OF[form.action],
      message: say(form.refusal.message),
      fields:
        form.refusal.fields &&
        Object.fromEntries(Object.entries(form.refusal.fields).map(([k, v]) => [k, v && say(v)])),
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
