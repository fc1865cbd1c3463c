/**
 * A draft as the generator describes it once, then writes out as a PDF (./pdf) or a Word document (./docx).
 * A draft has two parts: the outgoing document (the letter that is sent) and the review sheet (what is
 * missing, what was assumed, the rules relied on), which stays in the firm. Nothing of the review sheet is
 * in the outgoing document. Prose paragraphs are the only blocks a language model may reword (./polish);
 * everything else is facts from the case file and the rules, written as they are.
 */
import type { RuleSource } from '../../rules/types';
import type { BriefTemplate } from '../../shared/ai';
import type { Language } from '../../shared/people';

export type Block =
  | { type: 'heading'; text: string }
  /**
   * A paragraph. `prose` ones may be reworded by the model, which must keep every string of `keep` (the
   * facts written into it) word for word; `draftedBy` names the model that reworded it. `id`: one the
   * attorney may rewrite before generating; `edited`: the attorney's words.
   */
  | {
      type: 'paragraph';
      text: string;
      id?: string;
      edited?: boolean;
      prose?: { keep: string[]; draftedBy?: string };
    }
  /** "Label: value" lines (the RE block, a form and its fee). */
  | { type: 'fields'; rows: Array<[label: string, value: string]> }
  | { type: 'list'; items: string[] }
  /** Numbered rows: what a notice asks for, each with what answers it ("Enclosed: Exhibit A, …"). */
  | { type: 'numbered'; items: Array<{ text: string; answer?: string }> }
  /** Lettered rows: the exhibits ("A", "Passport: passport.pdf"). */
  | { type: 'lettered'; rows: Array<[letter: string, text: string]> }
  /** The rules a review sheet relies on, each with its citation, dates and source. */
  | { type: 'rules'; rules: RuleSource[] }
  /** The lines at the letter's foot: "Sincerely," and who signs. */
  | { type: 'closing'; lines: string[] };

/** A document as it is written out: the outgoing letter, or the review sheet. */
export type Brief = {
  /** "RFE Response", "Review Sheet: RFE Response", …: the file's title and its pages' footer. */
  title: string;
  language: Language;
  firmName: string;
  /** The firm's address, telephone and email under its name. */
  letterhead: string[];
  caseNumber: string;
  /** ISO date: the letter's date. */
  date: string;
  /** A review sheet prints its title and a line saying it is internal; a letter does not. */
  internal?: string;
  blocks: Block[];
};

/** What the attorney must know before signing: never sent. */
export type ReviewSheet = {
  /** What the draft needs before it can be sent (evidence, facts, a choice), each saying where to add it. */
  missing: string[];
  /** What the draft took as given, and from where. */
  assumed: string[];
  /** The paragraphs the attorney rewrote. */
  edited: string[];
  /** The rules and authorities relied on, each once. */
  rules: RuleSource[];
};

/** A document of the case offered as an exhibit, lettered in the order chosen. */
export type DraftExhibit = { documentId: string; letter: string; title: string };

/** A paragraph the attorney may rewrite: its id, what it is, and its text (empty: not written yet). */
export type EditableParagraph = { id: string; label: string; text: string };

export type Draft = {
  template: BriefTemplate;
  language: Language;
  outgoing: Brief;
  review: ReviewSheet;
  /** The exhibits in their order, and the case's other documents the attorney may add. */
  exhibits: DraftExhibit[];
  candidates: Array<{ documentId: string; title: string }>;
  paragraphs: EditableParagraph[];
  /** A cover letter's forms, the first the one it files. */
  forms?: string[];
  /** A bona fide marriage summary: whether it asks for the exemption of a marriage during proceedings. */
  exemption?: boolean;
};

/** The words a document's frame prints, by language. */
export const FRAME_WORDS: Record<Language, { page: (n: number, of: number) => string; case: string }> = {
  en: { page: (n, of) => `Page ${n} of ${of}`, case: 'Our ref.' },
  es: { page: (n, of) => `Página ${n} de ${of}`, case: 'Nuestra ref.' },
};
