import { declareFeature } from '../access/feature-declaration';
import type { Services } from '../services';
import { HEALTH_ACTIONS, healthFeature as mountHealth } from '.';
import { HEALTH_PAGES } from './pages';
import { createHealthService } from './service';
import { createHealthStore } from './store';

/** The System Health page, /node/*, and the health API. */
export const healthFeature = declareFeature({
  name: 'health',
  actions: HEALTH_ACTIONS,
  pages: HEALTH_PAGES,
  mount: (s: Services) =>
    mountHealth({
      kit: s.kit,
      health: createHealthService({ store: createHealthStore(s.database.db), redis: s.redis }),
      apiBaseUrl: s.config.apiBaseUrl,
    }),
});
