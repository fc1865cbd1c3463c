/**
 * The one form kit of the product, for the views the server renders and for the islands alike: a label
 * (with the required marker), its control, and the field's message, tied together for screen readers.
 */
import type {
  InputHTMLAttributes,
  ReactNode,
  Ref,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from 'react';

type Common = {
  id: string;
  label: string;
  /** The server's (or the live check's) message for this field. */
  error?: string;
  /** A standing hint under the control, such as a password policy. */
  hint?: string;
  /** Spans the whole row of a form grid. */
  wide?: boolean;
  /** Content after the control, inside the field (a show/hide button). */
  after?: ReactNode;
};

const errorId = (id: string) => `${id}-error`;
const hintId = (id: string) => `${id}-hint`;

/** The attributes that tie a control to its message and hint. */
function described(id: string, error?: string, hint?: string) {
  const ids = [error && errorId(id), hint && hintId(id)].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined };
}

/** Required fields are marked alike on every form: a star after the label, hidden from screen readers. */
export function Label({ id, label, required }: { id: string; label: string; required?: boolean }) {
  return (
    <label htmlFor={id}>
      {label}
      {required && (
        <span className="required-mark" aria-hidden="true">
          *
        </span>
      )}
    </label>
  );
}

/**
 * What the star means, said once on every form that has a required field, before its first field. Screen
 * readers skip it: each required control announces itself as required.
 */
export function RequiredNote({ label = 'Required' }: { label?: string }) {
  return (
    <p className="required-note muted" aria-hidden="true">
      <span className="required-mark">*</span> {label}
    </p>
  );
}

function Frame(props: Common & { required?: boolean; children: ReactNode }) {
  return (
    <div className={props.wide ? 'field field-wide' : 'field'}>
      <Label id={props.id} label={props.label} required={props.required} />
      {props.children}
      {props.hint && !props.error && (
        <p className="field-hint muted" id={hintId(props.id)}>
          {props.hint}
        </p>
      )}
      {props.error && (
        <p className="field-error" id={errorId(props.id)}>
          {props.error}
        </p>
      )}
    </div>
  );
}

type FieldProps = Common & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };

export function Field({ id, label, error, hint, wide, after, ...input }: FieldProps) {
  const control = <input id={id} {...described(id, error, hint)} {...input} />;
  return (
    <Frame {...{ id, label, error, hint, wide }} required={input.required}>
      {after ? (
        <div className="field-row">
          {control}
          {after}
        </div>
      ) : (
        control
      )}
    </Frame>
  );
}

type SelectFieldProps = Common &
  SelectHTMLAttributes<HTMLSelectElement> & {
    options: ReadonlyArray<{ value: string; label: string }>;
  };

export function SelectField({ id, label, error, hint, wide, options, ...select }: SelectFieldProps) {
  return (
    <Frame {...{ id, label, error, hint, wide }} required={select.required}>
      <select id={id} {...described(id, error, hint)} {...select}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Frame>
  );
}

type TextAreaFieldProps = Common & TextareaHTMLAttributes<HTMLTextAreaElement>;

export function TextAreaField({ id, label, error, hint, wide, ...area }: TextAreaFieldProps) {
  return (
    <Frame {...{ id, label, error, hint, wide }} required={area.required}>
      <textarea id={id} {...described(id, error, hint)} {...area} />
    </Frame>
  );
}

/** A checkbox with its label after it. */
export function CheckboxField({ id, label, error, ...input }: Omit<FieldProps, 'type' | 'hint' | 'wide'>) {
  return (
    <div className="field field-check">
      <input id={id} type="checkbox" {...described(id, error)} {...input} />
      <label htmlFor={id}>{label}</label>
      {error && (
        <p className="field-error" id={errorId(id)}>
          {error}
        </p>
      )}
    </div>
  );
}

/** Checkboxes that belong together (a role's read, write, delete), under one accessible name. */
export function CheckboxGroup(props: {
  legend: string;
  visuallyHiddenLegend?: boolean;
  children: ReactNode;
}) {
  return (
    <fieldset className="checkbox-group">
      <legend className={props.visuallyHiddenLegend ? 'visually-hidden' : undefined}>{props.legend}</legend>
      {props.children}
    </fieldset>
  );
}

/** A message about the whole form or page: errors interrupt (role alert), successes are announced politely. */
export function Alert({
  kind,
  id,
  children,
}: {
  kind: 'success' | 'error';
  id?: string;
  children: ReactNode;
}) {
  return (
    <p className={`alert alert-${kind}`} id={id} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}
