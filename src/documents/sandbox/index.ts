/**
 * The sandbox: untrusted files are read in worker processes (dist/analysis-worker.js, see ./worker.ts),
 * never in the web process, so a file that takes gigabytes or minutes costs only its own worker. Each
 * worker runs one task at a time under limits of its own: a V8 heap limit, a resident-memory limit watched
 * here (pdf.js's ArrayBuffers and tesseract's WebAssembly memory lie outside the heap) and a wall-time
 * limit; past one it is killed, its task fails with the reason, and the next task starts a fresh worker.
 * Workers run at a lower CPU priority than the web process, which keeps answering while they work.
 */
import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import { ROOT_DIR } from '../../paths';
import { UnreadableDocumentError } from '../analysis/caps';
import type { Reply, Request, ResultOf, Task } from './protocol';

/** The bundled worker, built by scripts/build.mjs with the server (also before the tests run). */
export const WORKER_ENTRY = path.join(ROOT_DIR, 'dist', 'analysis-worker.js');

export type SandboxLimits = {
  /** Worker processes at once; more tasks wait for one. */
  workers: number;
  /** V8's heap limit (--max-old-space-size). */
  heapMb: number;
  /** The worker's resident memory, everything counted: past it the worker is killed. */
  rssMb: number;
  /** An idle worker ends after this long, giving its memory back. */
  idleMs: number;
};

/**
 * Three workers: the analysis queue's two jobs and an evidence package. A worker holding pdf.js and
 * tesseract idles at about 150 MB; the largest legitimate files (a 2,000-page PDF, a 48 MP photo, ten
 * scanned pages) peak well under the memory limit.
 */
export const SANDBOX_LIMITS: SandboxLimits = {
  workers: 3,
  heapMb: 1024,
  rssMb: 1536,
  idleMs: 5 * 60_000,
};

/** How often a busy worker's resident memory is read. */
const SAMPLE_MS = 50;
/** Workers' nice value: the web process (0) gets the cores first when both want them. */
const NICENESS = 10;
/** All a worker inherits of the environment: no secrets reach the process that parses files. */
const ENV_KEYS = ['PATH', 'NODE_ENV', 'TZ', 'LANG', 'TMPDIR'];
const STDERR_TAIL = 4000;

/** The worker was stopped for passing a limit, or died: its file is what did it, so not tried again. */
export class WorkerStoppedError extends Error {
  override name = 'WorkerStoppedError';
  constructor(
    readonly why: 'memory' | 'time' | 'crash',
    message: string,
  ) {
    super(message);
  }
}

/** The sandbox is closing (the app stops): the task may simply run again later. */
export class SandboxClosedError extends Error {
  override name = 'SandboxClosedError';
  constructor() {
    super('The file reader stopped as the app stops.');
  }
}

type Worker = {
  child: ChildProcess;
  /** Resolves once the worker has loaded and listens; rejects if it dies first. */
  ready: Promise<void>;
  busy: boolean;
  alive: boolean;
  idleTimer?: NodeJS.Timeout;
  stderr: string;
  exited: Promise<void>;
};

/** A process's resident memory in MB (Linux /proc), or undefined where it cannot be read. */
export function residentMb(pid: number): number | undefined {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined;
  }
}

/** Gives a process (or, on Linux, one thread of it) the workers' nice value. */
function lowerPriority(id: number | undefined): void {
  if (id === undefined) return;
  try {
    os.setPriority(id, NICENESS);
  } catch {
    // Not allowed here, or gone: the worker competes with the web process as an equal.
  }
}

/** A process's threads (Linux /proc), or none where they cannot be listed. */
function threadsOf(pid: number): number[] {
  try {
    return fs.readdirSync(`/proc/${pid}/task`).map(Number);
  } catch {
    return [];
  }
}

const duration = (ms: number) =>
  ms >= 60_000 && ms % 60_000 === 0
    ? `${ms / 60_000} minute${ms === 60_000 ? '' : 's'}`
    : `${Math.round(ms / 100) / 10} seconds`;

/** What a worker's answer said went wrong, as the error the caller knows. */
function errorOf(error: { name: string; message: string }): Error {
  if (error.name === 'UnreadableDocumentError') return new UnreadableDocumentError(error.message);
  return Object.assign(new Error(error.message), { name: error.name });
}

export function createSandbox(options: { logger: Logger; limits?: Partial<SandboxLimits>; entry?: string }) {
  const limits = { ...SANDBOX_LIMITS, ...options.limits };
  const entry = options.entry ?? WORKER_ENTRY;
  const { logger } = options;
  const workers = new Set<Worker>();
  const waiting: Array<{ resolve: (worker: Worker) => void; reject: (error: unknown) => void }> = [];
  let sequence = 0;
  let closed = false;

  /** A busy worker keeps the process alive; an idle one does not. */
  function hold(worker: Worker, held: boolean) {
    for (const handle of [worker.child, worker.child.channel, worker.child.stderr])
      (handle as { ref?(): void; unref?(): void } | null | undefined)?.[held ? 'ref' : 'unref']?.();
  }

  function spawnWorker(): Worker {
    if (!fs.existsSync(entry))
      throw new Error(`The file reader is not built (${entry} is missing): run npm run build.`);
    const child = fork(entry, [], {
      execArgv: [`--max-old-space-size=${limits.heapMb}`, '--enable-source-maps'],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      env: Object.fromEntries(ENV_KEYS.flatMap((key) => (process.env[key] ? [[key, process.env[key]]] : []))),
    });
    lowerPriority(child.pid);
    const worker = { child, busy: false, alive: true, stderr: '' } as Worker;
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (text: string) => (worker.stderr = (worker.stderr + text).slice(-STDERR_TAIL)));
    worker.exited = new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.once('error', () => child.pid === undefined && resolve());
    });
    worker.ready = new Promise<void>((resolve, reject) => {
      const onReady = (reply: Reply) => {
        if (!('ready' in reply)) return;
        child.off('message', onReady);
        // Threads the worker started before its priority was lowered (V8's, libuv's) are lowered now;
        // those it starts later inherit it.
        for (const thread of threadsOf(child.pid!)) lowerPriority(thread);
        resolve();
      };
      child.on('message', onReady);
      const notStarted = (why: unknown) =>
        reject(
          closed
            ? new SandboxClosedError()
            : new Error(`The file reader did not start (${String(why)}): ${worker.stderr.trim()}`),
        );
      child.once('exit', (code, signal) => notStarted(code ?? signal));
      child.once('error', notStarted);
    });
    worker.ready.catch(() => undefined);
    // Gone (or never started: a failed spawn may emit no 'exit'): its place is free for the next task.
    const gone = () => {
      if (!worker.alive) return;
      worker.alive = false;
      clearTimeout(worker.idleTimer);
      workers.delete(worker);
      dispatch();
    };
    child.once('exit', gone);
    child.on('error', (error) => {
      logger.warn({ err: error }, 'sandbox worker error');
      if (child.pid === undefined) gone();
    });
    workers.add(worker);
    return worker;
  }

  /** A free worker (an idle one, else a new one while there is room), marked busy. */
  function take(): Worker | undefined {
    for (const worker of workers)
      if (!worker.busy && worker.alive) {
        clearTimeout(worker.idleTimer);
        worker.busy = true;
        hold(worker, true);
        return worker;
      }
    if (workers.size >= limits.workers) return undefined;
    const worker = spawnWorker();
    worker.busy = true;
    return worker;
  }

  function dispatch(): void {
    while (waiting.length && !closed) {
      let worker: Worker | undefined;
      try {
        worker = take();
      } catch (error) {
        waiting.shift()!.reject(error);
        continue;
      }
      if (!worker) return;
      waiting.shift()!.resolve(worker);
    }
  }

  function acquire(signal?: AbortSignal): Promise<Worker> {
    if (closed) return Promise.reject(new SandboxClosedError());
    const free = take();
    if (free) return Promise.resolve(free);
    return new Promise((resolve, reject) => {
      const turn = { resolve, reject };
      waiting.push(turn);
      signal?.addEventListener(
        'abort',
        () => {
          const at = waiting.indexOf(turn);
          if (at < 0) return;
          waiting.splice(at, 1);
          reject(signal.reason);
        },
        { once: true },
      );
    });
  }

  function release(worker: Worker): void {
    worker.busy = false;
    if (worker.alive) {
      hold(worker, false);
      worker.idleTimer = setTimeout(() => worker.child.kill('SIGKILL'), limits.idleMs).unref();
    }
    dispatch();
  }

  /** Why a worker ended by itself, from how it ended and what it last printed. */
  function deathOf(worker: Worker, code: number | null, signal: NodeJS.Signals | null) {
    if (/heap out of memory/i.test(worker.stderr))
      return new WorkerStoppedError('memory', `it took more than ${limits.heapMb} MB of memory`);
    logger.warn(
      { pid: worker.child.pid, code, signal, stderr: worker.stderr.slice(-1000) },
      'sandbox worker died',
    );
    return new WorkerStoppedError(
      'crash',
      `its reader stopped unexpectedly (${signal ? `signal ${signal}` : `exit code ${code}`})`,
    );
  }

  function runOn(worker: Worker, task: Task, timeoutMs: number, signal?: AbortSignal): Promise<unknown> {
    const { child } = worker;
    const pid = child.pid!;
    return new Promise((resolve, reject) => {
      const id = ++sequence;
      let stoppedFor: WorkerStoppedError | undefined;
      let peakMb = 0;
      const stop = (error: WorkerStoppedError) => {
        stoppedFor ??= error;
        logger.warn(
          { pid, task: task.type, peakMb, why: error.why },
          `sandbox worker killed: ${error.message}`,
        );
        child.kill('SIGKILL');
      };
      const timer = setTimeout(
        () => stop(new WorkerStoppedError('time', `it took longer than ${duration(timeoutMs)}`)),
        timeoutMs,
      );
      const watch = setInterval(() => {
        const mb = residentMb(pid);
        if (mb === undefined) return;
        peakMb = Math.max(peakMb, mb);
        if (mb > limits.rssMb && !stoppedFor)
          stop(
            new WorkerStoppedError(
              'memory',
              `it took more than ${limits.rssMb.toLocaleString('en-US')} MB of memory`,
            ),
          );
      }, SAMPLE_MS);
      const settle = () => {
        clearTimeout(timer);
        clearInterval(watch);
        child.off('message', onMessage);
        child.off('exit', onExit);
        signal?.removeEventListener('abort', onAbort);
      };
      const onMessage = (message: Reply) => {
        if (!('id' in message) || message.id !== id) return;
        settle();
        logger.debug({ pid, task: task.type, peakMb }, 'sandbox task done');
        if ('error' in message) reject(errorOf(message.error));
        else resolve(message.result);
      };
      const onExit = (code: number | null, exitSignal: NodeJS.Signals | null) => {
        settle();
        reject(closed ? new SandboxClosedError() : (stoppedFor ?? deathOf(worker, code, exitSignal)));
      };
      const onAbort = () => {
        settle();
        child.kill('SIGKILL');
        reject(signal!.reason);
      };
      child.on('message', onMessage);
      child.on('exit', onExit);
      signal?.addEventListener('abort', onAbort, { once: true });
      child.send({ id, task } satisfies Request);
    });
  }

  return {
    /**
     * Runs `task` in a worker within `timeoutMs`: its result, the worker's own error (an
     * UnreadableDocumentError for a file that cannot be read or passes a cap), a WorkerStoppedError, a
     * SandboxClosedError, or the signal's reason once it aborts (the worker is killed).
     */
    async run<T extends Task>(
      task: T,
      timing: { timeoutMs: number; signal?: AbortSignal },
    ): Promise<ResultOf<T>> {
      timing.signal?.throwIfAborted();
      const worker = await acquire(timing.signal);
      try {
        await worker.ready;
        timing.signal?.throwIfAborted();
        return (await runOn(worker, task, timing.timeoutMs, timing.signal)) as ResultOf<T>;
      } finally {
        release(worker);
      }
    },

    /** Ends every worker at once; their tasks, and the waiting ones, end with a SandboxClosedError. */
    async close(): Promise<void> {
      closed = true;
      waiting.splice(0).forEach((turn) => turn.reject(new SandboxClosedError()));
      const all = [...workers];
      all.forEach((worker) => worker.child.kill('SIGKILL'));
      await Promise.all(all.map((worker) => worker.exited));
    },
  };
}

export type Sandbox = ReturnType<typeof createSandbox>;
