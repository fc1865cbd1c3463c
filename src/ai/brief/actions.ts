import { declareFor } from '../../access/action';
import { fileAnswer } from '../../http/file-answer';
import { api } from '../../shared/paths';
import { briefInput } from './schema';
import type { BriefService } from './service';

const action = declareFor<{ brief: BriefService }>();

export const generateBrief = action({
  name: 'Generate Legal Brief',
  category: 'AI Tools',
  description:
    "Generate a brief for a case (caseId) from a template (template: cover-letter, rfe-response, bona-fide-marriage or client-checklist) as a file (format: pdf or docx): the case's facts, the rules that apply with their citations and the case's documents as exhibits. Answers the file; it is also kept as a Legal Briefs document of the case.",
  method: 'POST',
  route: api.aiBrief,
  grants: { user: 'w', admin: 'w' },
  input: briefInput,
  async run({ deps, actor, res }, input) {
    const brief = await deps.brief.generate(actor, input);
    // The document it is kept as, for a client that links to it.
    res.set('X-Document-Id', brief.document.id);
    return fileAnswer(brief.filename, brief.contentType, { bytes: brief.bytes });
  },
});

export const BRIEF_ACTIONS = { generateBrief };
