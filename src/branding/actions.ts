import type { ReceivedFile } from '../http/multipart';
import { declareFor } from '../access/action';
import { HttpError } from '../http/errors';
import { type Logo, LOGO_MAX_BYTES, LOGO_REFUSALS } from './logo';
import type { BrandingService } from './service';

export type BrandingDeps = { branding: BrandingService };
const action = declareFor<BrandingDeps>();
const CATEGORY = 'Settings';

/** The uploaded file as a logo, or the refusal: 413 too large, 415 not PNG or SVG. */
async function logoOf(branding: BrandingService, file: ReceivedFile | undefined): Promise<Logo> {
  const read = await branding.readLogo(file);
  if (typeof read === 'string') {
    const { status, message } = LOGO_REFUSALS[read];
    throw new HttpError(status, message, { logo: message });
  }
  return read;
}

export const uploadLogo = action({
  name: 'Upload Logo',
  category: CATEGORY,
  description:
    "Set the firm's logo: a PNG or SVG file of at most 512 KB, sent as multipart/form-data (field logo).",
  method: 'POST',
  route: '/settings/appearance/logo',
  grants: { admin: 'w' },
  upload: { field: 'logo', maxBytes: LOGO_MAX_BYTES, tooLarge: LOGO_REFUSALS.size.message },
  run: async ({ deps, actor, file }) => deps.branding.saveLogo(actor, await logoOf(deps.branding, file)),
});

export const removeLogo = action({
  name: 'Remove Logo',
  category: CATEGORY,
  description: "Remove the firm's logo: the header shows the product's logo again.",
  method: 'DELETE',
  route: '/settings/appearance/logo',
  grants: { admin: 'd' },
  run: ({ deps, actor }) => deps.branding.removeLogo(actor),
  answer: () => undefined,
});

export const BRANDING_ACTIONS = { uploadLogo, removeLogo };
