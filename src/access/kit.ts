import { type Request, type Response, Router } from 'express';
import { csrfRefusal, csrfValid } from '../http/csrf';
import { setFlash } from '../http/flash';
import { afterBody } from '../http/body';
import { type Received, receiveMultipart } from '../http/multipart';
import { parseInput } from '../http/validation';
import { HttpError } from '../http/errors';
import { FileAnswer, sendFileAnswer } from '../http/file-answer';
import type { Renderer } from '../http/render';
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
import { RouteIndex } from './matrix';
import { type AnyPage, type PageContext, type PageForm, PageRedirect, PageSend } from './page';
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
 * An upload action's body: its text fields and its file, read only now, after the matrix was checked.
 * A body that is not multipart (JSON, or a form without a file) was checked for CSRF on its way in.
 */
function receive<D>(action: AnyAction<D>, deps: D, req: Request, res: Response): Promise<Received> {
  const upload = action.upload!;
  if (!req.is('multipart/form-data')) return Promise.resolve({ fields: textFields(bodyOf(req)) });
  return receiveMultipart(req, res, {
    ...upload,
    dir: upload.dir?.(deps),
    tokenValid: (fields) => csrfValid(req, fields),
    badToken: csrfRefusal,
  });
}

/**
 * Turns declarations into routes. The API routes are checked by the access middleware in front of the
 * API router (one check for every request, declared or not); form routes and page calls are checked
 * here, against the same row of the matrix, so no page can forget its check.
 */
export function createActionKit(
  access: AccessService,
  options: { apiPath: string; heavy: HeavyLimiter; render: Renderer },
) {
  const check = async (req: Request, action: AnyAction) => {
    const refused = await access.refusalFor(req.session?.user, action, req.sessionUnavailable);
    if (refused) throw refused;
  };
  /** The routes of upload actions (the API's, and the page forms'), whose multipart bodies check their own CSRF token. */
  const uploads = { api: new RouteIndex<true>(), pages: new RouteIndex<true>() };

  /**
   * A heavy action first takes its person's and firm's slot (held until the answer is sent), before its
   * body is read: a file upload counts from its first byte.
   */
  async function takeSlot<D>(action: AnyAction<D>, ctx: ActionContext<D>) {
    if (action.heavy && ctx.actor) await options.heavy.acquire(ctx.actor, ctx.res);
  }

  /**
   * The services each declared action runs with, recorded as its feature mounts it: a page reads through
   * the actions of any feature (a case's page reads its documents too).
   */
  const depsOf = new Map<AnyAction, unknown>();
  const remember = <D>(actions: Array<AnyAction<D>>, deps: D) => actions.forEach((a) => depsOf.set(a, deps));

  const contextOf = <D>(deps: D, req: Request, res: Response, params: Record<string, string>) =>
    ({ deps, actor: req.session?.user, firm: req.context?.firm, params, req, res }) as ActionContext<D>;

  /** Runs a declared action the caller has checked, with its feature's services. */
  async function runChecked(
    action: AnyAction,
    req: Request,
    res: Response,
    args: { params?: Record<string, string>; input?: unknown },
  ): Promise<unknown> {
    if (!depsOf.has(action))
      throw new Error(`The action ${action.name} is read before its feature mounted it.`);
    const ctx = contextOf(depsOf.get(action), req, res, parseParams(action, args.params ?? {}));
    await takeSlot(action, ctx);
    return action.run(ctx, parse(action, args.input ?? {}));
  }

  async function respond(action: AnyAction, req: Request, res: Response, output: unknown) {
    if (output instanceof FileAnswer) return sendFileAnswer(req, res, output);
    const body = action.answer ? action.answer(output) : output;
    if (body === undefined) return void res.status(204).end();
    res
      .status(typeof action.status === 'function' ? action.status(output) : (action.status ?? 200))
      .json(body);
  }

  return {
    /** Whether a request goes to an upload action's route (API or page form). */
    isUpload: (req: Request) =>
      req.path.toLowerCase().startsWith(`${options.apiPath.toLowerCase()}/`)
        ? uploads.api.find(req.method, req.path.slice(options.apiPath.length)) === true
        : uploads.pages.find(req.method, req.path) === true,

    /** The JSON API routes of these actions. */
    api<D>(actions: Array<AnyAction<D>>, deps: D): Router {
      remember(actions, deps);
      const router = Router();
      for (const action of actions) {
        const method = action.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
        if (action.upload) uploads.api.add(action.method, action.route, true);
        router[method](expressPath(action.route), async (req, res) => {
          const params = parseParams(action, req.params);
          const ctx = contextOf(deps, req, res, params);
          await takeSlot(action, ctx);
          if (action.upload) {
            const received = await receive(action, deps, req, res);
            ctx.file = received.file;
            return respond(action, req, res, await action.run(ctx, parse(action, received.fields)));
          }
          const input = parse(action, READS.has(action.method) ? req.query : req.body);
          await respond(action, req, res, await action.run(ctx, input));
        });
      }
      return router;
    },

    /**
     * The page forms of these actions: parse the route, check the matrix, parse the fields, run, then
     * 303 to the next page with a flash; a refusal renders the form's page again with its status.
     */
    forms<D>(actions: Array<AnyAction<D>>, deps: D): Router {
      remember(actions, deps);
      const router = Router();
      for (const action of actions) {
        const form = action.form;
        if (!form) continue;
        if (action.upload) for (const path of [form.path].flat()) uploads.pages.add('POST', path, true);
        router.post(form.path, async (req, res) => {
          let body = bodyOf(req);
          const ctx = contextOf(deps, req, res, {});
          try {
            ctx.params = parseParams(action, req.params);
            await check(req, action);
            await takeSlot(action, ctx);
            if (action.upload) {
              const received = await receive(action, deps, req, res);
              body = received.fields;
              ctx.file = received.file;
            }
            const fields = textFields(body);
            const input = parse(action, form.input ? form.input(fields, req) : fields, form.schema);
            const done = await form.done(ctx, await action.run(ctx, input));
            if (done === 'shown') return;
            if (done.flash) setFlash(req, done.kind ?? 'success', done.flash);
            res.redirect(303, done.to);
          } catch (error) {
            const refusal = refusalOf(error);
            await afterBody(req);
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
      remember(Object.values(actions), deps);
      const bound = {} as Record<string, Bound<unknown>>;
      for (const [key, action] of Object.entries(actions)) {
        bound[key] = {
          meta: action,
          async call(req, res, args = {}) {
            const params = parseParams(action, args.params ?? {});
            await check(req, action);
            const ctx = contextOf(deps, req, res, params);
            await takeSlot(action, ctx);
            return action.run(ctx, parse(action, args.input ?? {}));
          },
          refusalFor: (user) => {
            const refused = access.refusalNow(user, action);
            return refused && { status: refused.status, message: refused.message };
          },
        };
      }
      return bound as BoundActions<T>;
    },

    /**
     * The routes of declared pages: a GET checks each of the page's reads against the matrix before it
     * loads anything, then loads (through those reads only) and renders; each of its forms posts, runs its
     * action through the same checks as the API, then redirects, or renders the page again with the
     * refusal and the values typed (or with the outcome the form shows in place).
     */
    pages(specs: AnyPage[]): Router {
      const router = Router();
      for (const spec of specs) {
        router.get(spec.path, async (req, res, next) => {
          const params = pageParams(spec, req.params);
          if (!params) return spec.passOn ? next('route') : next(pageNotFound(spec));
          await answerPage(spec, pageContextOf(spec, req, res, params));
        });
        for (const form of spec.forms ?? []) {
          const path = form.path ?? spec.path;
          if (form.action.upload) for (const one of [path].flat()) uploads.pages.add('POST', one, true);
          router.post(path, async (req, res, next) => {
            if (form.when && !form.when(textFields(bodyOf(req)))) return next();
            const params = pageParams(spec, req.params);
            if (!params) return spec.passOn ? next('route') : next(pageNotFound(spec));
            await postForm(spec, form, pageContextOf(spec, req, res, params));
          });
        }
      }
      return router;
    },
  };

  function pageContextOf(
    spec: AnyPage,
    req: Request,
    res: Response,
    params: Record<string, string>,
  ): PageContext {
    const user = req.session?.user;
    const closed: Record<string, string | undefined> = {};
    for (const [key, action] of Object.entries({ ...spec.offers, ...spec.parts }))
      closed[key] = access.refusalNow(user, action)?.message;
    const parts = Object.values(spec.parts ?? {});
    return {
      actor: user,
      firm: req.context?.firm,
      params,
      query: queryOf(spec, req),
      req,
      res,
      closed,
      read: (async (action: AnyAction, args = {}) => {
        if (!spec.reads.includes(action) && !parts.includes(action))
          throw new Error(
            `A page of ${[spec.path].flat()[0]} reads ${action.name}, which it does not declare.`,
          );
        // A part's read is checked when its part asks; the page's own reads were checked before it loaded.
        if (!spec.reads.includes(action)) await check(req, action);
        return runChecked(action, req, res, { params: args.params ?? params, input: args.input });
      }) as PageContext['read'],
    };
  }

  /**
   * Checks each of the page's reads, then loads and renders it (its status: the one given, else the
   * page's own). A form's page shown again checks them too: a refused post shows no more than a GET.
   */
  async function answerPage(spec: AnyPage, ctx: PageContext, status?: number): Promise<void> {
    for (const action of spec.reads) await check(ctx.req, action);
    const data = spec.load ? await spec.load(ctx) : undefined;
    if (data instanceof FileAnswer) return sendFileAnswer(ctx.req, ctx.res, data);
    if (data instanceof PageSend) return data.send(ctx.res);
    if (data instanceof PageRedirect) {
      if (data.flash) setFlash(ctx.req, data.flash.kind, data.flash.message);
      return ctx.res.redirect(303, data.to);
    }
    const answer = spec.render(data, ctx);
    options.render(ctx.req, ctx.res, answer.view, {
      meta: answer.meta,
      status: status ?? answer.status,
      layout: answer.layout,
      cacheable: answer.cacheable,
      language: answer.language,
    });
  }

  async function postForm(spec: AnyPage, form: PageForm, ctx: PageContext): Promise<void> {
    const { req, res } = ctx;
    const { action } = form;
    let fields = textFields(bodyOf(req));
    try {
      await check(req, action);
      const actionCtx = contextOf(depsOf.get(action), req, res, parseParams(action, req.params));
      await takeSlot(action, actionCtx);
      if (action.upload) {
        const received = await receive(action, depsOf.get(action), req, res);
        fields = textFields(received.fields);
        actionCtx.file = received.file;
      }
      const input = parse(action, form.input ? form.input(fields, ctx) : fields, form.schema);
      const done = await form.done(ctx, await action.run(actionCtx, input));
      if ('show' in done) {
        ctx.form = { action: action.name, values: fields, outcome: done.show };
        return await answerPage(spec, ctx);
      }
      if (done.flash) setFlash(req, done.kind ?? 'success', done.flash);
      res.redirect(303, done.to);
    } catch (error) {
      const refusal = refusalOf(error);
      await afterBody(req);
      if (refusal) {
        const elsewhere = form.refused?.(ctx, refusal);
        if (elsewhere) {
          setFlash(req, elsewhere.kind ?? 'error', elsewhere.flash ?? refusal.message);
          return res.redirect(303, elsewhere.to);
        }
        ctx.form = { action: action.name, refusal, values: fields };
        return await answerPage(spec, ctx, refusal.status);
      }
      if (!form.faulted) throw error;
      req.log.error({ err: error }, `${action.name} failed`);
      const answer = await form.faulted(ctx);
      options.render(req, res, answer.view, {
        meta: answer.meta,
        status: answer.status ?? 500,
        layout: answer.layout,
        language: answer.language,
      });
    }
  }
}

/** The page's path parameters, each a well-formed ID (or as its pattern says); null when one is not. */
function pageParams(spec: AnyPage, raw: Record<string, unknown>): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    const pattern = spec.params?.[name];
    if (typeof value !== 'string' || !(pattern ?? UUID).test(value)) return null;
    params[name] = pattern ? value : value.toLowerCase();
  }
  return params;
}

const pageNotFound = (spec: AnyPage) =>
  new ServiceError(
    'not-found',
    spec.notFound ?? spec.reads.find((a) => a.notFound)?.notFound ?? 'Not found.',
  );

/** The page's query string, parsed by its schema; a refused one answers 400 with the schema's words. */
function queryOf(spec: AnyPage, req: Request): unknown {
  if (!spec.query) return {};
  const parsed = spec.query.safeParse(req.query);
  if (!parsed.success)
    throw new HttpError(400, parsed.error.issues[0]?.message ?? 'The address is not valid.');
  return parsed.data;
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
