import type { Request, Response } from 'express';
import type { z } from 'zod';
import type { ReceivedFile, UploadSpec } from '../http/multipart';
import type { FirmContext } from '../http/context';
import type { HttpMethod } from '../shared/access';
import type { Role, SessionUser } from '../shared/session';

/** A role's default flags on an action, as seeded: read, write, delete. */
export type Grant = '' | 'r' | 'w' | 'd' | 'rw' | 'rd' | 'wd' | 'rwd';

/** What the catalog knows of an action: its row, as the product seeds it. */
export type ActionMeta = {
  name: string;
  description: string;
  category: string;
  method: HttpMethod;
  /** The route under the API, with its parameters in braces: '/firms/{id}'. */
  route: string;
  /** The flags each role starts with; a role left out starts with none. */
  grants?: Partial<Record<Role, Grant>>;
  /** Open to everyone, signed in or not (sign-in, contact, health): no role flags. */
  public?: boolean;
  /**
   * It reaches only the signed-in person's own records (their account, a client's portal): the only kind
   * of action the `client` role can be granted, so no matrix edit can open a firm's records to a client.
   */
  own?: true;
  /** Seeded inactive (SPEC §3: Delete Firm). */
  inactive?: boolean;
  /** What stops working while the action is off; staff are asked to confirm before turning it off. */
  whenOff?: string;
  /**
   * A heavy operation (an import, an export, a backup, a report, a packet): a person and a firm run only
   * a few at once (src/http/heavy-limit.ts), each until its answer has been sent; one more answers 429.
   */
  heavy?: true;
};

/**
 * What a run gets: its services, the signed-in person (always there for an action that is not public:
 * the matrix refuses anyone else before it runs) with their firm as this request read it, and the request.
 */
export type ActionContext<D, Public extends boolean = boolean> = {
  deps: D;
  actor: Public extends true ? SessionUser | undefined : SessionUser;
  /** The actor's firm (its name, time zone and page settings), read once per request; none for staff. */
  firm: FirmContext | undefined;
  /** The route's parameters, each a well-formed ID. */
  params: Record<string, string>;
  /** The file an upload action received (see ActionSpec.upload); undefined when none was sent. */
  file?: ReceivedFile;
  req: Request;
  res: Response;
};

/** Where a successful form lands, and the message it shows there. */
export type FormDone = { to: string; flash?: string; kind?: 'success' | 'error' };

/** Why a form was refused: shown on the page it came from, with the values the person entered. */
export type Refusal = {
  status: number;
  message: string;
  fields?: Record<string, string | undefined>;
  /** The refusal as thrown, for a form that shows it on the error page instead. */
  error?: unknown;
};

export type FormSpec<D, O, Public extends boolean = boolean> = {
  /** The page path the form posts to, in Express syntax ('/reti/firms/:id/edit'); or each of several. */
  path: string | string[];
  /** The posted fields as the action's input; by default the body's text fields. */
  input?: (body: Record<string, string>, req: Request) => unknown;
  /** The form's own schema, when the page asks more than the API (a password typed twice). */
  schema?: z.ZodType;
  /** Where to go next; or 'shown' once it has rendered the outcome on the same page (an import's refused rows). */
  done(ctx: ActionContext<D, Public>, output: O): FormDone | 'shown' | Promise<FormDone | 'shown'>;
  /**
   * Renders the form's page again with the refusal and the values entered (status from the refusal). The
   * refusal may come before the matrix let the person in, so the actor may be missing here.
   */
  refused(ctx: ActionContext<D, true>, refusal: Refusal, body: Record<string, unknown>): Promise<void> | void;
  /** A fault while running (not a refusal), logged first: the page that says so, where SPEC words it. */
  faulted?(ctx: ActionContext<D, true>, body: Record<string, unknown>): Promise<void> | void;
};

export type ActionSpec<D, S extends z.ZodType | undefined, O, Public extends boolean = false> = Omit<
  ActionMeta,
  'public'
> & {
  /** Open to everyone, signed in or not (sign-in, contact, health): no role flags, and maybe no actor. */
  public?: Public;
  /** Parses the JSON body (POST, PUT, PATCH) or the query string (GET, DELETE). */
  input?: S;
  /** The message when a route parameter is no ID at all (then nothing can match it: 404). */
  notFound?: string;
  /** What the route's parameters look like when they are not IDs (a form code such as I-130): kept as sent. */
  paramPattern?: RegExp;
  /** A refused input answers 422 with every field's message; this answers 400 with one message instead. */
  badInput?: string;
  run(ctx: ActionContext<D, Public>, input: S extends z.ZodType ? z.output<S> : undefined): Promise<O>;
  /**
   * The action takes one file, sent as multipart/form-data beside its fields: the kit checks the matrix
   * and the CSRF token before a byte of it is stored, streams it to a temporary file in `dir` (default the
   * system's) and hands it to run as ctx.file. The text fields are the input.
   */
  upload?: UploadSpec & { dir?(deps: D): string };
  /** The JSON answer's status: 200 by default, 204 when the answer is empty. */
  status?: number | ((output: O) => number);
  /** The JSON answer made from the run's output (by default the output itself; undefined: no body). */
  answer?: (output: O) => unknown;
  /** The same change as a page form without JavaScript: parse, check, run, then 303 or the page again. */
  form?: FormSpec<D, O, Public>;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyAction<D = any> = ActionSpec<D, any, any, any>;

/**
 * Declares the actions of a feature whose run functions need `D` (its services): one declaration gives
 * the API route, the permission check, the no-JS form route, the page's "may this user" check and the
 * catalog row.
 */
export const declareFor =
  <D>() =>
  <S extends z.ZodType | undefined = undefined, O = void, Public extends boolean = false>(
    spec: ActionSpec<D, S, O, Public>,
  ): ActionSpec<D, S, O, Public> =>
    spec;

/** '/firms/{id}' → '/firms/:id'. */
export const expressPath = (route: string) => route.replace(/\{(\w+)\}/g, ':$1');

/** The parameter names of a route, in order. */
export const paramsOf = (route: string) => [...route.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);

/**
 * The catalog row a page read is checked as: a read the pages make that the API answers another way is
 * decided by the row of the API action that shows the same data, so revoking that row closes the page too.
 * Such reads have no route of their own.
 */
export const checkedAs = ({ name, description, category, method, route, grants }: ActionMeta) => ({
  name,
  description,
  category,
  method,
  route,
  grants,
});
