/** The dated tables of the rules, as staff keep them and firms see what changed (src/rule-tables). */

export const RULE_TABLE_KINDS = {
  'poverty-guidelines': 'Poverty guidelines (Form I-864P)',
  fee: 'Filing fee',
  holiday: 'Legal holiday',
} as const;
export type RuleTableKind = keyof typeof RULE_TABLE_KINDS;

/** One table: held in the product's own data (`builtIn`), or added by platform staff. */
export type RuleTable = {
  /** null for a table held in the product's own data. */
  id: string | null;
  kind: RuleTableKind;
  builtIn: boolean;
  /** The day the rules apply it from, ISO. */
  effectiveFrom: string;
  /** What it says, in one line: "2026 guidelines: 48 states and DC $15,960 + $5,680 a person; …". */
  summary: string;
  citation: string;
  sourceUrl: string;
  /** When staff added it, and when and why it was withdrawn (ISO instants). */
  addedAt: string | null;
  withdrawnAt: string | null;
  withdrawnReason: string | null;
};
