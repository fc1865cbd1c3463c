/** What the web process asks of a sandbox worker process, and what the worker answers (over IPC). */
import type { FileKind } from '../../shared/documents';
import type { ExtractedText } from '../analysis/text';
import type { EvidencePackageInput } from '../evidence';

/** An exhibit as the worker gets it: its file's path, which the worker reads itself. */
export type ExhibitFile = { title: string; kind: FileKind; path: string; text?: string | null };
export type EvidenceFilesInput = Omit<EvidencePackageInput, 'exhibits'> & { exhibits: ExhibitFile[] };

export type Task =
  | { type: 'extract'; file: { path: string; kind: FileKind } }
  | { type: 'evidence'; input: EvidenceFilesInput }
  /** A logo's SVG text, sanitized: the safe SVG, or null when nothing safe is left or it is no SVG. */
  | { type: 'svg'; text: string };

export type ResultOf<T extends Task> = T extends { type: 'extract' }
  ? ExtractedText
  : T extends { type: 'svg' }
    ? string | null
    : Uint8Array;

export type Request = { id: number; task: Task };

export type Reply =
  /** Sent once, when the worker has loaded and listens. */
  | { ready: true }
  | { id: number; result: unknown }
  | { id: number; error: { name: string; message: string } };
