import type { Router } from 'express';

type Layer = {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  /** The path a sub-router is mounted at ('/' when mounted without one). */
  rawPath?: unknown;
  handle: { stack?: Layer[] };
};

/** What `all()` answers; listed as each of them so that the catalog must name every one. */
const ALL_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

const join = (prefix: string, path: string) => `${prefix}${path === '/' ? '' : path}` || '/';

/**
 * The method and path of every route registered on a router, including its sub-routers, with the
 * paths they are mounted at. The permission check relies on it to tell a real route from none: a
 * route missing here would pass unchecked.
 */
export function listRoutes(router: Router): Array<{ method: string; path: string }> {
  const found: Array<{ method: string; path: string }> = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = ([] as unknown[]).concat(layer.route.path).filter((p) => typeof p === 'string');
        for (const [method, on] of Object.entries(layer.route.methods)) {
          if (!on) continue;
          const methods = method === '_all' ? ALL_METHODS : [method.toUpperCase()];
          for (const path of paths)
            for (const m of methods) found.push({ method: m, path: join(prefix, path) });
        }
      } else if (layer.handle.stack) {
        const mount = typeof layer.rawPath === 'string' ? layer.rawPath.replace(/\/$/, '') : '';
        walk(layer.handle.stack, prefix + mount);
      }
    }
  };
  walk((router as unknown as { stack: Layer[] }).stack, '');
  return found;
}
