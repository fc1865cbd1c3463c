import { createContext, useContext } from 'react';
import type { AssetManifest } from '../src/http/assets';
import type { MenuItem } from '../src/shared/constants';
import type { SessionUser } from '../src/shared/session';
import type { Language } from '../src/shared/people';
import type { Flash } from '../src/http/flash';

/** A firm's look for its signed-in members: its stylesheet (primary color), its logo and its name. */
export type PageBranding = { themeHref: string; logoHref?: string; firmName: string };

export type IslandUse = { name: string; trigger: Trigger };
export type Trigger = 'load' | 'idle' | 'visible' | 'interaction';

/** Per-request facts every view may need, and the islands this render used. */
export type RenderContextValue = {
  manifest: AssetManifest;
  nonce: string;
  user?: SessionUser;
  csrfToken?: string;
  /** A form's outcome, carried across its redirect. */
  flash?: Flash;
  path: string;
  year: number;
  publicUrl: string;
  apiBaseUrl: string;
  /** The IANA time zone this page shows times in: the signed-in user's firm's, else the platform's TIME_ZONE. */
  timeZone: string;
  /** The signed-in person's firm's look; none for staff and visitors (the product's own). */
  branding?: PageBranding;
  /** The signed-in person's menu (SPEC §2), from the declared pages; none for visitors. */
  menu?: MenuItem[];
  /** The language the page speaks: a client's own in the portal, else English. */
  language: Language;
  islands: IslandUse[];
};

export const RenderContext = createContext<RenderContextValue | null>(null);

export function useRenderContext(): RenderContextValue {
  const value = useContext(RenderContext);
  if (!value) throw new Error('views must be rendered through render()');
  return value;
}
