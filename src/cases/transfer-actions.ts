import type { ReceivedFile } from '../http/multipart';
import { CASE_LIMITS } from '../shared/cases';
import { declareFor } from '../access/action';
import { api } from '../shared/paths';
import { exportAnswer } from './export';
import { fileRefusal, IMPORT_REFUSALS, importInput } from './import';
import { caseListQuery } from './schema';
import type { TransferService } from './transfer-service';

export type TransferActionDeps = { transfer: TransferService };

const action = declareFor<TransferActionDeps>();
const CATEGORY = 'Case Management';

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
  run: ({ deps, actor, file }, input) => deps.transfer.importCases(actor, pathOf(file), input.mode),
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
  run: async ({ deps, actor }, input) => {
    const { filename, batches } = await deps.transfer.exportOf(actor, input);
    return exportAnswer(filename, batches);
  },
});

export const CASE_TRANSFER_ACTIONS = { importCases, exportCases };
