import type { ClientsService } from '../../cases/client-service';
import type { CasesService } from '../../cases/service';
import type { DocumentsService } from '../../documents/service';
import { type AiTool, BRIEF_TEMPLATES, type BriefFormat } from '../../shared/ai';
import type { CaseRecord } from '../../shared/cases';
import { todayIn } from '../../shared/dates';
import type { DocumentRecord } from '../../shared/documents';
import { ServiceError } from '../../shared/errors';
import type { CaseFacts } from '../../shared/facts';
import type { SessionUser } from '../../shared/session';
import { briefDocx } from './docx';
import { briefPdf } from './pdf';
import type { Polisher } from './polish';
import type { BriefRules } from './rules';
import type { BriefInput } from './schema';
import { briefOf } from './templates';

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const CONTENT_TYPES: Record<BriefFormat, string> = { pdf: 'application/pdf', docx: DOCX_TYPE };

/** What the brief generator needs of the rest of the product. */
type BriefDeps = {
  cases: CasesService;
  clients: ClientsService;
  documents: DocumentsService;
  /** The case's facts for the rules (another firm's case: not found). */
  factsOf(actor: SessionUser, caseId: string): Promise<CaseFacts>;
  /** Counts one use of an AI tool. */
  recordUse(actor: SessionUser, tool: AiTool, caseId: string | null): Promise<void>;
  rules: BriefRules;
  /** The configured language model, which may reword the prose; none: the templates' own words. */
  polisher?: Polisher;
  firmNameOf(firmId: string): Promise<string>;
  timeZoneOf(firmId: string): Promise<string>;
  /** The full name of one of the firm's users, who signs the letters. */
  nameOf(firmId: string, userId: string): Promise<string | undefined>;
};

/** A generated brief: the file, and the document of the case that keeps it. */
type GeneratedBrief = {
  filename: string;
  contentType: string;
  bytes: Uint8Array;
  document: DocumentRecord;
};

/** The Legal Brief Generator (AI Tools): a case's brief from a template, as PDF or DOCX, kept with the case. */
export function createBriefService(deps: BriefDeps) {
  const firmOf = (actor: SessionUser) => {
    if (!actor.firmId)
      throw new ServiceError('forbidden', 'Briefs are written for a firm’s cases: platform staff have none.');
    return actor.firmId;
  };

  return {
    /**
     * Fills the template from the case, its client, its documents and the rules as of today (the firm's
     * day), lets the model reword the prose when one is configured, writes the file, keeps it as a legal
     * brief of the case and counts the use.
     */
    async generate(actor: SessionUser, input: BriefInput): Promise<GeneratedBrief> {
      const firmId = firmOf(actor);
      const kase: CaseRecord = await deps.cases.get(actor, input.caseId);
      const [client, documents, facts, firmName, timeZone, signer] = await Promise.all([
        deps.clients.get(actor, kase.client.id),
        deps.documents.ofCase(actor, kase.id),
        deps.factsOf(actor, kase.id),
        deps.firmNameOf(firmId),
        deps.timeZoneOf(firmId),
        deps.nameOf(firmId, actor.id),
      ]);
      const drafted = briefOf(
        input.template,
        {
          firmName,
          signer: signer ?? actor.firstName,
          asOf: todayIn(timeZone),
          kase,
          client,
          facts,
          // Earlier briefs are the firm's own letters, not evidence.
          documents: documents.filter((d) => d.category !== 'legal-brief'),
        },
        deps.rules,
      );
      const brief = deps.polisher ? await deps.polisher.polish(drafted) : drafted;
      const bytes = input.format === 'pdf' ? await briefPdf(brief) : await briefDocx(brief);
      const filename = `${BRIEF_TEMPLATES[input.template]} ${kase.caseNumber}.${input.format}`;
      const document = await deps.documents.storeGenerated(actor, kase.id, {
        name: filename,
        kind: input.format,
        category: 'legal-brief',
        bytes,
      });
      await deps.recordUse(actor, 'brief-generator', kase.id);
      return { filename, contentType: CONTENT_TYPES[input.format], bytes, document };
    },
  };
}

export type BriefService = ReturnType<typeof createBriefService>;
