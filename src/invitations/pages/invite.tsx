import { PRODUCT_NAME } from '../../shared/constants';
import type { PasswordPolicy } from '../../shared/password-policy';
import type { FieldErrors } from '../../shared/validation';
import { Field, RequiredNote } from '../../../islands/ui/form';
import { pages } from '../../shared/paths';
import { NewPasswordFields } from '../../../views/components/NewPasswordFields';
import { useRenderContext } from '../../../views/context';
import { page } from '../../access/page';
import { useTranslation } from 'react-i18next';
import { sayIn, wordsIn } from '../../shared/i18n';
import type { Language } from '../../shared/people';
import { acceptInvitation, getInvitation } from '../actions';
import { acceptFormSchema } from '../schema';
import { ACCOUNT_READY, GONE } from '../service';

type InvitePageProps = {
  token: string;
  firmName: string;
  /** Set for a firm user, whose user ID their administrator chose: they only choose a password. */
  loginId: string | null;
  /** The firm's password policy, shown beside the password. */
  policy: PasswordPolicy;
  userId?: string;
  errors?: FieldErrors<'user_id' | 'password' | 'confirm_password'>;
  /** A client's invitation to the firm's portal, in their language. */
  client?: { language: Language };
};

/** /invite/{token}: the form that turns an invitation into an account. */
function InvitePage({ token, firmName, loginId, policy, userId, errors = {}, client }: InvitePageProps) {
  const { csrfToken } = useRenderContext();
  const { t } = useTranslation();
  return (
    <section className="narrow card invite">
      <h1>{client ? t('invite.title') : `Join ${firmName}`}</h1>
      {client ? (
        <>
          <p>{t('invite.intro', { firm: firmName, loginId })}</p>
          <p className="muted">{t('invite.twoFactor')}</p>
        </>
      ) : loginId ? (
        <p>
          {firmName} has added you to {PRODUCT_NAME} with the user ID <strong>{loginId}</strong>. Choose the
          password you will log in with.
        </p>
      ) : (
        <p>
          You are invited to become the administrator of <strong>{firmName}</strong> on {PRODUCT_NAME}. Choose
          the user ID and password you will log in with.
        </p>
      )}
      <form method="post" action={pages.invite(token)} className="form">
        {csrfToken && <input type="hidden" name="_csrf" value={csrfToken} />}
        {client && <input type="hidden" name="language" value={client.language} />}
        <RequiredNote label={client ? t('password.required') : undefined} />
        {!loginId && (
          <Field
            id="invite-user"
            label="User ID"
            name="user_id"
            autoComplete="username"
            required
            maxLength={100}
            defaultValue={userId}
            error={errors.user_id}
          />
        )}
        <NewPasswordFields
          idPrefix="invite"
          labels={client ? [t('invite.password'), t('invite.confirm')] : ['Password', 'Confirm password']}
          errors={errors}
          policy={policy}
        />
        <button type="submit" className="btn btn-primary btn-block">
          {client ? t('invite.create') : loginId ? 'Set password' : 'Create account'}
        </button>
      </form>
    </section>
  );
}

/** A link that cannot be used (unknown, used or expired): what happened and what to do. */
function InvitationGonePage(props: {
  state: 'unknown' | 'used' | 'expired';
  title: string;
  message: string;
}) {
  return (
    <section className="narrow card invite">
      <h1>{props.title}</h1>
      <p className="alert alert-error" role="alert">
        {props.message}
      </p>
      {props.state === 'used' ? (
        <p>
          <a className="btn btn-primary" href={pages.login}>
            Go to Login
          </a>
        </p>
      ) : (
        <p>
          <a href="/">Back to the home page</a>
        </p>
      )}
    </section>
  );
}

/** /invite/{token}: anyone holding the link chooses a user ID (a firm's first administrator) and a password. */
export const invitePage = page({
  path: pages.invite(':token'),
  // The token is the link's secret, not an ID: any that is not one is an unknown invitation.
  params: { token: /^[^/]+$/ },
  reads: [getInvitation],
  load: ({ read }) => read(getInvitation),
  render: (view, { params, form }) => {
    if (view.state !== 'valid') {
      const { status, title, message } = GONE[view.state];
      return {
        view: <InvitationGonePage state={view.state} title={title} message={message} />,
        meta: { title, description: message, noindex: true },
        status,
      };
    }
    const userId = form && typeof form.values.user_id === 'string' ? form.values.user_id : undefined;
    return {
      view: (
        <InvitePage
          token={params.token}
          firmName={view.firmName}
          loginId={view.loginId}
          policy={view.policy}
          userId={userId}
          errors={
            view.client
              ? Object.fromEntries(
                  Object.entries(form?.refusal?.fields ?? {}).map(([k, v]) => [
                    k,
                    v && sayIn(view.client!.language, v),
                  ]),
                )
              : form?.refusal?.fields
          }
          client={view.client}
        />
      ),
      meta: { title: 'Accept your invitation', description: `Join ${view.firmName}.`, noindex: true },
      language: view.client?.language,
    };
  },
  forms: [
    {
      action: acceptInvitation,
      input: (fields, { params }) => ({ ...fields, token: params.token }),
      schema: acceptFormSchema,
      done: ({ req }, accepted: { awaitingApproval?: string }) => ({
        to: pages.login,
        // A client's page spoke their language (the form says which): so does its outcome.
        flash:
          accepted.awaitingApproval ??
          (req.body?.language === 'es' || req.body?.language === 'en'
            ? wordsIn(req.body.language)('invite.ready')
            : ACCOUNT_READY),
      }),
      // A link that cannot be used (any more) gets its page, a refused field the form again with its
      // message; anything else (the action turned off) is the error page.
      refused: (_ctx, refusal) => {
        if (!refusal.fields && refusal.status !== 404 && refusal.status !== 410) throw refusal.error;
        return undefined;
      },
    },
  ],
});
