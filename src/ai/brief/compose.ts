/**
 * What every template writes with: the composer that keeps the review sheet (what is missing, what was
 * assumed, the rules relied on) apart from the letter, the paragraphs the attorney may rewrite, and the
 * parts of a letter to USCIS (date, RE block, parties, closing). A template states a fact only from the
 * matter; where the matter lacks it, the composer's `miss` says so on the review sheet instead.
 */
import type { RuleSource } from '../../rules/types';
import { FORM_TYPES } from '../../shared/cases';
import { formatDate } from '../../shared/dates';
import type { DocumentRecord } from '../../shared/documents';
import type { Person } from '../../shared/people';
import { type Authority, checkNote } from './authorities';
import type { BriefMatter } from './matter';
import type { Block, DraftExhibit, EditableParagraph, ReviewSheet } from './model';

/** An exhibit: the document, its letter in the order chosen, and how the exhibit list names it. */
export type Exhibit = DraftExhibit & { doc: DocumentRecord };

/** Forms a petitioner files for a beneficiary; every other form is an applicant's. */
const PETITIONS = new Set(['I-129', 'I-129F', 'I-130', 'I-140', 'I-360']);
export const isPetition = (form: string) => PETITIONS.has(form);

export const formName = (code: string, title?: string) => {
  const known = title ?? (FORM_TYPES as Record<string, string>)[code];
  return known ? `Form ${code}, ${known}` : `Form ${code}`;
};

export const exhibitWords = (letters: string[]) =>
  letters.length === 1 ? `Exhibit ${letters[0]}` : `Exhibits ${letters.join(', ')}`;

export class Composer {
  readonly review: ReviewSheet = { missing: [], assumed: [], edited: [], rules: [] };
  readonly paragraphs: EditableParagraph[] = [];

  constructor(
    readonly m: BriefMatter,
    readonly exhibits: Exhibit[],
  ) {}

  /** Relies on rules: each listed once on the review sheet; one read only in others' words is flagged. */
  cite(...rules: Array<RuleSource | Authority>): void {
    for (const rule of rules) {
      const { ruleId, title, citation, sourceUrl, effectiveFrom, effectiveTo } = rule;
      if (this.review.rules.some((r) => r.ruleId === ruleId && r.effectiveFrom === effectiveFrom)) continue;
      this.review.rules.push({ ruleId, title, citation, sourceUrl, effectiveFrom, effectiveTo });
      if ('read' in rule && rule.read === 'secondary') this.assume(checkNote(rule));
    }
  }

  miss(text: string): void {
    if (!this.review.missing.includes(text)) this.review.missing.push(text);
  }

  assume(text: string): void {
    if (!this.review.assumed.includes(text)) this.review.assumed.push(text);
  }

  /** The attorney's own text for a paragraph: undefined when not rewritten, '' when removed. */
  private edit(id: string): string | undefined {
    const text = this.m.choices.text?.[id];
    return text === undefined ? undefined : text.trim();
  }

  /**
   * A paragraph the attorney may rewrite or remove before generating; the template's words otherwise, which
   * the model may reword keeping every string of `keep` as written.
   */
  para(id: string, label: string, text: string, keep: Array<string | null | undefined> = []): Block[] {
    const edited = this.edit(id);
    this.paragraphs.push({ id, label, text: edited ?? text });
    if (edited === undefined)
      return [{ type: 'paragraph', id, text, prose: { keep: keep.filter((k): k is string => Boolean(k)) } }];
    this.review.edited.push(
      edited ? `${label}: rewritten by the attorney.` : `${label}: removed by the attorney.`,
    );
    return edited ? [{ type: 'paragraph', id, text: edited, edited: true }] : [];
  }

  /** A paragraph only the attorney can write (the reason for a request): nothing until written. */
  slot(id: string, label: string, whatToWrite: string): Block[] {
    const edited = this.edit(id);
    this.paragraphs.push({ id, label, text: edited ?? '' });
    if (!edited) {
      this.miss(whatToWrite);
      return [];
    }
    this.review.edited.push(`${label}: written by the attorney.`);
    return [{ type: 'paragraph', id, text: edited, edited: true }];
  }

  /** Words the attorney may add (an item's explanation): none unless written. */
  optional(id: string, label: string): string | undefined {
    const edited = this.edit(id);
    this.paragraphs.push({ id, label, text: edited ?? '' });
    if (!edited) return undefined;
    this.review.edited.push(`${label}: written by the attorney.`);
    return edited;
  }

  /** The exhibits among those chosen that a test accepts, with their letters. */
  lettersOf(accepts: (d: DocumentRecord) => boolean): string[] {
    return this.exhibits.filter((e) => accepts(e.doc)).map((e) => e.letter);
  }
}

/** A letter to USCIS opens with its date, the addressee (and the address it is filed at), the RE block. */
export const uscisOpening = (
  m: BriefMatter,
  re: Array<[string, string]>,
  address: string[] = [],
): Block[] => [
  { type: 'paragraph', text: formatDate(m.asOf) },
  { type: 'paragraph', text: ['U.S. Citizenship and Immigration Services', ...address].join('\n') },
  { type: 'fields', rows: re },
  { type: 'paragraph', text: 'Dear Sir or Madam:' },
];

/** A person's name with their A-Number, as an RE block names them. */
const named = (p: Person) => (p.aNumber ? `${p.name} (${p.aNumber})` : p.name);

/** The people of the RE block: a petition's petitioner and beneficiary, an application's applicant. */
export function partyRows(c: Composer, form: string): Array<[string, string]> {
  const { m } = c;
  if (!isPetition(form)) return [['Applicant', named(m.client)]];
  if (!m.petitioner)
    c.miss(
      `The petitioner: add them to the case’s people in the role Petitioner; the letter names only the beneficiary.`,
    );
  return [
    ...(m.petitioner ? ([['Petitioner', named(m.petitioner)]] as Array<[string, string]>) : []),
    ['Beneficiary', named(m.client)],
  ];
}

/** Whom the firm writes for: "the petitioner, Emily Carter" or "the applicant, Văn An Nguyễn". */
export function ourClientWords(c: Composer, form: string): string {
  const { m } = c;
  if (isPetition(form) && m.petitioner) return `the petitioner, ${m.petitioner.name}`;
  return isPetition(form) ? `the beneficiary, ${m.client.name}` : `the applicant, ${m.client.name}`;
}

/** The closing: who signs, for whom. */
export const closing = (m: BriefMatter, sincerely = 'Sincerely,'): Block => ({
  type: 'closing',
  lines: [sincerely, '', m.signer, m.firm.name],
});

export const lettered = (exhibits: Exhibit[]): Block => ({
  type: 'lettered',
  rows: exhibits.map((e) => [e.letter, e.title]),
});
