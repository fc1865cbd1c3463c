import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where documents' bytes live. One small interface so that an S3-compatible object store can be added by
 * configuration later; the local one keeps one folder per firm under DATA_DIR/documents, each file named
 * by its document's ID (never by anything a person typed).
 */
export type DocumentStorage = {
  /** Where an upload's temporary file is written: on the same disk, so that keeping it is a rename. */
  incomingDir: string;
  /** Makes the folders; called once at start. */
  prepare(): Promise<void>;
  /** Takes a finished temporary file in as the document's bytes; answers its key. */
  keep(tempPath: string, firmId: string, documentId: string): Promise<string>;
  /** Writes bytes made by the product (the demo documents) as a document's. */
  write(firmId: string, documentId: string, bytes: Uint8Array): Promise<string>;
  open(key: string): Readable;
  read(key: string): Promise<Buffer>;
  /** A local file holding the bytes, for the analysis (a store elsewhere would lend a temporary copy). */
  withLocalFile<T>(key: string, use: (filePath: string) => Promise<T>): Promise<T>;
  remove(key: string): Promise<void>;
  /** Every document of a firm, when the firm is deleted. */
  removeFirm(firmId: string): Promise<void>;
};

/** Documents' folder: under DATA_DIR (a named volume in docker compose). */
export const documentsDirOf = (config: { dataDir: string }) => path.join(config.dataDir, 'documents');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A key is "<firm ID>/<document ID>": checked, so no key can point outside the folder. */
function keyOf(firmId: string, documentId: string): string {
  if (!UUID.test(firmId) || !UUID.test(documentId)) throw new Error('A document key is made of two IDs.');
  return `${firmId}/${documentId}`;
}

export function localDocumentStorage(root: string): DocumentStorage {
  const incomingDir = path.join(root, '.incoming');
  const fileOf = (key: string) => {
    const [firmId, documentId] = key.split('/');
    return path.join(root, ...keyOf(firmId ?? '', documentId ?? '').split('/'));
  };
  const firmDir = (firmId: string) => path.join(root, keyOf(firmId, firmId).split('/')[0]);

  return {
    incomingDir,
    async prepare() {
      await fs.promises.mkdir(incomingDir, { recursive: true, mode: 0o700 });
    },
    async keep(tempPath, firmId, documentId) {
      const key = keyOf(firmId, documentId);
      await fs.promises.mkdir(firmDir(firmId), { recursive: true, mode: 0o700 });
      await fs.promises.rename(tempPath, fileOf(key));
      return key;
    },
    async write(firmId, documentId, bytes) {
      const key = keyOf(firmId, documentId);
      await fs.promises.mkdir(firmDir(firmId), { recursive: true, mode: 0o700 });
      await fs.promises.writeFile(fileOf(key), bytes, { mode: 0o600 });
      return key;
    },
    open: (key) => fs.createReadStream(fileOf(key)),
    read: (key) => fs.promises.readFile(fileOf(key)),
    withLocalFile: (key, use) => use(fileOf(key)),
    remove: (key) => fs.promises.rm(fileOf(key), { force: true }),
    removeFirm: (firmId) => fs.promises.rm(firmDir(firmId), { recursive: true, force: true }),
  };
}
