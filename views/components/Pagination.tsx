/** The page links views and islands share (islands/ui/pagination.tsx). */
export { Pagination } from '../../islands/ui/pagination';
