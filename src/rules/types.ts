/**
 * The rules library's contract: every rule is pure, dated and cited, and every answer lists the rules it
 * used. `POST /ai/deadlines` answers `{ deadlines, rules }`, `POST /ai/compliance` answers
 * `{ checks, figures, rules }`; the JSON names here are that API's.
 */
import type { FactName, Facts } from '../shared/facts';

/** What every rule carries, and every answer repeats for the rules it used. */
export type RuleSource = {
  /** The rule's own identifier, stable across versions ("rfe-response"). */
  ruleId: string;
  title: string;
  /** The authority: "8 CFR 103.8(b)", "INA 316(a)", "USCIS Form G-1055". */
  citation: string;
  sourceUrl: string;
  /** ISO date the version took effect, and the last day it was in force (absent: still in force). */
  effectiveFrom: string;
  effectiveTo?: string;
};

/** One version of a rule: a pure function of the facts as of a date. */
export type Rule<Answer> = RuleSource & {
  /** The facts it reads (a missing one makes the answer "unknown" and names it). */
  needs: readonly FactName[];
  evaluate(facts: Facts, asOf: string): Answer;
};

/** A date the case must meet or may act from. */
export type Deadline = {
  /** "n400-earliest-filing", "rfe-response", "noid-response", "appeal", "i751-window-opens", … */
  id: string;
  title: string;
  /** ISO date: for a period, its last day after the roll-over off a weekend or legal holiday (8 CFR 1.2). */
  date: string;
  /** The period's last day before that roll-over, when it moved. */
  unadjustedDate?: string;
  /** How the date was reached, in words ("Notice date 11/02/2026 + 84 days + 3 days by mail"). */
  explanation: string;
  /** The form that is filed by the date: "I-290B", "EOIR-29", "N-336", "EOIR-26". */
  filing?: string;
  /** The filing or response must be received by the date, not merely sent. */
  receivedBy?: true;
  /** "deadline": must act by; "opens": may act from; "expires": a document or status ends. */
  kind: 'deadline' | 'opens' | 'expires';
  ruleId: string;
  citation: string;
  sourceUrl: string;
  effectiveFrom: string;
};

/** `warn`: a rebuttable presumption or a risk the attorney weighs; never a bar to filing. */
export type CheckStatus = 'pass' | 'warn' | 'fail' | 'unknown';

export type Check = {
  /** "n400-age", "i864-income", "filing-fee", "evidence-checklist", … */
  id: string;
  title: string;
  status: CheckStatus;
  /** In words a paralegal understands; for "unknown", names the missing fact. */
  message: string;
  /** For "unknown": the facts that were missing. */
  missing?: FactName[];
  ruleId: string;
  citation: string;
  sourceUrl: string;
  effectiveFrom: string;
};

/** Figures a check computed, for the page and the API. */
export type ComplianceFigures = {
  /** I-864: the income the sponsor needs, whole dollars as on Form I-864P. */
  requiredIncome?: number;
  /** I-864: the HHS poverty guidelines' year used. */
  povertyGuidelineYear?: number;
  /** I-864: 125 or 100 (per cent of the guideline). */
  povertyGuidelinePercent?: number;
  /** The USCIS filing fee for the form as of the filing date, whole dollars (paper filing). */
  filingFee?: number;
  /** The fee schedule's edition date (G-1055), ISO. */
  feeScheduleDate?: string;
};

/**
 * A deadline the facts do not yet give: which facts it still needs, or why the facts given cannot be right
 * (`reason`, as for an RFE period longer than any RFE gives).
 */
export type MissingDeadline = {
  id: string;
  title: string;
  missing: FactName[];
  ruleId: string;
  reason?: string;
};

export type DeadlinesAnswer = {
  asOf: string;
  deadlines: Deadline[];
  /** Deadlines that more facts would give, naming them. */
  unknown: MissingDeadline[];
  rules: RuleSource[];
};
export type ComplianceAnswer = {
  asOf: string;
  checks: Check[];
  figures: ComplianceFigures;
  rules: RuleSource[];
};
