import { Router } from 'express';
import { type ActionKit, mountActions } from '../access/kit';
import type { Feature } from '../http/feature';
import type { Renderer } from '../http/render';
import type { ClosedCaseControls } from '../../islands/ui/cases';
import type { SessionUser } from '../shared/session';
import { CASES_ACTIONS } from './actions';
import type { ClientsService } from './client-service';
import type { CaseRules } from './forms';
import { casePages } from './pages';
import type { CasesService } from './service';

export { CASES_ACTIONS };

/** Cases and clients: the pages of both areas and their forms, and {API}/cases and /clients. */
export function casesFeature(deps: {
  kit: ActionKit;
  cases: CasesService;
  clients: ClientsService;
  render: Renderer;
  rules: CaseRules;
}): Feature {
  const { kit, cases, clients, render, rules } = deps;
  // Asked per request, once the actions are bound: what the matrix lets this person do now.
  const closedFor = (user: SessionUser | undefined): ClosedCaseControls => ({
    create: mounted.bound.createCase.refusalFor(user)?.message,
    edit: mounted.bound.updateCase.refusalFor(user)?.message,
    move: mounted.bound.changeCase.refusalFor(user)?.message,
    reopen: mounted.bound.reopenDecision.refusalFor(user)?.message,
    remove: mounted.bound.deleteCase.refusalFor(user)?.message,
    clientEdit: mounted.bound.updateClient.refusalFor(user)?.message,
    clientRemove: mounted.bound.deleteClient.refusalFor(user)?.message,
  });
  const mounted = mountActions(kit, CASES_ACTIONS, { cases, clients, render, closedFor, rules });
  return {
    api: mounted.api,
    pages: Router().use(
      mounted.forms,
      casePages({ cases, clients, render, closedFor, rules, actions: mounted.bound }),
    ),
  };
}
