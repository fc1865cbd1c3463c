import { useTranslation } from 'react-i18next';
import type { PasswordPolicy } from '../../src/shared/password-policy';
import { Field } from '../../islands/ui/form';

/** A password being chosen, typed twice, with the policy of the account's firm beside it. */
export function NewPasswordFields(props: {
  idPrefix: string;
  labels: [string, string];
  errors: { password?: string; confirm_password?: string };
  policy: PasswordPolicy;
}) {
  const { idPrefix, labels, errors } = props;
  // The policy in the page's language (English but for a client reading Spanish).
  const { t } = useTranslation();
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
        hint={t(`password.${props.policy}`)}
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
