import { Field } from '../../islands/ui/form';

/**
 * A change that needs its reason (dismiss a deadline, withdraw a table): a button that opens, without
 * JavaScript, a small form asking why.
 */
export function ReasonForm(props: {
  action: string;
  csrfToken: string;
  /** Unique on the page: the reason field's id. */
  id: string;
  open: string;
  submit: string;
  /** The same submit said in full, for screen readers ("Dismiss: RFE response (RI-2026-0042)"). */
  submitLabel?: string;
  hidden?: Record<string, string>;
}) {
  return (
    <details>
      <summary className="btn btn-small btn-secondary">{props.open}</summary>
      <form method="post" action={props.action}>
        <input type="hidden" name="_csrf" value={props.csrfToken} />
        {Object.entries(props.hidden ?? {}).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Field id={props.id} name="reason" label="Reason" required maxLength={500} />
        <button type="submit" className="btn btn-small btn-danger-outline" aria-label={props.submitLabel}>
          {props.submit}
        </button>
      </form>
    </details>
  );
}
