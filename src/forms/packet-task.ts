/**
 * The forms' heavy work as sandbox tasks (src/documents/sandbox): parsing an official PDF (a firm's upload
 * is untrusted, and even USCIS's take most of a second) and building a packet (seconds of CPU for five
 * forms) run in a worker process, never on the web process's event loop. The worker keeps each template
 * parsed by its key while it lives.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FilledForm } from './fill';
import { FORM_MAPS } from './maps';
import { buildPacket, type PacketInput } from './packet';
import { createTemplateCache, prepare, type Template, type TemplateField } from './templates';

/** An official PDF on disk, and the key it is kept parsed by ("official:i-130.pdf", "upload:<storage key>"). */
export type TemplateFile = { key: string; path: string };

/** What the web process needs of a template: its fields (kind, length, options) and pages. */
export type TemplateFacts = { fields: TemplateField[]; pages: number };

export type PacketTaskInput = Omit<PacketInput, 'forms' | 'onForm' | 'createdAt'> & {
  forms: Array<{
    form: string;
    template?: TemplateFile;
    edition: string;
    source: 'official' | 'firm-upload';
    filled: FilledForm;
  }>;
};

/**
 * USCIS's own PDFs, once prepared, are kept on disk by their content's SHA-256: a worker started later (one
 * ends after five idle minutes) loads the prepared bytes, three times faster than preparing them again. Public
 * forms only: a firm's upload is prepared from its own file each time.
 */
const PREPARED_DIR = path.join(os.tmpdir(), 'reti-prepared-forms');

async function preparedBytes(key: string, file: string): Promise<Uint8Array> {
  const original = await fs.readFile(file);
  if (!key.startsWith('official:')) return prepare(original);
  const kept = path.join(PREPARED_DIR, `${crypto.createHash('sha256').update(original).digest('hex')}.pdf`);
  const cached = await fs.readFile(kept).catch(() => undefined);
  if (cached) return cached;
  const bytes = await prepare(original);
  // Written aside, then renamed: a worker reading it meanwhile never sees half a file.
  const partial = `${kept}.${process.pid}.part`;
  await fs.mkdir(PREPARED_DIR, { recursive: true, mode: 0o700 });
  await fs.writeFile(partial, bytes);
  await fs.rename(partial, kept);
  return bytes;
}

const paths = new Map<string, string>();
const templates = createTemplateCache((key) => preparedBytes(key, paths.get(key)!));

const templateOf = (file: TemplateFile): Promise<Template> => {
  paths.set(file.key, file.path);
  return templates.get(file.key);
};

export async function templateFacts(file: TemplateFile): Promise<TemplateFacts> {
  const template = await templateOf(file);
  return { fields: [...template.fields.values()], pages: template.pages };
}

export async function buildPacketTask(input: PacketTaskInput): Promise<Uint8Array> {
  const forms = [];
  for (const form of input.forms)
    forms.push({
      map: FORM_MAPS.get(form.form)!,
      template: form.template && (await templateOf(form.template)),
      edition: form.edition,
      source: form.source,
      filled: form.filled,
    });
  return buildPacket({ ...input, forms });
}
