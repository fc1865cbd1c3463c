import { island } from './runtime/island';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { postJson } from '../src/shared/api-client';
import { MESSAGES, PRODUCT_NAME } from '../src/shared/constants';
import {
  CONTACT_LIMITS,
  type ContactField,
  type ContactInput,
  contactLiveErrors,
  type FieldErrors,
  isContactComplete,
} from '../src/shared/validation';
import { useDialog } from './ui/dialog';
import { Alert, Field, RequiredNote } from './ui/form';
import { api, pages } from '../src/shared/paths';

export type ContactModalProps = {
  /** The page the form returns to without JavaScript ('/' or '/public'). */
  returnTo: string;
  buttonLabel: string;
  buttonClass?: string;
  /** Server-rendered state after a form post without JavaScript. */
  open?: boolean;
  values?: ContactInput;
  errors?: FieldErrors<ContactField>;
  status?: 'sent' | 'failed';
};

const EMPTY: ContactInput = { name: '', firm: '', phone: '', email: '' };

const FIELDS: {
  name: ContactField;
  label: string;
  type: string;
  autoComplete: string;
  placeholder?: string;
}[] = [
  { name: 'name', label: 'Name', type: 'text', autoComplete: 'name' },
  {
    name: 'firm',
    label: 'Firm',
    type: 'text',
    autoComplete: 'organization',
    placeholder: 'Firm or organization',
  },
  { name: 'phone', label: 'Phone Number', type: 'tel', autoComplete: 'tel' },
  { name: 'email', label: 'Email address', type: 'email', autoComplete: 'email' },
];

/** The Contact Us button and modal (SPEC §2, §4, §5, §8). */
function ContactModal(props: ContactModalProps) {
  const id = useId();
  const [values, setValues] = useState<ContactInput>(props.values ?? EMPTY);
  const [serverErrors, setServerErrors] = useState(props.errors ?? {});
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent' | 'failed'>(props.status ?? 'idle');
  const clear = useCallback(() => {
    setValues(EMPTY);
    setServerErrors({});
  }, []);
  const dialog = useDialog(clear, props.open ?? false);
  const errors = { ...serverErrors, ...contactLiveErrors(values) };
  // Until hydrated the button stays enabled, so the form posts without JavaScript; once live, the
  // dialog is shown only as a modal, never through :target (which a closed modal would still match).
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  // Links to #contact elsewhere on the page (the plan buttons) open the modal too.
  useEffect(() => {
    const openFromHash = () => {
      if (window.location.hash !== '#contact') return;
      history.replaceState(null, '', window.location.pathname + window.location.search);
      setStatus('idle');
      dialog.open();
    };
    openFromHash();
    window.addEventListener('hashchange', openFromHash);
    return () => window.removeEventListener('hashchange', openFromHash);
  }, [dialog]);
  const canSend = isContactComplete(values) && status !== 'sending';

  function openModal(event: { preventDefault(): void }) {
    event.preventDefault();
    setStatus('idle');
    dialog.open();
  }

  function change(field: ContactField, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    setServerErrors((e) => ({ ...e, [field]: undefined }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSend) return;
    setStatus('sending');
    try {
      await postJson(api.contact, values);
      setStatus('sent');
      setValues(EMPTY);
    } catch {
      setStatus('failed');
    }
  }

  function cancel(event: { preventDefault(): void }) {
    event.preventDefault();
    dialog.close();
  }

  return (
    <>
      <a className={props.buttonClass ?? 'btn btn-primary'} href="#contact" onClick={openModal}>
        {props.buttonLabel}
      </a>
      <dialog
        ref={dialog.ref}
        id="contact"
        className="modal modal-contact"
        data-live={live || undefined}
        aria-labelledby={`${id}title`}
        open={props.open || undefined}
      >
        <form className="modal-body" method="post" action={pages.contact} noValidate onSubmit={submit}>
          <input type="hidden" name="return_to" value={props.returnTo} />
          <div className="modal-head">
            <h2 id={`${id}title`}>Contact {PRODUCT_NAME}</h2>
            <a className="close" href={props.returnTo} aria-label="Close" onClick={cancel}>
              ×
            </a>
          </div>
          <RequiredNote />
          {FIELDS.map((f) => (
            <Field
              key={f.name}
              id={`${id}${f.name}`}
              name={f.name}
              label={f.label}
              type={f.type}
              autoComplete={f.autoComplete}
              placeholder={f.placeholder}
              maxLength={CONTACT_LIMITS[f.name]}
              required={f.name !== 'firm'}
              value={values[f.name]}
              error={errors[f.name]}
              onChange={(e) => change(f.name, e.target.value)}
            />
          ))}
          {status === 'sent' && <Alert kind="success">{MESSAGES.contactSent}</Alert>}
          {status === 'failed' && <Alert kind="error">{MESSAGES.contactFailed}</Alert>}
          <div className="modal-actions">
            <a className="btn btn-secondary" href={props.returnTo} onClick={cancel}>
              Cancel
            </a>
            <button type="submit" className="btn btn-primary" disabled={live && !canSend}>
              Contact
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}

export default island('ContactModal', ContactModal);
