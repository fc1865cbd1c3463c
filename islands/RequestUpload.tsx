import { type FormEvent, useId, useState } from 'react';
import { apiUrl, csrfToken } from '../src/shared/api-client';
import { UPLOAD_ACCEPT } from '../src/shared/documents';
import { api } from '../src/shared/paths';
import { island } from './runtime/island';

/** The words it shows, in the client's language (an island receives only its own messages). */
export type RequestUploadWords = {
  file: string;
  fileHint: string;
  upload: string;
  /** "Sending… {{percent}}%", with the placeholder left in. */
  uploading: string;
  failed: string;
};

export type RequestUploadProps = {
  caseId: string;
  requestId: string;
  /** Where the form posts without JavaScript (the portal page's upload route). */
  action: string;
  csrfToken: string;
  words: RequestUploadWords;
  /** Why the file posted without JavaScript was refused. */
  error?: string;
};

/**
 * A client's upload for one document request: a plain multipart form without JavaScript; with it, the
 * file goes through XMLHttpRequest (the one browser API that reports the bytes sent) with a progress bar,
 * and the page reloads with the request's new status once the server has kept it.
 */
function RequestUpload(props: RequestUploadProps) {
  const id = useId();
  const [percent, setPercent] = useState<number | undefined>();
  const [error, setError] = useState(props.error);
  const { words } = props;

  async function submit(event: FormEvent<HTMLFormElement>) {
    const file = new FormData(event.currentTarget).get('file');
    if (!(file instanceof File) || file.size === 0) return; // the server says why, in the client's words
    event.preventDefault();
    setError(undefined);
    setPercent(0);
    const body = new FormData();
    body.set('file', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', await apiUrl(api.portalUpload(props.caseId, props.requestId)));
    xhr.setRequestHeader('Accept', 'application/json');
    const token = csrfToken();
    if (token) xhr.setRequestHeader('X-CSRF-Token', token);
    xhr.upload.onprogress = (e) => e.lengthComputable && setPercent(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => {
      if (xhr.status < 300) return window.location.reload();
      let message = words.failed;
      try {
        message = (JSON.parse(xhr.responseText) as { error?: string }).error ?? message;
      } catch {
        // Not JSON (a proxy's page): the general words.
      }
      setPercent(undefined);
      setError(message);
    };
    xhr.onerror = () => {
      setPercent(undefined);
      setError(words.failed);
    };
    xhr.send(body);
  }

  return (
    <form
      method="post"
      action={props.action}
      encType="multipart/form-data"
      className="request-upload"
      onSubmit={(e) => void submit(e)}
    >
      <input type="hidden" name="_csrf" value={props.csrfToken} />
      <label htmlFor={`${id}-file`}>{words.file}</label>
      <input
        id={`${id}-file`}
        type="file"
        name="file"
        accept={UPLOAD_ACCEPT}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        aria-invalid={error ? true : undefined}
      />
      <p className="hint" id={`${id}-hint`}>
        {words.fileHint}
      </p>
      {error && (
        <p className="alert alert-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
      {percent !== undefined && (
        <p aria-live="polite">
          <progress
            max={100}
            value={percent}
            aria-label={words.uploading.replace('{{percent}}', String(percent))}
          />{' '}
          {words.uploading.replace('{{percent}}', String(percent))}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={percent !== undefined}>
        {words.upload}
      </button>
    </form>
  );
}

export default island('RequestUpload', RequestUpload);
