/** The table views and islands share (islands/ui/table.tsx). */
export { type Column, type ColumnSort, DataTable } from '../../islands/ui/table';
