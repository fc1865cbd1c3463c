/**
 * Official USCIS PDFs as fillable templates. USCIS publishes them encrypted against changes (empty user
 * password), with an XFA layer that readers show instead of the AcroForm values. Opening one costs most of a
 * second here, so each is prepared once per process: decrypted, its XFA layer and its stale cross-reference
 * streams (which still name the encryption) removed, and saved as plain bytes that open three times faster.
 * The parsed document is then kept, read-only: a packet copies its pages and fills the copies.
 */
import {
  EncryptedPDFError,
  PDFCheckBox,
  PDFDocument,
  PDFDropdown,
  PDFInvalidObject,
  PDFRadioGroup,
  PDFTextField,
} from '@cantoo/pdf-lib';

export type TemplateField = {
  name: string;
  kind: 'text' | 'check' | 'dropdown' | 'radio' | 'other';
  /** A text box's most characters; a check box's on-values; a list's options. */
  maxLength?: number;
  options?: string[];
};

export type Template = {
  /** The parsed, prepared document: never changed (packets copy its pages). */
  doc: PDFDocument;
  fields: Map<string, TemplateField>;
  pages: number;
};

/** Opens a USCIS PDF, with the empty password its owner-only encryption needs; undefined when it is no PDF. */
export async function openOfficial(bytes: Uint8Array): Promise<PDFDocument> {
  try {
    return await PDFDocument.load(bytes, { updateMetadata: false });
  } catch (error) {
    if (!(error instanceof EncryptedPDFError)) throw error;
    return PDFDocument.load(bytes, { updateMetadata: false, password: '' });
  }
}

/** An object pdf-lib could not parse, as the file holds it (its bytes are private to pdf-lib). */
const rawText = (object: PDFInvalidObject) =>
  Buffer.from((object as unknown as { data: Uint8Array }).data).toString('latin1');

/** The official bytes made plain: no encryption, no XFA, no stale cross-reference streams. */
export async function prepare(bytes: Uint8Array): Promise<Uint8Array> {
  const doc = await openOfficial(bytes);
  doc.getForm().deleteXFA();
  // The original's cross-reference streams survive as unparsed objects that still point at /Encrypt:
  // kept, they make the saved file read as encrypted again.
  for (const [ref, object] of doc.context.enumerateIndirectObjects())
    if (object instanceof PDFInvalidObject && /\/XRef|\/Encrypt/.test(rawText(object)))
      doc.context.delete(ref);
  // Saved with object streams, the AcroForm's fields do not survive the reload (pdf-lib 2.11).
  return doc.save({ updateFieldAppearances: false, useObjectStreams: false });
}

function describe(doc: PDFDocument): Map<string, TemplateField> {
  const fields = new Map<string, TemplateField>();
  for (const field of doc.getForm().getFields()) {
    const name = field.getName();
    if (field instanceof PDFTextField)
      fields.set(name, { name, kind: 'text', maxLength: field.getMaxLength() });
    else if (field instanceof PDFCheckBox)
      fields.set(name, {
        name,
        kind: 'check',
        options: field.acroField.getWidgets().map((w) => w.getOnValue()?.decodeText() ?? ''),
      });
    else if (field instanceof PDFDropdown)
      fields.set(name, { name, kind: 'dropdown', options: field.getOptions() });
    else if (field instanceof PDFRadioGroup)
      fields.set(name, { name, kind: 'radio', options: field.getOptions() });
    else fields.set(name, { name, kind: 'other' });
  }
  return fields;
}

/** A prepared template from plain bytes (see prepare). */
export async function templateOf(prepared: Uint8Array): Promise<Template> {
  const doc = await PDFDocument.load(prepared, { updateMetadata: false });
  return { doc, fields: describe(doc), pages: doc.getPageCount() };
}

/**
 * Keeps each template parsed once, by a key (the file and its edition); a failed parse is tried again. At
 * most `limit` are kept (the shipped forms and a few firm uploads), the least recently used let go first.
 */
export function createTemplateCache(load: (key: string) => Promise<Uint8Array>, limit = 16) {
  const cache = new Map<string, Promise<Template>>();
  return {
    get(key: string): Promise<Template> {
      let template = cache.get(key);
      if (template) cache.delete(key);
      else {
        template = load(key).then(templateOf);
        template.catch(() => cache.delete(key));
      }
      cache.set(key, template);
      if (cache.size > limit) cache.delete(cache.keys().next().value!);
      return template;
    },
  };
}
