import type { DocumentArea, DocumentListView } from '../../../islands/ui/documents';
import type { SessionUser } from '../../shared/session';
import { pages } from '../../shared/paths';
import { documentListQuery } from '../schema';

/** The pages are the same in both areas, each under its own prefix: the signed-in person's. */
export const areaOf = (user: SessionUser | undefined): DocumentArea =>
  user?.role === 'admin' ? 'admin' : 'user';

/** A page in both areas: an administrator's under /admin, a firm user's under /user. */
export const inBothAreas = (path: (paths: ReturnType<typeof pages.documents>) => string) => [
  path(pages.documents('admin')),
  path(pages.documents('user')),
];

export const meta = (title: string, description: string) => ({ title, description, noindex: true });

/** The list's view from its address; a bad query is the plain list (the API answers it with its message). */
export function viewOf(query: unknown): DocumentListView {
  const parsed = documentListQuery.omit({ pageSize: true, clientId: true }).safeParse(query);
  return parsed.success ? parsed.data : { q: '', page: 1 };
}
