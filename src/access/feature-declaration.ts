import type { Migration } from 'kysely';
import type { BackupTable } from '../backups/tables';
import type { Feature } from '../http/feature';
import type { AnyAction } from './action';
import type { AnyPage } from './page';

/**
 * A feature, declared once in its folder (feature.ts): its actions, its pages, the migrations that made its
 * tables and what a firm's backup takes of each, and how it mounts on the services. src/features.ts lists
 * the declarations; the app's routes and background work, the actions catalog, the migrations, the backup's
 * contents and the lint's feature list are all derived from that list.
 */
export type FeatureDeclaration<S> = {
  /** Its folder under src/. */
  name: string;
  actions?: Record<string, AnyAction>;
  pages?: AnyPage[];
  /** Migrations it added, by name: numbered with every other feature's, which is the order they run in. */
  migrations?: Record<string, Migration>;
  /** Its tables: what a firm's backup takes of each (in the order a restore writes them), or why none. */
  tables?: BackupTable[];
  /** Its routes and background work, on the services (src/services.ts). */
  mount?(services: S): Feature;
};

/** Declares a feature (see FeatureDeclaration). */
export const declareFeature = <S>(declaration: FeatureDeclaration<S>): FeatureDeclaration<S> => declaration;
