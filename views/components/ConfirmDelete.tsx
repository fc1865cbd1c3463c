import type { ReactNode } from 'react';
import { Alert } from '../../islands/ui/form';
import { useRenderContext } from '../context';

type Props = {
  /** The page's heading. */
  title: ReactNode;
  titleClassName?: string;
  /** Why the delete just posted was refused. */
  refusal?: string;
  /** Why it cannot be done at all (the permission matrix, the action off): the button is shown disabled. */
  disabled?: string;
  /** What deleting does, said before the button (and anything else the page adds above it). */
  children: ReactNode;
  /** Where the form posts. */
  action: string;
  /** Where Cancel goes. */
  cancelHref: string;
  /** The button's word ("Delete"; a user is removed, a pending account rejected). */
  submitLabel?: string;
};

/** A delete, confirmed first: a plain form, so it works without JavaScript, saying why it cannot be used. */
export function ConfirmDelete({
  title,
  titleClassName,
  refusal,
  disabled,
  children,
  action,
  cancelHref,
  submitLabel = 'Delete',
}: Props) {
  const { csrfToken } = useRenderContext();
  const reason = refusal ?? disabled;
  return (
    <section className="narrow card">
      <h1 className={titleClassName}>{title}</h1>
      {reason && <Alert kind="error">{reason}</Alert>}
      {children}
      <form method="post" action={action}>
        <input type="hidden" name="_csrf" value={csrfToken} />
        <div className="form-actions">
          <button
            type="submit"
            className="btn btn-danger"
            disabled={disabled !== undefined}
            aria-describedby={disabled ? 'delete-disabled-reason' : undefined}
          >
            {submitLabel}
          </button>
          <a className="btn btn-secondary" href={cancelHref}>
            Cancel
          </a>
        </div>
        {disabled && (
          <p className="visually-hidden" id="delete-disabled-reason">
            {disabled}
          </p>
        )}
      </form>
    </section>
  );
}
