/**
 * Documents (SPEC §2 "Documents", §4 "Upload", §5, §9): the words, limits and shapes that the upload
 * island, the pages, the API and the analysis share. Islands import this too: no server code here.
 */

/** SPEC §2: the upload area's hint, word for word. */
export const UPLOAD_HINT = 'Supports PDF, DOC, DOCX, JPG, PNG (Max 50MB)';
/** SPEC §4: shown only once the analysis has really finished. */
export const UPLOAD_DONE = 'Document processed successfully! AI analysis complete.';

/** SPEC §9 "Upload maximum 50MB": 50 MiB, enforced while the file streams in. */
export const DOCUMENT_MAX_BYTES = 52_428_800;

/** The file kinds accepted, each decided by the file's content and agreeing with its name's extension. */
export const FILE_KINDS = {
  pdf: { label: 'PDF', extensions: ['.pdf'], mime: 'application/pdf' },
  doc: { label: 'DOC', extensions: ['.doc'], mime: 'application/msword' },
  docx: {
    label: 'DOCX',
    extensions: ['.docx'],
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  jpeg: { label: 'JPG', extensions: ['.jpg', '.jpeg'], mime: 'image/jpeg' },
  png: { label: 'PNG', extensions: ['.png'], mime: 'image/png' },
} as const;
export type FileKind = keyof typeof FILE_KINDS;
export const FILE_KIND_CODES = Object.keys(FILE_KINDS) as [FileKind, ...FileKind[]];
/** The file input's `accept`: a hint to the browser's picker; the server decides by content. */
export const UPLOAD_ACCEPT = Object.values(FILE_KINDS)
  .flatMap((k) => [...k.extensions, k.mime])
  .join(',');

export const UPLOAD_REFUSALS = {
  tooLarge: 'The file is larger than 50MB (52,428,800 bytes). Split it or compress it, then upload it again.',
  badType:
    'This file is not one we accept. Upload a PDF, DOC, DOCX, JPG or PNG file whose name ends with its type (.pdf, .doc, .docx, .jpg, .jpeg, .png).',
  noFile: 'Choose a file to upload.',
  empty: 'The file is empty.',
} as const;

/** What a document is filed as: SPEC's cards (USCIS Forms, Legal Briefs, Evidence Package) and the rest. */
export const DOCUMENT_CATEGORIES = {
  'uscis-form': 'USCIS Forms',
  'legal-brief': 'Legal Briefs',
  evidence: 'Evidence',
  correspondence: 'USCIS Notices and Letters',
  other: 'Other',
} as const;
export type DocumentCategory = keyof typeof DOCUMENT_CATEGORIES;
export const DOCUMENT_CATEGORY_CODES = Object.keys(DOCUMENT_CATEGORIES) as [
  DocumentCategory,
  ...DocumentCategory[],
];

/** SPEC §2's USCIS Forms card names these forms. */
export const CARD_FORMS = ['I-130', 'I-485', 'I-765', 'I-864', 'N-400'] as const;

/** An analysis's place in the background queue. */
export const DOCUMENT_STATUSES = ['queued', 'processing', 'done', 'failed'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];
export const DOCUMENT_STATUS_LABELS: Record<DocumentStatus, string> = {
  queued: 'Queued',
  processing: 'Analyzing',
  done: 'Analyzed',
  failed: 'Analysis failed',
};

/** What the analysis recognised the document as. */
export const DOCUMENT_TYPES = {
  passport: 'Passport',
  'i797-receipt': 'I-797C Receipt Notice',
  'i797-approval': 'I-797 Approval Notice',
  'i797-rfe': 'I-797E Request for Evidence',
  'i797-transfer': 'I-797C Transfer Notice',
  'uscis-noid': 'USCIS Notice of Intent to Deny',
  'uscis-denial': 'USCIS Decision: Denial',
  i94: 'I-94 Arrival/Departure Record',
  'green-card': 'Permanent Resident Card (I-551)',
  'ead-card': 'Employment Authorization Document (I-766)',
  'birth-certificate': 'Birth Certificate',
  'marriage-certificate': 'Marriage Certificate',
  'divorce-decree': 'Divorce Decree',
  'tax-return': 'Tax Return or IRS Transcript',
  'pay-stub': 'Pay Stub',
  'employment-letter': 'Employment Letter',
  'bank-statement': 'Bank Statement',
  'uscis-form': 'USCIS Form',
  other: 'Other Document',
} as const;
export type DocumentType = keyof typeof DOCUMENT_TYPES;
export const DOCUMENT_TYPE_CODES = Object.keys(DOCUMENT_TYPES) as [DocumentType, ...DocumentType[]];

/** How the text was read. */
export type TextMethod = 'pdf-text' | 'ocr' | 'docx' | 'doc' | 'none';

/**
 * A machine-readable zone (ICAO 9303) as read with its check digits: a passport's (TD3), or a green card's
 * (TD1), whose nationality field holds the country of birth.
 */
export type PassportZone = {
  documentNumber: string | null;
  surname: string | null;
  givenNames: string | null;
  /** ISO 3166-1 alpha-3, as printed (e.g. "MEX"). */
  nationality: string | null;
  issuingState: string | null;
  birthDate: string | null;
  sex: string | null;
  /** ISO date. */
  expirationDate: string | null;
  /** Every check digit agreed. */
  valid: boolean;
  /** The fields whose check digit did not agree. */
  invalidFields: string[];
  /** The document number as OCR read it, when the check digits chose another reading (0 for O, 1 for I). */
  numberAsRead?: string;
};

export type NoticeType = 'receipt' | 'approval' | 'rfe' | 'transfer' | 'noid' | 'denial';

/** What the analysis read from the document; absent: not found. Dates are ISO YYYY-MM-DD. */
export type DocumentFields = {
  names: string[];
  dates: string[];
  receiptNumbers: string[];
  aNumbers: string[];
  passportNumber?: string;
  nationality?: string;
  expirationDate?: string;
  passportZone?: PassportZone;
  noticeType?: NoticeType;
  noticeDate?: string;
  /** An RFE's or NOID's response due date as the notice prints it ("must be received by"). */
  responseDueDate?: string;
  /** The period it gives to respond, in days, as printed ("87 days"). */
  responsePeriodDays?: number;
  /** What an RFE or NOID asks for, item by item as listed (at most 20, each at most 300 characters). */
  requestedItems?: string[];
  /** An I-94's admission record number, class of admission, and admit-until date (or "D/S"). */
  i94Number?: string;
  classOfAdmission?: string;
  admitUntil?: string;
  /** The USCIS form the document is, or the notice is about ("I-130"). */
  formNumber?: string;
  taxYear?: number;
  /** Adjusted gross income, whole dollars. */
  agi?: number;
  /** Total income, whole dollars: what Form I-864 counts as income. */
  totalIncome?: number;
  /** A green card's "Resident Since" date. */
  residentSince?: string;
  /** A green card's or work permit's "Card Expires" date (its zone's, on a green card whose check digits agree). */
  cardExpires?: string;
  /** A green card's or work permit's "Date of Birth" (its zone's, on a green card whose check digits agree). */
  birthDate?: string;
  /** A green card's or work permit's "USCIS#": the holder's A-number, written A and nine digits. */
  uscisNumber?: string;
  /** A green card's "Category": the class of admission, as printed ("IR1", "CR1"). */
  residentCategory?: string;
  /** The green card's category is a conditional resident's (two years, INA 216 or 216A). */
  conditional?: boolean;
  /** A green card's machine-readable zone (TD1), as read with its check digits. */
  cardZone?: PassportZone;
  /** A work permit's "Category", written as the case facts take it ("C09", "A05"). */
  eadCategory?: string;
  /** A work permit's "Valid From" date. */
  validFrom?: string;
  /** ISO 639-1 code of the language the text is in ("en", "es"). */
  language?: string;
};

export type FindingSeverity = 'danger' | 'warning' | 'info';

/** Something a lawyer should act on, with the rule that says so and its source. */
export type DocumentFinding = {
  /** The rule's own identifier ("passport-validity-6-months"). */
  ruleId: string;
  severity: FindingSeverity;
  title: string;
  message: string;
  /** The authority: "8 CFR 103.2(b)(3)". */
  citation: string;
  /** Where to read it. */
  sourceUrl: string;
};

/** What the analysis found: deterministic, offline, and explained by its evidence. */
export type DocumentAnalysis = {
  type: DocumentType;
  /** 0 to 1. */
  confidence: number;
  /** The phrases or fields that decided the type. */
  evidence: string[];
  fields: DocumentFields;
  findings: DocumentFinding[];
  textMethod: TextMethod;
  /** OCR's own confidence, 0 to 100, when the text came from OCR. */
  ocrConfidence?: number;
  pages: number;
  /** From the optional LLM, when one is configured: prose only, never facts the above rely on. */
  summary?: { text: string; model: string };
};

/** A document as the API and the pages show it. */
export type DocumentRecord = {
  id: string;
  /** The original file name, cleaned for display (never used as a path). */
  name: string;
  kind: FileKind;
  size: number;
  sha256: string;
  category: DocumentCategory;
  case: { id: string; caseNumber: string } | null;
  client: { id: string; name: string } | null;
  status: DocumentStatus;
  /** Set once the analysis is done. */
  type: DocumentType | null;
  confidence: number | null;
  fields: DocumentFields | null;
  findings: DocumentFinding[];
  evidence: string[];
  analysis: DocumentAnalysis | null;
  /** Why the analysis failed, in words. */
  error: string | null;
  uploadedBy: { id: string; name: string } | null;
  /** ISO timestamps. */
  createdAt: string;
  analyzedAt: string | null;
};

/** One page of the list. */
export type DocumentPage = { items: DocumentRecord[]; total: number; page: number; pageSize: number };

/** Document counts for SPEC's cards. */
export type DocumentCounts = Record<DocumentCategory, number> & { all: number };

export const DOCUMENT_LIST_PAGE_SIZE = 25;

/** A file's size in US words: "1.4 MB", "820 KB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toLocaleString('en-US', { maximumFractionDigits: value < 10 ? 1 : 0 })} ${units[unit]}`;
}
