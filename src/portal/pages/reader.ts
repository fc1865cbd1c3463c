import type { PageContext } from '../../access/page';
import { getPortalMe } from '../actions';
import type { PortalMe } from '../service';

/** The client's own words follow them to pages outside the portal (their account) for this session. */
export async function portalReader(ctx: PageContext): Promise<PortalMe> {
  const me = await ctx.read(getPortalMe);
  if (ctx.req.session.user && ctx.req.session.user.language !== me.language)
    ctx.req.session.user.language = me.language;
  return me;
}
