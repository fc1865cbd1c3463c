/**
 * The pieces of the documents pages that the server's views and the DocumentUpload island both render:
 * a status in words, the choices of category, and the list's addresses.
 */
import {
  DOCUMENT_CATEGORIES,
  DOCUMENT_CATEGORY_CODES,
  DOCUMENT_STATUS_LABELS,
  type DocumentCategory,
  type DocumentStatus,
  type DocumentType,
} from '../../src/shared/documents';
import { pages } from '../../src/shared/paths';
import { Badge } from './badge';

/** Whose pages these are: an administrator's (under /admin) or a firm user's (under /user). */
export type DocumentArea = 'admin' | 'user';

/** The list's search, filters and page, as the page's address carries them. */
export type DocumentListView = {
  q: string;
  caseId?: string;
  type?: DocumentType;
  status?: DocumentStatus;
  category?: DocumentCategory;
  page: number;
};

const FILTERS = ['q', 'caseId', 'type', 'status', 'category'] as const;

/** '?q=passport&category=evidence': only what is set, page 1 left out. */
export function documentQuery(view: Partial<DocumentListView>): string {
  const query = new URLSearchParams();
  for (const name of FILTERS) {
    const value = view[name];
    if (value) query.set(name, value);
  }
  if (view.page && view.page > 1) query.set('page', String(view.page));
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** The documents list at this view. */
export const documentListPath = (area: DocumentArea, view: Partial<DocumentListView>) =>
  `${pages.documents(area).list}${documentQuery(view)}`;

export const isFiltered = (view: DocumentListView) =>
  Boolean(view.q || view.caseId || view.type || view.status || view.category);

const STATUS_TONES = {
  queued: 'neutral',
  processing: 'info',
  done: 'success',
  failed: 'danger',
} as const;

/** An analysis's state as a pill: the word says it, the colour repeats it. */
export function DocumentStatusBadge({ status }: { status: DocumentStatus }) {
  return <Badge status={status} label={DOCUMENT_STATUS_LABELS[status]} tone={STATUS_TONES[status]} />;
}

export const CATEGORY_OPTIONS = DOCUMENT_CATEGORY_CODES.map((c) => ({
  value: c,
  label: DOCUMENT_CATEGORIES[c],
}));

/** A category a new document is filed under unless the person chooses another. */
export const DEFAULT_CATEGORY: DocumentCategory = 'evidence';
