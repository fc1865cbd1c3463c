/**
 * The templates (BRIEF_TEMPLATES) and how a draft is made: the exhibits in the order the attorney chose
 * (the template's proposal otherwise), lettered as the evidence package letters them, then the template's
 * blocks and review sheet. Pure: the same matter and choices give the same draft.
 */
import { exhibitLetter } from '../../../documents/evidence';
import { type BriefTemplate, CLIENT_TEMPLATES } from '../../../shared/ai';
import { DOCUMENT_TYPES, type DocumentRecord } from '../../../shared/documents';
import { ServiceError } from '../../../shared/errors';
import { Composer, type Exhibit } from '../compose';
import type { BriefMatter } from '../matter';
import type { Block, Draft } from '../model';
import { checklistBlocks, clientRfeBlocks } from './client';
import { coverBlocks, coverExhibits, filedForms } from './cover-letter';
import { marriageBlocks, marriageExhibits } from './marriage';
import { biometricsBlocks, expediteBlocks } from './requests';
import { responseBlocks, responseExhibits } from './response';

type Template = {
  title: string;
  /** The documents proposed as exhibits, in order; none for a letter with no exhibits. */
  exhibits?: (m: BriefMatter) => DocumentRecord[];
  blocks: (c: Composer) => Block[];
};

const none = () => [];

const TEMPLATES: Record<BriefTemplate, Template> = {
  'cover-letter': { title: 'Cover Letter', exhibits: coverExhibits, blocks: coverBlocks },
  'rfe-response': {
    title: 'Response to Request for Evidence',
    exhibits: (m) => responseExhibits(m, 'rfe'),
    blocks: (c) => responseBlocks(c, 'rfe'),
  },
  'noid-response': {
    title: 'Response to Notice of Intent to Deny',
    exhibits: (m) => responseExhibits(m, 'noid'),
    blocks: (c) => responseBlocks(c, 'noid'),
  },
  'bona-fide-marriage': {
    title: 'Bona Fide Marriage Evidence Summary',
    exhibits: marriageExhibits,
    blocks: marriageBlocks,
  },
  'biometrics-reschedule': {
    title: 'Request to Reschedule Biometrics',
    exhibits: none,
    blocks: biometricsBlocks,
  },
  'expedite-request': { title: 'Expedite Request', exhibits: none, blocks: expediteBlocks },
  'client-checklist': { title: 'Checklist Letter', blocks: checklistBlocks },
  'client-rfe-letter': { title: 'Client Letter on the Request for Evidence', blocks: clientRfeBlocks },
};

export const EXHIBITS_MESSAGE = 'exhibits must be documents of this case';

/** How an exhibit list names a document: its type once analyzed, and its name. */
const titleOf = (d: DocumentRecord) => (d.type ? `${DOCUMENT_TYPES[d.type]}: ${d.name}` : d.name);

/** The exhibits: those chosen, in their order, else the template's proposal. */
function exhibitsOf(template: Template, m: BriefMatter): DocumentRecord[] {
  const chosen = m.choices.exhibits;
  if (!template.exhibits) return [];
  if (!chosen) return template.exhibits(m);
  const byId = new Map(m.documents.map((d) => [d.id, d]));
  const unknown = chosen.find((id) => !byId.has(id.toLowerCase()));
  if (unknown) throw new ServiceError('invalid', EXHIBITS_MESSAGE, { exhibits: EXHIBITS_MESSAGE });
  return [...new Set(chosen.map((id) => id.toLowerCase()))].map((id) => byId.get(id)!);
}

/** The draft of a template for a matter: the letter, its review sheet, and what the attorney may change. */
export function draftOf(template: BriefTemplate, m: BriefMatter): Draft {
  const t = TEMPLATES[template];
  const exhibits: Exhibit[] = exhibitsOf(t, m).map((doc, i) => ({
    documentId: doc.id,
    letter: exhibitLetter(i),
    title: titleOf(doc),
    doc,
  }));
  const c = new Composer(m, exhibits);
  const blocks = t.blocks(c);
  const chosen = new Set(exhibits.map((e) => e.documentId));
  return {
    template,
    language: m.language,
    outgoing: {
      title: t.title,
      language: m.language,
      firmName: m.firm.name,
      letterhead: m.firm.letterhead,
      caseNumber: m.kase.caseNumber,
      date: m.asOf,
      blocks,
    },
    review: c.review,
    exhibits: exhibits.map(({ documentId, letter, title }) => ({ documentId, letter, title })),
    candidates: t.exhibits
      ? m.documents.filter((d) => !chosen.has(d.id)).map((d) => ({ documentId: d.id, title: titleOf(d) }))
      : [],
    paragraphs: c.paragraphs,
    ...(template === 'cover-letter' ? { forms: filedForms(m) } : {}),
    ...(template === 'bona-fide-marriage' ? { exemption: m.choices.exemption === true } : {}),
  };
}

/** Client letters are written in the client's language; the others, to USCIS, in English. */
export const isClientTemplate = (template: BriefTemplate) => CLIENT_TEMPLATES.includes(template);
