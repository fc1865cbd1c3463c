/**
 * A sandbox worker process (bundled as dist/analysis-worker.js, started by ./index.ts): it reads untrusted
 * files — text, OCR, page rendering, evidence packages, logos' SVG — one task at a time, so that whatever a file does
 * to memory or time happens here, under this process's limits, and never in the web process. It ends when
 * the web process goes (its IPC channel closes).
 */
import fs from 'node:fs/promises';
import { sanitizeSvg } from '../../branding/svg';
import { createOcr } from '../analysis/ocr';
import { extractText } from '../analysis/text';
import { buildEvidencePackage } from '../evidence';
import { buildPacketTask, templateFacts } from '../../forms/packet-task';
import type { Reply, Request, Task } from './protocol';

const ocr = createOcr();

async function perform(task: Task): Promise<unknown> {
  switch (task.type) {
    case 'extract':
      return extractText(task.file, ocr);
    case 'evidence': {
      const exhibits = [];
      for (const { path, ...exhibit } of task.input.exhibits)
        exhibits.push({ ...exhibit, bytes: new Uint8Array(await fs.readFile(path)) });
      return buildEvidencePackage({ ...task.input, exhibits });
    }
    case 'svg':
      return (await sanitizeSvg(Buffer.from(task.text))) ?? null;
    case 'form-fields':
      return templateFacts(task.template);
    case 'packet':
      return buildPacketTask(task.input);
  }
}

const reply = (message: Reply) => process.send!(message);

process.on('message', (request: Request) => {
  perform(request.task).then(
    (result) => reply({ id: request.id, result }),
    (error: unknown) =>
      reply({
        id: request.id,
        error:
          error instanceof Error
            ? { name: error.name, message: error.message }
            : { name: 'Error', message: String(error) },
      }),
  );
});
process.on('disconnect', () => process.exit(0));
reply({ ready: true });
