import { type ActionKit, mountActions } from '../access/kit';
import type { Feature } from '../http/feature';
import { DEMO_ACTIONS, type DemoDeps } from './actions';

export { DEMO_ACTIONS };

/** The demo sign-in of SPEC §7, on while the demo data set is. */
export function demoFeature(deps: DemoDeps & { kit: ActionKit }): Feature {
  const { kit, ...actionDeps } = deps;
  return { api: mountActions(kit, DEMO_ACTIONS, actionDeps).api };
}
