/** What the web process asks of a sandbox worker process, and what the worker answers (over IPC). */
import type { FileKind } from '../../shared/documents';
import type { ExtractedText } from '../analysis/text';
import type { EvidencePackageInput } from '../evidence';
import type { PacketTaskInput, TemplateFacts, TemplateFile } from '../../forms/packet-task';

/** An exhibit as the worker gets it: its file's path, which the worker reads itself. */
export type ExhibitFile = { title: string; kind: FileKind; path: string; text?: string | null };
export type EvidenceFilesInput = Omit<EvidencePackageInput, 'exhibits'> & { exhibits: ExhibitFile[] };

export type Task =
  | { type: 'extract'; file: { path: string; kind: FileKind } }
  | { type: 'evidence'; input: EvidenceFilesInput }
  /** A logo's SVG text, sanitized: the safe SVG, or null when nothing safe is left or it is no SVG. */
  | { type: 'svg'; text: string }
  /** An official form's fields and pages (a shipped PDF, or a firm's upload), kept parsed by its key. */
  | { type: 'form-fields'; template: TemplateFile }
  /** A forms packet, built from the official PDFs it names (kept parsed by their keys). */
  | { type: 'packet'; input: PacketTaskInput };

export type ResultOf<T extends Task> = T extends { type: 'extract' }
  ? ExtractedText
  : T extends { type: 'svg' }
    ? string | null
    : T extends { type: 'form-fields' }
      ? TemplateFacts
      : Uint8Array;

export type Request = { id: number; task: Task };

export type Reply =
  /** Sent once, when the worker has loaded and listens. */
  | { ready: true }
  | { id: number; result: unknown }
  | { id: number; error: { name: string; message: string } };
