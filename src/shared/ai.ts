/** The AI Tools screen (SPEC §2: four cards, each with two buttons) and what counts as one use of a tool. */

export const AI_TOOLS = {
  'document-analysis': 'Document Analysis',
  'brief-generator': 'Legal Brief Generator',
  'compliance-checker': 'Compliance Checker',
  'deadline-tracker': 'Deadline Tracker',
} as const;
export type AiTool = keyof typeof AI_TOOLS;
export const AI_TOOL_CODES = Object.keys(AI_TOOLS) as [AiTool, ...AiTool[]];

/** The Legal Brief Generator's templates (`POST /ai/brief`, `template`): letters to USCIS, then to the client. */
export const BRIEF_TEMPLATES = {
  'cover-letter': 'Cover letter for a filing packet',
  'rfe-response': 'Response to a Request for Evidence',
  'noid-response': 'Response to a Notice of Intent to Deny',
  'bona-fide-marriage': 'I-130 bona fide marriage evidence summary',
  'biometrics-reschedule': 'Request to reschedule a biometrics appointment',
  'expedite-request': 'Expedite request',
  'client-checklist': 'Client checklist letter',
  'client-rfe-letter': 'Client letter: what USCIS asked for',
} as const;
export type BriefTemplate = keyof typeof BRIEF_TEMPLATES;
export const BRIEF_TEMPLATE_CODES = Object.keys(BRIEF_TEMPLATES) as [BriefTemplate, ...BriefTemplate[]];
/** The templates written to the client, in the client's language (`language`: en or es). */
export const CLIENT_TEMPLATES: readonly BriefTemplate[] = ['client-checklist', 'client-rfe-letter'];

/** How a paper filing's fees are paid: electronically from 10/28/2025, or by check with an exemption. */
export const PAYMENT_METHODS = ['G-1450', 'G-1650', 'G-1651'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  'G-1450': 'Form G-1450, Authorization for Credit Card Transactions',
  'G-1650': 'Form G-1650, Authorization for ACH Transactions',
  'G-1651': 'Form G-1651, Exemption for Paper Fee Payment, with a check or money order',
};

/** The criteria of an expedite request (USCIS Policy Manual, Vol. 1, Part A, Ch. 5). */
export const EXPEDITE_CRITERIA = [
  'severe-financial-loss',
  'emergency',
  'nonprofit',
  'government-interest',
  'uscis-error',
] as const;
export type ExpediteCriterion = (typeof EXPEDITE_CRITERIA)[number];
export const EXPEDITE_CRITERION_LABELS: Record<ExpediteCriterion, string> = {
  'severe-financial-loss': 'Severe financial loss to a company or person',
  emergency: 'Emergencies and urgent humanitarian reasons',
  nonprofit:
    'A nonprofit organization (as designated by the IRS) whose request is in furtherance of the cultural and social interests of the United States',
  'government-interest': 'U.S. government interests',
  'uscis-error': 'Clear USCIS error',
};

export const BRIEF_FORMATS = ['pdf', 'docx'] as const;
export type BriefFormat = (typeof BRIEF_FORMATS)[number];

/** A docket deadline's state: open, met, missed (an open one whose date passed) or dismissed with a reason. */
export const DEADLINE_STATES = ['open', 'done', 'missed', 'dismissed'] as const;
export type DeadlineState = (typeof DEADLINE_STATES)[number];
export const DEADLINE_STATE_LABELS: Record<DeadlineState, string> = {
  open: 'Open',
  done: 'Done',
  missed: 'Missed',
  dismissed: 'Dismissed',
};

/** What a docket deadline is: act by, may act from, a document or status ends, a hearing or appointment. */
export const DEADLINE_KINDS = ['deadline', 'opens', 'expires', 'hearing'] as const;
export type DeadlineKind = (typeof DEADLINE_KINDS)[number];
export const DEADLINE_KIND_LABELS: Record<DeadlineKind, string> = {
  deadline: 'Act by',
  opens: 'May act from',
  expires: 'Expires',
  hearing: 'Hearing or appointment',
};

/** Where a docket deadline came from. */
export const DEADLINE_SOURCE_LABELS = {
  case: 'The case’s due date',
  document: 'Read from a document',
  rule: 'A rule over the case’s facts',
  manual: 'Entered by hand',
} as const;
export type DeadlineSourceKind = keyof typeof DEADLINE_SOURCE_LABELS;

/** One deadline of the firm's docket, as `GET /deadlines` answers it. */
export type DocketDeadline = {
  id: string;
  caseId: string;
  caseNumber: string;
  clientName: string;
  title: string;
  /** ISO date (after the roll-over off a weekend or holiday, for a period). */
  date: string;
  unadjustedDate?: string;
  kind: DeadlineKind;
  state: DeadlineState;
  /** Why it was dismissed. */
  reason?: string;
  owner: { id: string; name: string } | null;
  source: { kind: DeadlineSourceKind; documentId?: string; ruleId?: string };
  explanation?: string;
  filing?: string;
  citation?: string;
  sourceUrl?: string;
  receivedBy?: true;
};

/** A calendar feed's deadlines: the person's own, or the firm's. */
export const FEED_SCOPES = ['firm', 'mine'] as const;
export type FeedScope = (typeof FEED_SCOPES)[number];

/** The dashboard's part of the docket. */
export type Upcoming = {
  today: string;
  /** The firm's missed deadlines and those of the next 30 days, the missed first, then the soonest. */
  deadlines: DocketDeadline[];
  /** The person's own deadlines: open and due within 7 days, and missed. */
  mine: { dueSoon: number; missed: number };
};
