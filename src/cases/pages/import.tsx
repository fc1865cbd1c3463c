import { Alert, Field, RequiredNote } from '../../../islands/ui/form';
import type { Request } from 'express';
import type { FormDone } from '../../access/action';
import { page } from '../../access/page';
import { type ImportMode, type ImportResult, IMPORT_MODES, type Rejection } from '../import';
import { exportCases, importCases } from '../transfer-actions';
import { areaOf, inBothAreas, meta } from './area';
import { CASE_LIMITS } from '../../shared/cases';
import { pages } from '../../shared/paths';
import { type Column, DataTable } from '../../../views/components/DataTable';
import { useRenderContext } from '../../../views/context';

type ImportPageProps = {
  area: 'admin' | 'user';
  /** The choice as the person made it (or the default). */
  mode: ImportMode;
  /** Why the file itself was refused: nothing was written. */
  error?: string;
  /** What the import did, when some rows were refused. */
  result?: ImportResult;
  /** Why this person cannot import at all (the permission matrix). */
  closed?: string;
};

/** The rows a page lists at most; the API answers every one. */
const SHOWN_REJECTIONS = 1000;

const MODES: Array<{ value: ImportMode; label: string }> = [
  { value: 'all-or-nothing', label: 'All or nothing: if any row has a problem, import none' },
  { value: 'valid-rows', label: 'Import the valid rows, and list the rows with problems' },
  {
    value: 'update',
    label:
      "Update cases by case number: a row whose Case Number is one of the firm's cases changes that case, the others are added; if any row has a problem, none is imported",
  },
];

const COLUMNS = [
  ['Case Number', "when updating by case number: the firm's case the row changes"],
  ['Client Name', 'required; a client of that name is used, or added'],
  ['Case Type', 'required: visa, citizenship, asylum or family'],
  ['Form Type', 'required, such as I-130 or N-400'],
  ['Status', 'pending unless given'],
  ['Assigned To', "an active user's user ID, email or full name"],
  ['Due Date', 'MM/DD/YYYY or YYYY-MM-DD'],
  ['Description', ''],
  ['Receipt Number', 'three letters and ten digits, such as IOE0912345678'],
  ['Priority Date', 'MM/DD/YYYY or YYYY-MM-DD'],
  ['Legal Fee', 'in dollars, such as 1250.00'],
  ['Amount Paid', 'in dollars'],
] as const;

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** /{area}/cases/import: a CSV file of cases, a plain multipart form that works without JavaScript. */
function ImportPage({ area, mode, error, result, closed }: ImportPageProps) {
  const paths = pages.cases(area);
  return (
    <section className="section import-page">
      <p className="back-link">
        <a href={paths.list}>{area === 'admin' ? '← Back to Case Management' : '← Back to Cases'}</a>
      </p>
      <h1>Import Cases</h1>
      {result && <Outcome result={result} mode={mode} />}
      <div className="card">
        <ImportForm area={area} mode={mode} error={error} closed={closed} />
      </div>
      <section className="card" aria-labelledby="import-columns-title">
        <h2 id="import-columns-title">The file</h2>
        <p>
          {`A CSV file of at most ${plural(CASE_LIMITS.importRows, 'row', 'rows')} and ${CASE_LIMITS.importBytes / 1024 / 1024} MB, saved as UTF-8. Its first row names the columns; each row below it is one case. Export Data writes files in this form. The columns:`}
        </p>
        <ul>
          {COLUMNS.map(([name, note]) => (
            <li key={name}>
              <strong>{name}</strong>
              {note && `: ${note}`}
            </li>
          ))}
        </ul>
        <p className="muted">
          Each imported case gets the next case number of the year. A row of a case the firm has already (the
          same Case Number, or the same client and form with no receipt number) is refused unless you update
          cases by case number. Every row is checked before anything is saved.
        </p>
      </section>
    </section>
  );
}

function ImportForm(props: { area: 'admin' | 'user'; mode: ImportMode; error?: string; closed?: string }) {
  const { csrfToken } = useRenderContext();
  return (
    <form method="post" action={pages.cases(props.area).import} encType="multipart/form-data">
      {/* The token and the choice come before the file, so the server reads them first. */}
      <input type="hidden" name="_csrf" value={csrfToken} />
      {props.closed && <Alert kind="error">{props.closed}</Alert>}
      <RequiredNote />
      <fieldset className="plain-fieldset" disabled={Boolean(props.closed)}>
        <legend className="visually-hidden">Import a file of cases</legend>
        <fieldset className="checkbox-group import-mode">
          <legend>How to import</legend>
          {MODES.map((m) => (
            <div className="field field-check" key={m.value}>
              <input
                type="radio"
                id={`import-mode-${m.value}`}
                name="mode"
                value={m.value}
                defaultChecked={props.mode === m.value}
              />
              <label htmlFor={`import-mode-${m.value}`}>{m.label}</label>
            </div>
          ))}
        </fieldset>
        <Field
          id="import-file"
          name="file"
          type="file"
          label="CSV file"
          accept=".csv,text/csv"
          required
          error={props.error}
        />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary">
            Import Cases
          </button>
        </div>
      </fieldset>
    </form>
  );
}

const REJECTION_COLUMNS: Array<Column<Rejection>> = [
  { header: 'Line', cell: (r) => r.line, rowHeader: true, className: 'nowrap' },
  { header: 'Problem', cell: (r) => r.reason },
];

/** What was imported, and each refused row with its line and why. */
function Outcome({ result, mode }: { result: ImportResult; mode: ImportMode }) {
  const refused = result.rejected.length;
  const shown = result.rejected.slice(0, SHOWN_REJECTIONS);
  const problems = plural(refused, 'row has a problem', 'rows have problems');
  const correct = `Correct ${refused === 1 ? 'it' : 'them'} and import the file again`;
  const summary =
    result.imported > 0
      ? `Imported ${plural(result.imported, 'case', 'cases')}. ${plural(refused, 'row was', 'rows were')} not imported.`
      : mode === 'all-or-nothing'
        ? `Nothing was imported: ${problems}. ${correct}, or choose to import the valid rows.`
        : mode === 'update'
          ? `Nothing was imported or updated: ${problems}. ${correct}.`
          : `Nothing was imported: no row could be imported.`;
  return (
    <section aria-labelledby="import-outcome-title">
      <h2 id="import-outcome-title" className="visually-hidden">
        Result
      </h2>
      <Alert kind={result.imported > 0 ? 'success' : 'error'}>{summary}</Alert>
      <DataTable
        caption={
          refused > shown.length
            ? `Rows not imported (the first ${plural(shown.length, 'row', 'rows')} of ${refused.toLocaleString('en-US')})`
            : 'Rows not imported'
        }
        columns={REJECTION_COLUMNS}
        rows={shown}
        rowKey={(r) => String(r.line)}
        empty="None."
      />
    </section>
  );
}

/** The mode to show the form with again: the one posted, or the default when it posted none it knows. */
const modeOf = (posted: unknown): ImportMode => IMPORT_MODES.find((m) => m === posted) ?? 'all-or-nothing';

const cases = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'case' : 'cases'}`;

/** What an import that refused no row did, as the list says it. */
function doneMessage(result: ImportResult, mode: unknown): string {
  if (mode !== 'update') return `Imported ${cases(result.imported)}.`;
  if (result.imported + result.updated === 0)
    return 'Every case was already as the file says: nothing changed.';
  return `Imported ${cases(result.imported)} and updated ${cases(result.updated)}.`;
}

/** The mode each import was posted with (its fields arrive with the file, after the checks). */
const postedModes = new WeakMap<Request, unknown>();

/**
 * Import Cases: the CSV file and the mode. Every row in: back to the list with a message; some refused: the
 * page again, saying which and why (422 when none was imported); a refused file: the page, saying why.
 */
export const importPage = page({
  path: inBothAreas((p) => p.import),
  reads: [],
  offers: { import: importCases },
  render: (_data, { actor, closed, form }) => {
    const result = form?.outcome as ImportResult | undefined;
    const refusal = form?.refusal;
    return {
      view: (
        <ImportPage
          area={areaOf(actor)}
          mode={modeOf(form?.values.mode)}
          result={result}
          error={refusal && (refusal.fields?.file ?? refusal.message)}
          closed={closed.import}
        />
      ),
      meta: meta('Import Cases', 'Import cases from a CSV file.'),
      status: result && result.imported === 0 ? 422 : undefined,
    };
  },
  forms: [
    {
      action: importCases,
      input: (fields, { req }) => {
        postedModes.set(req, fields.mode);
        return fields;
      },
      done: ({ actor, req }, result: ImportResult): FormDone | { show: ImportResult } =>
        result.rejected.length === 0
          ? { to: pages.cases(areaOf(actor)).list, flash: doneMessage(result, postedModes.get(req)) }
          : { show: result },
    },
  ],
});

/** Export Data: the CSV of the list as the query filters and orders it (every page). */
export const exportPage = page({
  path: inBothAreas((p) => p.export),
  reads: [exportCases],
  load: ({ read, req }) => read(exportCases, { input: req.query }),
  render: () => {
    throw new Error('An export is a file: the kit sends it.');
  },
});
