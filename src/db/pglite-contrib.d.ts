// PGlite publishes its extensions through package "exports", which this project's node10 resolution
// does not read: the path to their types, given once.
declare module '@electric-sql/pglite/contrib/pg_trgm' {
  export { pg_trgm } from '@electric-sql/pglite/dist/contrib/pg_trgm';
}
