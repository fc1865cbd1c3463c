/**
 * The one way to choose a case on a page (documents, Forms, AI tools, briefs, the evidence package): a search
 * over every case of the firm, not a list of the newest few.
 *
 * Without JavaScript it is a search box and a Find button (a GET search that renders the page again with
 * the cases found) and a select of those cases. Live, the same search box becomes a combobox (the WAI-ARIA
 * combobox pattern with a listbox popup) whose results come from `GET {API}/cases?q=` as the person types.
 */
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { request } from '../../src/shared/api-client';
import {
  CASE_QUERY_PARAM,
  type CaseChoice,
  caseChoiceLabel,
  caseChoiceOf,
  type CasePick,
  casePickQuery,
} from '../../src/shared/case-pick';
import { CASE_LIMITS, type CaseList } from '../../src/shared/cases';
import { api } from '../../src/shared/paths';
import { Label } from './form';

export { caseChoiceLabel };
export type { CaseChoice, CasePick };

/** Waits this long after the last key before searching as the person types. */
const TYPING_PAUSE_MS = 250;

/** What the list shows, in words. */
function summary(query: string, shown: number, total: number): string {
  if (!query)
    return total > shown
      ? `The ${shown} open cases due soonest of ${total}: search to find any other case.`
      : 'The open cases, soonest due first.';
  if (total === 0) return `No case matches “${query}”.`;
  if (total > shown)
    return `${total} cases match “${query}”; the first ${shown} are listed: search more precisely.`;
  return `${total} ${total === 1 ? 'case matches' : 'cases match'} “${query}”.`;
}

export type CasePickerProps = {
  id: string;
  /** The field that carries the chosen case's ID. */
  name: string;
  label?: string;
  pick: CasePick;
  /** The choice of no case: "Choose a case", or "No case (the firm's own)". */
  none: string;
  required?: boolean;
  error?: string;
  /**
   * The ID of the GET form the search box and Find belong to without JavaScript, when the picker sits in a
   * form that posts (a form inside another is not allowed). None: the enclosing form is a GET form already.
   */
  searchForm?: string;
};

export function CasePicker(props: CasePickerProps) {
  const { id, pick } = props;
  const label = props.label ?? 'Case';
  const listId = useId();
  const statusId = `${id}-status`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [live, setLive] = useState(false);
  const [text, setText] = useState(pick.query);
  const [chosen, setChosen] = useState(pick.chosen);
  const [found, setFound] = useState({ query: pick.query, results: pick.results, total: pick.total });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [problem, setProblem] = useState<string>();
  const typing = useRef<number | undefined>(undefined);
  const asked = useRef(0);

  useEffect(() => {
    // What was chosen or typed before the page came alive stays; a chosen case reads as its label.
    const selected = document.querySelector<HTMLSelectElement>(`select[id="${id}"]`)?.value;
    const taken = listedOf(pick).find((c) => c.id === selected);
    setChosen(taken);
    setText(taken ? caseChoiceLabel(taken) : (inputRef.current?.value ?? ''));
    setLive(true);
  }, [id, pick]);

  useEffect(() => {
    const input = inputRef.current;
    if (!live || !input) return;
    // A required picker with words typed but no case taken from the list is not ready to send.
    const unchosen = props.required && !chosen;
    input.setCustomValidity(unchosen ? 'Choose a case from the list.' : '');
  }, [live, chosen, props.required]);

  async function search(query: string) {
    const ask = ++asked.current;
    const params = new URLSearchParams(Object.entries(casePickQuery(query)).map(([k, v]) => [k, String(v)]));
    try {
      const list = await request<CaseList>(`${api.cases}?${params}`);
      if (ask !== asked.current) return;
      setFound({
        query: query.trim(),
        results: list.items.map((r) => caseChoiceOf(r, pick.today)),
        total: list.total,
      });
      setProblem(undefined);
      setActive(-1);
    } catch {
      if (ask === asked.current) setProblem('The cases could not be searched just now. Please try again.');
    }
  }

  function typed(value: string) {
    setText(value);
    setChosen(undefined);
    setOpen(true);
    window.clearTimeout(typing.current);
    typing.current = window.setTimeout(() => void search(value), TYPING_PAUSE_MS);
  }

  function take(choice: CaseChoice | undefined) {
    setChosen(choice);
    setText(choice ? caseChoiceLabel(choice) : '');
    setOpen(false);
    setActive(-1);
  }

  function key(event: KeyboardEvent<HTMLInputElement>) {
    const count = found.results.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        if (found.query !== text.trim() && !chosen) void search(text);
      }
      if (count === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (a < 0 ? (step > 0 ? 0 : count - 1) : (a + step + count) % count));
    } else if (event.key === 'Enter' && open && active >= 0) {
      // Enter takes the highlighted case; it does not send the form.
      event.preventDefault();
      take(found.results[active]);
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        setOpen(false);
      } else if (text) take(undefined);
    }
  }

  const optionId = (i: number) => `${id}-option-${i}`;
  const shown = open && live;
  return (
    <div className="field case-picker">
      <Label id={`${id}-q`} label={live ? label : 'Find a case'} required={live && props.required} />
      <div className="case-picker-search">
        <input
          ref={inputRef}
          id={`${id}-q`}
          type="search"
          name={live ? undefined : CASE_QUERY_PARAM}
          form={live ? undefined : props.searchForm}
          maxLength={CASE_LIMITS.search}
          autoComplete="off"
          placeholder="Case number, client or receipt number"
          defaultValue={live ? undefined : pick.query}
          value={live ? text : undefined}
          onChange={live ? (e) => typed(e.target.value) : undefined}
          onKeyDown={live ? key : undefined}
          onFocus={live ? () => !chosen && setOpen(true) : undefined}
          onBlur={live ? () => setOpen(false) : undefined}
          role={live ? 'combobox' : undefined}
          aria-autocomplete={live ? 'list' : undefined}
          aria-expanded={live ? shown : undefined}
          aria-controls={live ? listId : undefined}
          aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
          aria-describedby={live ? statusId : undefined}
          aria-invalid={props.error ? true : undefined}
        />
        {!live && (
          <button type="submit" form={props.searchForm} formNoValidate className="btn btn-secondary">
            Find
          </button>
        )}
      </div>
      {live ? (
        <>
          <input type="hidden" name={props.name} value={chosen?.id ?? ''} />
          <ul
            id={listId}
            role="listbox"
            aria-label={`${label}s found`}
            className="case-picker-list"
            hidden={!shown}
          >
            {found.results.map((c, i) => (
              <li
                key={c.id}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                className={i === active ? 'is-active' : undefined}
                // Chosen on mousedown, before the box loses focus and closes the list.
                onMouseDown={(e) => {
                  e.preventDefault();
                  take(c);
                }}
              >
                {caseChoiceLabel(c)}
              </li>
            ))}
          </ul>
          <p className="field-hint muted" id={statusId} aria-live="polite">
            {problem ??
              (chosen
                ? `Chosen: ${caseChoiceLabel(chosen)}.`
                : summary(found.query, found.results.length, found.total))}
          </p>
        </>
      ) : (
        <NoScriptChoice {...props} label={label} />
      )}
      {props.error && (
        <p className="field-error" id={`${id}-error`}>
          {props.error}
        </p>
      )}
    </div>
  );
}

/** The cases a select lists: the chosen one first when the search did not find it. */
const listedOf = (pick: CasePick) =>
  pick.chosen && !pick.results.some((c) => c.id === pick.chosen!.id)
    ? [pick.chosen, ...pick.results]
    : pick.results;

/** The cases found, as a select: the chosen one first when the search did not find it. */
function NoScriptChoice(props: CasePickerProps & { label: string }) {
  const { pick } = props;
  const listed = listedOf(pick);
  const hint = `${props.id}-hint`;
  return (
    <>
      <Label id={props.id} label={props.label} required={props.required} />
      <select
        id={props.id}
        name={props.name}
        required={props.required}
        defaultValue={pick.chosen?.id ?? ''}
        aria-describedby={hint}
        aria-invalid={props.error ? true : undefined}
      >
        <option value="">{props.none}</option>
        {listed.map((c) => (
          <option key={c.id} value={c.id}>
            {caseChoiceLabel(c)}
          </option>
        ))}
      </select>
      <p className="field-hint muted" id={hint}>
        {summary(pick.query.trim(), pick.results.length, pick.total)}
      </p>
    </>
  );
}

/**
 * The GET form a picker's search belongs to when the picker sits in a form that posts: placed outside that
 * form, it holds what the page's address must keep (the Forms group).
 */
export function CasePickerSearch(props: {
  id: string;
  action: string;
  keep?: Record<string, string | undefined>;
}) {
  return (
    <form id={props.id} method="get" action={props.action} role="search" aria-label="Find a case">
      {Object.entries(props.keep ?? {}).map(
        ([name, value]) => value && <input key={name} type="hidden" name={name} value={value} />,
      )}
    </form>
  );
}
