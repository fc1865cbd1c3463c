/**
 * An official form's pages placed into a document and filled. Its fields stay an AcroForm (not flattened),
 * under a root field named by the form ("I-130.form1[0]…"), so forms never share a name in one packet and an
 * attorney can still correct a box before printing.
 */
import {
  PDFCheckBox,
  PDFDict,
  type PDFDocument,
  PDFDropdown,
  type PDFFont,
  PDFName,
  type PDFPage,
  PDFRadioGroup,
  type PDFRef,
  PDFString,
  PDFTextField,
} from '@cantoo/pdf-lib';
import type { Box } from './fill';
import type { Template } from './templates';

/** The copied pages' field trees, under one new root named by the form. */
function rootAs(doc: PDFDocument, pages: PDFPage[], formCode: string) {
  const context = doc.context;
  const roots = new Set<PDFRef>();
  for (const page of pages) {
    const annots = page.node.Annots();
    for (let i = 0; annots && i < annots.size(); i++) {
      let ref = annots.get(i) as PDFRef;
      let dict = context.lookup(ref, PDFDict);
      if (dict.get(PDFName.of('Subtype')) !== PDFName.of('Widget')) continue;
      for (let parent = dict.get(PDFName.of('Parent')); parent; parent = dict.get(PDFName.of('Parent'))) {
        ref = parent as PDFRef;
        dict = context.lookup(ref, PDFDict);
      }
      roots.add(ref);
    }
  }
  const top = context.register(context.obj({ T: PDFString.of(formCode), Kids: [...roots] }));
  for (const root of roots) context.lookup(root, PDFDict).set(PDFName.of('Parent'), top);
  doc.getForm().acroForm.addField(top);
}

/**
 * Appends the template's pages to `doc` and fills their boxes; the fields are named `${formCode}.<official
 * name>`. Only the boxes filled get new appearances (in `font`): USCIS's PDFs carry none for their ~2,000
 * empty boxes, and drawing those would double the packet's time for nothing a reader shows.
 */
export async function placeFilled(
  doc: PDFDocument,
  template: Template,
  formCode: string,
  boxes: Box[],
  font?: PDFFont,
) {
  const pages = await doc.copyPages(template.doc, template.doc.getPageIndices());
  for (const page of pages) doc.addPage(page);
  rootAs(doc, pages, formCode);
  const byName = new Map(
    doc
      .getForm()
      .getFields()
      .map((f) => [f.getName(), f]),
  );
  // Some USCIS boxes are flagged rich text (an XFA habit), which pdf-lib cannot draw: they hold plain text.
  for (const [name, field] of byName)
    if (name.startsWith(`${formCode}.`) && field instanceof PDFTextField && field.isRichFormatted())
      field.disableRichFormatting();
  for (const box of boxes) {
    const field = byName.get(`${formCode}.${box.pdf}`);
    if (field instanceof PDFCheckBox) {
      if (!box.checked) continue;
      field.check();
      field.defaultUpdateAppearances();
    } else if (field instanceof PDFTextField) {
      field.setText(box.text);
      if (font) field.defaultUpdateAppearances(font);
    } else if (field instanceof PDFDropdown) {
      field.select(box.text!);
      if (font) field.defaultUpdateAppearances(font);
    } else if (field instanceof PDFRadioGroup) {
      field.select(box.text!);
      field.defaultUpdateAppearances();
    }
  }
  return byName;
}
