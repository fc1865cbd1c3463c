import { documentDeletePage } from './delete';
import { documentPage, downloadPage } from './document';
import { evidencePage } from './evidence';
import { documentsPage } from './list';

/**
 * The documents pages, the same in both areas (each person's own firm): the list with the upload, the
 * Evidence Package, each document's page, its download and its delete.
 */
export const DOCUMENT_PAGES = [documentsPage, evidencePage, documentPage, downloadPage, documentDeletePage];
