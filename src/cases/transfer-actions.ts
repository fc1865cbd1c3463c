import type { ReceivedFile } from '../http/multipart';
import { CASE_LIMITS } from '../shared/cases';
import { type ActionContext, declareFor } from '../access/action';
import { api, pages } from '../shared/paths';
import type { SessionUser } from '../shared/session';
import { fileRefusal, IMPORT_REFUSALS, type ImportResult, importInput } from './import';
import { caseListQuery } from './schema';
import type { TransferService } from './transfer-service';

export type TransferActionDeps = {
  transfer: TransferService;
  /** The Import Cases page again, with the outcome or the refusal (the no-JS form's answer). */
  showImport(ctx: ActionContext<TransferActionDeps>, shown: ImportShown, status: number): void;
};

const action = declareFor<TransferActionDeps>();
const CATEGORY = 'Case Management';

/** What the Import Cases page shows after a post: the outcome with its refused rows, or why the file was refused. */
export type ImportShown = { result?: ImportResult; error?: string };

/** A case area's pages: an administrator's under /admin, a firm user's under /user. */
const areaOf = (actor: SessionUser | undefined) => (actor?.role === 'admin' ? 'admin' : 'user');

const cases = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'case' : 'cases'}`;

/** What an import that refused no row did, as the list says it. */
function doneMessage(result: ImportResult, mode: unknown): string {
  if (mode !== 'update') return `Imported ${cases(result.imported)}.`;
  if (result.imported + result.updated === 0)
    return 'Every case was already as the file says: nothing changed.';
  return `Imported ${cases(result.imported)} and updated ${cases(result.updated)}.`;
}

/** The CSV file sent beside the form's fields, where it waits on disk. */
function pathOf(file: ReceivedFile | undefined): string {
  if (!file) throw fileRefusal(IMPORT_REFUSALS.noFile);
  if (file.tooLarge) throw fileRefusal(IMPORT_REFUSALS.tooLarge);
  return file.path;
}

export const importCases = action({
  name: 'Import Cases',
  category: CATEGORY,
  description:
    'Import cases from a CSV file (multipart/form-data: file, and mode all-or-nothing or valid-rows). Every row is checked before anything is saved; the answer gives the number imported and each refused row with its line and why.',
  method: 'POST',
  route: api.casesImport,
  heavy: true,
  grants: { user: 'w', admin: 'w' },
  input: importInput,
  upload: { field: 'file', maxBytes: CASE_LIMITS.importBytes, tooLarge: IMPORT_REFUSALS.tooLarge },
  run: ({ deps, actor, file }, input) => deps.transfer.importCases(actor!, pathOf(file), input.mode),
  // Every row in: back to the list with a message. Some refused: the page again, saying which and why.
  form: {
    path: [pages.cases('admin').import, pages.cases('user').import],
    done: (ctx, result) => {
      const area = areaOf(ctx.actor);
      if (result.rejected.length === 0)
        return { to: pages.cases(area).list, flash: doneMessage(result, ctx.req.body?.mode) };
      ctx.deps.showImport(ctx, { result }, result.imported > 0 ? 200 : 422);
      return 'shown';
    },
    refused: (ctx, refusal) =>
      ctx.deps.showImport(ctx, { error: refusal.fields?.file ?? refusal.message }, refusal.status),
  },
});

export const exportCases = action({
  name: 'Export Cases',
  category: CATEGORY,
  description:
    "Export the firm's cases as a CSV file, with the list's search, filters and order (every page); the columns Import Cases reads.",
  method: 'GET',
  route: api.casesExport,
  heavy: true,
  grants: { user: 'r', admin: 'r' },
  input: caseListQuery,
  run: ({ deps, actor }, input) => deps.transfer.exportOf(actor!, input),
});

export const CASE_TRANSFER_ACTIONS = { importCases, exportCases };
