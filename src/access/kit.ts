import { type Request, type Response, Router } from 'express';
import { setFlash } from '../http/flash';
import { parseInput } from '../http/validation';
import { HttpError } from '../http/errors';
import type { HeavyLimiter } from '../http/heavy-limit';
import { ServiceError } from '../shared/errors';
import type { SessionUser } from '../shared/session';
import {
  type ActionContext,
  type ActionMeta,
  type AnyAction,
  expressPath,
  paramsOf,
  type Refusal,
} from './action';
import type { AccessService } from './service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const READS = new Set(['GET', 'DELETE']);

/** A declared action with its services: what pages call, and what a page asks before showing a control. */
export type Bound<O> = {
  meta: ActionMeta;
  /** Checks the matrix for the signed-in user, parses the input, runs: the same path as the API. */
  call(req: Request, res: Response, args?: { params?: Record<string, unknown>; input?: unknown }): Promise<O>;
  /** Why this user may not run the action now (disabled, or not granted), or null when they may. */
  refusalFor(user: SessionUser | undefined): Refusal | null;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type OutputOf<A> = A extends { run(...args: any[]): Promise<infer O> } ? O : never;
export type BoundActions<T> = { [K in keyof T]: Bound<OutputOf<T[K]>> };

/** Each route parameter must be an ID: anything else cannot name a row, so it is simply not found. */
function parseParams(action: AnyAction, raw: Record<string, unknown>): Record<string, string> {
  const params: Record<string, string> = {};
  for (const name of paramsOf(action.route)) {
    const value = raw[name];
    if (typeof value !== 'string' || !(action.paramPattern ?? UUID).test(value))
      throw new ServiceError('not-found', action.notFound ?? 'Not found.');
    params[name] = action.paramPattern ? value : value.toLowerCase();
  }
  return params;
}

function parse(action: AnyAction, raw: unknown, schema = action.input): unknown {
  if (!schema) return undefined;
  try {
    return parseInput(schema, raw);
  } catch (error) {
    if (action.badInput && error instanceof ServiceError)
      throw new HttpError(400, action.badInput, error.fields);
    throw error;
  }
}

/** A refusal the person should see on the form; anything else (a fault) is not one. */
function refusalOf(error: unknown): Refusal | undefined {
  if (error instanceof ServiceError || (error instanceof HttpError && error.status < 500))
    return { status: error.status, message: error.message, fields: error.fields, error };
  return undefined;
}

const bodyOf = (req: Request) =>
  (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;

/** A posted form's text fields; a repeated or odd field counts as empty, and the CSRF token is no input. */
const textFields = (body: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(body)
      .filter(([name]) => name !== '_csrf')
      .map(([name, value]) => [name, typeof value === 'string' ? value : '']),
  );

/**
 * Turns declarations into routes. The API routes are checked by the access middleware in front of the
 * API router (one check for every request, declared or not); form routes and page calls are checked
 * here, against the same row of the matrix, so no page can forget its check.
 */
export function createActionKit(access: AccessService, heavy: HeavyLimiter) {
  const check = async (req: Request, action: AnyAction) => {
    const refused = await access.refusalFor(req.session?.user, action, req.sessionUnavailable);
    if (refused) throw refused;
  };

  /** Runs the action once checked and parsed; a heavy one first takes its person's and firm's slot. */
  async function run<D>(action: AnyAction<D>, ctx: ActionContext<D>, input: unknown) {
    if (action.heavy && ctx.actor) await heavy.acquire(ctx.actor, ctx.res);
    return action.run(ctx, input);
  }

  const contextOf = <D>(deps: D, req: Request, res: Response, params: Record<string, string>) =>
    ({ deps, actor: req.session?.user, params, req, res }) as ActionContext<D>;

  function respond(action: AnyAction, res: Response, output: unknown) {
    const body = action.answer ? action.answer(output) : output;
    if (body === undefined) return void res.status(204).end();
    res
      .status(typeof action.status === 'function' ? action.status(output) : (action.status ?? 200))
      .json(body);
  }

  return {
    /** The JSON API routes of these actions. */
    api<D>(actions: Array<AnyAction<D>>, deps: D): Router {
      const router = Router();
      for (const action of actions) {
        const method = action.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
        router[method](expressPath(action.route), async (req, res) => {
          const params = parseParams(action, req.params);
          const input = parse(action, READS.has(action.method) ? req.query : req.body);
          respond(action, res, await run(action, contextOf(deps, req, res, params), input));
        });
      }
      return router;
    },

    /**
     * The page forms of these actions: parse the route, check the matrix, parse the fields, run, then
     * 303 to the next page with a flash; a refusal renders the form's page again with its status.
     */
    forms<D>(actions: Array<AnyAction<D>>, deps: D): Router {
      const router = Router();
      for (const action of actions) {
        const form = action.form;
        if (!form) continue;
        router.post(form.path, async (req, res) => {
          const body = bodyOf(req);
          const ctx = contextOf(deps, req, res, {});
          try {
            ctx.params = parseParams(action, req.params);
            await check(req, action);
            const fields = textFields(body);
            const input = parse(action, form.input ? form.input(fields, req) : fields, form.schema);
            const done = await form.done(ctx, await run(action, ctx, input));
            if (done.flash) setFlash(req, done.kind ?? 'success', done.flash);
            res.redirect(303, done.to);
          } catch (error) {
            const refusal = refusalOf(error);
            if (refusal) return await form.refused(ctx, refusal, body);
            if (!form.faulted) throw error;
            req.log.error({ err: error }, `${action.name} failed`);
            await form.faulted(ctx, body);
          }
        });
      }
      return router;
    },

    /** The actions with their services, for pages to call and to ask about. */
    bind<D, T extends Record<string, AnyAction<D>>>(actions: T, deps: D): BoundActions<T> {
      const bound = {} as Record<string, Bound<unknown>>;
      for (const [key, action] of Object.entries(actions)) {
        bound[key] = {
          meta: action,
          async call(req, res, args = {}) {
            const params = parseParams(action, args.params ?? {});
            await check(req, action);
            return run(action, contextOf(deps, req, res, params), parse(action, args.input ?? {}));
          },
          refusalFor: (user) => {
            const refused = access.refusalNow(user, action);
            return refused && { status: refused.status, message: refused.message };
          },
        };
      }
      return bound as BoundActions<T>;
    },
  };
}

/**
 * A feature's declared actions with their services: the API routes, the page forms (mounted before the
 * feature's own pages) and the bound actions those pages call.
 */
export function mountActions<D, T extends Record<string, AnyAction<D>>>(kit: ActionKit, actions: T, deps: D) {
  const list = Object.values(actions);
  return { api: kit.api(list, deps), forms: kit.forms(list, deps), bound: kit.bind(actions, deps) };
}

export type ActionKit = ReturnType<typeof createActionKit>;
