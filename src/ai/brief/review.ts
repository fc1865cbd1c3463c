/**
 * The review sheet as a document of its own, kept beside the letter in the case's Legal Briefs: what is
 * missing before the letter can be sent, what was assumed, what the attorney rewrote, the exhibits in their
 * order, the paragraphs a model reworded, and the rules relied on. It never goes to USCIS or the client.
 */
import type { RuleSource } from '../../rules/types';
import { formatDate } from '../../shared/dates';
import type { Block, Brief, Draft } from './model';

export const REVIEW_NOTICE = 'For the attorney’s review only: not part of the letter, and never sent.';

/** A rule as the sheet lists it: its title, then citation, dates and source. */
export function ruleLines(rule: RuleSource): string[] {
  const to = rule.effectiveTo ? ` to ${formatDate(rule.effectiveTo)}` : '';
  return [
    `${rule.ruleId}: ${rule.title}`,
    `Citation: ${rule.citation}`,
    rule.effectiveFrom
      ? `In effect from ${formatDate(rule.effectiveFrom)}${to}`
      : 'In effect from: the date was not found in the sources read; check it at the source.',
    `Source: ${rule.sourceUrl}`,
  ];
}

const listOr = (items: string[], none: string): Block =>
  items.length ? { type: 'list', items } : { type: 'paragraph', text: none };

/** The paragraphs a model reworded, by the model's name. */
function reworded(draft: Draft): string[] {
  const byModel = new Map<string, number>();
  for (const b of draft.outgoing.blocks)
    if (b.type === 'paragraph' && b.prose?.draftedBy)
      byModel.set(b.prose.draftedBy, (byModel.get(b.prose.draftedBy) ?? 0) + 1);
  return [...byModel].map(
    ([model, n]) =>
      `${n} paragraph${n === 1 ? ' was' : 's were'} reworded by ${model} (AI). Every name, date, figure, citation and exhibit comes from the case file and the rules library; the model’s words were kept only where they changed none of them. Read them before signing.`,
  );
}

export function reviewSheetOf(draft: Draft): Brief {
  const { outgoing, review } = draft;
  return {
    ...outgoing,
    title: `Review Sheet: ${outgoing.title}`,
    language: 'en',
    internal: REVIEW_NOTICE,
    blocks: [
      { type: 'heading', text: 'Missing before it can be sent' },
      listOr(review.missing, 'Nothing: every fact, item and choice the letter needs is in the file.'),
      { type: 'heading', text: 'Assumed' },
      listOr(review.assumed, 'Nothing.'),
      ...(review.edited.length
        ? [{ type: 'heading', text: 'Written by the attorney' } as Block, listOr(review.edited, '')]
        : []),
      ...(reworded(draft).length
        ? [{ type: 'heading', text: 'Reworded by a language model' } as Block, listOr(reworded(draft), '')]
        : []),
      { type: 'heading', text: 'Exhibits, in their order' },
      draft.exhibits.length
        ? { type: 'lettered', rows: draft.exhibits.map((e) => [e.letter, e.title]) }
        : { type: 'paragraph', text: 'None.' },
      { type: 'heading', text: 'Rules relied on' },
      review.rules.length ? { type: 'rules', rules: review.rules } : { type: 'paragraph', text: 'None.' },
    ],
  };
}
