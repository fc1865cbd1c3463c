/** Page numbers shown around the current one; the first and last are always shown. */
const SPREAD = 2;

/** The pages to link, with null where a run of pages is left out. */
function pagesToShow(page: number, pageCount: number): Array<number | null> {
  const shown: Array<number | null> = [];
  for (let n = 1; n <= pageCount; n++) {
    if (n === 1 || n === pageCount || Math.abs(n - page) <= SPREAD) shown.push(n);
    else if (shown[shown.length - 1] !== null) shown.push(null);
  }
  return shown;
}

/** Links to the pages of a list; nothing when the list fits on one page. */
export function Pagination(props: {
  page: number;
  pageCount: number;
  href: (page: number) => string;
  label: string;
}) {
  const { page, pageCount, href } = props;
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label={props.label}>
      <ul>
        {page > 1 && (
          <li>
            <a href={href(page - 1)} rel="prev">
              Previous
            </a>
          </li>
        )}
        {pagesToShow(page, pageCount).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <a href={href(n)} aria-current={n === page ? 'page' : undefined} aria-label={`Page ${n}`}>
                {n}
              </a>
            </li>
          ),
        )}
        {page < pageCount && (
          <li>
            <a href={href(page + 1)} rel="next">
              Next
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}
