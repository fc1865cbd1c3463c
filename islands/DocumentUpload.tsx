import { type DragEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { apiUrl, csrfToken, HttpStatusError, request } from '../src/shared/api-client';
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TYPES,
  type DocumentCategory,
  type DocumentRecord,
  type DocumentStatus,
  FILE_KINDS,
  formatBytes,
  UPLOAD_ACCEPT,
  UPLOAD_DONE,
  UPLOAD_HINT,
  UPLOAD_REFUSALS,
} from '../src/shared/documents';
import { api, pages } from '../src/shared/paths';
import { island } from './runtime/island';
import { type CasePick, CasePicker, CasePickerSearch } from './ui/case-picker';
import { CATEGORY_OPTIONS, DEFAULT_CATEGORY, type DocumentArea } from './ui/documents';
import { Alert, SelectField } from './ui/form';

export type DocumentUploadProps = {
  area: DocumentArea;
  /** The case a document is filed under: chosen beforehand (the case the list shows), or found by a search. */
  pick: CasePick;
  category?: DocumentCategory;
  csrfToken: string;
  /** Why the file posted without JavaScript was refused. */
  error?: string;
  /** Why this person may not upload at all (the permission matrix): the form is shown off. */
  closed?: string;
};

/** Where a file is: its bytes on the way, then the server's steps, then the end it came to. */
type Step = 'sending' | DocumentStatus | 'refused';

type Upload = {
  key: number;
  name: string;
  size: number;
  /** Bytes the browser reports sent. */
  sent: number;
  step: Step;
  /** A pre-check's doubt, said at once; the server still decides. */
  warning?: string;
  id?: string;
  /** What the document was recognised as, once analysed. */
  type?: DocumentRecord['type'];
  /** Why it was refused, or why its analysis failed. */
  problem?: string;
};

/** The server's steps, in order, with the words a person reads. */
const STEPS: Array<{ step: DocumentStatus | 'uploaded'; label: string }> = [
  { step: 'uploaded', label: 'Uploaded' },
  { step: 'queued', label: 'Queued' },
  { step: 'processing', label: 'Analyzing' },
  { step: 'done', label: 'Done' },
];
/** How far each state has come along STEPS (the index of the step it is at). */
const REACHED: Record<Step, number> = {
  sending: -1,
  refused: -1,
  queued: 1,
  processing: 2,
  done: 3,
  failed: 3,
};

/** How often a document's state is asked while it is analysed; slower after each failed ask, to this. */
const POLL_MS = 1000;
const MAX_POLL_MS = 30_000;

const UNREACHABLE = 'The upload did not reach the server. Check your connection, then upload the file again.';
const GONE = 'This document was deleted before its analysis finished.';

const EXTENSIONS: readonly string[] = Object.values(FILE_KINDS).flatMap((k) => k.extensions);

/** What can be told before sending: a file the server will surely refuse. It is sent anyway; the server decides. */
function precheck(file: File): string | undefined {
  if (file.size > DOCUMENT_MAX_BYTES) return UPLOAD_REFUSALS.tooLarge;
  const dot = file.name.lastIndexOf('.');
  if (dot < 0 || !EXTENSIONS.includes(file.name.slice(dot).toLowerCase())) return UPLOAD_REFUSALS.badType;
  if (file.size === 0) return UPLOAD_REFUSALS.empty;
  return undefined;
}

type Answer = { status: number; body: unknown };

/**
 * POST {API}/documents/upload through XMLHttpRequest, the one browser API that reports the bytes of a
 * request body as they go (fetch has none). The text fields come before the file, so that the server
 * knows the case and category before the bytes stream in.
 */
async function send(file: File, fields: FormData, onSent: (bytes: number) => void): Promise<Answer> {
  const body = new FormData();
  body.set('caseId', String(fields.get('caseId') ?? ''));
  body.set('category', String(fields.get('category') ?? ''));
  body.set('file', file, file.name);
  const url = await apiUrl(api.documentsUpload);
  const token = csrfToken();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('X-CSRF-Token', token);
    xhr.upload.onprogress = (event) => onSent(event.loaded);
    xhr.onload = () => {
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(xhr.responseText);
      } catch {
        // An answer that is not JSON (a proxy's page) still has its status.
      }
      resolve({ status: xhr.status, body: parsed });
    };
    xhr.onerror = () => reject(new Error(UNREACHABLE));
    xhr.onabort = () => reject(new Error(UNREACHABLE));
    xhr.send(body);
  });
}

/** The server's words for a refusal, with each field's own message. */
function refusalOf(answer: Answer): string {
  const body = (answer.body ?? {}) as { error?: string; fields?: Record<string, string> };
  const fields = Object.values(body.fields ?? {}).filter((m) => m && m !== body.error);
  const words = [body.error, ...fields].filter(Boolean).join(' ');
  return words || `The upload was refused (HTTP ${answer.status}).`;
}

const wait = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

/**
 * SPEC's upload area and its progress ("upload progress" island). Without JavaScript it is a plain
 * multipart form for one file, answered with the document's page. Live, it takes several files at once
 * (chosen or dropped): each is sent at once with its own bar of the bytes sent, then follows the server's
 * steps until its analysis has really finished, and links to the document's page.
 */
function DocumentUpload(props: DocumentUploadProps) {
  const { area, closed } = props;
  const paths = pages.documents(area);
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const mounted = useRef(true);
  const nextKey = useRef(0);
  const [live, setLive] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [uploads, setUploads] = useState<Upload[]>([]);

  useEffect(() => {
    mounted.current = true;
    setLive(true);
    return () => {
      mounted.current = false;
    };
  }, []);

  const update = (key: number, change: Partial<Upload>) =>
    setUploads((all) => all.map((u) => (u.key === key ? { ...u, ...change } : u)));

  /** Asks for the document's state every second until its analysis ends, backing off while asking fails. */
  async function follow(key: number, documentId: string) {
    let delay = POLL_MS;
    while (mounted.current) {
      await wait(delay);
      try {
        const record = await request<DocumentRecord>(api.document(documentId));
        update(key, { step: record.status, type: record.type, problem: record.error ?? undefined });
        if (record.status === 'done' || record.status === 'failed') return;
        delay = POLL_MS;
      } catch (error) {
        if (error instanceof HttpStatusError && error.status === 404)
          return update(key, { step: 'failed', problem: GONE });
        delay = Math.min(delay * 2, MAX_POLL_MS);
      }
    }
  }

  async function upload(file: File, fields: FormData) {
    const key = nextKey.current++;
    const warning = precheck(file);
    setUploads((all) => [
      ...all,
      { key, name: file.name, size: file.size, sent: 0, step: 'sending', warning },
    ]);
    try {
      const answer = await send(file, fields, (sent) => update(key, { sent }));
      if (answer.status !== 201) return update(key, { step: 'refused', problem: refusalOf(answer) });
      const record = answer.body as Pick<DocumentRecord, 'id' | 'status' | 'type' | 'error'>;
      update(key, {
        sent: file.size,
        id: record.id,
        step: record.status,
        type: record.type,
        problem: record.error ?? undefined,
      });
      if (record.status !== 'done' && record.status !== 'failed') await follow(key, record.id);
    } catch (error) {
      update(key, { step: 'refused', problem: warning ?? (error as Error).message });
    }
  }

  function start(files: FileList | null) {
    const form = formRef.current;
    if (!files || files.length === 0 || !form) return;
    const fields = new FormData(form);
    for (const file of Array.from(files)) void upload(file, fields);
    // The same file may be chosen again (after a fix), which a kept value would not report as a change.
    if (inputRef.current) inputRef.current.value = '';
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    if (!live) return;
    event.preventDefault();
    start(inputRef.current?.files ?? null);
  }

  function drop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setDragging(false);
    if (!closed) start(event.dataTransfer.files);
  }

  function dragOver(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    event.dataTransfer.dropEffect = closed ? 'none' : 'copy';
    setDragging(true);
  }

  const hintId = `${id}hint`;
  return (
    <div className="document-upload">
      {props.error && <Alert kind="error">{props.error}</Alert>}
      {closed && <Alert kind="error">{closed}</Alert>}
      <form
        ref={formRef}
        className="card upload-form"
        method="post"
        encType="multipart/form-data"
        action={paths.upload}
        onSubmit={submit}
      >
        <input type="hidden" name="_csrf" value={props.csrfToken} />
        <fieldset className="plain-fieldset" disabled={Boolean(closed)}>
          <legend className="visually-hidden">Upload documents</legend>
          <div className="upload-choices">
            <CasePicker
              id={`${id}case`}
              name="caseId"
              pick={props.pick}
              none="No case (the firm’s own)"
              searchForm={`${id}case-search`}
            />
            <SelectField
              id={`${id}category`}
              name="category"
              label="Category"
              options={CATEGORY_OPTIONS}
              defaultValue={props.category ?? DEFAULT_CATEGORY}
            />
          </div>
          <div
            className={dragging ? 'upload-drop is-dragging' : 'upload-drop'}
            onDragOver={dragOver}
            onDragLeave={() => setDragging(false)}
            onDrop={drop}
          >
            <label htmlFor={`${id}file`} className="upload-drop-label">
              <span className="upload-drop-title">
                {live ? 'Drag and drop files here, or click to choose' : 'Choose a file to upload'}
              </span>
            </label>
            <p className="upload-hint muted" id={hintId}>
              {UPLOAD_HINT}
            </p>
            <input
              ref={inputRef}
              id={`${id}file`}
              className="upload-input"
              type="file"
              name="file"
              accept={UPLOAD_ACCEPT}
              multiple={live}
              required={!live}
              aria-describedby={hintId}
              onChange={(event) => start(event.currentTarget.files)}
            />
          </div>
          {!live && (
            <div className="form-actions">
              <button type="submit" className="btn btn-primary">
                Upload
              </button>
            </div>
          )}
        </fieldset>
      </form>
      <CasePickerSearch id={`${id}case-search`} action={paths.list} />
      {uploads.length > 0 && (
        <ul className="upload-list" aria-label="Uploads">
          {uploads.map((u) => (
            <UploadItem key={u.key} upload={u} idPrefix={`${id}u${u.key}`} area={area} />
          ))}
        </ul>
      )}
    </div>
  );
}

/** One file: its bar of bytes sent, the server's steps, and how it ended. */
function UploadItem({ upload: u, idPrefix, area }: { upload: Upload; idPrefix: string; area: DocumentArea }) {
  const nameId = `${idPrefix}name`;
  const percent = u.size === 0 ? 100 : Math.min(100, Math.round((u.sent / u.size) * 100));
  const reached = REACHED[u.step];
  const ended = u.step === 'done' || u.step === 'failed' || u.step === 'refused';
  return (
    <li className={`upload-item upload-${u.step}`}>
      <p className="upload-item-head">
        <span className="upload-name" id={nameId}>
          {u.name}
        </span>
        <span className="muted">{formatBytes(u.size)}</span>
      </p>
      {u.step !== 'refused' && (
        <div className="upload-bar">
          <progress aria-labelledby={nameId} max={Math.max(u.size, 1)} value={u.size === 0 ? 1 : u.sent} />
          <span className="upload-percent" aria-hidden="true">{`${percent}%`}</span>
        </div>
      )}
      {u.warning && u.step === 'sending' && <p className="upload-warning">{u.warning}</p>}
      {u.step !== 'refused' && (
        <ol className="upload-steps" aria-label={`Steps of ${u.name}`}>
          {STEPS.map((s, i) => (
            <li
              key={s.step}
              className={
                i < reached || (i === reached && ended) ? 'is-done' : i === reached ? 'is-current' : ''
              }
              aria-current={i === reached && !ended ? 'step' : undefined}
            >
              {s.step === 'done' && u.step === 'failed' ? 'Failed' : s.label}
            </li>
          ))}
        </ol>
      )}
      {/* There from the start, so that how the file ended is announced when it comes. */}
      <div className="upload-outcome" aria-live="polite">
        {u.step === 'done' && (
          <p className="alert alert-success">
            {UPLOAD_DONE}
            {u.type && ` Recognized as: ${DOCUMENT_TYPES[u.type]}.`}
          </p>
        )}
        {(u.step === 'failed' || u.step === 'refused') && (
          <p className="alert alert-error">
            {u.step === 'failed' ? `The analysis failed: ${u.problem ?? 'no reason was given.'}` : u.problem}
          </p>
        )}
      </div>
      {u.id && (
        <p className="upload-link">
          <a href={pages.documents(area).view(u.id)}>{`Open ${u.name}`}</a>
        </p>
      )}
    </li>
  );
}

export default island('DocumentUpload', DocumentUpload);
