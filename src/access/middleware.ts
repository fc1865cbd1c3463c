import type { RequestHandler, Router } from 'express';
import { ServiceError } from '../shared/errors';
import { listRoutes } from '../http/route-list';
import { RouteIndex } from './matrix';
import { type AccessService, refusal } from './service';

/**
 * The one check in front of every API request: the active action matching its method and route must
 * grant the caller's role the capability the method needs. A real route the catalog does not list is
 * refused (fail closed); a path that is no route at all falls through to the API's 404.
 */
export function enforceAccess(access: AccessService, api: Router): RequestHandler {
  let routes: RouteIndex<true> | undefined;
  const isRoute = (method: string, path: string) => {
    if (!routes) {
      routes = new RouteIndex<true>();
      for (const r of listRoutes(api)) routes.add(r.method, r.path, true);
    }
    return routes.find(method, path) === true;
  };

  return (req, _res, next) => {
    const matrix = access.cached();
    if (!matrix) {
      access.ready().then(
        () => enforce(),
        () =>
          next(
            new ServiceError(
              'unavailable',
              'Access rules could not be loaded. Please try again in a moment.',
            ),
          ),
      );
      return;
    }
    enforce();

    function enforce() {
      const user = req.session?.user;
      const decision = access.cached()!.decide(user?.role, req.method, req.path);
      if (decision.kind === 'uncataloged' && !isRoute(req.method, req.path)) return next();
      next(refusal(decision, user, req.sessionUnavailable) ?? undefined);
    }
  };
}
