import type { Router } from 'express';

type Layer = {
  route?: { path: string; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
};

/** The method and path of every route registered on a router, including its sub-routers mounted at '/'. */
export function listRoutes(router: Router): Array<{ method: string; path: string }> {
  const found: Array<{ method: string; path: string }> = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const [method, on] of Object.entries(layer.route.methods))
          if (on && method !== '_all') found.push({ method: method.toUpperCase(), path: layer.route.path });
      } else if (layer.handle.stack) {
        walk(layer.handle.stack);
      }
    }
  };
  walk((router as unknown as { stack: Layer[] }).stack);
  return found;
}
