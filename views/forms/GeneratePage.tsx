import CasePickerIsland from '../../islands/CasePicker';
import { Island } from '../components/Island';
import { type CasePick, CasePickerSearch } from '../../islands/ui/case-picker';
import { Alert, CheckboxField } from '../../islands/ui/form';
import { Icon } from '../../islands/ui/icon';
import {
  FORM_GROUPS,
  type FormError,
  type FormGroup,
  type FormSummary,
  GENERATE_LABEL,
  type PacketForm,
} from '../../src/shared/forms';
import { pages } from '../../src/shared/paths';
import { useRenderContext } from '../context';
import { FormErrors } from './FormErrors';

export type GeneratePageProps = {
  group: FormGroup;
  /** The group's forms; G-1145 comes with every packet. */
  forms: FormSummary[];
  /** The case picker: the cases its search found, and the case chosen. */
  pick: CasePick;
  /** The choices as posted (by default: no case, every form, not a draft). */
  values?: { caseId?: string; forms?: PacketForm[]; draft?: boolean };
  /** The problems found, by form, part and item. */
  errors?: FormError[];
  /** The check found nothing to correct. */
  passed?: boolean;
  /** Why the packet was not made (a refusal of the whole request). */
  error?: string;
  /** Why this person may not generate packets at all (the permission matrix). */
  closed?: string;
};

/**
 * /user/forms/generate?group=…: the case, the group's forms and Draft; Check the forms shows what is
 * missing, Generate Forms downloads the packet (or shows the problems, with the choices kept).
 */
export function GeneratePage(props: GeneratePageProps) {
  const { csrfToken } = useRenderContext();
  const { group, forms, values = {} } = props;
  const label = FORM_GROUPS[group].label;
  const chosen = new Set(values.forms ?? forms.map((f) => f.code));
  return (
    <section className="section uscis-generate-page">
      <p className="back-link">
        <a href={pages.forms.list}>← Back to Forms</a>
      </p>
      <h1 className="page-title">
        <Icon name="forms" />
        {`${GENERATE_LABEL}: ${label}`}
      </h1>
      <p className="lead">
        Choose the case. Its client’s record fills the forms; Form G-1145 comes first in every packet.
      </p>
      {props.closed && <Alert kind="error">{props.closed}</Alert>}
      {props.error && <Alert kind="error">{props.error}</Alert>}
      {props.passed && (
        <Alert kind="success">The forms have no problems: the packet is ready to generate.</Alert>
      )}
      {props.errors && props.errors.length > 0 && <FormErrors errors={props.errors} />}
      <form className="card" method="post" action={pages.forms.generate}>
        <input type="hidden" name="_csrf" value={csrfToken} />
        <input type="hidden" name="group" value={group} />
        <Island
          of={CasePickerIsland}
          trigger="load"
          props={{
            id: 'generate-case',
            name: 'caseId',
            pick: props.pick,
            none: 'Choose a case',
            required: true,
            searchForm: 'generate-case-search',
          }}
        />
        <fieldset className="checkbox-group">
          <legend>{`${label} forms`}</legend>
          {forms.map((form) => (
            <CheckboxField
              key={form.code}
              id={`generate-${form.code}`}
              name="forms"
              value={form.code}
              label={`${form.code}, ${form.title}`}
              defaultChecked={chosen.has(form.code)}
            />
          ))}
        </fieldset>
        <CheckboxField
          id="generate-draft"
          name="draft"
          label="Draft (every page says DRAFT; made even when forms have problems)"
          defaultChecked={values.draft ?? false}
        />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={Boolean(props.closed)}>
            {GENERATE_LABEL}
          </button>
          <button
            type="submit"
            name="intent"
            value="check"
            className="btn btn-secondary"
            disabled={Boolean(props.closed)}
          >
            Check the forms
          </button>
        </div>
      </form>
      <CasePickerSearch
        id="generate-case-search"
        action={pages.forms.generate}
        keep={{ group, case: props.pick.chosen?.id }}
      />
    </section>
  );
}
