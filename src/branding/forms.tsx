import type { Request, Response } from 'express';
import { LogoPage } from '../../views/admin/LogoPage';
import type { Refusal } from '../access/action';
import type { Renderer } from '../http/render';
import type { BrandingService } from './service';

const META = {
  title: 'Logo',
  description: "Set or remove the firm's logo, shown in the header for its users.",
  noindex: true,
};

/** Why each logo control is off for this user (the matrix), as the buttons show it. */
export type Disabled = { uploadDisabled?: string; removeDisabled?: string };

/** The logo page: the current logo and the form, with a refusal and its status when a file was refused. */
export async function showLogoPage(
  deps: { branding: BrandingService; render: Renderer },
  req: Request,
  res: Response,
  state: Disabled & { refusal?: Refusal } = {},
) {
  const current = req.context.firm?.branding;
  deps.render(
    req,
    res,
    <LogoPage
      firmName={current?.firmName ?? ''}
      logoHref={current?.logoHref}
      error={state.refusal ? (state.refusal.fields?.logo ?? state.refusal.message) : undefined}
      uploadDisabled={state.uploadDisabled}
      removeDisabled={state.removeDisabled}
    />,
    { meta: META, status: state.refusal?.status ?? 200 },
  );
}
