import { declareFor } from '../../access/action';
import { fileAnswer } from '../../http/file-answer';
import { BRIEF_TEMPLATE_CODES } from '../../shared/ai';
import { namingNestedFields } from '../../http/validation';
import { api } from '../../shared/paths';
import { briefInput, draftInput } from './schema';
import type { BriefService } from './service';

const action = declareFor<{ brief: BriefService }>();

const CHOICES =
  'Optional choices: language (en or es, for client letters; the client’s language otherwise), exhibits (document IDs of the case, in the order wanted: add, remove, reorder), text (paragraphs rewritten, by id; "" removes one), forms (a cover letter’s forms), paymentMethod (G-1450, G-1650 or G-1651), criterion (an expedite’s) and exemption (true: a bona fide marriage summary requests the exemption for a marriage during proceedings).';

export const draftBrief = action({
  name: 'Draft Legal Brief',
  category: 'AI Tools',
  description: `The draft of a brief for a case (caseId, template: ${BRIEF_TEMPLATE_CODES.join(', ')}) as JSON, to review and edit before generating it: {"template", "language", "outgoing": {"title", "blocks"…} (the letter), "review": {"missing", "assumed", "edited", "rules"} (never sent), "exhibits": [{"documentId", "letter", "title"}], "candidates" (the case's other documents), "paragraphs": [{"id", "label", "text"}]}. ${CHOICES} Nothing is kept or counted.`,
  method: 'POST',
  route: api.aiBriefDraft,
  grants: { user: 'w', admin: 'w' },
  // A paragraph's refusal names it ("text.introduction"), beside its field on the page.
  input: namingNestedFields(draftInput),
  run: ({ deps, actor }, input) => deps.brief.draft(actor, input),
});

export const generateBrief = action({
  name: 'Generate Legal Brief',
  category: 'AI Tools',
  description: `Generate a brief for a case (caseId) from a template (template: ${BRIEF_TEMPLATE_CODES.join(', ')}) as a file (format: pdf or docx): the letter, written from the case file only. ${CHOICES} Answers the letter; it and its review sheet (what is missing, what was assumed, the rules relied on) are kept as Legal Briefs documents of the case (headers X-Document-Id and X-Review-Document-Id).`,
  method: 'POST',
  route: api.aiBrief,
  grants: { user: 'w', admin: 'w' },
  input: namingNestedFields(briefInput),
  async run({ deps, actor, res }, input) {
    const brief = await deps.brief.generate(actor, input);
    // The documents they are kept as, for a client that links to them.
    res.set('X-Document-Id', brief.document.id);
    res.set('X-Review-Document-Id', brief.review.id);
    return fileAnswer(brief.filename, brief.contentType, { bytes: brief.bytes });
  },
});

export const BRIEF_ACTIONS = { draftBrief, generateBrief };
