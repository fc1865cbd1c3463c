/**
 * The matter a draft is written from, read once by the service (./service): the case, its people in their
 * roles, its documents with what was read from them, its docket, the firm, and the choices the attorney
 * made for this draft. The templates read nothing else.
 */
import type { CaseRecord } from '../../shared/cases';
import type { DocketDeadline } from '../../shared/ai';
import type { DocumentRecord } from '../../shared/documents';
import type { CaseFacts } from '../../shared/facts';
import type { Language, Person } from '../../shared/people';
import type { ChecklistItem, FeesAnswer } from './rules';
import type { BriefChoices } from './schema';

/** A form of a filing, with the edition the firm files (none: the product does not hold that form). */
export type FormEdition = { code: string; title: string; edition: string | null };

/** The address a form is filed at on a date, as the firm keeps it. */
export type FilingAddress = {
  lines: string[];
  label: string | null;
  effectiveFrom: string;
  sourceUrl: string;
};

export type BriefMatter = {
  firm: { name: string; letterhead: string[] };
  /** Who signs: the person generating the draft. */
  signer: string;
  /** ISO date of the draft, in the firm's time zone. */
  asOf: string;
  kase: CaseRecord;
  /** The case's client (its beneficiary or applicant). */
  client: Person;
  petitioner: Person | null;
  facts: CaseFacts;
  /** The case's documents in the order they were filed, the firm's earlier briefs left out. */
  documents: DocumentRecord[];
  /** The case's deadlines on the docket, every state. */
  docket: DocketDeadline[];
  /** The edition of a form and its title (G-28, I-130A: the title only). */
  formOf(code: string): FormEdition;
  /** The fees of forms filed together on paper on a date (the rules library's, staff's tables included). */
  fees(forms: string[], filingDate: string): FeesAnswer;
  /** The evidence a form's checklist asks for. */
  checklist(form: string): ChecklistItem[];
  /** The firm's filing address for the filing's first form on the draft's date. */
  filingAddress?: FilingAddress;
  language: Language;
  choices: BriefChoices;
};
