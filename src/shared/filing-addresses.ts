/**
 * Where USCIS wants each form filed, as a firm keeps it (src/filing-addresses): each address dated from the
 * day it applies, from the form's "Where to file" page on uscis.gov. Views and the API share these shapes.
 */

/** A USCIS form code as people type it: I-130, i130, N-400, I-129F, I-864EZ, AR-11. */
const FORM_CODE = /^([A-Z]{1,2})-?(\d{1,4})([A-Z]{0,3})$/;

/** The form code written the one way the product keeps it ('i130' → 'I-130'); undefined when it is none. */
export function formCodeOf(text: string): string | undefined {
  const parts = FORM_CODE.exec(text.trim().toUpperCase());
  return parts ? `${parts[1]}-${parts[2]}${parts[3]}` : undefined;
}

/** The bounds of what is kept: an address as an envelope and a cover letter print it. */
export const FILING_ADDRESS_LIMITS = {
  label: 200,
  address: 500,
  minLines: 2,
  maxLines: 8,
} as const;

/** The lines of an address as typed: each trimmed, blank ones left out. */
export const addressLinesOf = (address: string): string[] =>
  address
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/** One of the firm's filing addresses, as the API answers it and the page lists it. */
export type FilingAddress = {
  id: string;
  /** The form's code, such as I-130. */
  form: string;
  /** Which filers it is for ("Petitioner lives in Texas, Florida…"); null when it is for every filer. */
  label: string | null;
  /** Its lines, joined by "\n". */
  address: string;
  /** The day it applies from, ISO (YYYY-MM-DD). */
  effectiveFrom: string;
  /** The https address of the form's "Where to file" page it was copied from. */
  sourceUrl: string;
  /** When and by whom it was added (ISO instant); the person is null once their account is removed. */
  addedAt: string;
  addedBy: { id: string; name: string } | null;
  /** When and why it was withdrawn (ISO instant), or null while it may be used. */
  withdrawnAt: string | null;
  withdrawnReason: string | null;
};

/** The address in effect for a form on a day, as a cover letter prints it. */
export type AddressInEffect = {
  id: string;
  form: string;
  label: string | null;
  lines: string[];
  effectiveFrom: string;
  sourceUrl: string;
};
