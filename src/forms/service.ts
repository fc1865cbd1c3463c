import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { createAuditService } from '../audit/service';
import type { PeopleService } from '../cases/people-service';
import type { CasesService } from '../cases/service';
import type { DB } from '../db/schema';
import { inTransaction } from '../db/transaction';
import { sniffKind } from '../documents/file-kind';
import type { DocumentsService } from '../documents/service';
import { type Sandbox, WorkerStoppedError } from '../documents/sandbox';
import type { DocumentStorage } from '../documents/storage';
import type { ReceivedFile } from '../http/multipart';
import { ROOT_DIR } from '../paths';
import { feesFor } from '../rules/fees';
import { todayIn } from '../shared/dates';
import { DOCUMENT_TYPES } from '../shared/documents';
import { ServiceError } from '../shared/errors';
import {
  type EditionRecord,
  FORM_GROUPS,
  type FormCatalog,
  type FormCheck,
  type FormError,
  type FormSpecification,
  type FormSummary,
  type MissingAnswer,
  PACKET_FORMS,
  type PacketForm,
  type ValidationAnswer,
} from '../shared/forms';
import { fullName, PARTY_ROLE_LABELS, type PartyRole } from '../shared/people';
import type { SessionUser } from '../shared/session';
import { fillForm, type FilledForm, mappedNames, type QuestionOf } from './fill';
import { FORM_MAPS } from './maps';
import type { FormMap, MapRole } from './maps/schema';
import type { Attorney, Matter, MatterPerson } from './matter';
import type { EditionFields, FeesQuery, GenerateInput, ValidateInput } from './schema';
import { unknownFormMessage } from './schema';
import { createFormsStore } from './store';
import officialFields from './official/fields.json';
import type { PacketTaskInput, TemplateFile } from './packet-task';
import type { TemplateField } from './templates';

export const OFFICIAL_DIR = path.join(ROOT_DIR, 'src', 'forms', 'official');
/** The most a packet may take in the sandbox before its worker is stopped. */
const PACKET_TIME_MS = 120_000;
/** The most reading an uploaded edition may take there: an official form takes a few seconds. */
const READ_TIME_MS = 30_000;
/** USCIS's largest form (I-129) has 970 fields: a PDF with more is no official edition. */
export const EDITION_MAX_FIELDS = 5_000;

/** The shipped PDFs' pages and fields, from their manifest: the catalog needs no PDF parsed. */
const MANIFEST = new Map(
  fs
    .readFileSync(path.join(OFFICIAL_DIR, 'MANIFEST.tsv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t'))
    .map(([file, , , pages, fields]) => [file, { pages: Number(pages), fields: Number(fields) }]),
);

/** The most an official edition may weigh (USCIS's own run to a few MB). */
export const EDITION_MAX_BYTES = 20 * 1024 * 1024;
export const EDITION_REFUSALS = {
  noFile: 'Choose the official edition’s PDF file.',
  tooLarge: 'The file is larger than 20 MB: an official USCIS form is a few MB at most.',
  notPdf: 'The official edition must be a PDF: this file is not one (its content decides, not its name).',
  unreadable:
    'This PDF could not be read: it is damaged or protected by a password. Download the form again from uscis.gov.',
  notFillable:
    'This PDF has no form fields: upload the fillable edition from uscis.gov, not a scan or a printout.',
  tooHeavy:
    'Reading this PDF took more time or memory than an official USCIS form needs, so it was stopped. Download the form again from uscis.gov.',
  tooManyFields: (count: number) =>
    `This PDF has ${count.toLocaleString('en-US')} form fields; USCIS's forms have at most a few thousand. Download the form again from uscis.gov.`,
  notThisForm: (code: string) =>
    `This PDF is not Form ${code}: its footer must read "Form ${code} Edition MM/DD/YY", as USCIS's official PDF does. Download it from uscis.gov.`,
} as const;

/** Why the sandbox could not read an uploaded edition, in the administrator's words. */
const unreadableBecause = (error: unknown) =>
  error instanceof WorkerStoppedError && error.why !== 'crash'
    ? EDITION_REFUSALS.tooHeavy
    : EDITION_REFUSALS.unreadable;

/** A packet refused because a form lacks what it requires (a draft is never refused): 422 with each gap. */
export class PacketRefused extends ServiceError {
  constructor(
    readonly errors: FormError[],
    readonly missing: Array<MissingAnswer & { form: PacketForm }>,
  ) {
    super(
      'invalid',
      `The forms are not ready to file: ${errors.length === 1 ? '1 answer is' : `${errors.length} answers are`} missing or wrong. Complete ${errors.length === 1 ? 'it' : 'them'}, or generate a draft.`,
    );
  }
}

export type FormsDeps = {
  db: Kysely<DB>;
  storage: DocumentStorage;
  cases: CasesService;
  people: PeopleService;
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
  /** The case attorney's profile for the forms (bar number, licensing authority, USCIS account number). */
  attorneyOf(userId: string): Promise<Attorney | undefined>;
  /** The sandbox: an upload's text, the official PDFs' fields and the packets are read and built there. */
  sandbox: Pick<Sandbox, 'run'>;
  /** The question a questionnaire asks for a person's field ("formFacts.i485-p9-1"). */
  questionOf: QuestionOf;
};

function firmOf(actor: SessionUser): string {
  if (!actor.firmId)
    throw new ServiceError('forbidden', "Forms are filled for a firm's cases: platform staff have none.");
  return actor.firmId;
}

const mapOf = (code: PacketForm): FormMap => FORM_MAPS.get(code)!;

/** The packet's forms: G-1145 first (it goes on top of a filing), then those chosen, in filing order. */
function formsOf(input: { forms?: PacketForm[]; group?: keyof typeof FORM_GROUPS }): PacketForm[] {
  const chosen: readonly PacketForm[] = input.group ? FORM_GROUPS[input.group].forms : input.forms!;
  return ['G-1145', ...chosen.filter((code) => code !== 'G-1145')];
}

/** "04/01/24" → "2024-04-01", so editions compare. */
const isoEdition = (edition: string) => {
  const [m, d, y] = edition.split('/');
  return `20${y}-${m}-${d}`;
};
const shortEdition = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(2, 4)}`;

/** The parties of a case as the forms read them: one person per role (the first), the SSN opened. */
async function matterOf(deps: FormsDeps, actor: SessionUser, caseId: string): Promise<Matter> {
  const kase = await deps.cases.get(actor, caseId);
  const parties = await deps.people.parties(actor, caseId);
  const byRole: Matter['parties'] = {};
  let employer: Matter['employer'] = null;
  for (const party of parties) {
    if (party.organization && party.role === 'employer') employer ??= party.organization;
    if (!party.person || byRole[party.role as MapRole] || party.role === 'employer') continue;
    const { ssn } = await deps.people.ssnForForms(actor, party.person.id);
    byRole[party.role as MapRole] = { ...party.person, ssn } satisfies MatterPerson;
  }
  // The I-864's sponsor is the petitioner unless the case names another.
  if (!byRole.sponsor && byRole.petitioner) byRole.sponsor = byRole.petitioner;
  const firm = await deps.firmProfileOf(actor.firmId!);
  return {
    case: {
      id: kase.id,
      caseNumber: kase.caseNumber,
      receiptNumber: kase.receiptNumber,
      formType: kase.formType,
    },
    parties: byRole,
    employer,
    attorney: kase.assignee ? ((await deps.attorneyOf(kase.assignee.id)) ?? null) : null,
    firm: firm ? { ...firm, street: firm.address } : null,
  };
}

/** A form is ready when nothing it requires is missing or wrong, and the firm has its PDF. */
const isReady = (source: FormSummary['source'], filled: FilledForm) =>
  source !== 'not-uploaded' && filled.missing.length === 0 && filled.problems.length === 0;

const notUploaded = (code: PacketForm, source: FormSummary['source']): MissingAnswer[] =>
  source === 'not-uploaded'
    ? [
        {
          field: `Form ${code}`,
          question: `Upload the official PDF of Form ${code} once (${mapOf(code).sourceUrl}) on the form's page in USCIS Forms.`,
          party: 'firm',
        },
      ]
    : [];

/** "Part 2, Item 4.a: Family Name" → its part and item, for the pages' problem table. */
function errorsOf(checks: FormCheck[]): FormError[] {
  const split = (field: string) => {
    const m = /^(.*?), Item (.*?): (.*)$/.exec(field);
    return m ? { part: m[1], item: m[2] } : { part: field, item: '' };
  };
  return checks.flatMap((c) => [
    ...c.missing.map((m) => ({ form: c.form, ...split(m.field), message: `${m.question} (${m.party})` })),
    ...c.problems.map((p) => ({ form: c.form, ...split(p.field), message: p.message })),
  ]);
}

/** What checking a form needs of its PDF: its fields by name, and its pages. */
type Facts = { fields: ReadonlyMap<string, TemplateField>; pages: number };

/**
 * The shipped PDFs' fields (name, kind, length, options), as data beside them (a test checks them against the
 * PDFs): checking a case's forms never parses a PDF; only a packet does.
 */
const OFFICIAL_FIELDS: ReadonlyMap<string, Facts> = new Map(
  Object.entries(officialFields as Record<string, { pages: number; fields: TemplateField[] }>).map(
    ([file, f]) => [file, { pages: f.pages, fields: new Map(f.fields.map((field) => [field.name, field])) }],
  ),
);

/** A firm's edition read under the map's names: a box it moved is found by its old name. */
function withRenames(map: FormMap, facts: Facts): Facts {
  const { renamed } = compareNames(mappedNames(map), [...facts.fields.keys()]);
  if (renamed.length === 0) return facts;
  const fields = new Map(facts.fields);
  for (const { from, to } of renamed) fields.set(from, facts.fields.get(to)!);
  return { ...facts, fields };
}

/** Whole years between a birth date and a day, both ISO. */
function ageOn(birth: string, day: string): number {
  const years = Number(day.slice(0, 4)) - Number(birth.slice(0, 4));
  return day.slice(5) < birth.slice(5) ? years - 1 : years;
}

/** USCIS's forms: the catalog, each form's map, validation and packets, official editions and firm uploads. */
export function createFormsService(deps: FormsDeps) {
  const { db, storage } = deps;
  const store = createFormsStore(db);
  // The templates are parsed in the sandbox; their facts are kept here, by the same key.
  const facts = new Map<string, Promise<Facts>>();
  /** A template's file for the sandbox: a shipped PDF where it lies, a firm's upload lent from storage. */
  const withTemplateFile = <T>(key: string, use: (file: TemplateFile) => Promise<T>): Promise<T> => {
    const [kind, name] = key.split(/:(.*)/s);
    return kind === 'official'
      ? use({ key, path: path.join(OFFICIAL_DIR, name) })
      : storage.withLocalFile(name, (filePath) => use({ key, path: filePath }));
  };
  function factsOf(key: string): Promise<Facts> {
    let known = facts.get(key);
    if (!known) {
      known = withTemplateFile(key, (template) =>
        deps.sandbox.run({ type: 'form-fields', template }, { timeoutMs: READ_TIME_MS }),
      ).then((f) => ({ fields: new Map(f.fields.map((field) => [field.name, field])), pages: f.pages }));
      known.catch(() => facts.delete(key));
      facts.set(key, known);
    }
    return known;
  }

  /** The edition a firm fills for a form: its newest upload newer than the official copy, else the official. */
  async function editionFor(firmId: string, code: PacketForm) {
    const map = mapOf(code);
    const upload = (await store.editionsOf(firmId, code))[0];
    if (upload && (!map.file || upload.edition_date > isoEdition(map.edition))) {
      const key = `upload:${upload.storage_key}`;
      return {
        key,
        facts: withRenames(map, await factsOf(key)),
        edition: shortEdition(upload.edition_date),
        source: 'firm-upload' as const,
      };
    }
    if (!map.file)
      return { key: undefined, facts: undefined, edition: map.edition, source: 'not-uploaded' as const };
    const key = `official:${map.file}`;
    return { key, facts: OFFICIAL_FIELDS.get(map.file)!, edition: map.edition, source: 'official' as const };
  }

  /** The form as the catalog lists it: the shipped edition from its manifest, a firm's upload from its row. */
  async function summaryOf(firmId: string, code: PacketForm): Promise<FormSummary> {
    const map = mapOf(code);
    const upload = (await store.editionsOf(firmId, code))[0];
    const uploaded = upload && (!map.file || upload.edition_date > isoEdition(map.edition));
    const shipped = map.file ? MANIFEST.get(map.file) : undefined;
    return {
      code,
      form: code,
      title: map.title,
      edition: uploaded ? shortEdition(upload.edition_date) : map.edition,
      source: uploaded ? 'firm-upload' : map.file ? 'official' : 'not-uploaded',
      pages: uploaded ? (await factsOf(`upload:${upload.storage_key}`)).pages : (shipped?.pages ?? 0),
      fields: uploaded ? upload.field_names.length : (shipped?.fields ?? 0),
      fieldCount: mappedNames(map).length,
    };
  }

  /** Each form of the packet checked against the matter, in the edition the firm fills. */
  async function checkAll(actor: SessionUser, caseId: string, codes: PacketForm[]) {
    const matter = await matterOf(deps, actor, caseId);
    return Promise.all(
      codes.map(async (code) => {
        const edition = await editionFor(actor.firmId!, code);
        const filled = fillForm(mapOf(code), matter, edition.facts?.fields ?? new Map(), deps.questionOf);
        return { code, edition, filled, matter };
      }),
    );
  }

  /** The packet built in the sandbox, each form's template lent to it by its key. */
  function buildInSandbox(
    task: Omit<PacketTaskInput, 'forms'>,
    checked: Awaited<ReturnType<typeof checkAll>>,
  ) {
    const keys = checked.map((c) => c.edition.key);
    const lend = (i: number, files: Array<TemplateFile | undefined>): Promise<Uint8Array> => {
      if (i === keys.length)
        return deps.sandbox.run(
          {
            type: 'packet',
            input: {
              ...task,
              forms: checked.map((c, k) => ({
                form: c.code,
                template: files[k],
                edition: c.edition.edition,
                source: c.edition.source === 'firm-upload' ? ('firm-upload' as const) : ('official' as const),
                filled: c.filled,
              })),
            },
          },
          { timeoutMs: PACKET_TIME_MS },
        );
      const key = keys[i];
      return key
        ? withTemplateFile(key, (file) => lend(i + 1, [...files, file]))
        : lend(i + 1, [...files, undefined]);
    };
    return lend(0, []);
  }

  const checkOf = (c: Awaited<ReturnType<typeof checkAll>>[number]): FormCheck => ({
    form: c.code,
    edition: c.edition.edition,
    source: c.edition.source,
    ready: isReady(c.edition.source, c.filled),
    filled: c.filled.filled,
    required: c.filled.required,
    missing: [...notUploaded(c.code, c.edition.source), ...c.filled.missing],
    problems: c.filled.problems,
    absent: c.filled.absent,
  });

  return {
    /** Every form in the edition the actor's firm fills, and the Forms screen's groups. */
    async catalog(actor: SessionUser): Promise<FormCatalog> {
      const firmId = firmOf(actor);
      const codes = Object.keys(PACKET_FORMS) as PacketForm[];
      const summaries = new Map(
        await Promise.all(codes.map(async (code) => [code, await summaryOf(firmId, code)] as const)),
      );
      return {
        forms: codes.map((code) => summaries.get(code)!),
        groups: Object.entries(FORM_GROUPS).map(([id, group]) => ({
          id: id as keyof typeof FORM_GROUPS,
          label: group.label,
          forms: group.forms.map((code) => summaries.get(code)!),
        })),
        always: [summaries.get('G-1145')!],
      };
    },

    /** A form's map by its code ("I-130", any case); an unknown code is not found. */
    async specification(actor: SessionUser, code: string): Promise<FormSpecification> {
      const known = this.codeOf(code);
      const map = mapOf(known);
      return {
        ...(await summaryOf(firmOf(actor), known)),
        sourceUrl: map.sourceUrl,
        parties: map.parties,
        mapped: [...map.fields, ...map.lists.flatMap((l) => l.rows.flat())].map((f) => ({
          part: f.part,
          item: f.item,
          pdfName: f.pdf,
          label: f.label,
          format: f.format,
          ...(f.check !== undefined ? { check: f.check } : {}),
          required: f.required,
          source: f.source,
        })),
        signatures: map.signatures.map(({ part, item, who }) => ({ part, item, who })),
        notes: map.file
          ? []
          : [
              `The official PDF of Form ${known} is not shipped: a firm administrator uploads it once from ${map.sourceUrl}.`,
            ],
      };
    },

    codeOf(code: string): PacketForm {
      const known = Object.keys(PACKET_FORMS).find((c) => c === code.toUpperCase()) as PacketForm | undefined;
      if (!known) throw new ServiceError('not-found', unknownFormMessage(code));
      return known;
    },

    async validate(actor: SessionUser, input: ValidateInput): Promise<ValidationAnswer> {
      firmOf(actor);
      const checks = (await checkAll(actor, input.caseId, formsOf(input))).map(checkOf);
      const errors = errorsOf(checks);
      return { valid: errors.length === 0, forms: checks, errors };
    },

    /**
     * The case's packet as one PDF, kept as a document of the case (USCIS Forms) and recorded; refused with
     * what is missing unless a draft, whose every page then says DRAFT.
     */
    async generate(
      actor: SessionUser,
      input: GenerateInput,
    ): Promise<{ filename: string; bytes: Uint8Array; documentId: string }> {
      const firmId = firmOf(actor);
      const codes = formsOf(input);
      const checked = await checkAll(actor, input.caseId, codes);
      const checks = checked.map(checkOf);
      const errors = errorsOf(checks);
      if (errors.length > 0 && !input.draft)
        throw new PacketRefused(
          errors,
          checks.flatMap((c) => c.missing.map((m) => ({ form: c.form, ...m }))),
        );
      const matter = checked[0].matter;
      const today = todayIn(await deps.timeZoneOf(firmId));
      // The firm's profile came with the matter.
      const firm = matter.firm;
      const [users, documents] = await Promise.all([
        deps.firmUsers(firmId),
        deps.documents.ofCase(actor, input.caseId),
      ]);
      const me = users.find((u) => u.id === actor.id);
      const beneficiary = matter.parties.beneficiary;
      const task: Omit<PacketTaskInput, 'forms'> = {
        firm: {
          name: firm?.name ?? '',
          addressLines: [
            firm?.street ?? '',
            [firm?.city, [firm?.state, firm?.zip].filter(Boolean).join(' ')].filter(Boolean).join(', '),
          ],
          phone: firm?.phone ?? '',
          email: firm?.email ?? '',
        },
        preparer: {
          name: me ? fullName({ givenName: me.first_name, familyName: me.last_name }) : actor.firstName,
          email: me?.email ?? '',
        },
        caseNumber: matter.case.caseNumber,
        receiptNumber: matter.case.receiptNumber,
        parties: (['petitioner', 'beneficiary', 'sponsor'] as const)
          .filter(
            (role) =>
              matter.parties[role] &&
              !(role === 'sponsor' && matter.parties.sponsor === matter.parties.petitioner),
          )
          .map((role) => `${PARTY_ROLE_LABELS[role as PartyRole]}: ${fullName(matter.parties[role]!)}`),
        asOf: today,
        draft: input.draft,
        filing: input.filing,
        fees: feesFor(codes, {
          filing: input.filing,
          asOf: today,
          withPendingI485: codes.includes('I-485') || undefined,
          employerFullTimeEmployees: matter.employer?.employeeCount ?? undefined,
          nonprofit: matter.employer?.nonprofit,
          applicantAge: beneficiary?.dateOfBirth ? ageOn(beneficiary.dateOfBirth, today) : undefined,
        }),
        // Earlier packets are the firm's own work, not evidence.
        exhibits: documents
          .filter((d) => d.category !== 'uscis-form')
          .map((d) => ({
            name: d.name,
            type: d.type ? DOCUMENT_TYPES[d.type] : 'Not yet analyzed',
            uploadedOn: d.createdAt.slice(0, 10),
          })),
      };
      const bytes = await buildInSandbox(task, checked);
      const filename = `Forms packet ${matter.case.caseNumber} ${today}${input.draft ? ' DRAFT' : ''}.pdf`;
      const document = await deps.documents.storeGenerated(actor, input.caseId, {
        name: filename,
        kind: 'pdf',
        category: 'uscis-form',
        bytes,
      });
      await store.recordPacket({
        firm_id: firmId,
        case_id: input.caseId,
        generated_by: actor.id,
        forms: codes,
        draft: input.draft,
        document_id: document.id,
      });
      // A packet can carry Social Security numbers: who made it, and whether it holds one, is on record.
      await createAuditService(db).record({
        actorUserId: actor.id,
        action: 'forms.packet.generated',
        entity: 'case',
        entityId: input.caseId,
        after: {
          forms: codes,
          draft: input.draft,
          documentId: document.id,
          carriesSsn: Object.values(matter.parties).some((p) => p?.ssn),
        },
        firmId,
      });
      return { filename, bytes, documentId: document.id };
    },

    /** The fees of forms from the dated fee rules, as of a filing date (today in the firm's time zone). */
    async fees(actor: SessionUser, query: FeesQuery) {
      const unknown = query.forms.find(
        (code) => !(code in PACKET_FORMS) && code !== 'I-864A' && code !== 'G-28',
      );
      if (unknown)
        throw new ServiceError('invalid', unknownFormMessage(unknown), {
          forms: unknownFormMessage(unknown),
        });
      const { forms, asOf, ...facts } = query;
      return feesFor(forms, { ...facts, asOf: asOf ?? todayIn(await deps.timeZoneOf(firmOf(actor))) });
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
     * Keeps a firm's copy of an official edition, checked by its content: a PDF form whose footer names this
     * form and its edition ("Form I-130 Edition 04/01/24"). The answer reports the mapped boxes the edition
     * lacks, and those it renamed (the same box under another branch): those are filled by their new name,
     * the lacking ones are left empty and listed by validation, never written into another box.
     */
    async uploadEdition(
      actor: SessionUser,
      code: PacketForm,
      file: ReceivedFile | undefined,
      fields: EditionFields,
    ): Promise<EditionRecord & { lacking: string[]; renamed: Array<{ from: string; to: string }> }> {
      const firmId = firmOf(actor);
      const refuse = (message: string, reason: 'invalid' | 'too-large' | 'unsupported' = 'invalid') =>
        new ServiceError(reason, message, { file: message });
      if (!file || file.size === 0) throw refuse(EDITION_REFUSALS.noFile);
      if (file.tooLarge) throw refuse(EDITION_REFUSALS.tooLarge, 'too-large');
      if ((await sniffKind(file.path)) !== 'pdf') throw refuse(EDITION_REFUSALS.notPdf, 'unsupported');
      const { text } = await deps.sandbox
        .run({ type: 'extract', file: { path: file.path, kind: 'pdf' } }, { timeoutMs: READ_TIME_MS })
        .catch((error: unknown) => {
          throw refuse(unreadableBecause(error));
        });
      const footer = editionIn(text, code);
      if (!footer) throw refuse(EDITION_REFUSALS.notThisForm(code));
      const editionDate = fields.editionDate ?? footer;
      const id = crypto.randomUUID();
      const fileName = path.basename(file.filename).slice(0, 200) || `${code}.pdf`;
      const key = await storage.write(firmId, id, await fs.promises.readFile(file.path));
      try {
        // Its fields are read in the sandbox, which keeps it parsed for the packets to come.
        const names = await factsOf(`upload:${key}`).then(
          (f) => [...f.fields.keys()],
          (error: unknown) => {
            throw refuse(unreadableBecause(error));
          },
        );
        if (names.length === 0) throw refuse(EDITION_REFUSALS.notFillable);
        if (names.length > EDITION_MAX_FIELDS) throw refuse(EDITION_REFUSALS.tooManyFields(names.length));
        const { lacking, renamed } = compareNames(mappedNames(mapOf(code)), names);
        await inTransaction(db, async (trx) => {
          await createFormsStore(trx).addEdition({
            id,
            firm_id: firmId,
            form_code: code,
            edition_date: editionDate,
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
            after: { form: code, editionDate, fileName, fields: names.length, lacking: lacking.length },
            firmId,
          });
        });
        const record = (await this.editions(actor, code)).find((e) => e.id === id)!;
        return { ...record, lacking, renamed };
      } catch (error) {
        await storage.remove(key);
        throw error;
      }
    },
  };
}

/** The edition a PDF's footer prints for the form ("Form I-130 Edition 04/01/24" → 2024-04-01), if any. */
export function editionIn(text: string, code: PacketForm): string | undefined {
  const escaped = code.replace('-', '\\s*-\\s*');
  const m = new RegExp(`Form\\s+${escaped}\\s+Edition\\s+(\\d{2})/(\\d{2})/(\\d{2})\\b`, 'i').exec(text);
  return m ? `20${m[3]}-${m[1]}-${m[2]}` : undefined;
}

/**
 * The mapped names a new edition lacks, and those it renamed: a box whose last part ("Pt2Line4a_FamilyName[0]")
 * is found once under another branch is the same box moved.
 */
export function compareNames(mapped: string[], names: string[]) {
  const have = new Set(names);
  const byLeaf = new Map<string, string[]>();
  for (const name of names) {
    const leaf = name.split('.').at(-1)!;
    byLeaf.set(leaf, [...(byLeaf.get(leaf) ?? []), name]);
  }
  const lacking: string[] = [];
  const renamed: Array<{ from: string; to: string }> = [];
  for (const name of mapped) {
    if (have.has(name)) continue;
    const moved = byLeaf.get(name.split('.').at(-1)!);
    if (moved?.length === 1) renamed.push({ from: name, to: moved[0] });
    else lacking.push(name);
  }
  return { lacking, renamed };
}

export type FormsService = ReturnType<typeof createFormsService>;
