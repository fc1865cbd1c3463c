import type { Router } from 'express';

/** What a feature gives the app: its JSON API routes, its pages and forms, and its background work. */
export type Feature = {
  /** Routes outside the API and the pages, mounted before both (/node/*). */
  root?: Router;
  api?: Router;
  pages?: Router;
  /** Starts background work; the app takes requests once every feature has started. */
  start?(): Promise<void>;
  stop?(): Promise<void>;
};
