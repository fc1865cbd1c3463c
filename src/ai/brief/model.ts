/**
 * A brief as the generator describes it once, then writes out as a PDF (./pdf) or a Word document (./docx):
 * its heading, its blocks in order, and the rules it cites. Prose paragraphs are the only blocks a language
 * model may reword (./polish); everything else is facts from the case and the rules, written as they are.
 */
import type { RuleSource } from '../../rules/types';

export type Block =
  | { type: 'heading'; text: string }
  /**
   * A paragraph. `prose` ones may be reworded by the model, which must keep every string of `keep` (the
   * facts written into it) word for word; `draftedBy` names the model that reworded it.
   */
  | { type: 'paragraph'; text: string; prose?: { keep: string[]; draftedBy?: string } }
  /** "Label: value" lines (the case's particulars). */
  | { type: 'fields'; rows: Array<[label: string, value: string]> }
  | { type: 'list'; items: string[] }
  /** Lettered rows: the exhibits ("A", "Passport: passport.pdf"). */
  | { type: 'lettered'; rows: Array<[letter: string, text: string]> }
  /** The lines at the letter's foot: "Sincerely," and who signs. */
  | { type: 'closing'; lines: string[] };

export type Brief = {
  /** "Cover Letter", "RFE Response Outline", … */
  title: string;
  firmName: string;
  caseNumber: string;
  /** MM/DD/YYYY */
  preparedOn: string;
  blocks: Block[];
  /** Every rule the brief applied, listed at its end ("Rules cited"). */
  rules: RuleSource[];
};

/** The note under a paragraph the model reworded. */
export const draftedNote = (model: string) =>
  `Drafted with the help of ${model} (AI); to be reviewed by the attorney before it is sent.`;

/** The note at the top of a brief with such paragraphs. */
export const draftedSummary = (model: string) =>
  `Paragraphs marked “Drafted with the help of ${model}” were reworded by that AI model. Every name, date, figure, citation and exhibit in this brief comes from the case file and the rules library, not from the model.`;
