import { declareFor } from '../../access/action';
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
  run: ({ deps, actor }, input) => deps.brief.generate(actor!, input),
});

export const BRIEF_ACTIONS = { generateBrief };
