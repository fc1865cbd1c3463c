import type { ReactNode } from 'react';
import { Alert, CheckboxField, Field, RequiredNote, SelectField } from '../../../islands/ui/form';
import { Icon } from '../../../islands/ui/icon';
import { US_TIME_ZONES } from '../../shared/dates';
import { pages } from '../../shared/paths';
import {
  FIRM_TYPES,
  type FirmSettings,
  LOGIN_ATTEMPT_LIMITS,
  PASSWORD_POLICIES,
  POLICY_LABELS,
  RETENTION_DAYS,
  SESSION_TIMEOUTS,
  SETTINGS_SECTIONS,
  type SettingsSection,
  US_STATES,
} from '../../shared/settings';
import { capitalize } from '../../../views/components/format';
import { useRenderContext } from '../../../views/context';

export const SECTION_TITLES: Record<SettingsSection, string> = {
  firm: 'Firm Information',
  security: 'Security',
  email: 'Email',
  backup: 'Backup and Maintenance',
  appearance: 'Appearance and Branding',
};

/** A section's form values as text, from the stored settings (a refused form shows what was entered). */
export function valuesOf(section: SettingsSection, settings: FirmSettings): Record<string, string> {
  const values = settings[section] as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, typeof v === 'boolean' ? (v ? 'on' : '') : String(v)]),
  );
}

export type SettingsPageProps = {
  section: SettingsSection;
  settings: FirmSettings;
  values: Record<string, string>;
  errors?: Record<string, string | undefined>;
  /** Why the change was refused as a whole. */
  refusal?: string;
  /** Why this administrator may not save the section now: the Save button is disabled with the reason. */
  saveRefusal?: string;
  /** Panels that belong to the section (backups, the test email, the logo). */
  children?: ReactNode;
};

const options = <T extends string | number>(values: readonly T[], label: (v: T) => string) =>
  values.map((v) => ({ value: String(v), label: label(v) }));

function FirmFields({ values, errors }: FieldsProps) {
  const zones = {
    ...US_TIME_ZONES,
    ...(values.timeZone in US_TIME_ZONES ? {} : { [values.timeZone]: values.timeZone }),
  };
  return (
    <div className="form-grid">
      <Field
        id="name"
        name="name"
        label="Firm Name"
        defaultValue={values.name}
        maxLength={200}
        required
        error={errors.name}
      />
      <SelectField
        id="type"
        name="type"
        required
        label="Firm Type"
        defaultValue={values.type}
        options={options(FIRM_TYPES, capitalize)}
        error={errors.type}
      />
      <Field
        id="address"
        name="address"
        label="Address"
        defaultValue={values.address}
        maxLength={500}
        autoComplete="street-address"
        error={errors.address}
        wide
      />
      <Field
        id="city"
        name="city"
        label="City"
        defaultValue={values.city}
        maxLength={100}
        autoComplete="address-level2"
        error={errors.city}
      />
      <SelectField
        id="state"
        name="state"
        label="State"
        defaultValue={values.state}
        options={[
          { value: '', label: 'Not specified' },
          ...Object.entries(US_STATES).map(([code, name]) => ({ value: code, label: `${name} (${code})` })),
        ]}
        error={errors.state}
      />
      <Field
        id="zip"
        name="zip"
        label="ZIP"
        defaultValue={values.zip}
        maxLength={10}
        inputMode="numeric"
        autoComplete="postal-code"
        hint="5 digits, or ZIP+4 as 12345-6789"
        error={errors.zip}
      />
      <Field
        id="phone"
        name="phone"
        label="Phone"
        type="tel"
        defaultValue={values.phone}
        maxLength={40}
        required
        autoComplete="tel"
        error={errors.phone}
      />
      <Field
        id="email"
        name="email"
        label="Email"
        type="email"
        defaultValue={values.email}
        maxLength={254}
        required
        autoComplete="email"
        error={errors.email}
      />
      <SelectField
        id="timeZone"
        name="timeZone"
        required
        label="Time Zone"
        defaultValue={values.timeZone}
        options={Object.entries(zones).map(([value, label]) => ({ value, label }))}
        hint="Dates and times on the firm's pages and in its emails use this zone."
        error={errors.timeZone}
      />
    </div>
  );
}

function SecurityFields({ values, errors }: FieldsProps) {
  return (
    <div className="form-grid">
      <div className="settings-checks">
        <CheckboxField
          id="twoFactorAdmins"
          name="twoFactorAdmins"
          label="Require 2FA for admin accounts"
          defaultChecked={values.twoFactorAdmins === 'on'}
          error={errors.twoFactorAdmins}
        />
        <CheckboxField
          id="approveNewUsers"
          name="approveNewUsers"
          label="Approve new accounts before they can sign in"
          defaultChecked={values.approveNewUsers === 'on'}
          error={errors.approveNewUsers}
        />
      </div>
      <SelectField
        id="sessionTimeoutMinutes"
        name="sessionTimeoutMinutes"
        required
        label="Session Timeout"
        defaultValue={values.sessionTimeoutMinutes}
        options={options(SESSION_TIMEOUTS, (m) => `${m} minutes`)}
        hint="Signed out after this long without activity."
        error={errors.sessionTimeoutMinutes}
      />
      {/* Radio buttons: each policy's whole definition reads on any screen (a select cut it off). */}
      <fieldset
        className="checkbox-group field field-wide"
        aria-describedby={errors.passwordPolicy ? 'passwordPolicy-error' : 'passwordPolicy-hint'}
      >
        <legend className="field-legend">
          Password Policy
          <span className="required-mark" aria-hidden="true">
            *
          </span>
        </legend>
        {PASSWORD_POLICIES.map((p) => (
          <div key={p} className="field-check">
            <input
              id={`passwordPolicy-${p}`}
              type="radio"
              name="passwordPolicy"
              value={p}
              required
              defaultChecked={values.passwordPolicy === p}
            />
            <label htmlFor={`passwordPolicy-${p}`}>{POLICY_LABELS[p]}</label>
          </div>
        ))}
        {errors.passwordPolicy ? (
          <p className="field-error" id="passwordPolicy-error">
            {errors.passwordPolicy}
          </p>
        ) : (
          <p className="field-hint muted" id="passwordPolicy-hint">
            Applies whenever a password is chosen or changed.
          </p>
        )}
      </fieldset>
      <SelectField
        id="loginAttempts"
        name="loginAttempts"
        required
        label="Login Attempts Limit"
        defaultValue={values.loginAttempts}
        options={options(LOGIN_ATTEMPT_LIMITS, (n) => `${n} attempts`)}
        hint="Failed sign-ins in a row before the account is locked for 15 minutes."
        error={errors.loginAttempts}
      />
    </div>
  );
}

function EmailFields({ values, errors, passwordSet }: FieldsProps & { passwordSet: boolean }) {
  return (
    <div className="form-grid">
      <Field
        id="host"
        name="host"
        label="SMTP Host"
        defaultValue={values.host}
        maxLength={253}
        placeholder="smtp.example.com"
        hint="Leave empty to send through the platform's mail server."
        error={errors.host}
      />
      <Field
        id="port"
        name="port"
        label="Port"
        type="number"
        min={1}
        max={65535}
        defaultValue={values.port}
        error={errors.port}
      />
      <SelectField
        id="encryption"
        name="encryption"
        label="Encryption"
        defaultValue={values.encryption}
        options={[
          { value: 'tls', label: 'TLS (STARTTLS)' },
          { value: 'ssl', label: 'SSL (implicit TLS)' },
          { value: 'none', label: 'None' },
        ]}
        error={errors.encryption}
      />
      <Field
        id="user"
        name="user"
        label="User Name"
        defaultValue={values.user}
        maxLength={254}
        autoComplete="off"
        error={errors.user}
      />
      <Field
        id="password"
        name="password"
        label="Password"
        type="password"
        maxLength={512}
        autoComplete="new-password"
        hint={
          passwordSet ? 'A password is stored (encrypted). Leave empty to keep it.' : 'No password is stored.'
        }
        error={errors.password}
      />
      <Field
        id="from"
        name="from"
        label="From Address"
        defaultValue={values.from}
        maxLength={320}
        placeholder="Firm Name <office@firm.com>"
        error={errors.from}
      />
    </div>
  );
}

function BackupFields({ values, errors }: FieldsProps) {
  return (
    <div className="form-grid">
      <SelectField
        id="retentionDays"
        name="retentionDays"
        required
        label="Retention"
        defaultValue={values.retentionDays}
        options={options(RETENTION_DAYS, (d) => `${d} days`)}
        hint="Backups older than this are removed, and so is what cleanup finds past it."
        error={errors.retentionDays}
      />
    </div>
  );
}

function AppearanceFields({ values, errors }: FieldsProps) {
  return (
    <div className="form-grid">
      <Field
        id="primaryColor"
        name="primaryColor"
        required
        label="Primary Color"
        type="color"
        defaultValue={values.primaryColor}
        hint="Buttons and links use it with white text, so it must be dark enough to read (WCAG AA, 4.5 to 1)."
        error={errors.primaryColor}
      />
    </div>
  );
}

type FieldsProps = { values: Record<string, string>; errors: Record<string, string | undefined> };

/** /admin/settings/{section}: one section of the firm's settings as a form, with tabs to the others. */
export function SettingsPage(props: SettingsPageProps) {
  const { csrfToken } = useRenderContext();
  const { section, values, errors = {}, refusal, saveRefusal } = props;
  const invalid = Object.values(errors).some(Boolean);
  const fields = { values, errors };
  return (
    <section className="section settings-page">
      <h1 className="page-title">
        <Icon name="settings" />
        Settings
      </h1>
      <nav className="tabs" aria-label="Settings sections">
        {SETTINGS_SECTIONS.map((s) => (
          <a
            key={s}
            href={pages.admin.settingsSection(s)}
            className="tab"
            aria-current={s === section ? 'page' : undefined}
          >
            {SECTION_TITLES[s]}
          </a>
        ))}
      </nav>
      <h2>{SECTION_TITLES[section]}</h2>
      {refusal && <Alert kind="error">{refusal}</Alert>}
      {invalid && <Alert kind="error">Check the fields marked below.</Alert>}
      <form className="card form settings-form" method="post" action={pages.admin.settingsSection(section)}>
        <input type="hidden" name="_csrf" value={csrfToken} />
        {section !== 'email' && <RequiredNote />}
        {section === 'firm' && <FirmFields {...fields} />}
        {section === 'security' && <SecurityFields {...fields} />}
        {section === 'email' && <EmailFields {...fields} passwordSet={props.settings.email.passwordSet} />}
        {section === 'backup' && <BackupFields {...fields} />}
        {section === 'appearance' && <AppearanceFields {...fields} />}
        <div className="form-actions">
          <button
            type="submit"
            className="btn btn-primary"
            aria-disabled={saveRefusal ? true : undefined}
            aria-describedby={saveRefusal ? 'save-refusal' : undefined}
          >
            Save Changes
          </button>
          {saveRefusal && (
            <p className="muted" id="save-refusal">
              {saveRefusal}
            </p>
          )}
        </div>
      </form>
      {props.children}
    </section>
  );
}
