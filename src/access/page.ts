import type { Request, Response } from 'express';
import type { ReactElement } from 'react';
import type { z } from 'zod';
import type { PageMeta } from '../../views/Document';
import type { FirmContext } from '../http/context';
import type { FileAnswer } from '../http/file-answer';
import type { IconName } from '../shared/constants';
import type { Language } from '../shared/people';
import type { Role, SessionUser } from '../shared/session';
import type { AnyAction, FormDone, Refusal } from './action';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type OutputOf<A> = A extends { run(...args: any[]): Promise<infer O> } ? O : never;

/** What a page's loader and view get: the request's facts, its parsed parameters and query, and its reads. */
export type PageContext<Q = unknown> = {
  /** The signed-in person (the area's guard let them in); undefined on a public page. */
  actor: SessionUser | undefined;
  firm: FirmContext | undefined;
  /** The path's parameters, each a well-formed ID (or as the page's `params` pattern says). */
  params: Record<string, string>;
  query: Q;
  req: Request;
  res: Response;
  /**
   * Runs one of the page's declared reads, already checked against the matrix for this person: the only
   * way a loader reaches data, so a page can never show what its declared reads do not cover.
   */
  read<A extends AnyAction>(
    action: A,
    args?: { params?: Record<string, string>; input?: unknown },
  ): Promise<OutputOf<A>>;
  /** Why each control the page offers is refused to this person now; absent where they may use it. */
  closed: Record<string, string | undefined>;
  /** A form of this page that was just posted: why it was refused and what was typed, or what it did. */
  form?: PageFormState;
};

export type PageFormState = {
  /** The form's action name, so a page with several forms knows which one this is. */
  action: string;
  refusal?: Refusal;
  /** The fields as posted, to fill the form again. */
  values: Record<string, unknown>;
  /** What a form whose outcome is shown on its own page answered (an import's refused rows). */
  outcome?: unknown;
};

/** What a page renders: its view, its head, and its status when not 200. */
export type PageAnswer = {
  view: ReactElement;
  meta: PageMeta;
  status?: number;
  /** '/' has no header; every other page the full layout. */
  layout?: 'full' | 'bare';
  /** The same for every anonymous visitor: rendered and compressed once (see the renderer). */
  cacheable?: boolean;
  /** The language it speaks, when not English (a client's portal). */
  language?: Language;
};

/** A form on a page: the declared action it runs, and where it leads once done. */
export type PageForm = {
  action: AnyAction;
  /** Where it posts, in Express syntax; the page's own path when left out. */
  path?: string | string[];
  /**
   * Whether a post is this form's, when several forms post to one path (the button pressed: `intent`);
   * a post it declines goes on to the next form of that path.
   */
  when?: (fields: Record<string, string>) => boolean;
  /** The posted fields as the action's input; by default the body's text fields. */
  input?: (fields: Record<string, string>, ctx: PageContext) => unknown;
  /** The form's own schema, when the page asks more than the API (a password typed twice). */
  schema?: z.ZodType;
  /**
   * Where to go next (303, with a flash), or `{ show }` to render the page again with the outcome (an
   * import's refused rows). A refusal renders the page again by itself, with the values typed.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  done(ctx: PageContext, output: any): FormDone | { show: unknown } | Promise<FormDone | { show: unknown }>;
  /**
   * A refusal, when it is not to be shown on this page: somewhere to go instead (a 303 with the message as
   * its flash). Throwing (refusal.error) shows the error page; undefined renders this page again.
   */
  refused?: (ctx: PageContext, refusal: Refusal) => FormDone | undefined;
  /** A fault while running (not a refusal), logged first: the page saying so where SPEC words it. */
  faulted?: (ctx: PageContext) => PageAnswer | Promise<PageAnswer>;
};

/** A page in its area's menu (SPEC §2: the labels, paths, icons and order are the menus'). */
export type MenuEntry = { role: Role; order: number; id: string; label: string; icon: IconName };

export type PageSpec<Q = unknown, Data = unknown> = {
  /** Its path, in Express syntax ('/reti/firms/:id'); or each of several (one page in two areas). */
  path: string | string[];
  /**
   * The actions whose data it shows. Each is checked against the matrix before the page loads anything: a
   * refused one answers the refusal's page (403), so a revoked read shows none of its data.
   */
  reads: AnyAction[];
  /**
   * The actions whose controls it shows: each control is disabled, with the reason, while the matrix
   * refuses it to this person (ctx.closed, by the same key).
   */
  offers?: Record<string, AnyAction>;
  /**
   * The reads of one part of the page (a settings panel, a check run on demand): not checked up front, so
   * a refused one costs only its part. Its refusal is in ctx.closed by the same key, and ctx.read refuses
   * it as the matrix does.
   */
  parts?: Record<string, AnyAction>;
  /** Parameters that are not IDs (a form code such as I-130); every other one must be a UUID. */
  params?: Record<string, RegExp>;
  /**
   * A path parameter that is no ID names nothing: 404 with this message (by default its first read's
   * notFound). With `passOn`, the request goes on to the routes after this page's instead (/cases/import
   * is no case).
   */
  notFound?: string;
  passOn?: boolean;
  /** The query string, parsed; a refused one answers 400 with the schema's message. */
  query?: z.ZodType<Q>;
  /** What the view shows, read only through ctx.read; or a file to answer instead, where to go instead,
   * or an answer it sends itself. */
  load?(ctx: PageContext<Q>): Promise<Data | FileAnswer | PageRedirect | PageSend>;
  render(data: Data, ctx: PageContext<Q>): PageAnswer;
  /** The forms it holds: posted, a refusal renders this page again with the refusal and the values. */
  forms?: PageForm[];
  /** Its entry in its area's menu. */
  menu?: MenuEntry;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyPage = PageSpec<any, any>;

/**
 * A loader's answer that this page is not for this request now: 303 to `to`, with a flash when given (the
 * sign-in step's pages send a person to the step they are on; /login sends the signed-in home).
 */
export class PageRedirect {
  constructor(
    readonly to: string,
    readonly flash?: { kind: 'success' | 'error'; message: string },
  ) {}
}

/**
 * A loader's answer it sends itself, in a form of its own (the recovery codes' text file, under the headers
 * it has always had); nothing is rendered.
 */
export class PageSend {
  constructor(readonly send: (res: Response) => void) {}
}

/** See PageRedirect. */
export const redirectTo = (to: string, flash?: PageRedirect['flash']) => new PageRedirect(to, flash);

/** Declares a page: its path, what it reads and offers, how it loads and what it renders, its forms. */
export const page = <Q = unknown, Data = unknown>(spec: PageSpec<Q, Data>): PageSpec<Q, Data> => spec;

/** A path that only leads elsewhere (an area's entry path, /user): it reads nothing and always redirects. */
export const redirectPage = (path: string, to: (ctx: PageContext) => string): AnyPage =>
  page({
    path,
    reads: [],
    load: async (ctx) => redirectTo(to(ctx)),
    render: () => {
      throw new Error(`${path} only redirects.`);
    },
  });
