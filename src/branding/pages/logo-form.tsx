import { PRODUCT_NAME } from '../../shared/constants';
import { pages } from '../../shared/paths';
import { Alert, Field, RequiredNote } from '../../../islands/ui/form';
import { useRenderContext } from '../../../views/context';

export type LogoFormProps = {
  firmName: string;
  /** The current logo's URL; none when the firm has no logo. */
  logoHref?: string;
  /** Why the file just sent was refused. */
  error?: string;
  /** Why the logo cannot be changed or removed now (the action is off, or the role lacks it). */
  uploadDisabled?: string;
  removeDisabled?: string;
};

/**
 * The firm's logo (Settings, Appearance): the current one, an upload form (multipart, so it works without
 * JavaScript) and, when there is a logo, a remove button.
 */
export function LogoForm({ firmName, logoHref, error, uploadDisabled, removeDisabled }: LogoFormProps) {
  const { csrfToken } = useRenderContext();
  return (
    <>
      <div className="logo-preview">
        {logoHref ? (
          <img src={logoHref} alt={`Current logo of ${firmName}`} />
        ) : (
          <p className="muted">{`No logo yet: the header shows the ${PRODUCT_NAME} logo.`}</p>
        )}
      </div>
      {uploadDisabled && <Alert kind="error">{uploadDisabled}</Alert>}
      <div className="logo-forms">
        {/* The token comes before the file, so the server reads it first. */}
        <form method="post" action={pages.admin.settingsLogo} encType="multipart/form-data">
          <input type="hidden" name="_csrf" value={csrfToken} />
          <RequiredNote />
          <Field
            id="logo"
            name="logo"
            type="file"
            label={logoHref ? 'New logo' : 'Logo'}
            accept=".png,.svg,image/png,image/svg+xml"
            required
            error={error}
            hint="PNG or SVG, at most 512 KB. Scripts and links to other sites are removed from SVG files."
          />
          <div className="form-actions">
            <button type="submit" className="btn btn-primary" disabled={uploadDisabled !== undefined}>
              Upload logo
            </button>
          </div>
        </form>
        {logoHref && (
          <form method="post" action={pages.admin.settingsLogoDelete}>
            <input type="hidden" name="_csrf" value={csrfToken} />
            <div className="form-actions">
              <button
                type="submit"
                className="btn btn-secondary"
                disabled={removeDisabled !== undefined}
                aria-describedby={removeDisabled ? 'logo-remove-disabled' : undefined}
              >
                Remove logo
              </button>
            </div>
            {removeDisabled && (
              <p className="muted" id="logo-remove-disabled">
                {removeDisabled}
              </p>
            )}
          </form>
        )}
      </div>
    </>
  );
}
