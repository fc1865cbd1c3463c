import type { AnyPage } from '../../access/page';
import { partiesPage } from './parties';
import { newPersonPage, peopleListPage } from './people';
import { personEditPage, personPage, personSsnPage } from './person';
import { casePage } from './case';
import { clientPage } from './client';
import { clientDeletePage } from './client-delete';
import { userDashboard } from './dashboard';
import { caseDecidePage } from './decide';
import { caseDeletePage } from './delete';
import { caseEditPage } from './edit';
import { exportPage, importPage } from './import';
import { casesListPage } from './list';
import { newCasePage } from './new';
import { caseReopenPage } from './reopen';

/**
 * The pages of cases and clients, the same in both areas (each person's own firm), and the firm user's
 * dashboard. Import Cases and Export Data are the transfer feature's (mounted first).
 */
export const CASE_PAGES = [
  userDashboard,
  casesListPage,
  newCasePage,
  casePage,
  caseEditPage,
  caseDecidePage,
  caseReopenPage,
  caseDeletePage,
  clientPage,
  clientDeletePage,
];

export const TRANSFER_PAGES = [importPage, exportPage];

/** The firm's people and a case's parties (the people feature's pages). */
export const PEOPLE_PAGES: AnyPage[] = [
  peopleListPage,
  newPersonPage,
  personPage,
  personEditPage,
  personSsnPage,
  partiesPage,
];
