import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createSandbox,
  residentMb,
  type Sandbox,
  SandboxClosedError,
  type SandboxLimits,
  WorkerStoppedError,
} from '../../src/documents/sandbox';
import { createLogger } from '../../src/logger';
import { manyPagesPdf, pngBomb } from '../helpers/bombs';
import { textPdf } from '../helpers/files';
import { waitFor } from '../helpers/poll';
import { childProcesses } from '../helpers/process';

/**
 * The sandbox's limits, each passed for real by a worker process (dist/analysis-worker.js, built by the
 * tests' global setup): a file that takes too much memory or time costs its worker, never this process.
 */
describe('the sandbox that reads files in worker processes', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reti-sandbox-'));
  const sandboxes: Sandbox[] = [];
  afterEach(async () => {
    await Promise.all(sandboxes.splice(0).map((s) => s.close()));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const sandbox = (limits: Partial<SandboxLimits> = {}) => {
    const made = createSandbox({ logger: createLogger('silent'), limits });
    sandboxes.push(made);
    return made;
  };
  const save = (name: string, data: Buffer) => {
    fs.writeFileSync(path.join(dir, name), data);
    return path.join(dir, name);
  };
  const workers = () => childProcesses(process.pid, 'analysis-worker.js');
  const extract = (s: Sandbox, file: string, kind: 'pdf' | 'png', timing = {}) =>
    s.run({ type: 'extract', file: { path: file, kind } }, { timeoutMs: 60_000, ...timing });
  const stopped = (why: WorkerStoppedError['why'], message: string) =>
    expect.objectContaining({ name: 'WorkerStoppedError', why, message });

  test('a worker past its resident-memory limit is killed, its task says so, and the next task gets a fresh worker', async () => {
    const s = sandbox({ rssMb: 250 });
    // 36 megapixels, under the cap: scaling it down for OCR decodes every pixel (over 250 MB).
    const photo = save('photo.png', await pngBomb(6000));
    await expect(extract(s, photo, 'png')).rejects.toEqual(
      stopped('memory', 'it took more than 250 MB of memory'),
    );
    const letter = save('letter.pdf', await textPdf(['Employment verification letter']));
    await expect(extract(s, letter, 'pdf')).resolves.toMatchObject({
      method: 'pdf-text',
      text: 'Employment verification letter',
    });
  });

  test('a worker whose JavaScript heap runs out dies, and its task says it took too much memory', async () => {
    const s = sandbox({ heapMb: 32 });
    const pages = save('pages.pdf', manyPagesPdf(2_000));
    await expect(extract(s, pages, 'pdf')).rejects.toEqual(
      stopped('memory', 'it took more than 32 MB of memory'),
    );
  });

  test('a task past its time limit is stopped with its worker', async () => {
    const s = sandbox();
    const pages = save('pages.pdf', manyPagesPdf(2_000));
    await expect(extract(s, pages, 'pdf', { timeoutMs: 300 })).rejects.toEqual(
      stopped('time', 'it took longer than 0.3 seconds'),
    );
    expect(workers()).toEqual([]);
  });

  test('an aborted task ends at once with the abort reason, and its worker is killed', async () => {
    const s = sandbox();
    // A worker that has started and read a first file takes the next at once.
    await extract(s, save('letter.pdf', await textPdf(['Employment verification letter'])), 'pdf');
    const [pid] = workers();
    const pages = save('pages.pdf', manyPagesPdf(2_000));
    const controller = new AbortController();
    const running = extract(s, pages, 'pdf', { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 200));
    controller.abort(new Error('The job was taken by another worker.'));
    await expect(running).rejects.toThrow('The job was taken by another worker.');
    await waitFor(() => !workers().includes(pid));
  });

  test('tasks beyond the workers wait for one; closing ends the running and the waiting ones', async () => {
    const s = sandbox({ workers: 1 });
    const pages = save('pages.pdf', manyPagesPdf(2_000));
    const outcomes = Promise.allSettled([extract(s, pages, 'pdf'), extract(s, pages, 'pdf')]);
    await waitFor(() => workers().length === 1);
    await s.close();
    const closed = { status: 'rejected', reason: expect.any(SandboxClosedError) };
    expect(await outcomes).toEqual([closed, closed]);
    expect(workers()).toEqual([]);
  });

  test("a worker gets none of the web process's secrets, and runs at a lower priority", async () => {
    process.env.RETI_TEST_SECRET = 'not for the worker';
    try {
      const s = sandbox();
      const letter = save('letter.pdf', await textPdf(['Employment verification letter']));
      await extract(s, letter, 'pdf');
      const [pid] = workers();
      expect(fs.readFileSync(`/proc/${pid}/environ`, 'utf8')).not.toContain('RETI_TEST_SECRET');
      expect(os.getPriority(pid)).toBe(10);
      expect(residentMb(pid)).toBeGreaterThan(0);
    } finally {
      delete process.env.RETI_TEST_SECRET;
    }
  });
});
