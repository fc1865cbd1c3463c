import type { SettingsService } from '../settings/service';
import { darkerShade, HEX_COLOR } from '../shared/colors';
import { ServiceError } from '../shared/errors';
import { DEFAULT_PRIMARY_COLOR } from '../shared/settings';
import type { SessionUser } from '../shared/session';
import { type Sandbox, WorkerStoppedError } from '../documents/sandbox';
import type { ReceivedFile } from '../http/multipart';
import { type Logo, readLogo, type SvgSanitizer } from './logo';

const NOT_FOUND = 'Not found.';
const NO_FIRM = "Only a firm's administrator can change its logo.";

/** A firm's stylesheet: its primary color and the darker shade buttons take on hover. */
export function themeCss(primaryColor: string): string {
  // The column's CHECK allows only #rrggbb; checked again, as this text goes into CSS as it is.
  const primary = HEX_COLOR.test(primaryColor) ? primaryColor.toLowerCase() : DEFAULT_PRIMARY_COLOR;
  return `:root {\n  --primary: ${primary};\n  --primary-dark: ${darkerShade(primary)};\n}\n`;
}

/**
 * A firm's look on its pages: the stylesheet with its primary color, and its logo in the header. Both are
 * served only to the firm's own signed-in members (anyone else: not found), at URLs that change with
 * the settings' version, so browsers may keep them for good.
 */
/** An SVG that takes the sanitizer longer than this (or more memory than its worker has) is refused. */
const SVG_SANITIZE_MS = 15_000;

export function createBrandingService(deps: {
  settings: Pick<SettingsService, 'brandingOf' | 'saveLogo'>;
  sandbox: Pick<Sandbox, 'run'>;
}) {
  const { settings } = deps;
  // In a sandbox worker: DOMPurify's time grows fast with a file's nesting, and must never hold the web process.
  const sanitizeSvg: SvgSanitizer = (text) =>
    deps.sandbox.run({ type: 'svg', text }, { timeoutMs: SVG_SANITIZE_MS }).then(
      (clean) => clean ?? undefined,
      (error: unknown) => {
        if (error instanceof WorkerStoppedError) return 'complex' as const;
        throw error;
      },
    );
  const member = (user: SessionUser | undefined, firmId: string) => {
    if (!user?.firmId || user.firmId !== firmId) throw new ServiceError('not-found', NOT_FOUND);
  };
  const firmOfActor = (actor: SessionUser) => {
    if (!actor.firmId) throw new ServiceError('forbidden', NO_FIRM);
    return actor.firmId;
  };

  return {
    async stylesheet(
      user: SessionUser | undefined,
      firmId: string,
    ): Promise<{ version: string; css: string }> {
      member(user, firmId);
      const branding = await settings.brandingOf(firmId);
      return { version: branding.version, css: themeCss(branding.primaryColor) };
    },

    async logo(user: SessionUser | undefined, firmId: string): Promise<Logo & { version: string }> {
      member(user, firmId);
      const branding = await settings.brandingOf(firmId);
      if (!branding.logo) throw new ServiceError('not-found', NOT_FOUND);
      // A Buffer whatever the driver gives (PGlite: a Uint8Array), so it is sent as bytes.
      return { type: branding.logo.type, bytes: Buffer.from(branding.logo.bytes), version: branding.version };
    },

    /** An uploaded file as a logo (its SVG sanitized off the event loop), or why it is not one. */
    readLogo: (file: ReceivedFile | undefined) => readLogo(file, sanitizeSvg),

    /** Sets the firm's logo, already read and sanitized (see readLogo); audited by the settings service. */
    async saveLogo(actor: SessionUser, logo: Logo): Promise<{ hasLogo: boolean; version: string }> {
      const saved = await settings.saveLogo(actor, firmOfActor(actor), logo);
      return { hasLogo: true, version: saved.version };
    },

    async removeLogo(actor: SessionUser): Promise<{ hasLogo: boolean; version: string }> {
      const firmId = firmOfActor(actor);
      if (!(await settings.brandingOf(firmId)).logo)
        throw new ServiceError('not-found', 'Your firm has no logo to remove.');
      const saved = await settings.saveLogo(actor, firmId, null);
      return { hasLogo: false, version: saved.version };
    },
  };
}

export type BrandingService = ReturnType<typeof createBrandingService>;
