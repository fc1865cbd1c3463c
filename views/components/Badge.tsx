/** The status pill views and islands share (islands/ui/badge.tsx). */
export { Badge } from '../../islands/ui/badge';
