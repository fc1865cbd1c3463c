/**
 * Dated tables platform staff add without a release (src/rule-tables): a year's poverty guidelines, a
 * form's fee from a date, a legal holiday. The rules read them beside the editions held in ./data; each
 * process holds the current set, replaced whole whenever staff change it (on every process).
 */
import type { FormType } from '../shared/cases';
import type { PovertyGuidelines } from './data/poverty-guidelines';

/** A form's usual paper fee from a date, as a later rule or notice set it. */
export type StaffFee = {
  form: FormType;
  effectiveFrom: string;
  paper: number;
  citation: string;
  sourceUrl: string;
};

/** A legal holiday the statute's list does not give (a new holiday by law, say). */
export type StaffHoliday = { date: string; name: string; citation: string; sourceUrl: string };

export type StaffTables = {
  poverty: PovertyGuidelines[];
  fees: StaffFee[];
  holidays: StaffHoliday[];
};

let current: StaffTables = { poverty: [], fees: [], holidays: [] };
let generation = 0;

/** Replaces the tables in force in this process. */
export function useStaffTables(tables: StaffTables): void {
  current = tables;
  generation++;
}

export const staffTables = (): StaffTables => current;

/**
 * A value computed from the tables, computed again only after they change: the rules ask for their
 * versions on every answer.
 */
export function perGeneration<T>(compute: () => T): () => T {
  let at = -1;
  let value: T;
  return () => {
    if (at !== generation) {
      value = compute();
      at = generation;
    }
    return value;
  };
}
