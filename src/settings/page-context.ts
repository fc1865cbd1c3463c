import type { RequestHandler } from 'express';
import type { FirmPageContext, SettingsService } from './service';

declare module 'express-serve-static-core' {
  interface Locals {
    /** The signed-in user's firm, as its pages need it (time zone, idle timeout, look). */
    firm?: FirmPageContext;
  }
}

/** Reads, once per request of a firm's signed-in member, what that firm's settings say about its pages. */
export function firmPageContext(settings: Pick<SettingsService, 'pageContextOf'>): RequestHandler {
  return async (req, res, next) => {
    const firmId = req.session?.user?.firmId;
    if (firmId) res.locals.firm = await settings.pageContextOf(firmId);
    next();
  };
}
