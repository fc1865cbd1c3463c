import type { CasesService } from '../../cases/service';
import type { PeopleService } from '../../cases/people-service';
import type { DocumentsService } from '../../documents/service';
import { type AiTool, BRIEF_TEMPLATES, type BriefFormat, type DocketDeadline } from '../../shared/ai';
import { FORM_TYPES } from '../../shared/cases';
import { todayIn } from '../../shared/dates';
import type { DocumentRecord } from '../../shared/documents';
import { ServiceError } from '../../shared/errors';
import type { CaseFacts } from '../../shared/facts';
import type { SessionUser } from '../../shared/session';
import { briefDocx } from './docx';
import type { BriefMatter, FilingAddress, FormEdition } from './matter';
import type { Draft } from './model';
import { briefPdf } from './pdf';
import type { Polisher } from './polish';
import { reviewSheetOf } from './review';
import type { BriefRules } from './rules';
import type { BriefInput, DraftInput } from './schema';
import { filedForms } from './templates/cover-letter';
import { draftOf, isClientTemplate } from './templates';

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const CONTENT_TYPES: Record<BriefFormat, string> = { pdf: 'application/pdf', docx: DOCX_TYPE };
export const USCIS_IN_ENGLISH = 'Letters to USCIS are written in English: language es is for client letters';

/** Forms a filing names that the product holds no edition of: their titles only. */
const OTHER_FORMS: Record<string, string> = {
  'G-28': 'Notice of Entry of Appearance as Attorney or Accredited Representative',
  'G-1145': 'E-Notification of Application/Petition Acceptance',
  'I-130A': 'Supplemental Information for Spouse Beneficiary',
  'I-693': 'Report of Immigration Medical Examination and Vaccination Record',
  'I-864A': 'Contract Between Sponsor and Household Member',
};

type FirmProfile = {
  name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  email: string;
};

/** What the brief generator needs of the rest of the product. */
type BriefDeps = {
  cases: CasesService;
  people: PeopleService;
  documents: DocumentsService;
  /** The case's facts for the rules (another firm's case: not found). */
  factsOf(actor: SessionUser, caseId: string): Promise<CaseFacts>;
  /** The case's deadlines on the docket. */
  docketOf(actor: SessionUser, caseId: string): Promise<DocketDeadline[]>;
  /** The editions the firm files of the product's forms ("04/01/24"), by code. */
  editionsOf(actor: SessionUser): Promise<Map<string, { title: string; edition: string | null }>>;
  filingAddressOf(firmId: string, form: string, asOf: string): Promise<FilingAddress | undefined>;
  /** Counts one use of an AI tool. */
  recordUse(actor: SessionUser, tool: AiTool, caseId: string | null): Promise<void>;
  rules: BriefRules;
  /** The configured language model, which may reword the prose; none: the templates' own words. */
  polisher?: Polisher;
  firmProfileOf(firmId: string): Promise<FirmProfile | undefined>;
  firmNameOf(firmId: string): Promise<string>;
  timeZoneOf(firmId: string): Promise<string>;
  /** The full name of one of the firm's users, who signs the letters. */
  nameOf(firmId: string, userId: string): Promise<string | undefined>;
};

/** A generated draft: the letter's file and the review sheet's, each kept as a document of the case. */
type GeneratedBrief = {
  filename: string;
  contentType: string;
  bytes: Uint8Array;
  document: DocumentRecord;
  review: DocumentRecord;
  draft: Draft;
};

const letterheadOf = (p: FirmProfile | undefined) =>
  p
    ? [
        p.address,
        [p.city, [p.state, p.zip].filter(Boolean).join(' ')].filter(Boolean).join(', '),
        [p.phone, p.email].filter(Boolean).join(' · '),
      ].filter(Boolean)
    : [];

/** The Legal Brief Generator (AI Tools): a case's draft from a template, as PDF or DOCX, kept with the case. */
export function createBriefService(deps: BriefDeps) {
  const firmOf = (actor: SessionUser) => {
    if (!actor.firmId)
      throw new ServiceError('forbidden', 'Briefs are written for a firm’s cases: platform staff have none.');
    return actor.firmId;
  };

  /** The matter as the templates read it: the case, its people, documents, docket, the firm, the choices. */
  async function matterOf(actor: SessionUser, input: DraftInput): Promise<BriefMatter> {
    const firmId = firmOf(actor);
    const kase = await deps.cases.get(actor, input.caseId);
    if (input.language === 'es' && !isClientTemplate(input.template))
      throw new ServiceError('invalid', USCIS_IN_ENGLISH, { language: USCIS_IN_ENGLISH });
    const [parties, documents, facts, docket, editions, profile, firmName, timeZone, signer] =
      await Promise.all([
        deps.people.parties(actor, kase.id),
        deps.documents.ofCase(actor, kase.id),
        deps.factsOf(actor, kase.id),
        deps.docketOf(actor, kase.id),
        deps.editionsOf(actor),
        deps.firmProfileOf(firmId),
        deps.firmNameOf(firmId),
        deps.timeZoneOf(firmId),
        deps.nameOf(firmId, actor.id),
      ]);
    const person = (role: string) => parties.find((p) => p.role === role && p.person)?.person ?? null;
    const client = parties.find((p) => p.person?.id === kase.client.id)?.person ?? person('beneficiary');
    if (!client) throw new ServiceError('not-found', 'Case not found.');
    const asOf = todayIn(timeZone);
    const formOf = (code: string): FormEdition => {
      const held = editions.get(code);
      return {
        code,
        title: held?.title ?? (FORM_TYPES as Record<string, string>)[code] ?? OTHER_FORMS[code] ?? '',
        edition: held?.edition ?? null,
      };
    };
    const matter: BriefMatter = {
      firm: { name: profile?.name || firmName, letterhead: letterheadOf(profile) },
      signer: signer ?? actor.firstName,
      asOf,
      kase,
      client,
      petitioner: client.id === person('petitioner')?.id ? null : person('petitioner'),
      facts,
      // Earlier drafts are the firm's own letters, not evidence.
      documents: documents.filter((d) => d.category !== 'legal-brief'),
      docket,
      formOf,
      fees: deps.rules.feesFor,
      checklist: deps.rules.evidenceChecklistOf,
      language: isClientTemplate(input.template) ? (input.language ?? client.language) : 'en',
      choices: input,
    };
    if (input.template === 'cover-letter')
      matter.filingAddress = await deps.filingAddressOf(firmId, filedForms(matter)[0], asOf);
    return matter;
  }

  return {
    /** The draft as JSON: the letter's blocks, the review sheet, the exhibits and the paragraphs to edit. */
    async draft(actor: SessionUser, input: DraftInput): Promise<Draft> {
      return draftOf(input.template, await matterOf(actor, input));
    },

    /**
     * Drafts the template from the matter as of today (the firm's day), lets the model reword the letter's
     * prose when one is configured, writes the letter and its review sheet, keeps both as legal briefs of the
     * case and counts the use.
     */
    async generate(actor: SessionUser, input: BriefInput): Promise<GeneratedBrief> {
      const matter = await matterOf(actor, input);
      const drafted = draftOf(input.template, matter);
      const outgoing = deps.polisher ? await deps.polisher.polish(drafted.outgoing) : drafted.outgoing;
      const draft = { ...drafted, outgoing };
      const write = input.format === 'pdf' ? briefPdf : briefDocx;
      const [bytes, reviewBytes] = await Promise.all([write(outgoing), write(reviewSheetOf(draft))]);
      const name = `${BRIEF_TEMPLATES[input.template]} ${matter.kase.caseNumber}`;
      const filename = `${name}.${input.format}`;
      const document = await deps.documents.storeGenerated(actor, matter.kase.id, {
        name: filename,
        kind: input.format,
        category: 'legal-brief',
        bytes,
      });
      const review = await deps.documents.storeGenerated(actor, matter.kase.id, {
        name: `Review sheet, ${name}.${input.format}`,
        kind: input.format,
        category: 'legal-brief',
        bytes: reviewBytes,
      });
      await deps.recordUse(actor, 'brief-generator', matter.kase.id);
      return { filename, contentType: CONTENT_TYPES[input.format], bytes, document, review, draft };
    },
  };
}

export type BriefService = ReturnType<typeof createBriefService>;
