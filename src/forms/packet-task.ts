/**
 * The forms' heavy work as sandbox tasks (src/documents/sandbox): parsing an official PDF (a firm's upload
 * is untrusted, and even USCIS's take most of a second) and building a packet (seconds of CPU for five
 * forms) run in a worker process, never on the web process's event loop. The worker keeps each template
 * parsed by its key while it lives.
 */
import fs from 'node:fs/promises';
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

const paths = new Map<string, string>();
const templates = createTemplateCache(async (key) => prepare(await fs.readFile(paths.get(key)!)));

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
