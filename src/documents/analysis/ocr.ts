/**
 * Optical character recognition with tesseract.js, offline: the English data comes from the npm package
 * @tesseract.js-data/eng, never from a download. OCR is heavy (a page takes a core for a second or more),
 * so a process keeps ONE worker, started when first needed, and runs one recognition at a time, each
 * under a hard timeout.
 */
import path from 'node:path';
import { createWorker, OEM, type Worker } from 'tesseract.js';

export type Ocr = {
  /**
   * The text of an image (PNG, JPEG) and tesseract's mean word confidence, 0 to 100. `timeoutMs`
   * overrides the OCR's own limit for this call (its start-up included).
   */
  recognize(image: Buffer, options?: { timeoutMs?: number }): Promise<{ text: string; confidence: number }>;
  /** Ends the worker; a later recognize starts a new one. */
  close(): Promise<void>;
};

/**
 * The limit for start-up and for each recognition. Start-up takes under a second here; a page 0.3 to
 * 3 s at 150 dpi (a 300 dpi page about 7 s), more while other work shares the cores.
 */
export const OCR_TIMEOUT_MS = 60_000;

/**
 * The data folder: without an explicit langPath tesseract.js fetches from a CDN (and, offline, its
 * start-up never settles). "best_int" holds the LSTM model alone (2.9 MB), all that OEM.LSTM_ONLY
 * reads; the package's other folder adds the legacy engine's data (11 MB).
 */
const LANG_PATH = path.join(
  path.dirname(require.resolve('@tesseract.js-data/eng/package.json')),
  '4.0.0_best_int',
);

export class OcrTimeoutError extends Error {}

/** Settles like `promise`, or rejects with an OcrTimeoutError after `ms`, calling `onTimeout` first. */
function withTimeout<T>(promise: Promise<T>, ms: number, what: string, onTimeout: () => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      onTimeout();
      const limit = ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`;
      reject(new OcrTimeoutError(`${what} took longer than ${limit} and was stopped.`));
    }, ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

export function createOcr(options: { timeoutMs?: number } = {}): Ocr {
  const defaultTimeoutMs = options.timeoutMs ?? OCR_TIMEOUT_MS;
  let worker: Promise<Worker> | undefined;
  // Calls run one after another: each waits for the one before it to settle, whatever its outcome.
  let queue: Promise<unknown> = Promise.resolve();
  let closed = false;

  /** Ends the current worker (a timed-out or failed one) so that the next call starts afresh. */
  function discard(): void {
    const ending = worker;
    worker = undefined;
    void ending?.then((w) => w.terminate()).catch(() => undefined);
  }

  async function run(image: Buffer, timeoutMs: number): Promise<{ text: string; confidence: number }> {
    if (closed) throw new Error('OCR has stopped: the app is stopping.');
    try {
      worker ??= createWorker('eng', OEM.LSTM_ONLY, {
        langPath: LANG_PATH,
        gzip: true,
        // 'none': neither read nor write a cache (the default writes eng.traineddata into the working directory).
        cacheMethod: 'none',
        // Without a handler a failed job throws inside the worker's message listener: an uncaught exception.
        errorHandler: () => undefined,
      });
      const w = await withTimeout(worker, timeoutMs, 'Starting OCR', discard);
      const { data } = await withTimeout(w.recognize(image), timeoutMs, 'OCR of the image', discard);
      return { text: data.text, confidence: Math.round(data.confidence) };
    } catch (error) {
      // A worker that timed out or failed may be in any state: the next call gets a fresh one.
      discard();
      throw error;
    }
  }

  return {
    recognize(image, callOptions = {}) {
      const result = queue.then(() => run(image, callOptions.timeoutMs ?? defaultTimeoutMs));
      queue = result.catch(() => undefined);
      return result;
    },
    // At once, not after the queued scans: the app is stopping and their jobs are given back to run again.
    async close() {
      closed = true;
      const ending = worker;
      worker = undefined;
      if (ending) await ending.then((w) => w.terminate()).catch(() => undefined);
    },
  };
}
