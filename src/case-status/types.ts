/** What one check of a receipt number came to: USCIS's status, or why there was none. */
export type CheckOutcome = 'ok' | 'not-found' | 'invalid' | 'rate-limited' | 'unavailable';

/** One check of a receipt number against USCIS, as kept. */
export type StatusCheck = {
  /** When (an ISO timestamp). */
  checkedAt: string;
  outcome: CheckOutcome;
  /** USCIS's status ("Case Was Approved") and its description, in English and Spanish; null unless ok. */
  statusText: string | null;
  statusDescription: string | null;
  statusTextEs: string | null;
  statusDescriptionEs: string | null;
  formType: string | null;
  /** When USCIS last changed the case (YYYY-MM-DD), when it says. */
  modifiedDate: string | null;
  /** The status text differs from the receipt's previous status. */
  changed: boolean;
};

/** One receipt number of a case: its latest check and those before (the newest first). */
export type ReceiptStatus = {
  receiptNumber: string;
  latest: StatusCheck | null;
  history: StatusCheck[];
};

/** A case's receipt numbers and what USCIS said of each; `configured`: whether USCIS can be asked at all. */
export type CaseStatusView = {
  caseId: string;
  configured: boolean;
  receipts: ReceiptStatus[];
};

/** A check made on demand: the receipts USCIS was asked about now (the others were asked lately). */
export type CaseStatusCheck = CaseStatusView & { checkedNow: string[] };
