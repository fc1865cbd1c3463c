import { DEFAULT_PASSWORD_POLICY, passwordProblem } from '../../src/shared/password-policy';
import { Field } from '../../islands/ui/form';

// The policy's own words for what a password needs, shown before anyone gets it wrong.
const POLICY = passwordProblem('', DEFAULT_PASSWORD_POLICY) ?? undefined;

/** A password being chosen, typed twice, with the policy beside it (invitation and reset pages). */
export function NewPasswordFields(props: {
  idPrefix: string;
  labels: [string, string];
  errors: { password?: string; confirm_password?: string };
}) {
  const { idPrefix, labels, errors } = props;
  return (
    <>
      <Field
        id={`${idPrefix}-password`}
        label={labels[0]}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        error={errors.password}
        hint={POLICY}
      />
      <Field
        id={`${idPrefix}-confirm`}
        label={labels[1]}
        name="confirm_password"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirm_password}
      />
    </>
  );
}
