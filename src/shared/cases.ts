/**
 * Cases and clients (SPEC §2 "Case Management", "Cases", §3, §4): the words, the options and the one
 * status lifecycle that both the user view and the administrator's filter read. Islands import this too.
 */

/** SPEC §3 "Admin case types". */
export const CASE_TYPES = ['visa', 'citizenship', 'asylum', 'family'] as const;
export type CaseType = (typeof CASE_TYPES)[number];

export const CASE_TYPE_LABELS: Record<CaseType, string> = {
  visa: 'Visa',
  citizenship: 'Citizenship',
  asylum: 'Asylum',
  family: 'Family',
};

/** The principal USCIS form of a case (SPEC "form type"), with the form's own title. */
export const FORM_TYPES = {
  'I-90': 'Application to Replace Permanent Resident Card',
  'I-129F': 'Petition for Alien Fiancé(e)',
  'I-130': 'Petition for Alien Relative',
  'I-130A': 'Supplemental Information for Spouse Beneficiary',
  'I-131': 'Application for Travel Document',
  'I-140': 'Immigrant Petition for Alien Workers',
  'I-485': 'Application to Register Permanent Residence or Adjust Status',
  'I-589': 'Application for Asylum and for Withholding of Removal',
  'I-751': 'Petition to Remove Conditions on Residence',
  'I-765': 'Application for Employment Authorization',
  'I-864': 'Affidavit of Support Under Section 213A of the INA',
  'N-400': 'Application for Naturalization',
} as const;
export type FormType = keyof typeof FORM_TYPES;
export const FORM_CODES = Object.keys(FORM_TYPES) as [FormType, ...FormType[]];

/**
 * The stored statuses. A case opens pending (intake: facts and documents being gathered), is processing
 * once the firm works on it or has filed it, may be put on hold (waiting on the client, a visa bulletin
 * date or a court), and ends approved or rejected when USCIS decides.
 */
export const CASE_STATUSES = ['pending', 'processing', 'on-hold', 'approved', 'rejected'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

export const STATUS_LABELS: Record<CaseStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  'on-hold': 'On hold',
  approved: 'Approved',
  rejected: 'Rejected',
};

/**
 * The moves a case can make. A rejected case reopens when an appeal or motion is filed (Form I-290B);
 * an approved one is final: a new matter is a new case.
 */
export const CASE_MOVES: Record<CaseStatus, readonly CaseStatus[]> = {
  pending: ['processing', 'on-hold'],
  processing: ['approved', 'rejected', 'on-hold'],
  'on-hold': ['processing'],
  approved: [],
  rejected: ['processing'],
};

/** The words of the button that makes each move. */
export const MOVE_LABELS: Record<CaseStatus, string> = {
  pending: 'Back to pending',
  processing: 'Start processing',
  'on-hold': 'Put on hold',
  approved: 'Record approval',
  rejected: 'Record rejection',
};

/** The words of the button when the move is out of a rejected case (an appeal or motion was filed). */
export const REOPEN_LABEL = 'Reopen (appeal or motion filed)';

export const canMove = (from: CaseStatus, to: CaseStatus) => CASE_MOVES[from].includes(to);

/** USCIS's decisions: a move to one of them asks for confirmation and the day USCIS decided. */
export const DECISIONS = ['approved', 'rejected'] as const satisfies readonly CaseStatus[];
export type Decision = (typeof DECISIONS)[number];
export const isDecision = (status: CaseStatus | undefined): status is Decision =>
  (DECISIONS as readonly string[]).includes(status ?? '');

export const DECISION_DATE_MISSING = 'Enter the date USCIS decided';

/** An administrator's correction of a decision recorded by mistake: back to processing (not an appeal). */
export const REOPEN_DECISION_LABEL = 'Reopen decision (recorded by mistake)';

/** "An approved case", "A pending case", "An on-hold case": the stored word reads as the adjective. */
const aCase = (status: CaseStatus) => `${/^[aeiou]/.test(status) ? 'An' : 'A'} ${status} case`;

/** The message of a refused move: it names the moves that are allowed. */
export function refusedMoveMessage(from: CaseStatus, to: CaseStatus): string {
  const allowed = CASE_MOVES[from].map((s) => STATUS_LABELS[s].toLowerCase());
  const what = `${aCase(from)} cannot be moved to ${STATUS_LABELS[to].toLowerCase()}.`;
  if (from === to) return `The case is ${STATUS_LABELS[from].toLowerCase()} already.`;
  return allowed.length
    ? `${what} Allowed: ${allowed.join(', ')}.`
    : `${what} ${aCase(from)} is final: no move is allowed.`;
}

/** SPEC §4's user view: four statuses. A case on hold is still in progress: the user view says processing. */
export const USER_VIEW: Record<CaseStatus, 'pending' | 'processing' | 'approved' | 'rejected'> = {
  pending: 'pending',
  processing: 'processing',
  'on-hold': 'processing',
  approved: 'approved',
  rejected: 'rejected',
};

/** SPEC §2's administrator filter: active is being worked on, completed is decided either way. */
export const ADMIN_VIEW: Record<CaseStatus, 'active' | 'pending' | 'completed' | 'on-hold'> = {
  pending: 'pending',
  processing: 'active',
  'on-hold': 'on-hold',
  approved: 'completed',
  rejected: 'completed',
};

export const ADMIN_FILTERS = ['active', 'pending', 'completed', 'on-hold'] as const;
export const ADMIN_FILTER_LABELS: Record<(typeof ADMIN_FILTERS)[number], string> = {
  active: 'Active',
  pending: 'Pending',
  completed: 'Completed',
  'on-hold': 'On hold',
};

/** The statuses that are not decided yet: the cases with a deadline to keep. */
export const OPEN_STATUSES: readonly CaseStatus[] = ['pending', 'processing', 'on-hold'];

/**
 * The `status` filter of the list: a stored status, an administrator filter word, or `open`; each names an
 * exact set of stored statuses.
 */
export const STATUS_FILTERS: Record<string, readonly CaseStatus[]> = {
  pending: ['pending'],
  processing: ['processing', 'on-hold'],
  'on-hold': ['on-hold'],
  approved: ['approved'],
  rejected: ['rejected'],
  active: ['processing'],
  completed: ['approved', 'rejected'],
  open: OPEN_STATUSES,
};
export const STATUS_FILTER_NAMES = Object.keys(STATUS_FILTERS) as [string, ...string[]];

/** The list's sort orders: a column, descending with a leading '-'. */
export const CASE_SORT_KEYS = [
  'caseNumber',
  'client',
  'type',
  'formType',
  'status',
  'dueDate',
  'created',
  'updated',
] as const;
export type CaseSortKey = (typeof CASE_SORT_KEYS)[number];
export const CASE_SORTS = CASE_SORT_KEYS.flatMap((k) => [k, `-${k}`]) as [string, ...string[]];
export const DEFAULT_CASE_SORT = '-created';

export const CASE_LIMITS = {
  name: 100,
  description: 4000,
  search: 100,
  email: 254,
  phone: 40,
  address: 300,
  country: 100,
  /** Dollars: a fee above this is a typing error. */
  money: 10_000_000,
  pageSize: 200,
  importRows: 100_000,
  importBytes: 20 * 1024 * 1024,
  reopenReason: 500,
} as const;

/** A USCIS receipt number: three letters (the service center) and ten digits, as IOE0912345678. */
export const RECEIPT_PATTERN = /^[A-Z]{3}\d{10}$/;
export const RECEIPT_MESSAGE = 'Receipt number must be three letters and ten digits, such as IOE0912345678';
/** An A-number (alien registration number): A and 8 or 9 digits. */
export const A_NUMBER_PATTERN = /^A\d{8,9}$/;
export const A_NUMBER_MESSAGE = 'A-number must be A followed by 8 or 9 digits, such as A123456789';

export type Person = { id: string; name: string };

/** A case as the API answers it (these names are the API's contract). */
export type CaseRecord = {
  id: string;
  caseNumber: string;
  status: CaseStatus;
  /** The same status in the user view's and the administrator filter's words. */
  userStatus: (typeof USER_VIEW)[CaseStatus];
  adminStatus: (typeof ADMIN_VIEW)[CaseStatus];
  /** Where the case may move now. */
  nextStatuses: CaseStatus[];
  client: Person;
  caseType: CaseType;
  formType: FormType;
  assignee: Person | null;
  dueDate: string | null;
  description: string;
  receiptNumber: string | null;
  priorityDate: string | null;
  /** Dollars, to the cent. */
  legalFee: number | null;
  amountPaid: number | null;
  createdAt: string;
  updatedAt: string;
  /** When USCIS's decision was recorded (approved or rejected), else null. */
  decidedAt: string | null;
  /** The day USCIS decided (YYYY-MM-DD), as the person recording it said, else null. */
  decidedOn: string | null;
};

/** One entry of a case's history: who changed what, when, from and to (values as words). */
export type CaseChange = {
  at: string;
  by: string | null;
  field: string;
  from: string | null;
  to: string | null;
};

export type CaseDetail = CaseRecord & { history: CaseChange[] };

export type CaseCounts = {
  total: number;
  active: number;
  pending: number;
  onHold: number;
  completed: number;
  overdue: number;
};

export type CaseList = { items: CaseRecord[]; total: number; page: number; pageSize: number };

export type ClientRecord = {
  id: string;
  name: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  dateOfBirth: string | null;
  countryOfCitizenship: string | null;
  aNumber: string | null;
  address: string | null;
  caseCount: number;
  createdAt: string;
  updatedAt: string;
};

export type ClientList = { items: ClientRecord[]; total: number; page: number; pageSize: number };

/** The list's search and filters as the API's query and the pages' forms give them. */
export type CaseFilter = {
  q: string;
  status?: string;
  type?: CaseType;
  formType?: FormType;
  assignee?: string;
  dueBefore?: string;
  dueAfter?: string;
  sort: string;
};

/** "$1,250.00" */
export const formatMoney = (dollars: number) =>
  dollars.toLocaleString('en-US', { style: 'currency', currency: 'USD' });

/** A person's name as one line ("Ana Lopez") from its parts. */
export const personName = (first: string, last: string) => `${first} ${last}`.trim();

/** The query string of a filtered, sorted page of the list (empty parts left out). */
export function caseQuery(filter: Partial<CaseFilter> & { page?: number }): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter))
    if (
      value !== undefined &&
      value !== '' &&
      !(key === 'page' && value === 1) &&
      !(key === 'sort' && value === DEFAULT_CASE_SORT)
    )
      params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}
