import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';

declare module 'express-serve-static-core' {
  interface Request {
    /** This request's ID: the caller's X-Request-Id when well-formed, else a fresh UUID. */
    id: string;
    /** The logger for this request: every line it writes carries `reqId`. */
    log: Logger;
  }
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;
/** An invitation or password reset link is a password of sorts: its token never reaches the log. */
const SECRET_PATH = /^(\/invite\/|\/password\/reset\/)[^/?#]+/i;
const loggableUrl = (url: string) => url.replace(SECRET_PATH, '$1[token]');

export type RequestLog = {
  /**
   * The request's ID (the caller's X-Request-Id when well-formed, else a fresh UUID), with its one log line
   * written when the response is done. It works on Node's own request, so a page answered before Express
   * (an anonymous page kept in memory) is logged alike; the caller sends the ID as X-Request-Id.
   */
  begin(req: IncomingMessage, res: ServerResponse): string;
  /** begin() for every request Express handles, giving it req.id, req.log and the X-Request-Id header. */
  middleware: RequestHandler;
};

/**
 * Gives each request its ID (echoed as X-Request-Id, and carried by error responses) and writes one
 * log line when the response is done. pino-http does the same with more machinery per request
 * (serializers, wrapped loggers, three listeners), which cost a cached page a quarter of its throughput.
 */
export function requestLog(logger: Logger): RequestLog {
  // Error lines are the last to be silenced: below that level no line is ever written.
  const logsRequests = logger.isLevelEnabled('error');

  function begin(req: IncomingMessage, res: ServerResponse): string {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
    if (logsRequests) {
      const started = performance.now();
      // Express rewrites req.url as it routes; the log line names the path as it came.
      const url = loggableUrl(req.url ?? '');
      res.once('finish', () => {
        const status = res.statusCode;
        const level = status >= 500 ? 'error' : 'info';
        if (!logger.isLevelEnabled(level)) return;
        logger[level](
          {
            reqId: id,
            req: { method: req.method, url },
            res: { statusCode: status },
            responseTime: Math.round(performance.now() - started),
          },
          status >= 500 ? 'request errored' : 'request completed',
        );
      });
    }
    return id;
  }

  return {
    begin,
    middleware: (req, res, next) => {
      const id = begin(req, res);
      req.id = id;
      res.setHeader('X-Request-Id', id);
      // Made on first use: most requests log nothing but their one line, and a child logger costs a cached
      // page a tenth of its throughput.
      let log: Logger | undefined;
      Object.defineProperty(req, 'log', {
        configurable: true,
        get: () => (log ??= logger.child({ reqId: id })),
        set: (value: Logger) => void (log = value),
      });
      next();
    },
  };
}
