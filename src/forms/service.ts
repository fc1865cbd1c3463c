import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { EncryptedPDFError, PDFDocument } from '@cantoo/pdf-lib';
import type { Kysely } from 'kysely';
import { createAuditService } from '../audit/service';
import type { ClientsService } from '../cases/client-service';
import type { CasesService } from '../cases/service';
import type { DB } from '../db/schema';
import { inTransaction } from '../db/transaction';
import { sniffKind } from '../documents/file-kind';
import type { DocumentsService } from '../documents/service';
import type { DocumentStorage } from '../documents/storage';
import type { ReceivedFile } from '../http/multipart';
import { personName, type FormType } from '../shared/cases';
import { todayIn } from '../shared/dates';
import { DOCUMENT_TYPES } from '../shared/documents';
import { ServiceError } from '../shared/errors';
import {
  type EditionRecord,
  FORM_GROUPS,
  type FormCatalog,
  type FormError,
  type FormSpecification,
  PACKET_FORMS,
  type PacketForm,
  type ValidationAnswer,
} from '../shared/forms';
import type { SessionUser } from '../shared/session';
import { fieldsOf, type PacketFacts, specificationOf, summaryOf } from './fields';
import type { FilingFee } from '../rules/tables';
import { buildPacket } from './packet';
import type { EditionFields, GenerateInput, ValidateInput } from './schema';
import { unknownFormMessage } from './schema';
import { FORM_SPECS } from './specs';
import { createFormsStore } from './store';

/** The most an official edition may weigh (USCIS's own run to a few MB). */
export const EDITION_MAX_BYTES = 20 * 1024 * 1024;
export const EDITION_REFUSALS = {
  noFile: 'Choose the official edition’s PDF file.',
  tooLarge: 'The file is larger than 20 MB: an official USCIS form is a few MB at most.',
  notPdf: 'The official edition must be a PDF: this file is not one (its content decides, not its name).',
  unreadable:
    'This PDF could not be read: it is damaged or protected by a password. Download the form again from uscis.gov.',
} as const;

/** A packet refused because its forms have problems (a draft is never refused): 422 with each problem. */
export class PacketRefused extends ServiceError {
  constructor(readonly errors: FormError[]) {
    super(
      'invalid',
      `The forms have ${errors.length === 1 ? '1 problem' : `${errors.length} problems`}: correct ${errors.length === 1 ? 'it' : 'them'}, or generate a draft.`,
    );
  }
}

export type FormsDeps = {
  db: Kysely<DB>;
  storage: DocumentStorage;
  cases: CasesService;
  clients: ClientsService;
  documents: DocumentsService;
  timeZoneOf(firmId: string): Promise<string>;
  firmProfileOf(firmId: string): Promise<
    | {
        name: string;
        address: string;
        city: string;
        state: string;
        zip: string;
        phone: string;
        email: string;
      }
    | undefined
  >;
  firmUsers(
    firmId: string,
  ): Promise<Array<{ id: string; first_name: string; last_name: string; email: string }>>;
  /** The USCIS filing fee of a form on a date (the rules library's G-1055 schedule). */
  filingFeeOf(form: FormType, filingDate: string): FilingFee | undefined;
};

function firmOf(actor: SessionUser): string {
  if (!actor.firmId)
    throw new ServiceError('forbidden', "Forms are filled for a firm's cases: platform staff have none.");
  return actor.firmId;
}

const specOf = (code: PacketForm) => FORM_SPECS[code];

/** The packet's forms: G-1145 first (it goes on top of a filing), then those chosen, in filing order. */
function formsOf(input: { forms?: PacketForm[]; group?: keyof typeof FORM_GROUPS }): PacketForm[] {
  const chosen: readonly PacketForm[] = input.group ? FORM_GROUPS[input.group].forms : input.forms!;
  return ['G-1145', ...chosen.filter((code) => code !== 'G-1145')];
}

/** An edition's field names, or why the file is no PDF form to fill. */
async function fieldNamesOf(bytes: Uint8Array): Promise<string[]> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { updateMetadata: false });
  } catch (error) {
    // USCIS forms are often encrypted only against changes: they open with an empty password.
    if (!(error instanceof EncryptedPDFError)) throw new ServiceError('invalid', EDITION_REFUSALS.unreadable);
    try {
      doc = await PDFDocument.load(bytes, { updateMetadata: false, password: '' });
    } catch {
      throw new ServiceError('invalid', EDITION_REFUSALS.unreadable);
    }
  }
  return doc
    .getForm()
    .getFields()
    .map((f) => f.getName());
}

/** USCIS's forms: the catalog, each form's specification, validation and packets, and official editions. */
export function createFormsService(deps: FormsDeps) {
  const { db, storage } = deps;
  const store = createFormsStore(db);

  /** The case (of the actor's firm: another firm's is not found) and what its forms read. */
  async function caseOf(actor: SessionUser, caseId: string) {
    const kase = await deps.cases.get(actor, caseId);
    const client = await deps.clients.get(actor, kase.client.id);
    const facts: PacketFacts = { client, receiptNumber: kase.receiptNumber };
    return { kase, client, facts };
  }

  function check(codes: PacketForm[], facts: PacketFacts, today: string) {
    const checked = codes.map((code) => ({ spec: specOf(code), ...fieldsOf(specOf(code), facts, today) }));
    return { checked, errors: checked.flatMap((c) => c.errors) };
  }

  /** The firm's newest edition of the form that has every field the specification fills. */
  async function editionFor(firmId: string, code: PacketForm) {
    const names = specOf(code).fields.map((f) => f.pdfName);
    const edition = (await store.editionsOf(firmId, code)).find((e) =>
      names.every((n) => e.field_names.includes(n)),
    );
    return edition && { bytes: await storage.read(edition.storage_key), editionDate: edition.edition_date };
  }

  return {
    catalog(): FormCatalog {
      return {
        groups: Object.entries(FORM_GROUPS).map(([id, group]) => ({
          id: id as keyof typeof FORM_GROUPS,
          label: group.label,
          forms: group.forms.map((code) => summaryOf(specOf(code))),
        })),
        always: [summaryOf(specOf('G-1145'))],
      };
    },

    /** A form's specification by its code ("I-130", any case); an unknown code is not found. */
    specification(code: string): FormSpecification {
      const known = Object.keys(PACKET_FORMS).find((c) => c === code.toUpperCase()) as PacketForm | undefined;
      if (!known) throw new ServiceError('not-found', unknownFormMessage(code));
      return specificationOf(specOf(known));
    },

    async validate(actor: SessionUser, input: ValidateInput): Promise<ValidationAnswer> {
      const firmId = firmOf(actor);
      const { facts } = await caseOf(actor, input.caseId);
      const { errors } = check(formsOf(input), facts, todayIn(await deps.timeZoneOf(firmId)));
      return { valid: errors.length === 0, errors };
    },

    /**
     * The case's packet as one PDF, kept as a document of the case (USCIS Forms) and recorded; refused with
     * its problems unless a draft, whose every page then says DRAFT.
     */
    async generate(
      actor: SessionUser,
      input: GenerateInput,
    ): Promise<{ filename: string; bytes: Uint8Array; documentId: string }> {
      const firmId = firmOf(actor);
      const { kase, client, facts } = await caseOf(actor, input.caseId);
      const today = todayIn(await deps.timeZoneOf(firmId));
      const codes = formsOf(input);
      const { checked, errors } = check(codes, facts, today);
      if (errors.length > 0 && !input.draft) throw new PacketRefused(errors);

      const [firm, users, documents, editions] = await Promise.all([
        deps.firmProfileOf(firmId),
        deps.firmUsers(firmId),
        deps.documents.ofCase(actor, kase.id),
        Promise.all(codes.map((code) => editionFor(firmId, code))),
      ]);
      const me = users.find((u) => u.id === actor.id);
      const clientName = personName(client.firstName, client.lastName);
      const bytes = await buildPacket({
        firm: {
          name: firm?.name ?? '',
          addressLines: [
            firm?.address ?? '',
            [firm?.city, [firm?.state, firm?.zip].filter(Boolean).join(' ')].filter(Boolean).join(', '),
          ],
          phone: firm?.phone ?? '',
          email: firm?.email ?? '',
        },
        preparer: {
          name: me ? personName(me.first_name, me.last_name) : actor.firstName,
          email: me?.email ?? '',
        },
        caseNumber: kase.caseNumber,
        receiptNumber: kase.receiptNumber,
        clientName,
        asOf: today,
        draft: input.draft,
        forms: checked.map((c, i) => ({ spec: c.spec, values: c.values, edition: editions[i] })),
        fees: codes
          .filter((code): code is FormType & PacketForm => code !== 'G-1145')
          .map((code) => ({ form: code, fee: deps.filingFeeOf(code, today) })),
        // Earlier packets are the firm's own work, not evidence.
        exhibits: documents
          .filter((d) => d.category !== 'uscis-form')
          .map((d) => ({
            name: d.name,
            type: d.type ? DOCUMENT_TYPES[d.type] : 'Not yet analyzed',
            uploadedOn: d.createdAt.slice(0, 10),
          })),
      });
      const filename = `Forms packet ${kase.caseNumber} ${today}${input.draft ? ' DRAFT' : ''}.pdf`;
      const document = await deps.documents.storeGenerated(actor, kase.id, {
        name: filename,
        kind: 'pdf',
        category: 'uscis-form',
        bytes,
      });
      await store.recordPacket({
        firm_id: firmId,
        case_id: kase.id,
        generated_by: actor.id,
        forms: codes,
        draft: input.draft,
        document_id: document.id,
      });
      return { filename, bytes, documentId: document.id };
    },

    async editions(actor: SessionUser, code: PacketForm): Promise<EditionRecord[]> {
      const rows = await store.editionsOf(firmOf(actor), code);
      return rows.map((r) => ({
        id: r.id,
        form: code,
        editionDate: r.edition_date,
        fileName: r.file_name,
        fieldCount: r.field_names.length,
        uploadedAt: r.created_at.toISOString(),
      }));
    },

    /**
     * Keeps a firm's copy of an official edition (a PDF, by its content) to be filled instead of the generated
     * pages. It must hold every field name the specification fills, or it could not be filled: the refusal
     * names those it lacks.
     */
    async uploadEdition(
      actor: SessionUser,
      code: PacketForm,
      file: ReceivedFile | undefined,
      fields: EditionFields,
    ): Promise<EditionRecord> {
      const firmId = firmOf(actor);
      const refuse = (message: string, reason: 'invalid' | 'too-large' | 'unsupported' = 'invalid') =>
        new ServiceError(reason, message, { file: message });
      if (!file || file.size === 0) throw refuse(EDITION_REFUSALS.noFile);
      if (file.tooLarge) throw refuse(EDITION_REFUSALS.tooLarge, 'too-large');
      if ((await sniffKind(file.path)) !== 'pdf') throw refuse(EDITION_REFUSALS.notPdf, 'unsupported');
      const bytes = await fs.promises.readFile(file.path);
      const names = await fieldNamesOf(bytes).catch((error: ServiceError) => {
        throw refuse(error.message);
      });
      const missing = specOf(code)
        .fields.map((f) => f.pdfName)
        .filter((n) => !names.includes(n));
      if (missing.length > 0) {
        const shown = missing.slice(0, 3).join(', ');
        const more = missing.length > 3 ? ` and ${missing.length - 3} more` : '';
        throw refuse(
          `This PDF lacks ${missing.length === 1 ? 'a field' : `${missing.length} fields`} of Form ${code}: ${shown}${more}. Upload the fillable edition from ${specOf(code).sourceUrl}.`,
        );
      }
      const id = crypto.randomUUID();
      const fileName = path.basename(file.filename).slice(0, 200) || `${code}.pdf`;
      const key = await storage.write(firmId, id, bytes);
      try {
        await inTransaction(db, async (trx) => {
          await createFormsStore(trx).addEdition({
            id,
            firm_id: firmId,
            form_code: code,
            edition_date: fields.editionDate,
            file_name: fileName,
            storage_key: key,
            field_names: names,
            uploaded_by: actor.id,
          });
          await createAuditService(trx).record({
            actorUserId: actor.id,
            action: 'form.edition.uploaded',
            entity: 'form_edition',
            entityId: id,
            after: { form: code, editionDate: fields.editionDate, fileName, fields: names.length },
            firmId,
          });
        });
      } catch (error) {
        await storage.remove(key);
        throw error;
      }
      return (await this.editions(actor, code)).find((e) => e.id === id)!;
    },
  };
}

export type FormsService = ReturnType<typeof createFormsService>;
