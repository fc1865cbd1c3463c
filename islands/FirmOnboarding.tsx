import { island } from './runtime/island';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { HttpStatusError, postJson } from '../src/shared/api-client';
import { MESSAGES } from '../src/shared/constants';
import { type Firm, FIRM_LIMITS, FIRM_MESSAGES, type FirmInput, INDUSTRIES } from '../src/shared/firms';
import { api, pages } from '../src/shared/paths';
import { type FieldErrors, isValidEmail, isValidPhone } from '../src/shared/validation';
import { Alert, Field, RequiredNote, SelectField, TextAreaField } from './ui/form';

export type FirmField = keyof FirmInput;
type Values = Record<FirmField, string>;
type Notice = { kind: 'success' | 'error'; message: string };
type Invitation = { state: 'idle' } | { state: 'sending' } | ({ state: 'done' } & Notice);

export type FirmOnboardingProps = {
  csrfToken?: string;
  /** A form the server refused (no JavaScript), with its messages. */
  values?: Values;
  errors?: FieldErrors<FirmField>;
  /** The firm added last, whose invitation can be sent. */
  firm?: Firm;
  /** A refusal that belongs to no single field (the role may not add firms, say). */
  error?: string;
};

const EMPTY: Values = {
  name: '',
  contactPerson: '',
  contactRole: '',
  email: '',
  phone: '',
  industry: '',
  address: '',
};

const TEXT_FIELDS: { name: Exclude<FirmField, 'industry' | 'address'>; label: string; type: string }[] = [
  { name: 'name', label: 'Firm Name', type: 'text' },
  { name: 'contactPerson', label: 'Contact Person', type: 'text' },
  { name: 'contactRole', label: 'Contact Role', type: 'text' },
  { name: 'email', label: 'Email', type: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel' },
];

/** How long the success message stays (SPEC §4). */
const SUCCESS_MS = 3000;

const capitalised = (word: string) => word[0].toUpperCase() + word.slice(1);

/** Shown as the person types: only for a non-empty value that cannot be right. */
function liveErrors(values: Values): FieldErrors<FirmField> {
  const errors: FieldErrors<FirmField> = {};
  if (values.email !== '' && !isValidEmail(values.email.trim())) errors.email = MESSAGES.invalidEmail;
  if (values.phone !== '' && !isValidPhone(values.phone)) errors.phone = MESSAGES.invalidPhone;
  return errors;
}

const problemOf = (failure: unknown, fallback: string) =>
  (failure instanceof HttpStatusError && failure.serverMessage) || fallback;

/** Firm Onboarding (SPEC §2, §4, §5): add a firm, then send its contact the invitation. */
function FirmOnboarding(props: FirmOnboardingProps) {
  const id = useId();
  const [values, setValues] = useState<Values>(props.values ?? EMPTY);
  const [serverErrors, setServerErrors] = useState(props.errors ?? {});
  const [adding, setAdding] = useState(false);
  const [notice, setNotice] = useState<Notice | undefined>(
    props.error ? { kind: 'error', message: props.error } : undefined,
  );
  const [firm, setFirm] = useState(props.firm);
  const [invitation, setInvitation] = useState<Invitation>({ state: 'idle' });
  const errors = { ...serverErrors, ...liveErrors(values) };

  useEffect(() => {
    if (notice?.kind !== 'success') return;
    const timer = setTimeout(() => setNotice(undefined), SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  function change(field: FirmField, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    setServerErrors((e) => ({ ...e, [field]: undefined }));
  }

  async function addFirm(event: FormEvent) {
    event.preventDefault();
    if (adding || Object.keys(liveErrors(values)).length > 0) return;
    setAdding(true);
    setNotice(undefined);
    try {
      const added = await postJson<Firm>(api.firms, values);
      setFirm(added);
      setInvitation({ state: 'idle' });
      setValues(EMPTY);
      setServerErrors({});
      setNotice({ kind: 'success', message: FIRM_MESSAGES.added });
      // A reload keeps offering this firm's invitation, as the page does without JavaScript.
      history.replaceState(null, '', `?firm=${added.id}`);
    } catch (failure) {
      // A refusal names its fields: the messages go beside them, as on the page without JavaScript.
      if (failure instanceof HttpStatusError && failure.fields) setServerErrors(failure.fields);
      else
        setNotice({
          kind: 'error',
          message: problemOf(failure, 'The firm could not be added. Please try again.'),
        });
    } finally {
      setAdding(false);
    }
  }

  async function sendInvitation(event: FormEvent) {
    event.preventDefault();
    if (!firm || invitation.state === 'sending') return;
    setInvitation({ state: 'sending' });
    try {
      const sent = await postJson<{ message: string; delivery: string }>(api.firmInvitations(firm.id), {});
      setInvitation({
        state: 'done',
        kind: sent.delivery === 'sent' ? 'success' : 'error',
        message: sent.message,
      });
    } catch (failure) {
      const message = problemOf(failure, 'The invitation could not be sent. Please try again.');
      setInvitation({ state: 'done', kind: 'error', message });
    }
  }

  const fieldProps = (name: FirmField) => ({
    id: `${id}${name}`,
    name,
    value: values[name],
    error: errors[name],
    maxLength: FIRM_LIMITS[name as keyof typeof FIRM_LIMITS],
  });

  return (
    <div className="onboarding-grid">
      <form
        className="card form onboarding-form"
        method="post"
        action={pages.reti.onboarding}
        onSubmit={addFirm}
      >
        <h2>Firm details</h2>
        <input type="hidden" name="_csrf" value={props.csrfToken} />
        <RequiredNote />
        <div className="form-grid">
          {TEXT_FIELDS.map((f) => (
            <Field
              {...fieldProps(f.name)}
              key={f.name}
              label={f.label}
              type={f.type}
              autoComplete="off"
              required
              onChange={(e) => change(f.name, e.target.value)}
            />
          ))}
          <SelectField
            {...fieldProps('industry')}
            label="Industry"
            options={[
              { value: '', label: 'Select an industry' },
              ...INDUSTRIES.map((industry) => ({ value: industry, label: capitalised(industry) })),
            ]}
            onChange={(e) => change('industry', e.target.value)}
          />
          <TextAreaField
            {...fieldProps('address')}
            label="Address"
            wide
            rows={2}
            onChange={(e) => change('address', e.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-primary" disabled={adding}>
          {adding ? FIRM_MESSAGES.adding : 'Add Firm'}
        </button>
        <div aria-live="polite">{notice && <Alert kind={notice.kind}>{notice.message}</Alert>}</div>
      </form>
      <InvitationSection
        firm={firm}
        invitation={invitation}
        csrfToken={props.csrfToken}
        onSend={sendInvitation}
      />
    </div>
  );
}

function InvitationSection(props: {
  firm?: Firm;
  invitation: Invitation;
  csrfToken?: string;
  onSend: (event: FormEvent) => void;
}) {
  const { firm, invitation } = props;
  const active = firm?.status === 'active';
  return (
    <section className="card onboarding-invite" aria-labelledby="send-invitation">
      <h2 id="send-invitation">Send Invitation</h2>
      {!firm && <p className="muted">Add a firm first: its contact can then be invited from here.</p>}
      {firm && !active && (
        <p>
          Invite <strong>{firm.contactPerson}</strong> ({firm.email}) to become the administrator of{' '}
          <strong>{firm.name}</strong>.
        </p>
      )}
      {firm && active && (
        <p>
          <strong>{firm.name}</strong> is already active: it has its administrator, so it needs no invitation.
        </p>
      )}
      <form
        method="post"
        action={firm ? pages.reti.firmInvitations(firm.id) : undefined}
        onSubmit={props.onSend}
      >
        <input type="hidden" name="_csrf" value={props.csrfToken} />
        <button
          type="submit"
          className="btn btn-primary"
          disabled={!firm || active || invitation.state === 'sending'}
        >
          {invitation.state === 'sending' ? FIRM_MESSAGES.sending : 'Send Invitation'}
        </button>
      </form>
      <div aria-live="polite">
        {invitation.state === 'done' && <Alert kind={invitation.kind}>{invitation.message}</Alert>}
      </div>
    </section>
  );
}

export default island('FirmOnboarding', FirmOnboarding);
