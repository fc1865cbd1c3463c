import { PRODUCT_NAME } from '../../src/shared/constants';
import type { PasswordPolicy } from '../../src/shared/password-policy';
import type { FieldErrors } from '../../src/shared/validation';
import { Field, RequiredNote } from '../../islands/ui/form';
import { pages } from '../../src/shared/paths';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { useRenderContext } from '../context';

export type InvitePageProps = {
  token: string;
  firmName: string;
  /** Set for a firm user, whose user ID their administrator chose: they only choose a password. */
  loginId: string | null;
  /** The firm's password policy, shown beside the password. */
  policy: PasswordPolicy;
  userId?: string;
  errors?: FieldErrors<'user_id' | 'password' | 'confirm_password'>;
};

/** /invite/{token}: the form that turns an invitation into an account. */
export function InvitePage({ token, firmName, loginId, policy, userId, errors = {} }: InvitePageProps) {
  const { csrfToken } = useRenderContext();
  return (
    <section className="narrow card invite">
      <h1>Join {firmName}</h1>
      {loginId ? (
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
        <RequiredNote />
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
          labels={['Password', 'Confirm password']}
          errors={errors}
          policy={policy}
        />
        <button type="submit" className="btn btn-primary btn-block">
          {loginId ? 'Set password' : 'Create account'}
        </button>
      </form>
    </section>
  );
}

/** A link that cannot be used (unknown, used or expired): what happened and what to do. */
export function InvitationGonePage(props: {
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
