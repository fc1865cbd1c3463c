import type { Role } from '../shared/session';

export type Capability = 'read' | 'write' | 'delete';
export type Flags = Record<Capability, boolean>;

/** An action of the catalog with its row of the matrix, as the enforcing check needs it. */
export type MatrixAction = {
  id: string;
  name: string;
  method: string;
  route: string;
  isActive: boolean;
  isPublic: boolean;
  roles: Record<Role, Flags>;
  /** Declared `own` (see ActionMeta): a client's flags count only here. */
  forClients: boolean;
};

export type Decision =
  | { kind: 'allow'; action: MatrixAction }
  /** No action of the catalog matches the request. */
  | { kind: 'uncataloged' }
  | { kind: 'inactive'; action: MatrixAction }
  | { kind: 'anonymous'; action: MatrixAction }
  | { kind: 'denied'; action: MatrixAction; capability: Capability };

/** The capability a method needs: GET/HEAD read, DELETE delete, every other method write. */
export function capabilityFor(method: string): Capability {
  if (method === 'GET' || method === 'HEAD') return 'read';
  return method === 'DELETE' ? 'delete' : 'write';
}

/** The canonical prefix of catalog routes; it maps to API_BASE_URL's path. */
export const CATALOG_PREFIX = '/api';

/** A route's segments with each parameter as null: '/api/firms/{id}' and '/firms/:firmId' → ['firms', null]. */
export function segmentsOf(route: string): Array<string | null> {
  const path = route.startsWith(`${CATALOG_PREFIX}/`) ? route.slice(CATALOG_PREFIX.length) : route;
  return path
    .split('/')
    .slice(1)
    .map((s) => (s.startsWith(':') || s.startsWith('{') ? null : s.toLowerCase()));
}

/** The pattern two routes share when they match the same requests. */
export const patternKey = (method: string, route: string) =>
  `${method} /${segmentsOf(route)
    .map((s) => s ?? '{}')
    .join('/')}`;

type Entry<T> = { segments: Array<string | null>; statics: number; value: T };

/**
 * Finds the value registered for a method and path; among patterns that match, the one with the most
 * fixed segments wins ('/firms/new' before '/firms/{id}'). Express matches paths case-insensitively and
 * ignores a trailing slash, and so does this.
 */
export class RouteIndex<T> {
  private readonly buckets = new Map<string, Array<Entry<T>>>();

  add(method: string, route: string, value: T): void {
    const segments = segmentsOf(route);
    const key = `${method} ${segments.length}`;
    const bucket = this.buckets.get(key) ?? [];
    bucket.push({ segments, statics: segments.filter((s) => s !== null).length, value });
    this.buckets.set(key, bucket);
  }

  find(method: string, path: string): T | undefined {
    const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
    const parts = trimmed.toLowerCase().split('/');
    const bucket = this.buckets.get(`${method === 'HEAD' ? 'GET' : method} ${parts.length - 1}`);
    if (!bucket) return undefined;
    let best: Entry<T> | undefined;
    for (const entry of bucket) {
      if ((best?.statics ?? -1) >= entry.statics) continue;
      let matches = true;
      for (let i = 0; i < entry.segments.length; i++) {
        const expected = entry.segments[i];
        const actual = parts[i + 1];
        if (actual === '' || (expected !== null && expected !== actual)) {
          matches = false;
          break;
        }
      }
      if (matches) best = entry;
    }
    return best?.value;
  }
}

/** The permission matrix in memory: one lookup answers whether a role may make a request. */
export class Matrix {
  private readonly index = new RouteIndex<MatrixAction>();
  private readonly byPattern = new Map<string, MatrixAction>();

  constructor(readonly actions: MatrixAction[]) {
    for (const action of actions) {
      this.index.add(action.method, action.route, action);
      this.byPattern.set(patternKey(action.method, action.route), action);
    }
  }

  /** `path` is relative to the API's base path, as the API router sees it. */
  decide(role: Role | undefined, method: string, path: string): Decision {
    return this.judge(role, method, this.index.find(method, path));
  }

  /** The same answer for a declared action, found by its method and route pattern. */
  decideAction(role: Role | undefined, action: { method: string; route: string }): Decision {
    return this.judge(role, action.method, this.byPattern.get(patternKey(action.method, action.route)));
  }

  private judge(role: Role | undefined, method: string, action: MatrixAction | undefined): Decision {
    if (!action) return { kind: 'uncataloged' };
    if (!action.isActive) return { kind: 'inactive', action };
    if (action.isPublic) return { kind: 'allow', action };
    if (!role) return { kind: 'anonymous', action };
    const capability = capabilityFor(method);
    return action.roles[role][capability] && (role !== 'client' || action.forClients)
      ? { kind: 'allow', action }
      : { kind: 'denied', action, capability };
  }
}
