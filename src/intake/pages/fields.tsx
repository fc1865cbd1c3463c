import { Field, SelectField, TextAreaField } from '../../../islands/ui/form';
import type { Language } from '../../shared/people';
import { type Answer, type Answers, answerWords } from '../questions';
import type { Question } from '../template-schema';

/** A question's form name: `q.<id>`; a group's entry field: `q.<group>.<n>.<id>`. */
const nameOf = (id: string, entry?: { group: string; n: number }) =>
  entry ? `q.${entry.group}.${entry.n}.${id}` : `q.${id}`;

const textOf = (answer: Answer | undefined) =>
  answer === undefined ? '' : Array.isArray(answer) ? (answer as string[]).join(', ') : String(answer);

/** The label in the questionnaire's language; firm staff also read it in English when it is Spanish. */
function labelOf(question: Question, language: Language, staff: boolean) {
  const label = question.label[language];
  return staff && language !== 'en' ? `${label} (${question.label.en})` : label;
}

/** One question as its input, named as `answersFrom` reads it back. */
function Input(props: {
  question: Question;
  language: Language;
  staff: boolean;
  answer: Answer | undefined;
  error?: string;
  entry?: { group: string; n: number };
}) {
  const { question, language } = props;
  const id = nameOf(question.id, props.entry).replace(/\./g, '-');
  const name = nameOf(question.id, props.entry);
  const label = labelOf(question, language, props.staff);
  const hint = question.help?.[language];
  const value = textOf(props.answer);
  const words = answerWords(language);
  const common = { id, name, label, hint, error: props.error, required: question.required && !props.entry };
  if (question.type === 'yesno' || question.type === 'select') {
    const options =
      question.type === 'yesno'
        ? [
            { value: 'yes', label: words.yes },
            { value: 'no', label: words.no },
          ]
        : question.options!.map((o) => ({ value: o.value, label: o.label[language] }));
    return <SelectField {...common} defaultValue={value} options={[{ value: '', label: '—' }, ...options]} />;
  }
  if (question.type === 'textarea') return <TextAreaField {...common} defaultValue={value} rows={3} wide />;
  const type =
    { date: 'date', email: 'email', tel: 'tel', number: 'text' }[question.type as string] ?? 'text';
  return (
    <Field
      {...common}
      type={type}
      inputMode={question.type === 'number' ? 'decimal' : undefined}
      defaultValue={value}
      maxLength={question.validation?.max ?? 2000}
      autoComplete="off"
    />
  );
}

/** A group: each entry given so far, and one empty entry to add another. */
function Group(props: {
  question: Question;
  language: Language;
  staff: boolean;
  answer: Answer | undefined;
  error?: string;
}) {
  const { question, language } = props;
  const entries = [...((props.answer ?? []) as Array<Record<string, Answer>>), {}];
  return (
    <fieldset className="entry-fieldset question-group">
      <legend>{labelOf(question, language, props.staff)}</legend>
      {question.help && <p className="muted">{question.help[language]}</p>}
      {props.error && <p className="field-error">{props.error}</p>}
      <input type="hidden" name={`q.${question.id}.count`} value={entries.length} />
      {entries.map((entry, n) => (
        <fieldset className="entry-fieldset" key={n}>
          <legend>
            {n === entries.length - 1 ? (language === 'es' ? 'Agregar otra' : 'Add another') : `${n + 1}`}
          </legend>
          <div className="form-grid">
            {question.fields!.map((field) => (
              <Input
                key={field.id}
                question={field}
                language={language}
                staff={props.staff}
                answer={entry[field.id]}
                entry={{ group: question.id, n }}
              />
            ))}
          </div>
        </fieldset>
      ))}
    </fieldset>
  );
}

/** The questions of one section as inputs, with their answers and any message beside each. */
export function QuestionFields(props: {
  questions: Question[];
  language: Language;
  staff: boolean;
  answers: Answers;
  errors: Record<string, string | undefined>;
}) {
  return (
    <div className="form-grid questions">
      {props.questions.map((q) =>
        q.type === 'group' ? (
          <Group
            key={q.id}
            question={q}
            language={props.language}
            staff={props.staff}
            answer={props.answers[q.id]}
            error={props.errors[q.id]}
          />
        ) : (
          <Input
            key={q.id}
            question={q}
            language={props.language}
            staff={props.staff}
            answer={props.answers[q.id]}
            error={props.errors[q.id]}
          />
        ),
      )}
    </div>
  );
}

/**
 * A section's posted fields as the answers they give, read from their names alone (`q.<id>`, a group's
 * `q.<group>.count` and `q.<group>.<n>.<id>`): the service checks each against its question.
 */
export function answersFrom(posted: Record<string, string>): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  const groups = new Map<string, Array<Record<string, string>>>();
  for (const [name, value] of Object.entries(posted)) {
    const parts = name.split('.');
    if (parts[0] !== 'q') continue;
    if (parts.length === 2) answers[parts[1]] = value;
    else if (parts.length === 3 && parts[2] === 'count') {
      const count = Math.min(Number(value) || 0, 51);
      const entries = groups.get(parts[1]) ?? [];
      while (entries.length < count) entries.push({});
      groups.set(parts[1], entries);
    } else if (parts.length === 4 && /^\d{1,2}$/.test(parts[2])) {
      const entries = groups.get(parts[1]) ?? [];
      const n = Number(parts[2]);
      if (n > 50) continue;
      while (entries.length <= n) entries.push({});
      entries[n][parts[3]] = value;
      groups.set(parts[1], entries);
    }
  }
  for (const [id, entries] of groups) answers[id] = entries;
  return answers;
}
